"""The cards as dealt: ten to each active hand, two to the talon (RULES §2)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from preferans.cards import DECK, Card, CardSet
from preferans.errors import PreferansError, RulesError
from preferans.rules import Rules
from preferans.seats import Seat, seats_for

__all__ = ["Deal", "active_seats"]

_CLOCKWISE = (Seat.S, Seat.W, Seat.N, Seat.E)


def active_seats(players: int, dealer: Seat) -> tuple[Seat, ...]:
    """The three seats that hold cards, clockwise from first hand (left of the dealer).

    With 4 players the dealer sits out; with 2 the dummy's seat (East) is one of the three.
    """
    table = seats_for(players)
    if dealer not in table:
        raise RulesError(f"{dealer.english} does not sit at a table of {players}")
    holders = [s for s in table if not (players == 4 and s == dealer)]
    start = (table.index(dealer) + 1) % len(table)
    ordered = [table[(start + i) % len(table)] for i in range(len(table))]
    return tuple(s for s in ordered if s in holders)


@dataclass(frozen=True, eq=True)
class Deal:
    """Who dealt, the three hands and the talon.

    ``talon_order`` keeps the order the two talon cards were dealt in, which matters on
    raspasy when they are turned up one by one; it defaults to index order.
    """

    dealer: Seat
    hands: Mapping[Seat, CardSet]
    talon: CardSet
    talon_order: tuple[Card, ...] = field(default=())

    def __post_init__(self) -> None:
        hands = {Seat(s): h for s, h in self.hands.items()}
        if len(hands) != 3:
            raise PreferansError("a deal has exactly three hands")
        seen = 0
        for seat, hand in hands.items():
            if len(hand) != 10:
                raise PreferansError(f"{seat.english} must hold 10 cards, not {len(hand)}")
            if seen & hand.mask:
                raise PreferansError("a card is dealt twice")
            seen |= hand.mask
        if len(self.talon) != 2 or seen & self.talon.mask:
            raise PreferansError("the talon must be two cards not in any hand")
        order = self.talon_order or tuple(self.talon)
        if CardSet(order) != self.talon or len(order) != 2:
            raise PreferansError("talon_order must list the two talon cards")
        object.__setattr__(self, "hands", MappingProxyType(hands))
        object.__setattr__(self, "talon_order", tuple(order))

    @classmethod
    def from_order(cls, order: Sequence[Card], rules: Rules, dealer: Seat) -> Deal:
        """Deal 32 distinct cards: ten to first hand, ten to the next active seat, ten to
        the third, and the last two to the talon."""
        cards = list(order)
        if len(cards) != 32 or CardSet(cards) != DECK:
            raise PreferansError("a deal needs the 32 distinct cards of the deck")
        seats = active_seats(rules.players, dealer)
        hands = {seat: CardSet(cards[10 * i : 10 * i + 10]) for i, seat in enumerate(seats)}
        return cls(dealer, hands, CardSet(cards[30:]), (cards[30], cards[31]))

    @classmethod
    def random(cls, rules: Rules, dealer: Seat, rng: random.Random) -> Deal:
        """A uniformly shuffled deal."""
        cards = list(_ALL)
        rng.shuffle(cards)
        seats = active_seats(rules.players, dealer)
        hands = {}
        for i, seat in enumerate(seats):
            mask = 0
            for card in cards[10 * i : 10 * i + 10]:
                mask |= 1 << card.index
            hands[seat] = CardSet.from_mask(mask)
        talon = CardSet.from_mask((1 << cards[30].index) | (1 << cards[31].index))
        return cls(dealer, hands, talon, (cards[30], cards[31]))

    def first_hand(self) -> Seat:
        """The active seat left of the dealer: it bids first and leads first."""
        start = _CLOCKWISE.index(self.dealer)
        for i in range(1, 5):
            seat = _CLOCKWISE[(start + i) % 4]
            if seat in self.hands:
                return seat
        raise AssertionError("unreachable")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"dealer": "E", "hands": {"S": "♠A …"}, "talon": [...]}``."""
        return {
            "dealer": self.dealer.name,
            "hands": {s.name: h.format() for s, h in self.hands.items()},
            "talon": [str(c) for c in self.talon_order],
        }

    def __repr__(self) -> str:
        hands = ", ".join(f"{s!r}: {h!r}" for s, h in self.hands.items())
        order = ", ".join(repr(c) for c in self.talon_order)
        return (
            f"Deal(dealer={self.dealer!r}, hands={{{hands}}}, talon={self.talon!r}, "
            f"talon_order=({order},))"
        )


_ALL = tuple(DECK)
