"""The Balkan (Serbian) game's phases (seed 003, docs/balkan.md).

What differs from the Russian game lives here; :class:`~preferans.balkan.state.BalkanDealState`
puts these functions in its phase tables (the shared talon and trick play do the rest):

- bidding on numbers 2–7 (each number names its game: 2 ♠, 3 ♦, 4 ♥, 5 ♣, 6 betl, 7 sans),
  one step at a time, "moje" (HERE) for a player with priority (earlier from first hand),
  and "igra" (a game without the talon) as a first call only; an all-pass writes a refe;
- the defence: whist or pass from the declarer's left; a lone whister invites the passer,
  says kontra (which invites too) or plays alone (the passer's cards leave the play);
  nobody defends: the declarer wins without play; betl is always defended by both;
- the kontra chain: defenders say kontra, the declarer answers with re-kontra to those who
  said it, they answer with sub-kontra, and so on, each step doubling; on 2 ♠ with the
  talon, when the declarer has no refe, the game is played only if somebody says kontra;
- the play: the first lead goes to first hand, skipping a seat that is out and (on sans)
  the declarer; tricks of two cards when a seat is out; the play stops at the defence's
  fifth trick, and a betl at the declarer's first trick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.actions import (
    HERE,
    INVITE,
    KONTRA,
    PASS,
    WALK_AWAY,
    WHIST,
    Action,
    Bid,
    Call,
    CallKind,
    Declare,
    bid_of,
    declare_of,
)
from preferans.contracts import Contract, Strain, balkan_ladder
from preferans.game import bidding, finish, play, talon
from preferans.game.errors import IllegalActionError, refusal
from preferans.game.phase import Phase
from preferans.result import DealKind, WhistChoice
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.balkan.core import BalkanCore as DealState
    from preferans.game.core import DealCore as AnyState

__all__ = [
    "bidding_apply",
    "bidding_explain",
    "bidding_legal",
    "contract_apply",
    "contract_explain",
    "contract_legal",
    "contract_options",
    "first_leader",
    "lowest_contract",
    "play_over",
    "whisting_apply",
    "whisting_begin",
    "whisting_explain",
    "whisting_legal",
]

_LADDER = balkan_ladder()
_WITH_TALON = tuple(c for c in _LADDER if not c.without_talon)
_WITHOUT_TALON = tuple(c for c in _LADDER if c.without_talon)

#: The lowest contract, on which (with the talon, without a refe) a kontra is obligatory.
LOWEST: Contract = Contract.balkan_game(2)


def lowest_contract() -> Contract:
    return LOWEST


# --- bidding -----------------------------------------------------------------------------


def _priority(state: DealState, seat: Seat, over: Seat | None) -> bool:
    """``seat`` speaks before ``over`` in the bidding order (first hand first)."""
    if over is None:
        return False
    order = state._t.bidders
    return order.index(seat) < order.index(over)


def bidding_legal(state: DealState) -> tuple[Action, ...]:
    seat = state._mover
    high = state.bid
    holder = state._high_seat
    spoken = bool(state._spoken >> seat & 1)
    out: list[Action] = []
    if high is None or not high.without_talon:
        if high is None:
            out.append(bid_of(_WITH_TALON[0]))
        elif high.level < 7:
            out.append(bid_of(Contract.balkan_game(high.level + 1)))
    if not spoken:
        floor = -1 if high is None else high.ladder_key
        out += [bid_of(c) for c in _WITHOUT_TALON if c.ladder_key > floor]
    out.append(PASS)
    may_hold = high is not None and holder != seat and _priority(state, seat, holder)
    if may_hold and state._t.rules.here and (not high.without_talon or not spoken):  # type: ignore[union-attr]
        out.append(HERE)
    return tuple(sorted(out, key=lambda a: a.index))


def bidding_apply(state: DealState, action: Action) -> None:
    seat = state._mover
    state._spoken |= 1 << seat
    if action is PASS:
        state._passed |= 1 << seat
    elif action is HERE:
        state._high_seat = seat
    else:
        assert type(action) is Bid
        state.bid = action.contract
        state._high_seat = seat
    bidding.after_call(state, seat, _refe)


def _refe(state: AnyState) -> None:
    """Everybody passed: nothing is played, the sheet writes a refe."""
    state._kind = DealKind.REFE
    finish.end(state)


def bidding_explain(state: DealState, action: Action) -> IllegalActionError:
    seat = state._mover
    high = state.bid
    spoken = bool(state._spoken >> seat & 1)
    if isinstance(action, Call) and action.kind is CallKind.HERE:
        if not state._t.rules.here:
            return refusal("moje_not_played")
        if high is None:
            return refusal("no_bid_to_hold")
        if not _priority(state, seat, state._high_seat):
            return refusal("moje_needs_priority")
        return refusal("igra_held_first_call")
    if not isinstance(action, Bid):
        return bidding.non_bid_refusal("balkan_bidding_prompt", action)
    contract = action.contract
    if not contract.balkan:
        return refusal("balkan_bids_are")
    if contract.without_talon:
        if spoken:
            return refusal("igra_first_call")
        return refusal("igra_must_beat", high=str(high))
    if high is not None and high.without_talon:
        return refusal("only_higher_igra", high=str(high))
    expected = 2 if high is None else high.level + 1
    if expected > 7:
        return refusal("nothing_beats_seven")
    return refusal("no_jumps", next=str(Contract.balkan_game(expected)))


def contract_options(state: DealState) -> tuple[Contract, ...]:
    """Any game of at least the bid's number, with the talon iff the bid was with it."""
    bid = state.bid
    assert bid is not None
    return tuple(c for c in _LADDER if c.without_talon == bid.without_talon and c >= bid)


