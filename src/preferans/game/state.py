"""The immutable state of one deal and the dispatch of actions to the phase modules.

A :class:`DealState` never changes after construction: :meth:`DealState.apply` copies it
(a cheap slot-by-slot copy, not :func:`dataclasses.replace`) and lets the module of the
current phase update the copy. Its fields and what the phases read of them are
:class:`~preferans.game.core.DealCore`'s; a family's state class adds its phase tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from preferans.actions import (
    Action,
    Bid,
    Call,
    CallKind,
    CardAction,
    Claim,
    Declare,
    action_from_index,
)
from preferans.errors import PreferansError, RulesError
from preferans.game import bidding, claims, play, talon, whisting
from preferans.game.core import DealCore
from preferans.game.deal import Deal
from preferans.game.errors import IllegalActionError, refusal
from preferans.game.phase import Phase
from preferans.pasting import literal
from preferans.result import DealKind, DealResult
from preferans.rules import Rules
from preferans.seats import Seat, seats_for

if TYPE_CHECKING:
    from preferans.game.views import View

__all__ = ["DealState", "new_russian_deal", "result_of"]

_ACTION_TYPES = (CardAction, Bid, Declare, Call, Claim)


class DealState(DealCore):
    """One moment of a deal. Immutable: :meth:`apply` returns the next state."""

    __slots__ = ()

    @classmethod
    def _use_phases(
        cls,
        phases: Mapping[
            Phase,
            tuple[
                Callable[..., tuple[Action, ...]],
                Callable[..., None],
                Callable[..., IllegalActionError],
            ],
        ],
    ) -> None:
        """Give a family's state class the shared phase tables with its own phases in
        place: for each, its legal actions, its apply and its explanation of a refusal
        (they take the family's state, which the tables cannot say)."""
        cls._LEGAL = {**cls._LEGAL, **{phase: f[0] for phase, f in phases.items()}}
        cls._APPLY = {**cls._APPLY, **{phase: f[1] for phase, f in phases.items()}}
        cls._EXPLAIN = {**cls._EXPLAIN, **{phase: f[2] for phase, f in phases.items()}}

    def is_legal(self, action: Action) -> bool:
        if self.phase is Phase.PLAY and type(action) is CardAction:
            return bool(play.legal_mask(self) >> action.card.index & 1)
        return action in self.legal_actions()

    def apply(self, action: Action, *, seat: Seat | None = None) -> DealState:
        """The state after ``action``; raises :class:`IllegalActionError` (and changes
        nothing) if it is not legal. ``seat``, when given, must be the seat to act."""
        if seat is not None and seat != self.actor:
            if self.actor is None:
                raise refusal("deal_over")
            raise refusal("not_your_turn", seat=self.actor.english)
        phase = self.phase
        if phase is Phase.PLAY and type(action) is CardAction:
            if not play.legal_mask(self) >> action.card.index & 1:
                raise play.explain(self, action)
            new = self._copy()
            new.history = (*self.history, (self.to_move, action))  # type: ignore[arg-type]
            play.play_card(new, action.card)
            return new
        for candidate in self.legal_actions():
            if candidate is action:
                break
        else:
            # Not one of the shared instances: compare by value, then use the shared one
            # (the phase modules compare calls by identity).
            if not isinstance(action, _ACTION_TYPES):
                raise refusal("not_an_action", action=repr(action))
            if action not in self.legal_actions():
                raise _explain(self, action)
            action = action_from_index(action.index)
        new = self._copy()
        who = self.actor if type(action) is Claim else self.to_move
        assert who is not None
        new.history = (*self.history, (who, action))
        self._APPLY[phase](new, action)
        return new

    def result(self) -> DealResult:
        """What the sheet needs; only when the deal is over."""
        if self.phase is not Phase.OVER:
            raise PreferansError("the deal is not over yet")
        return result_of(self)

    def view(self, seat: Seat) -> View:
        """What ``seat`` may know now, and nothing more."""
        from preferans.game.views import make_view

        if seat not in seats_for(self._t.players):
            raise PreferansError(f"{Seat(seat).english} does not sit at this table")
        return make_view(self, seat)

    def __repr__(self) -> str:
        """Python that rebuilds this state: ``new_deal(rules, deal, …)`` and, once anything
        was said or played, ``.replay((…))`` of every action since."""
        start = ", ".join(
            [repr(self._t.rules), repr(self.deal)]
            + [f"{name}={literal(value)}" for name, value in self._start_options().items()]
        )
        text = f"new_deal({start})"
        if self.history:
            text += f".replay({literal(self.history)})"
        return text

    def _start_options(self) -> dict[str, object]:
        """The ``new_deal`` keywords this state began with, where not the defaults (a
        family adds its own, e.g. the Balkan refes)."""
        return {"raspasy_run": self._raspasy_run} if self._raspasy_run else {}

    def replay(self, moves: Iterable[tuple[Seat, Action]]) -> DealState:
        """The state after ``moves`` in order, as :attr:`history` keeps them: (the seat whose
        turn it is, or the seat deciding, the action), each checked as it is applied. A
        move the engine makes itself (the 2-player dummy on raspasy) is checked, not made
        again."""
        state = self
        for index, (seat, action) in enumerate(moves, len(self.history)):
            if index < len(state.history):
                if state.history[index] != (seat, action):
                    raise refusal("not_your_turn", seat=state.history[index][0].english)
                continue
            if seat not in (state.to_move, state.actor):
                if state.actor is None:
                    raise refusal("deal_over")
                raise refusal("not_your_turn", seat=state.actor.english)
            state = state.apply(action)
        return state

    def _key(self) -> tuple[object, ...]:
        return (type(self), self._t.rules, self.deal, self._start_options(), self.history)

    def __eq__(self, other: object) -> bool:
        """The same start and the same actions since: the engine is deterministic, so the
        same state."""
        if not isinstance(other, DealState):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self), self.deal, self.history))


