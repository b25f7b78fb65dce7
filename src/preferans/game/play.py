"""Card play (RULES §6, §7, §8): follow suit, else trump, else any card; tricks; open
hands; the misère declarer's cards shown to the catchers; raspasy with the talon leading
tricks 1 and 2; the 2-player dummy, which plays itself on raspasy; the Balkan tricks of two
cards when a family sets a seat out of play, and the family's early end (the state's
``_first_leader`` and ``_play_over`` hooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.actions import Action, CardAction, Claim, card_action
from preferans.cards import Card
from preferans.game import claims, finish
from preferans.game.errors import IllegalActionError, refusal
from preferans.game.masks import (
    SUIT_MASK,
    actions_of_mask,
    highest_by_rank,
    lowest_by_rank,
    suit_actions,
)
from preferans.game.phase import Phase
from preferans.game.trick import Trick, trick_winner
from preferans.result import DealKind
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game.core import DealCore

__all__ = [
    "apply",
    "explain",
    "legal",
    "legal_mask",
    "play_card",
    "start_contract",
    "start_raspasy",
]

_CARDS = tuple(card_action(Card.from_index(i)) for i in range(32))
_SEATS = (Seat.S, Seat.W, Seat.N, Seat.E)


def legal_mask(state: DealCore) -> int:
    """The cards the hand to move may play, as a mask."""
    seat = state.to_move
    if state.phase is not Phase.PLAY or seat is None:
        return 0
    hand = state._hands[seat]
    led = state._led
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[led]
    if follow:
        return follow
    trump = state._trump
    if trump >= 0:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            return trumps
    return hand


def legal(state: DealCore) -> tuple[Action, ...]:
    seat = state._mover
    hand = state._hands[seat]
    led = state._led
    cards: tuple[Action, ...]
    if led < 0:
        cards = actions_of_mask(hand)
    else:
        follow = hand & SUIT_MASK[led]
        if follow:
            cards = suit_actions(led, follow)
        else:
            trump = state._trump
            trumps = hand & SUIT_MASK[trump] if trump >= 0 else 0
            cards = suit_actions(trump, trumps) if trumps else actions_of_mask(hand)
    if state._t.rules.claims and not state.current_trick and state.contract is not None:
        offer = claims.options(state)
        if offer:
            return cards + offer
    return cards


def apply(state: DealCore, action: Action) -> None:
    """Non-card actions during play: a claim."""
    assert type(action) is Claim
    claims.propose(state, action.tricks)


def start_contract(state: DealCore) -> None:
    """Play a trick contract or a misère: set up controllers and open hands."""
    t = state._t
    rules = t.rules
    declarer = state.declarer
    contract = state.contract
    assert declarer is not None and contract is not None
    state.phase = Phase.PLAY
    state._played = True
    trump = contract.trump
    state._trump = -1 if trump is None else int(trump)
    ctrl = list(state._ctrl)
    d1, d2 = t.defenders_of(declarer)
    dummy = t.dummy
    if dummy is not None:
        live = d2 if d1 == dummy else d1
        ctrl[dummy] = live
    if contract.is_misere:
        if dummy is not None:
            extra = list(state._extra)
            extra[live] |= 1 << dummy
            state._extra = (extra[0], extra[1], extra[2], extra[3])
        if not rules.misere_open_after_first_trick:
            show_misere(state)
    elif state._open:
        bits = 1 << d1 | 1 << d2
        if len(state._whisters) == 1 and dummy is None:
            whister = state._whisters[0]
            passer = d2 if whister == d1 else d1
            ctrl[passer] = whister
        if t.first_hand == declarer and rules.open_after_first_lead:
            state._open_pending = bits
        else:
            state._face_up |= bits
    state._ctrl = (ctrl[0], ctrl[1], ctrl[2], ctrl[3])
    _begin_trick(state, state._first_leader())


def show_misere(state: DealCore) -> None:
    """The catchers see the declarer's cards (his hand and so his discard)."""
    t = state._t
    declarer = state.declarer
    assert declarer is not None
    extra = list(state._extra)
    for seat in t.active:
        if seat != declarer:
            extra[seat] |= 1 << declarer
    state._extra = (extra[0], extra[1], extra[2], extra[3])
    state._misere_shown = True


def start_raspasy(state: DealCore) -> None:
    """Everybody passed: raspasy, no trumps."""
    t = state._t
    state._kind = DealKind.RASPASY
    state.phase = Phase.PLAY
    state._played = True
    state._trump = -1
    if t.dummy is not None:
        state._face_up |= 1 << t.dummy
    _begin_trick(state, t.first_hand)