def contract_legal(state: DealState) -> tuple[Action, ...]:
    declares = tuple(declare_of(c) for c in contract_options(state))
    if talon.walk_away_allowed(state):
        return (*declares, WALK_AWAY)
    return declares


def contract_apply(state: DealState, action: Action) -> None:
    """Every Balkan game is defended by calls, betl included."""
    if action is WALK_AWAY:
        talon.walk_away(state)
        return
    assert type(action) is Declare
    contract = action.contract
    state.contract = contract
    state._kind = DealKind.MISERE if contract.is_misere else DealKind.GAME
    whisting_begin(state)


def contract_explain(state: DealState, action: Action) -> IllegalActionError:
    bid = state.bid
    assert bid is not None
    if isinstance(action, Declare) and state.phase is Phase.CONTRACT:
        if not action.contract.balkan:
            return refusal("name_balkan_game")
        if action.contract.without_talon != bid.without_talon:
            return refusal("contract_keeps_talon")
        return refusal("contract_too_low", bid=str(bid))
    return talon.explain(state, action)


# --- defence and kontra -------------------------------------------------------------------

# Stages of the defence (kept in state._wstage).
_FIRST = 1  # first defender: whist / pass
_SECOND = 2  # second defender: whist / pass
_LONE = 3  # a lone whister: invite / kontra (which invites) / pass (play alone)
_KDEF = 4  # defenders in state._kqueue: kontra (raise) / pass
_KDECL = 5  # the declarer: kontra (re-kontra etc. against state._kraised) / pass


def _defenders(state: DealState) -> tuple[Seat, Seat]:
    declarer = state.declarer
    assert declarer is not None
    return state._t.defenders_of(declarer)


def obligatory_kontra(state: DealState) -> bool:
    """2 ♠ with the talon and no refe for the declarer: played only after a kontra."""
    declarer = state.declarer
    return state.contract == LOWEST and declarer is not None and not state._refe >> declarer & 1


def whisting_begin(state: DealState) -> None:
    state.phase = Phase.WHISTING
    state._choices = {}
    contract = state.contract
    assert contract is not None
    if contract.is_misere:
        # Betl is always defended by both; only the kontra chain remains.
        d1, d2 = _defenders(state)
        state._choices = {d1: WhistChoice.WHIST, d2: WhistChoice.WHIST}
        state._whisters = (d1, d2)
        _defender_round(state, (d1, d2))
        return
    state._wstage = _FIRST
    state.to_move = state.actor = _defenders(state)[0]


def _defender_round(state: DealState, queue: tuple[Seat, ...]) -> None:
    state._wstage = _KDEF
    state._kqueue = queue
    state._kraised = ()
    state.to_move = state.actor = queue[0]


