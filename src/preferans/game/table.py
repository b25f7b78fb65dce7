"""Static facts of one deal that never change while it is played: who holds cards, who
bids, who sits out. Computed once by :func:`new_deal` and shared by every state."""

from __future__ import annotations

from preferans.errors import PreferansError
from preferans.game.deal import Deal, active_seats
from preferans.rules import Rules
from preferans.seats import Seat, seats_for

__all__ = ["Table"]


class Table:
    """Seating of one deal: active seats clockwise from first hand, the dummy, the bidders."""

    __slots__ = (
        "active",
        "bidders",
        "deal",
        "dealer",
        "dummy",
        "first_hand",
        "next_active",
        "players",
        "right_neighbour",
        "rules",
        "sitting_out",
    )

    def __init__(self, rules: Rules, deal: Deal) -> None:
        self.rules = rules
        self.deal = deal
        self.players = rules.players
        self.dealer = deal.dealer
        self.active: tuple[Seat, ...] = active_seats(rules.players, deal.dealer)
        if set(self.active) != set(deal.hands):
            raise PreferansError(
                f"the deal's hands ({', '.join(s.name for s in deal.hands)}) do not match a "
                f"{rules.players}-player table dealt by {deal.dealer.english}"
            )
        self.first_hand: Seat = self.active[0]
        self.dummy: Seat | None = Seat.E if rules.players == 2 else None
        self.sitting_out: Seat | None = deal.dealer if rules.players == 4 else None
        self.bidders: tuple[Seat, ...] = tuple(s for s in self.active if s != self.dummy)
        self.next_active: dict[Seat, Seat] = {
            s: self.active[(i + 1) % 3] for i, s in enumerate(self.active)
        }
        table = seats_for(rules.players)
        self.right_neighbour: dict[Seat, Seat] = {
            s: table[(i - 1) % len(table)] for i, s in enumerate(table)
        }

    def defenders_of(self, declarer: Seat) -> tuple[Seat, Seat]:
        """The two other active seats, left of the declarer first."""
        first = self.next_active[declarer]
        return first, self.next_active[first]
