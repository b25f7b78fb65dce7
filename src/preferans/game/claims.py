"""Claims (RULES §6, seed 001): the actor proposes how many of the remaining tricks his
side takes; every other player answers in clockwise order; all accept → the deal ends.

Choices where the rules are silent (see docs/rules.md): a claim is made before a trick
starts; one claim per trick; no claims on raspasy. The declarer may claim any number
when the defence's tricks can be credited to one seat (one whister, misère, 2 players);
with two whisters or a checked ten he may only claim all the remaining tricks. A
defender may claim only when he plays both defending hands (a lone open whister, or the
live player of a 2-player deal); the defence's tricks are then his.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.actions import ACCEPT, REJECT, Action, Claim
from preferans.game import finish
from preferans.game.core import PendingClaim
from preferans.game.errors import IllegalActionError, refusal
from preferans.game.phase import Phase
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game.core import DealCore

__all__ = ["PendingClaim", "apply", "explain", "legal", "options", "propose"]

_CLAIMS = tuple(Claim(n) for n in range(11))
_ANSWERS: tuple[Action, ...] = (ACCEPT, REJECT)


def defence_credit(state: DealCore) -> Seat | None:
    """The seat credited with the defence's claimed tricks, if one can be named."""
    t = state._t
    declarer = state.declarer
    contract = state.contract
    assert declarer is not None and contract is not None
    d1, d2 = t.defenders_of(declarer)
    if t.dummy is not None:
        return d2 if d1 == t.dummy else d1
    if contract.is_misere:
        return d1
    if len(state._whisters) == 1 and not state._checked:
        return state._whisters[0]
    return None


def options(state: DealCore) -> tuple[Claim, ...]:
    if state._claim_blocked or state._lead_talon is not None:
        return ()
    t = state._t
    actor = state.actor
    declarer = state.declarer
    assert declarer is not None
    remaining = 10 - len(state.completed_tricks)
    if actor == declarer:
        if defence_credit(state) is None:
            return (_CLAIMS[remaining],)
        return _CLAIMS[: remaining + 1]
    d1, d2 = t.defenders_of(declarer)
    ctrl = state._ctrl
    if ctrl[d1] == actor and ctrl[d2] == actor and defence_credit(state) == actor:
        return _CLAIMS[: remaining + 1]
    return ()


def propose(state: DealCore, tricks: int) -> None:
    t = state._t
    claimer = state.actor
    to_move = state.to_move
    assert claimer is not None and to_move is not None
    waiting = []
    seat = t.next_active[claimer]
    while seat != claimer:
        if seat != t.dummy:
            waiting.append(seat)
        seat = t.next_active[seat]
    state._claim = PendingClaim(claimer, tricks, tuple(waiting), to_move, claimer)
    state.phase = Phase.CLAIM
    state.to_move = state.actor = waiting[0]


def legal(state: DealCore) -> tuple[Action, ...]:
    return _ANSWERS


def apply(state: DealCore, action: Action) -> None:
    pending = state._claim
    assert pending is not None
    if action is REJECT:
        state._claim = None
        state._claim_blocked = True
        state.phase = Phase.PLAY
        state.to_move = pending.to_move
        state.actor = pending.actor
        return
    waiting = pending.waiting[1:]
    if waiting:
        state._claim = pending._replace(waiting=waiting)
        state.to_move = state.actor = waiting[0]
        return
    _settle(state, pending)


def _settle(state: DealCore, pending: PendingClaim) -> None:
    declarer = state.declarer
    assert declarer is not None
    remaining = 10 - len(state.completed_tricks)
    credit = defence_credit(state)
    if pending.claimer == declarer:
        mine, theirs = pending.tricks, remaining - pending.tricks
    else:
        mine, theirs = remaining - pending.tricks, pending.tricks
    tricks = state._tricks = list(state._tricks)
    tricks[declarer] += mine
    if theirs:
        assert credit is not None
        tricks[credit] += theirs
    state._claimed = True
    finish.end(state)


def explain(state: DealCore, action: Action) -> IllegalActionError:
    pending = state._claim
    assert pending is not None
    return refusal("claim_pending", seat=pending.claimer.english, tricks=pending.tricks)
