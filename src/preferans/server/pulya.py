"""One pulya in progress: the sequence of deals, the dealer's rotation and the sheet.

Everything here is a pure function of the table's rules, secret, the players' seeds and
the actions applied, so replaying the log rebuilds it exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from preferans import fairness
from preferans.actions import Action
from preferans.game import Deal, DealState, new_deal
from preferans.result import DealKind, DealResult
from preferans.rules import Rules
from preferans.seats import Seat, next_seat, seats_for
from preferans.server.sheet import ServerSheet

__all__ = ["Pulya", "player_seats"]


def player_seats(players: int) -> tuple[Seat, ...]:
    """The seats people (or bots) take: with 2 players East is the dummy's."""
    return (Seat.S, Seat.W) if players == 2 else seats_for(players)


class Pulya:
    """The deals of one pulya until the sheet says it is over."""

    def __init__(
        self,
        table_id: int,
        rules: Rules,
        target: int,
        secret: bytes,
        seeds: Mapping[Seat, str],
    ) -> None:
        self.table_id = table_id
        self.rules = rules
        self.target = target
        self.secret = secret
        self.seeds = dict(seeds)
        order = seats_for(rules.players)
        self.dealer = order[-1]
        """The seat to South's right deals first, so South is first hand (seed 000)."""
        self.deal_number = 0
        self.raspasy_run = 0
        self.results: list[DealResult] = []
        self.histories: list[tuple[tuple[Seat, Action], ...]] = []
        self.deals: list[Deal] = []
        self.finals: list[DealState] = []
        """Every finished deal's final state (for the record)."""
        self.sheet = ServerSheet(rules, target)
        self.state: DealState | None = None
        self.over = False

    def start_deal(self) -> DealState:
        if self.deal_number:
            self.dealer = next_seat(self.dealer, self.rules.players)
        self.deal_number += 1
        deal = fairness.fair_deal(
            self.secret,
            str(self.table_id),
            self.deal_number,
            self.seeds,
            self.rules,
            self.dealer,
        )
        self.deals.append(deal)
        self.state = new_deal(
            self.rules, deal, raspasy_run=self.raspasy_run, refe=self.sheet.refe_seats
        )
        return self.state

    def finish_deal(self) -> DealResult:
        """Score the finished deal; ``over`` tells whether the pulya has ended."""
        assert self.state is not None and self.state.is_over
        result = self.state.result()
        self.results.append(result)
        self.finals.append(self.state)
        self.histories.append(tuple(self.state.history))
        self.raspasy_run = self.raspasy_run + 1 if result.kind is DealKind.RASPASY else 0
        self.sheet.add(result)
        self.over = self.sheet.is_over
        return result

    def summary(self) -> dict[str, Any]:
        return {
            "deals": self.deal_number,
            "sheet": self.sheet.to_dict(),
        }
