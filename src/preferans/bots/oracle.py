"""The ``oracle`` level: perfect information, double-dummy decisions, the sheet's prices.

The oracle makes every decision the way the sampling level does (bids, the discard and
the contract, whists, play and claims; Balkan included), but instead of deals drawn to fit
its view it is handed the one true deal: every world it weighs is the real one. The gap
between it and the sampling level is the price of hidden information; it is a yardstick
and a sparring partner for the laboratory, never a club opponent (the club seats only
bots that see one seat's view, see :data:`preferans.bots.levels.SEES_WHOLE_DEAL`).

It cannot play behind the bot protocol either: the protocol sends one seat's view only.

``sees`` makes it a laboratory hybrid that finds where the gap lies: the true deal only in
the phases named (``bidding+whisting``, phase names joined by ``+``), the sampling level's
drawn deals everywhere else, so a match of ``oracle:sees=play+claim`` against ``sampling``
measures what seeing the cards is worth in card play alone.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from preferans.actions import Action
from preferans.bots.decision import Decision
from preferans.bots.inference import DISCARD, TALON, Slots, World, hidden_slots
from preferans.bots.sampling import DEFAULT_SAMPLES, SamplingBot
from preferans.errors import PreferansError
from preferans.game.errors import IllegalActionError
from preferans.game.phase import Phase
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import DealState, View

__all__ = ["OracleBot"]


class OracleBot(SamplingBot):
    """Double-dummy decisions on the true deal (``choose_state``), never on a view alone."""

    name = "oracle"

    def __init__(
        self, seed: int = 0, threads: int = 1, sees: str = "all", table_separates: bool = False
    ) -> None:
        self.sees = _phases(sees)
        hybrid = self.sees != frozenset(Phase)
        super().__init__(
            seed=seed,
            samples=DEFAULT_SAMPLES if hybrid else 1,
            threads=threads,
            table_separates=table_separates,
        )
        self._state: DealState | None = None

    def choose(self, view: View) -> Action:
        raise IllegalActionError(
            "the oracle sees the whole deal: it decides from the state, not a view",
            ru="оракул видит всю сдачу: он решает по состоянию, а не по виду",
        )

    def choose_state(self, state: DealState) -> Action:
        """The decision of the seat to act, knowing every card of ``state``."""
        return self.decide_state(state).action

    def decide_state(self, state: DealState) -> Decision:
        """The decision with its evidence: in card play, every card's value in the true
        deal (what ``benchmarks/card_loss.py`` measures other bots' cards against)."""
        actor = state.actor
        if actor is None:
            raise IllegalActionError("nobody is to act", ru="ходить некому")
        self._state = state
        try:
            return self.decide(state.view(actor))
        finally:
            self._state = None

    def truth(self, slots: Slots) -> World:
        """``slots`` filled with where the cards really are."""
        state = self._state
        if state is None:
            raise IllegalActionError(
                "the oracle decides only inside choose_state",
                ru="оракул решает только внутри choose_state",
            )
        filled = dict(slots.fixed)
        for slot, size in slots.sizes.items():
            if slot == TALON:
                mask = state.deal.talon.mask
            elif slot == DISCARD:
                mask = state.discard.mask
            else:
                mask = state.hand(Seat(slot)).mask
            mask &= slots.pool
            if mask.bit_count() != size:
                raise AssertionError(f"the true deal does not fit slot {slot} of the view")
            filled[slot] = mask
        return World(filled)

    def _sees_now(self) -> bool:
        return self._state is None or self._state.phase in self.sees

    def _worlds(self, view: View, count: int) -> tuple[list[World], bool]:
        if not self._sees_now():
            return super()._worlds(view, count)
        slots = hidden_slots(view)
        if slots is None:
            return [], False
        return [self.truth(slots)], True

    def _draw(self, slots: Slots, rng: random.Random, count: int) -> list[World]:
        if not self._sees_now():
            return super()._draw(slots, rng, count)
        return [self.truth(slots)]


def _phases(sees: str) -> frozenset[Phase]:
    """The phases named in ``sees`` (``all``, or names like ``bidding+play``)."""
    if sees == "all":
        return frozenset(Phase)
    names = {phase.value: phase for phase in Phase if phase is not Phase.OVER}
    chosen = set()
    for name in sees.split("+"):
        if name.strip() not in names:
            known = "+".join(names)
            raise PreferansError(
                f"sees: unknown phase {name.strip()!r} (all, or {known} joined by +)",
                ru=f"sees: неизвестная фаза {name.strip()!r} (all или {known} через +)",
            )
        chosen.add(names[name.strip()])
    return frozenset(chosen)
