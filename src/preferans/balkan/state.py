"""The Balkan deal state: the Russian engine's state plus the kontra chain, the
invitation, the seat out of play and the refe held when the deal began.

The shared phases (talon, trick play, claims) run unchanged; the bidding, the defence
and the naming of the game come from :mod:`preferans.balkan.engine` through this class's
phase tables, and the first lead and the early end through its hooks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from preferans.balkan import engine
from preferans.errors import PreferansError, RulesError
from preferans.game.deal import Deal
from preferans.game.phase import Phase
from preferans.game.state import DealState, result_of
from preferans.result import DealResult
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["BalkanDealState", "new_balkan_deal"]

_NO_KONTRA: Mapping[Seat, int] = MappingProxyType({})


class BalkanDealState(DealState):
    """One moment of a Balkan deal (immutable, like every :class:`DealState`)."""

    __slots__ = ("_invited", "_klevel", "_kqueue", "_kraised", "_out", "_refe")

    _refe: int
    _invited: Seat | None
    _out: Seat | None
    _klevel: tuple[int, int, int, int]
    _kqueue: tuple[Seat, ...]
    _kraised: tuple[Seat, ...]

    def __init__(
        self, rules: Rules, deal: Deal, *, raspasy_run: int = 0, refe: Iterable[Seat] = ()
    ) -> None:
        if not rules.is_balkan:
            raise RulesError("a Balkan deal needs the Balkan rules")
        super().__init__(rules, deal, raspasy_run=raspasy_run)
        refe_mask = 0
        for seat in refe:
            refe_mask |= 1 << Seat(seat)
        self._refe = refe_mask
        self._invited = None
        self._out = None
        self._klevel = (0, 0, 0, 0)
        self._kqueue = ()
        self._kraised = ()

    def _copy(self) -> BalkanDealState:
        new = super()._copy()
        assert isinstance(new, BalkanDealState)
        new._refe = self._refe
        new._invited = self._invited
        new._out = self._out
        new._klevel = self._klevel
        new._kqueue = self._kqueue
        new._kraised = self._kraised
        return new

    def _start_options(self) -> dict[str, object]:
        options = super()._start_options()
        if self._refe:
            options["refe"] = self.refe
        return options

    @property
    def refe(self) -> tuple[Seat, ...]:
        """The seats that held an open refe when the deal began."""
        return tuple(s for s in (Seat.S, Seat.W, Seat.N, Seat.E) if self._refe >> s & 1)

    @property
    def invited(self) -> Seat | None:
        """The passer a lone whister invited (he plays, answering for nothing)."""
        return self._invited

    @property
    def kontra(self) -> Mapping[Seat, int]:
        """Each kontra-ing defender's level (1 kontra ×2, 2 re-kontra ×4, …)."""
        return MappingProxyType({s: self._klevel[s] for s in self._t.active if self._klevel[s]})

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


# The engine's functions take the Balkan state; the tables are typed for the base class.
_legal: dict[Phase, Any] = {
    **DealState._LEGAL,
    Phase.BIDDING: engine.bidding_legal,
    Phase.CONTRACT: engine.contract_legal,
    Phase.WHISTING: engine.whisting_legal,
}
_apply: dict[Phase, Any] = {
    **DealState._APPLY,
    Phase.BIDDING: engine.bidding_apply,
    Phase.CONTRACT: engine.contract_apply,
    Phase.WHISTING: engine.whisting_apply,
}
_explain: dict[Phase, Any] = {
    **DealState._EXPLAIN,
    Phase.BIDDING: engine.bidding_explain,
    Phase.CONTRACT: engine.contract_explain,
    Phase.WHISTING: engine.whisting_explain,
}

BalkanDealState._LEGAL = _legal
BalkanDealState._APPLY = _apply
BalkanDealState._EXPLAIN = _explain


def new_balkan_deal(
    rules: Rules, deal: Deal, *, raspasy_run: int = 0, refe: Iterable[Seat] = ()
) -> BalkanDealState:
    """The Balkan family's ``new_deal``."""
    return BalkanDealState(rules, deal, raspasy_run=raspasy_run, refe=refe)
