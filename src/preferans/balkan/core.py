"""The Balkan fields of a deal's state, below the Balkan engine that changes them.

:mod:`preferans.balkan.engine` reads and updates a :class:`BalkanCore`;
:class:`~preferans.balkan.state.BalkanDealState` joins it with the shared dispatch and the
Balkan phase tables, so the engine never needs the state class.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Self

from preferans.errors import RulesError
from preferans.game.core import DealCore
from preferans.game.deal import Deal
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["BalkanCore"]


class BalkanCore(DealCore):
    """The Balkan fields of one moment of a deal: the kontra levels and queue, the
    invitation, the seat out of play and the refe held when the deal began."""

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

    def _copy(self) -> Self:
        new = super()._copy()
        new._refe = self._refe
        new._invited = self._invited
        new._out = self._out
        new._klevel = self._klevel
        new._kqueue = self._kqueue
        new._kraised = self._kraised
        return new

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
