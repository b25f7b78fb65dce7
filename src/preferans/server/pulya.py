"""One table's pulya in progress, driven by the one pulya runner
(:class:`preferans.scoring.Pulya`: the deals in order, the dealer's rotation, the raspasy
run, the sheet), with what the table keeps for its record: every deal's cards, history,
final state and result.

Everything here is a pure function of the table's rules, secret, the players' seeds and
the actions applied, so replaying the log rebuilds it exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from preferans import fairness
from preferans.actions import Action
from preferans.game import Deal, DealState
from preferans.result import DealResult
from preferans.rules import Rules
from preferans.scoring import Pulya as Runner
from preferans.seats import Seat
from preferans.server.sheet import ServerSheet

__all__ = ["Pulya"]


class Pulya:
    """The deals of one pulya until the sheet says it is over."""

    def __init__(
        self,
        table_id: int,
        rules: Rules,
        target: int | None,
        secret: bytes,
        seeds: Mapping[Seat, str],
        *,
        deal_source: Callable[[Rules, Seat, int], Deal] | None = None,
        max_deals: int | None = None,
    ) -> None:
        """``deal_source`` replaces the table's own fair deals (a duplicate round deals the
        same cards at every table); ``max_deals`` ends the game after that many deals
        (a tournament round of a fixed length: its sheet has no ``target``) even if the
        sheet is not complete."""
        self.table_id = table_id
        self.rules = rules
        self.target = target
        self.secret = secret
        self.seeds = dict(seeds)
        self.max_deals = max_deals
        self.sheet = ServerSheet(rules, target)
        self.runner = Runner(
            rules,
            target,
            deal_source=deal_source or fairness.deal_source(secret, str(table_id), self.seeds),
            sheet=self.sheet.sheet,
        )
        self.dealer = self.runner.dealer
        """The dealer of the deal in play (or of the last one); East deals first, so
        South is first hand (seed 000)."""
        self.deal_number = 0
        self.results: list[DealResult] = []
        self.histories: list[tuple[tuple[Seat, Action], ...]] = []
        self.deals: list[Deal] = []
        self.finals: list[DealState] = []
        """Every finished deal's final state (for the record)."""
        self.state: DealState | None = None
        self.over = False

    @property
    def raspasy_run(self) -> int:
        """Raspasy played in a row just before the next deal."""
        return self.runner.raspasy_run

    def start_deal(self) -> DealState:
        self.dealer = self.runner.dealer
        self.deal_number += 1
        self.state = self.runner.start_deal()
        self.deals.append(self.state.deal)
        return self.state

    def finish_deal(self) -> DealResult:
        """Score the finished deal; ``over`` tells whether the pulya has ended."""
        assert self.state is not None and self.state.is_over
        result = self.state.result()
        self.runner.record(result)
        self.results.append(result)
        self.finals.append(self.state)
        self.histories.append(tuple(self.state.history))
        self.over = self.sheet.is_over or (
            self.max_deals is not None and self.deal_number >= self.max_deals
        )
        return result

    def summary(self) -> dict[str, Any]:
        return {
            "deals": self.deal_number,
            "sheet": self.sheet.to_dict(),
        }
