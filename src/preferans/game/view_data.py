"""The fields of a seat's view: what one seat may know of the deal at one moment.

Below :mod:`preferans.game.views` (which builds a :class:`~preferans.game.views.View` from
the state) and :mod:`preferans.game.tensor` (which encodes one), so the encoding reads the
fields without importing the view that calls it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from preferans.actions import Action
from preferans.cards import Card, CardSet
from preferans.contracts import Contract
from preferans.game.phase import Phase
from preferans.game.trick import Trick
from preferans.result import DealKind
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["ViewData"]

_NO_KONTRA: Mapping[Seat, int] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class ViewData:
    """One seat's knowledge of the deal at one moment, as bare fields."""

    seat: Seat
    rules: Rules
    dealer: Seat
    phase: Phase
    to_move: Seat | None
    actor: Seat | None
    active: tuple[Seat, ...]
    """Seats holding cards, clockwise from first hand."""
    dummy: Seat | None
    hand: CardSet
    """This seat's own current hand (empty for the sitting-out dealer)."""
    known_hands: Mapping[Seat, CardSet]
    """Own hand plus every hand open to this seat now."""
    hand_sizes: Mapping[Seat, int]
    """How many cards each active seat holds now (public)."""
    talon: CardSet | None
    """The talon cards shown to all so far (on raspasy: those turned up), else None."""
    discard: CardSet | None
    """The discard (or a thrown talon) if this seat may know it."""
    history: tuple[tuple[Seat, Action | None], ...]
    """Every action; another's discard is None."""
    declarer: Seat | None
    bid: Contract | None
    contract: Contract | None
    kind: DealKind | None
    talon_thrown: bool
    whisters: tuple[Seat, ...]
    defence_open: bool
    checked: bool
    current_trick: tuple[tuple[Seat, Card], ...]
    lead_talon_card: Card | None
    """Raspasy with talon leads: the talon card that leads the current trick."""
    completed_tricks: tuple[Trick, ...]
    tricks_won: Mapping[Seat, int]
    talon_tricks: int
    raspasy_run: int
    legal_actions: tuple[Action, ...] = field(default=())
    """Non-empty only when this seat is the one to decide."""
    refe: tuple[Seat, ...] = ()
    """Balkan: the seats that held an open refe when the deal began (public)."""
    invited: Seat | None = None
    """Balkan: the passer invited by a lone whister."""
    out: Seat | None = None
    """Balkan: the passer whose cards are out of play (face down, unseen by all others)."""
    kontra: Mapping[Seat, int] = field(default_factory=lambda: _NO_KONTRA)
    """Balkan: kontra levels per defender (multiplier ``2 ** level``)."""
