"""The auction (RULES §3): the ladder, pass, "here", misère as a first call only,
bids without the talon, and the raspasy exit rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from preferans.actions import HERE, PASS, Action, Bid, Call, CallKind, bid_of
from preferans.contracts import bid_ladder
from preferans.game import play, talon
from preferans.game.errors import IllegalActionError, refusal

if TYPE_CHECKING:
    from preferans.game.core import DealCore
    from preferans.seats import Seat

__all__ = ["after_call", "apply", "explain", "legal"]

_SEVEN_SPADES_KEY = 700
_CACHE: dict[tuple[bool, bool, int, bool, int, bool, bool], tuple[Action, ...]] = {}


def _here_allowed(state: DealCore) -> bool:
    """ "Here": the right-hand neighbour is out (passed, or the sitting-out dealer; the
    2-player dummy only under ``here_over_dummy``) and the highest bid, not a misère,
    belongs to another player."""
    t = state._t
    seat = state.to_move
    high = state.bid
    if not t.rules.here or high is None or high.is_misere or seat is None:
        return False
    if state._high_seat == seat or _held_by_here(state):
        return False
    right = t.right_neighbour[seat]
    if right == t.dummy:
        return t.rules.here_over_dummy
    return right not in t.bidders or bool(state._passed >> right & 1)


def _held_by_here(state: DealCore) -> bool:
    """The highest bid is held by a "here": the other player must raise or pass (RULES §3),
    so two players can never hold one bid back and forth."""
    for _seat, past in reversed(state.history):
        if past is PASS or past == PASS:
            continue
        return past is HERE or past == HERE
    return False


def _minimum_key(state: DealCore) -> int:
    rules = state._t.rules
    if state._raspasy_run > 0 and rules.raspasy_exit == 7:
        return _SEVEN_SPADES_KEY
    return 0


def legal(state: DealCore) -> tuple[Action, ...]:
    seat = state._mover
    if state._misere_seat == seat:
        return (PASS,)
    rules = state._t.rules
    high = state.bid
    floor = -1 if high is None else high.ladder_key
    spoken = bool(state._spoken >> seat & 1)
    key = (
        rules.no_talon_bids,
        rules.jump_bids,
        floor,
        spoken,
        _minimum_key(state),
        _here_allowed(state),
        False,
    )
    cached = _CACHE.get(key)
    if cached is None:
        cached = _CACHE[key] = _compute(*key[:6])
    return cached


def _compute(
    no_talon: bool, jumps: bool, floor: int, spoken: bool, minimum: int, here: bool
) -> tuple[Action, ...]:
    out: list[Action] = []
    next_done = False
    for contract in bid_ladder(no_talon):
        k = contract.ladder_key
        if k <= floor:
            continue
        if contract.is_misere:
            if not spoken:
                out.append(bid_of(contract))
            continue
        if k < minimum:
            continue
        if contract.without_talon or jumps:
            out.append(bid_of(contract))
        elif not next_done:
            out.append(bid_of(contract))
            next_done = True
    out.sort(key=lambda a: a.index)
    out.append(PASS)
    if here:
        out.append(HERE)
    return tuple(out)


def apply(state: DealCore, action: Action) -> None:
    seat = state._mover
    state._spoken |= 1 << seat
    if action is PASS or action == PASS:
        state._passed |= 1 << seat
    elif type(action) is Call:  # HERE
        state._high_seat = seat
    else:
        assert type(action) is Bid
        state.bid = action.contract
        state._high_seat = seat
        if action.contract.is_misere:
            state._misere_seat = seat
    after_call(state, seat, play.start_raspasy)


def after_call(state: DealCore, seat: Seat, all_passed: Callable[[DealCore], None]) -> None:
    """The auction after ``seat``'s call, in every family: everybody passed
    (``all_passed`` says what follows), one bidder left holding the bid (he takes the
    talon), or the next bidder who has not passed speaks."""
    t = state._t
    passed = state._passed
    remaining = [s for s in t.bidders if not passed >> s & 1]
    if not remaining:
        state._bidding_len = len(state.history)
        state.bid = None
        all_passed(state)
        return
    if len(remaining) == 1 and state._high_seat == remaining[0]:
        state._bidding_len = len(state.history)
        state.declarer = remaining[0]
        talon.begin(state)
        return
    order = t.bidders
    i = order.index(seat)
    for step in range(1, len(order) + 1):
        nxt = order[(i + step) % len(order)]
        if not passed >> nxt & 1:
            state.to_move = state.actor = nxt
            return
    raise AssertionError("unreachable")


def non_bid_refusal(prompt: str, action: Action) -> IllegalActionError:
    """Why the bidding refuses what is not a bid: a call it does not take (each family
    explains its "here" itself), else the family's ``prompt`` naming what it takes."""
    if isinstance(action, Call):
        return refusal("cannot_say_in_bidding", call=action.kind.value)
    return refusal(prompt)


def explain(state: DealCore, action: Action) -> IllegalActionError:
    """Why ``action`` is not a legal call now."""
    seat = state._mover
    rules = state._t.rules
    high = state.bid
    if isinstance(action, Call) and action.kind is CallKind.HERE:
        if not rules.here:
            return refusal("here_not_played")
        if high is None:
            return refusal("no_bid_to_hold")
        if high.is_misere:
            return refusal("misere_cannot_be_held")
        if state._high_seat == seat:
            return refusal("already_highest")
        if state._misere_seat == seat:
            return refusal("after_misere_only_pass")
        if _held_by_here(state):
            return refusal("here_after_here")
        return refusal("here_needs_neighbour")
    if not isinstance(action, Bid):
        return non_bid_refusal("bidding_prompt", action)
    contract = action.contract
    if contract.balkan:
        return refusal("balkan_bid_outside_balkan")
    if contract.without_talon and not rules.no_talon_bids:
        return refusal("no_talon_bids_not_played")
    if state._misere_seat == seat:
        return refusal("after_misere_only_pass")
    spoken = bool(state._spoken >> seat & 1)
    if contract.is_misere:
        if spoken:
            return refusal("misere_first_call")
        if high is not None:
            return refusal("misere_does_not_beat", high=str(high))
        return refusal("misere_not_allowed")
    bids = [a.contract for a in legal(state) if isinstance(a, Bid) and not a.contract.is_misere]
    regular = [c for c in bids if not c.without_talon]
    if high is not None and contract <= high:
        lowest = regular[0] if regular else (bids[0] if bids else None)
        if lowest is None:
            return refusal("nothing_beats", high=str(high))
        return refusal("bid_too_low", lowest=str(lowest))
    minimum = _minimum_key(state)
    if contract.ladder_key < minimum:
        return refusal("raspasy_exit_minimum")
    if regular and not rules.jump_bids:
        return refusal("no_jumps", next=str(regular[0]))
    return refusal("cannot_bid_now", contract=str(contract))