def _talon_leads(state: DealCore) -> bool:
    return state._kind is DealKind.RASPASY and state._t.rules.raspasy_talon == "leads"


def _begin_trick(state: DealCore, leader: Seat) -> None:
    state.current_trick = ()
    n = len(state.completed_tricks)
    if n < 2 and _talon_leads(state):
        card = state._t.deal.talon_order[n]
        state._lead_talon = card
        state._led = card.suit
        leader = state._t.first_hand
    else:
        state._lead_talon = None
        state._led = -1
    state.to_move = leader
    state.actor = state._ctrl[leader]
    if leader == state._t.dummy and state._kind is DealKind.RASPASY:
        _dummy_moves(state)


def play_card(state: DealCore, card: Card) -> None:
    """Play ``card`` from the hand to move (the history entry is already written)."""
    t = state._t
    seat = state._mover
    hands = state._hands = list(state._hands)
    hands[seat] ^= 1 << card.index
    trick = (*state.current_trick, (seat, card))
    if state._led < 0:
        state._led = card.suit
    if state._open_pending:
        state._face_up |= state._open_pending
        state._open_pending = 0
    out = state._out
    if len(trick) < (3 if out is None else 2):
        state.current_trick = trick
        nxt = t.next_active[seat]
        if nxt == out:
            nxt = t.next_active[nxt]
        state.to_move = nxt
        state.actor = state._ctrl[nxt]
        if nxt == t.dummy and state._kind is DealKind.RASPASY:
            _dummy_moves(state)
        return
    _finish_trick(state, trick)


def _finish_trick(state: DealCore, trick: tuple[tuple[Seat, Card], ...]) -> None:
    t = state._t
    lead_talon = state._lead_talon
    winner = trick_winner(
        trick,
        state._trump,
        lead_talon,
        t.sitting_out if lead_talon is not None else None,
    )
    tricks = state._tricks = list(state._tricks)
    tricks[winner] += 1
    done = state.completed_tricks = (
        *state.completed_tricks,
        Trick(trick[0][0], trick, winner, lead_talon),
    )
    state.current_trick = ()
    state._claim_blocked = False
    n = len(done)
    if n == 1 and not state._misere_shown and state._kind is DealKind.MISERE:
        show_misere(state)
    if n == 10 or state._play_over():
        state._lead_talon = None
        state._led = -1
        finish.end(state)
        return
    if n == 2 and _talon_leads(state):
        winner = t.first_hand
    elif winner == t.sitting_out:
        winner = t.first_hand  # a talon trick won by the dealer: the talon leads again
    _begin_trick(state, winner)


def _dummy_moves(state: DealCore) -> None:
    """The 2-player dummy on raspasy: lowest card of the suit led, else its highest card;
    when it leads, its lowest card (ranks first, then suit order)."""
    dummy = state.to_move
    assert dummy is not None
    hand = state._hands[dummy]
    led = state._led
    if led >= 0 and hand & SUIT_MASK[led]:
        follow = hand & SUIT_MASK[led]
        index = (follow & -follow).bit_length() - 1
    elif led >= 0:
        index = highest_by_rank(hand)
    else:
        index = lowest_by_rank(hand)
    action = _CARDS[index]
    state.history = (*state.history, (dummy, action))
    play_card(state, action.card)


def explain(state: DealCore, action: Action) -> IllegalActionError:
    seat = state._mover
    if isinstance(action, Claim):
        if not state._t.rules.claims:
            return refusal("claims_not_played")
        if state.contract is None:
            return refusal("no_claims_on_raspasy")
        if state.current_trick:
            return refusal("claim_before_trick")
        if state._claim_blocked:
            return refusal("claim_just_rejected")
        offer = claims.options(state)
        if offer:
            return refusal("claim_options", options=", ".join(str(c.tricks) for c in offer))
        return refusal("claim_not_yours")
    if not isinstance(action, CardAction):
        return refusal("play_a_card")
    card = action.card
    if not state._hands[seat] >> card.index & 1:
        if state.actor == seat:
            return refusal("card_not_in_hand", card=str(card))
        return refusal("card_not_in_seat_hand", card=str(card), seat=seat.english)
    led = state._led
    hand = state._hands[seat]
    if led >= 0 and hand & SUIT_MASK[led]:
        return refusal("must_follow", suit=_SUIT_SYMBOLS[led])
    trump = state._trump
    if trump >= 0:
        return refusal("must_trump", suit=_SUIT_SYMBOLS[trump])
    return refusal("card_not_playable", card=str(card))


_SUIT_SYMBOLS = ("♠", "♣", "♦", "♥")