def new_russian_deal(
    rules: Rules, deal: Deal, *, raspasy_run: int = 0, refe: Iterable[Seat] = ()
) -> DealState:
    """The Russian family's :func:`new_deal` (no refe in this game)."""
    if tuple(refe):
        raise RulesError("refe exists only in the Balkan game")
    return DealState(rules, deal, raspasy_run=raspasy_run)


def _over_legal(state: DealCore) -> tuple[Action, ...]:
    return ()


def _over_apply(state: DealCore, action: Action) -> None:
    raise refusal("deal_over")


_LEGAL = {
    Phase.BIDDING: bidding.legal,
    Phase.TALON: talon.legal_talon,
    Phase.DISCARD: talon.legal_discard,
    Phase.CONTRACT: talon.legal_contract,
    Phase.WHISTING: whisting.legal,
    Phase.PLAY: play.legal,
    Phase.CLAIM: claims.legal,
    Phase.OVER: _over_legal,
}
_APPLY = {
    Phase.BIDDING: bidding.apply,
    Phase.TALON: talon.apply_talon,
    Phase.DISCARD: talon.apply_discard,
    Phase.CONTRACT: talon.apply_contract,
    Phase.WHISTING: whisting.apply,
    Phase.PLAY: play.apply,
    Phase.CLAIM: claims.apply,
    Phase.OVER: _over_apply,
}
_EXPLAIN = {
    Phase.BIDDING: bidding.explain,
    Phase.TALON: talon.explain,
    Phase.DISCARD: talon.explain,
    Phase.CONTRACT: talon.explain,
    Phase.WHISTING: whisting.explain,
    Phase.PLAY: play.explain,
    Phase.CLAIM: claims.explain,
}
DealState._LEGAL = _LEGAL
DealState._APPLY = _APPLY
DealState._EXPLAIN = _EXPLAIN


def _explain(state: DealState, action: Action) -> IllegalActionError:
    """Why ``action`` is refused now, as an error carrying its code and params."""
    if state.phase is Phase.OVER:
        return refusal("deal_over")
    return state._EXPLAIN[state.phase](state, action)


def result_of(state: DealState, *, defended_misere: bool = False) -> DealResult:
    """The result; ``defended_misere``: the family defends a misère with calls too."""
    t = state._t
    kind = state._kind
    assert kind is not None
    n_bid = state._bidding_len
    whist_calls: tuple[tuple[Seat, Action], ...] = ()
    misere = kind is DealKind.MISERE and defended_misere
    if (kind is DealKind.GAME or misere) and state.contract is not None:
        start = _contract_index(state)
        whist_calls = tuple(
            (s, a)
            for s, a in state.history[start + 1 :]
            if isinstance(a, Call) and a.kind not in (CallKind.ACCEPT, CallKind.REJECT)
        )
    tricks = {s: state._tricks[s] for s in t.active}
    return DealResult(
        kind=kind,
        dealer=t.dealer,
        active=t.active,
        dummy=t.dummy,
        bidding=state.history[:n_bid],
        declarer=state.declarer,
        bid=state.bid if state.declarer is not None else None,
        contract=state.contract if kind is not DealKind.WALK_AWAY else None,
        talon_thrown=state._thrown,
        whist_calls=whist_calls,
        defenders=dict(state._choices),
        whisters=state._whisters,
        open=state._open,
        checked=state._checked,
        played=state._played,
        claimed=state._claimed,
        tricks=tricks,
        talon_tricks=state.talon_tricks,
        invited=state._invited,
        kontra={s: state._klevel[s] for s in t.active if state._klevel[s]},
    )


def _contract_index(state: DealState) -> int:
    for i, (_, action) in enumerate(state.history):
        if type(action) is Declare:
            return i
    raise AssertionError("no contract in the history")
