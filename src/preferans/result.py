"""What a finished deal hands to the sheet: the facts scoring needs, and nothing else.

The engine produces a :class:`DealResult`; the sheet turns it into pulya, gora and whists
under the table's rules. Keeping the two apart lets a record be re-scored under another
variant and lets the sheet be tested without playing cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from preferans.actions import Action
from preferans.contracts import Contract
from preferans.errors import PreferansError
from preferans.pasting import fields_repr
from preferans.seats import Seat

__all__ = ["DealKind", "DealResult", "WhistChoice"]


class _PastingEnum(Enum):
    """An enum whose repr pastes back (``DealKind.GAME``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class DealKind(_PastingEnum):
    """How the deal ended."""

    GAME = "game"
    """A trick contract, played or not (both passed, half-whist)."""
    MISERE = "misere"
    RASPASY = "raspasy"
    WALK_AWAY = "walk away"
    """The declarer conceded without three after the talon (or after throwing it)."""
    REFE = "refe"
    """Balkan: everybody passed; nothing is played and the sheet writes a refe."""


class WhistChoice(_PastingEnum):
    """A defender's final stance on a trick contract."""

    PASS = "pass"
    WHIST = "whist"
    HALF_WHIST = "half-whist"
    """Half-whist that was not returned: the contract counts as made without play."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """Everything the sheet needs from one deal.

    ``tricks`` covers every seat that held cards (the dummy's seat too with 2 players);
    a seat that sat out (the dealer with 4 players) is absent, and on 4-player raspasy its
    talon tricks are in ``talon_tricks``.
    """

    kind: DealKind
    dealer: Seat
    active: tuple[Seat, ...]
    """Seats that held cards, clockwise from first hand (left of the dealer)."""
    dummy: Seat | None = None
    """The dummy's seat in a 2-player game."""
    bidding: tuple[tuple[Seat, Action], ...] = ()
    declarer: Seat | None = None
    bid: Contract | None = None
    """The declarer's last bid: the price of walking away, the floor of the contract."""
    contract: Contract | None = None
    """The contract named (None on raspasy and on a walk-away)."""
    talon_thrown: bool = False
    whist_calls: tuple[tuple[Seat, Action], ...] = ()
    """Every call after the contract, in order: whist, pass, half-whist, return, open."""
    defenders: Mapping[Seat, WhistChoice] = field(default_factory=lambda: MappingProxyType({}))
    whisters: tuple[Seat, ...] = ()
    """The defenders who whisted, in the order they committed (the second one answers
    for the trick on 8–10)."""
    open: bool = False
    """The defence played with hands face up (a lone whister's choice, or a checked ten)."""
    checked: bool = False
    """A ten played as checked (ten_checked): no whists, no obligation."""
    played: bool = False
    """Cards were played (False when both passed, on a half-whist or a walk-away)."""
    claimed: bool = False
    """The play ended by an accepted claim."""
    tricks: Mapping[Seat, int] = field(default_factory=lambda: MappingProxyType({}))
    talon_tricks: int = 0
    """4-player raspasy: tricks won by the talon's cards, which are the dealer's."""
    invited: Seat | None = None
    """Balkan: the passer invited by a lone whister (he plays, but answers for nothing)."""
    kontra: Mapping[Seat, int] = field(default_factory=lambda: MappingProxyType({}))
    """Balkan: each kontra-ing defender's level: 1 kontra (×2), 2 re-kontra (×4), 3
    sub-kontra (×8), 4 mort-kontra (×16), …; the multiplier is ``2 ** level``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "defenders", MappingProxyType(dict(self.defenders)))
        object.__setattr__(self, "tricks", MappingProxyType(dict(self.tricks)))
        object.__setattr__(self, "kontra", MappingProxyType(dict(self.kontra)))

    def multiplier(self, defender: Seat) -> int:
        """Balkan: the kontra multiplier between the declarer and ``defender`` (1: none)."""
        level: int = self.kontra.get(defender, 0)
        return 1 << level

    @property
    def out(self) -> Seat | None:
        """Balkan: the passer whose cards were out of play (a lone whister did not invite)."""
        if not self.played or self.contract is None or not self.contract.balkan:
            return None
        if len(self.whisters) != 1 or self.invited is not None:
            return None
        for seat, choice in self.defenders.items():
            if choice is WhistChoice.PASS:
                return seat
        return None

    @property
    def defence_tricks(self) -> int:
        """Tricks taken by everybody but the declarer (trick contracts and misère)."""
        return sum(n for seat, n in self.tricks.items() if seat != self.declarer)

    @property
    def declarer_tricks(self) -> int:
        if self.declarer is None:
            raise PreferansError("raspasy has no declarer")
        return self.tricks.get(self.declarer, 0)

    def __repr__(self) -> str:
        """Every field that differs from its default, as Python that rebuilds the value
        (``eval(repr(result)) == result`` with the names of :mod:`preferans` in scope)."""
        return fields_repr(self)
