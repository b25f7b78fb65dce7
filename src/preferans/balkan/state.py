"""The Balkan deal state: the Russian engine's state plus the kontra chain, the
invitation, the seat out of play and the refe held when the deal began.

The shared phases (talon, trick play, claims) run unchanged; the bidding, the defence
and the naming of the game come from :mod:`preferans.balkan.engine` through this class's
phase tables, and the first lead and the early end through its hooks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from preferans.balkan import engine
from preferans.balkan.core import BalkanCore
from preferans.errors import PreferansError
from preferans.game.deal import Deal
from preferans.game.phase import Phase
from preferans.game.state import DealState, result_of
from preferans.result import DealResult
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["BalkanDealState", "new_balkan_deal"]

_NO_KONTRA: Mapping[Seat, int] = MappingProxyType({})


class BalkanDealState(BalkanCore, DealState):
    """One moment of a Balkan deal (immutable, like every :class:`DealState`)."""

    __slots__ = ()

    def _start_options(self) -> dict[str, object]:
        options = super()._start_options()
        if self._refe:
            options["refe"] = self.refe
        return options

    def result(self) -> DealResult:
        if self.phase is not Phase.OVER:
            raise PreferansError("the deal is not over yet")
        return result_of(self, defended_misere=True)

    def _first_leader(self) -> Seat:
        return engine.first_leader(self)

    def _play_over(self) -> bool:
        return engine.play_over(self)

    def _view_extras(self) -> Mapping[str, object]:
        return {
            "refe": self.refe,
            "invited": self._invited,
            "out": self._out,
            "kontra": self.kontra if any(self._klevel) else _NO_KONTRA,
        }


BalkanDealState._use_phases(
    {
        Phase.BIDDING: (engine.bidding_legal, engine.bidding_apply, engine.bidding_explain),
        Phase.CONTRACT: (engine.contract_legal, engine.contract_apply, engine.contract_explain),
        Phase.WHISTING: (engine.whisting_legal, engine.whisting_apply, engine.whisting_explain),
    }
)


def new_balkan_deal(
    rules: Rules, deal: Deal, *, raspasy_run: int = 0, refe: Iterable[Seat] = ()
) -> BalkanDealState:
    """The Balkan family's ``new_deal``."""
    return BalkanDealState(rules, deal, raspasy_run=raspasy_run, refe=refe)