def whisting_legal(state: DealState) -> tuple[Action, ...]:
    stage = state._wstage
    if stage in (_FIRST, _SECOND):
        return (PASS, WHIST)
    if stage == _LONE:
        if obligatory_kontra(state):
            return (PASS, KONTRA)
        return (PASS, INVITE, KONTRA)
    return (PASS, KONTRA)


def whisting_apply(state: DealState, action: Action) -> None:
    seat, stage = state._whist_turn(action)
    d1, d2 = _defenders(state)
    if stage in (_FIRST, _SECOND):
        choices = state._choices = dict(state._choices)
        if action is WHIST:
            choices[seat] = WhistChoice.WHIST
            state._whisters = (*state._whisters, seat)
        else:
            choices[seat] = WhistChoice.PASS
        if stage == _FIRST:
            state._wstage = _SECOND
            state.to_move = state.actor = d2
            return
        whisters = state._whisters
        if not whisters:
            finish.end(state)  # nobody defends: the declarer wins without play
        elif len(whisters) == 1:
            state._wstage = _LONE
            state.to_move = state.actor = whisters[0]
        else:
            _defender_round(state, whisters)
        return
    if stage == _LONE:
        passer = d2 if seat == d1 else d1
        if action is PASS:
            if obligatory_kontra(state):
                finish.end(state)
                return
            state._out = passer
            _start_play(state)
            return
        state._invited = passer
        if action is INVITE:
            _start_play(state)
            return
        _raise(state, (seat,))
        _declarer_turn(state, (seat,))
        return
    if stage == _KDEF:
        if action is KONTRA:
            _raise(state, (seat,))
            state._kraised = (*state._kraised, seat)
        queue = state._kqueue[1:]
        state._kqueue = queue
        if queue:
            state.to_move = state.actor = queue[0]
            return
        raised = state._kraised
        if raised:
            _declarer_turn(state, raised)
        elif obligatory_kontra(state) and not any(state._klevel):
            finish.end(state)
        else:
            _start_play(state)
        return
    assert stage == _KDECL
    if action is KONTRA:
        raised = state._kraised
        _raise(state, raised)
        _defender_round(state, raised)
    else:
        _start_play(state)


def _raise(state: DealState, seats: tuple[Seat, ...]) -> None:
    levels = list(state._klevel)
    for seat in seats:
        levels[seat] += 1
    state._klevel = (levels[0], levels[1], levels[2], levels[3])


def _declarer_turn(state: DealState, raised: tuple[Seat, ...]) -> None:
    state._wstage = _KDECL
    state._kraised = raised
    state._kqueue = ()
    state.to_move = state.actor = state.declarer


def _start_play(state: DealState) -> None:
    state._kqueue = ()
    state._kraised = ()
    play.start_contract(state)


def whisting_explain(state: DealState, action: Action) -> IllegalActionError:
    if not isinstance(action, Call):
        return refusal("balkan_defence_prompt")
    stage, kind = state._wstage, action.kind
    if stage in (_FIRST, _SECOND):
        if kind is CallKind.KONTRA:
            return refusal("kontra_after_defence")
        if kind is CallKind.INVITE:
            return refusal("invite_lone_whister")
        return refusal("cannot_say_now", call=kind.value)
    if stage == _LONE:
        if kind is CallKind.INVITE and obligatory_kontra(state):
            return refusal("obligatory_kontra")
        return refusal("lone_whister_options")
    if stage == _KDECL:
        return refusal("answer_kontra")
    return refusal("kontra_or_pass")


# --- play --------------------------------------------------------------------------------


def first_leader(state: DealState) -> Seat:
    """First hand; a seat that is out passes the lead on, and so does the declarer on sans."""
    t = state._t
    contract = state.contract
    sans = contract is not None and contract.strain is Strain.NO_TRUMP
    leader = t.first_hand
    for _ in range(3):
        if leader == state._out or (sans and leader == state.declarer):
            leader = t.next_active[leader]
        else:
            break
    return leader


def play_over(state: DealState) -> bool:
    """The defence took its fifth trick, or the betl declarer took a trick."""
    declarer = state.declarer
    contract = state.contract
    if declarer is None or contract is None:
        return False
    tricks = state._tricks
    if contract.is_misere:
        return tricks[declarer] > 0
    defence = sum(tricks[s] for s in state._t.active if s != declarer)
    return defence >= 5
