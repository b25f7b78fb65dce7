"""The data of a game record: plain typed values, no engine needed to read or write them.

A :class:`GameRecord` is what a pulya leaves behind: the tags (who, where, which rules,
the fairness commitment) and one :class:`DealRecord` per deal with the cards as dealt,
every action in order, the outcome and what was written on the sheet. The engine and the
sheet can rebuild everything else (see :mod:`preferans.notation.replay`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from preferans.actions import Action
from preferans.cards import Card, CardSet
from preferans.contracts import Contract
from preferans.errors import RecordError
from preferans.pasting import fields_repr
from preferans.result import DealKind, DealResult
from preferans.rules import Rules
from preferans.scoring.writes import Write
from preferans.seats import Seat

__all__ = ["STANDARD_TAGS", "DealRecord", "GameRecord", "Move", "Outcome"]

Move = tuple[Seat, Action]
"""One action with the seat it was for (the hand a card came from)."""

#: Free-form tags the writer puts first, in this order (as PGN's roster does).
STANDARD_TAGS: Final = ("Event", "Site", "Date", "Round")


def _frozen(mapping: Mapping[Seat, object]) -> MappingProxyType[Seat, object]:
    return MappingProxyType({Seat(k): mapping[k] for k in sorted(mapping)})


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a deal ended, as written in the record's ``Result`` line.

    ``contract`` is the contract played, or the bid a walk-away was priced at; ``tricks``
    has a count for every seat that held cards when cards were played, else it is empty.
    """

    kind: DealKind
    declarer: Seat | None = None
    contract: Contract | None = None
    tricks: Mapping[Seat, int] = field(default_factory=lambda: MappingProxyType({}))
    talon_tricks: int = 0

    def __repr__(self) -> str:
        return fields_repr(self)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tricks", _frozen(self.tricks))
        if (self.kind in (DealKind.RASPASY, DealKind.REFE)) != (self.declarer is None):
            raise RecordError("raspasy and refe have no declarer; every other outcome has one")

    @classmethod
    def from_result(cls, result: DealResult) -> Outcome:
        contract = result.contract if result.contract is not None else result.bid
        tricks = dict(result.tricks) if result.played else {}
        return cls(result.kind, result.declarer, contract, tricks, result.talon_tricks)


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal: the cards as dealt, every action in order, its outcome and sheet figures.

    ``talon`` keeps the two talon cards in the order they were dealt (raspasy turns them up
    in that order).

    ``substituted`` holds the indices (into ``moves``) of the actions a stand-in bot played
    for a player who was away from the table: the game's result depends on them, so a
    record says whose decision each move was.

    ``move_lines`` remembers, for a record read from text, the line of each move so that a
    replay error can point at it; it takes no part in equality.
    """

    number: int
    dealer: Seat
    hands: Mapping[Seat, CardSet]
    talon: tuple[Card, ...]
    moves: tuple[Move, ...] = ()
    outcome: Outcome | None = None
    sheet: tuple[Write, ...] = ()
    substituted: frozenset[int] = frozenset()
    move_lines: tuple[int, ...] | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return fields_repr(self)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", _frozen(self.hands))
        object.__setattr__(self, "talon", tuple(self.talon))
        object.__setattr__(self, "moves", tuple((Seat(s), a) for s, a in self.moves))
        object.__setattr__(self, "sheet", tuple(self.sheet))
        object.__setattr__(self, "substituted", frozenset(self.substituted))
        if self.number < 1:
            raise RecordError(f"deals are numbered from 1, not {self.number}")
        stray = sorted(i for i in self.substituted if not 0 <= i < len(self.moves))
        if stray:
            raise RecordError(
                f"deal {self.number}: substituted move {stray[0]} is not one of its "
                f"{len(self.moves)} moves"
            )

    @property
    def cards(self) -> CardSet:
        """Every card of the deal: the hands and the talon."""
        cards = CardSet(self.talon)
        for hand in self.hands.values():
            cards |= hand
        return cards

    def line_of(self, move_index: int) -> int | None:
        """The text line of a move, when the record was read from text."""
        if self.move_lines is None or not 0 <= move_index < len(self.move_lines):
            return None
        return self.move_lines[move_index]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole pulya: tags, the table's rules and its deals in order.

    ``tags`` keeps the free-form tags (Event, Site, Date and any others) in reading order;
    the tags with a meaning have typed fields. ``secret`` is the revealed fairness secret
    and ``commitment`` the hash published before the game, both in hex.
    """

    rules: Rules = field(default_factory=Rules)
    deals: tuple[DealRecord, ...] = ()
    tags: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    players: Mapping[Seat, str] = field(default_factory=lambda: MappingProxyType({}))
    target: int | None = None
    stake: str | None = None
    table_id: str | None = None
    commitment: str | None = None
    secret: str | None = None
    seeds: Mapping[Seat, str] = field(default_factory=lambda: MappingProxyType({}))

    def __repr__(self) -> str:
        return fields_repr(self)

    def __post_init__(self) -> None:
        object.__setattr__(self, "deals", tuple(self.deals))
        object.__setattr__(self, "tags", MappingProxyType(dict(self.tags)))
        object.__setattr__(self, "players", _frozen(self.players))
        object.__setattr__(self, "seeds", _frozen(self.seeds))
