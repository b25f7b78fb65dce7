"""Whisting (RULES §5): whist or pass in turn from the declarer's left; half-whist on a
six or seven with the first defender's right to return the whist; a lone whister's
choice of open or closed play; Stalingrad; 2 players, where the only live defender
whists (and plays the dummy's hand too, open) or passes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.actions import CLOSED, HALF_WHIST, OPEN, PASS, WHIST, Action, Call, CallKind
from preferans.contracts import Contract, Strain
from preferans.game import finish, play
from preferans.game.errors import IllegalActionError, refusal
from preferans.game.phase import Phase
from preferans.result import WhistChoice
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game.core import DealCore

__all__ = ["apply", "begin", "explain", "legal"]

# Stages: who speaks and what he may say.
_FIRST = 1  # first live defender: whist / pass
_SECOND = 2  # second defender: whist / pass (/ half-whist when the first passed)
_RETURN = 3  # first defender after a half-whist: whist (return) / pass
_AFTER_RETURN = 4  # the half-whister after a return: pass only
_CHOOSE = 5  # a lone whister: open / closed

_STALINGRAD = Contract(6, Strain.SPADES)


def _stalingrad(state: DealCore) -> bool:
    return state._t.rules.stalingrad and state.contract == _STALINGRAD


def _live_defenders(state: DealCore) -> tuple[Seat, ...]:
    t = state._t
    declarer = state.declarer
    assert declarer is not None
    return tuple(d for d in t.defenders_of(declarer) if d != t.dummy)


def begin(state: DealCore) -> None:
    state.phase = Phase.WHISTING
    state._wstage = _FIRST
    state._choices = {}
    first = _live_defenders(state)[0]
    state.to_move = state.actor = first


def legal(state: DealCore) -> tuple[Action, ...]:
    stage = state._wstage
    if stage == _CHOOSE:
        return (OPEN, CLOSED)
    if stage == _AFTER_RETURN:
        return (PASS,)
    if stage == _RETURN:
        return (PASS, WHIST)
    if _stalingrad(state):
        return (WHIST,)
    if stage == _SECOND:
        first = _live_defenders(state)[0]
        contract = state.contract
        assert contract is not None
        if (
            state._choices.get(first) is WhistChoice.PASS
            and state._t.rules.half_whist
            and contract.level <= 7
        ):
            return (PASS, WHIST, HALF_WHIST)
    return (PASS, WHIST)


def apply(state: DealCore, action: Action) -> None:
    seat, stage = state._whist_turn(action)
    live = _live_defenders(state)
    t = state._t
    if stage == _CHOOSE:
        state._open = action is OPEN
        play.start_contract(state)
        return
    choices = state._choices = dict(state._choices)
    if stage == _AFTER_RETURN:
        choices[seat] = WhistChoice.PASS
        _choose(state, live[0])
        return
    if stage == _RETURN:
        if action is WHIST:
            choices[seat] = WhistChoice.WHIST
            state._whisters = (seat,)
            state._wstage = _AFTER_RETURN
            state.to_move = state.actor = live[1]
        else:
            _not_played(state)
        return
    if action is WHIST:
        choices[seat] = WhistChoice.WHIST
        state._whisters = (*state._whisters, seat)
    elif action is HALF_WHIST:
        choices[seat] = WhistChoice.HALF_WHIST
    else:
        choices[seat] = WhistChoice.PASS
    if stage == _FIRST and len(live) == 2:
        state._wstage = _SECOND
        state.to_move = state.actor = live[1]
        return
    # Every live defender has spoken.
    if t.dummy is not None:
        choices[t.dummy] = WhistChoice.PASS
        if state._whisters:
            state._open = True
            play.start_contract(state)
        else:
            _not_played(state)
        return
    if action is HALF_WHIST:
        state._wstage = _RETURN
        state.to_move = state.actor = live[0]
        return
    whisters = state._whisters
    if not whisters:
        _not_played(state)
    elif len(whisters) == 1:
        _choose(state, whisters[0])
    else:
        play.start_contract(state)


def _choose(state: DealCore, whister: Seat) -> None:
    state._wstage = _CHOOSE
    state.to_move = state.actor = whister


def _not_played(state: DealCore) -> None:
    """Both passed, or a half-whist stands: the contract counts as made without play."""
    finish.end(state)


def explain(state: DealCore, action: Action) -> IllegalActionError:
    stage = state._wstage
    if not isinstance(action, Call):
        return refusal("whisting_prompt")
    kind = action.kind
    if stage == _CHOOSE:
        return refusal("choose_open_closed")
    if stage == _AFTER_RETURN:
        return refusal("after_return_only_pass")
    if kind is CallKind.HALF_WHIST:
        contract = state.contract
        assert contract is not None
        if not state._t.rules.half_whist:
            return refusal("half_whist_not_played")
        if contract.level > 7:
            return refusal("half_whist_six_seven")
        if stage == _RETURN:
            return refusal("return_whist_or_pass")
        return refusal("half_whist_second_defender")
    if kind is CallKind.PASS and _stalingrad(state):
        return refusal("stalingrad")
    if kind in (CallKind.OPEN, CallKind.CLOSED):
        return refusal("open_closed_later")
    return refusal("cannot_say_now", call=kind.value)
