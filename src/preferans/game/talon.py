"""Talon, discard and contract (RULES §4): the talon turned up for all, two cards
discarded face down, the contract named; walking away without three; throwing the talon
(4 players); bids without the talon, where the talon stays closed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.actions import (
    THROW_TALON,
    WALK_AWAY,
    Action,
    CallKind,
    CardAction,
    Declare,
    declare_of,
)
from preferans.contracts import Contract, bid_ladder
from preferans.game import finish, play, whisting
from preferans.game.errors import IllegalActionError, refusal
from preferans.game.masks import actions_of_mask
from preferans.game.phase import Phase
from preferans.result import DealKind

if TYPE_CHECKING:
    from preferans.game.core import DealCore

__all__ = [
    "apply_contract",
    "apply_discard",
    "apply_talon",
    "begin",
    "contract_options",
    "explain",
    "legal_contract",
    "legal_discard",
    "legal_talon",
    "walk_away",
    "walk_away_allowed",
]


def begin(state: DealCore) -> None:
    """Bidding is won: show the talon (unless the bid is without it) and go on."""
    bid = state.bid
    declarer = state.declarer
    assert bid is not None and declarer is not None
    state.to_move = state.actor = declarer
    if bid.without_talon:
        state.phase = Phase.CONTRACT
        return
    state._talon_shown = True
    if state._t.rules.throw_talon:
        state.phase = Phase.TALON
        return
    _take(state)


def _take(state: DealCore) -> None:
    declarer = state.declarer
    assert declarer is not None
    hands = state._hands = list(state._hands)
    hands[declarer] |= state._t.deal.talon.mask
    state.phase = Phase.DISCARD


def walk_away_allowed(state: DealCore) -> bool:
    bid = state.bid
    assert bid is not None
    if bid.is_misere or bid.without_talon:
        return False
    return state._t.rules.walk_away or state._thrown


def legal_talon(state: DealCore) -> tuple[Action, ...]:
    declarer = state.declarer
    assert declarer is not None
    cards = actions_of_mask(state._hands[declarer] | state._t.deal.talon.mask)
    extra: tuple[Action, ...] = (WALK_AWAY,) if walk_away_allowed(state) else ()
    return (*cards, *extra, THROW_TALON)


def legal_discard(state: DealCore) -> tuple[Action, ...]:
    declarer = state.declarer
    assert declarer is not None
    cards = actions_of_mask(state._hands[declarer])
    if walk_away_allowed(state):
        return (*cards, WALK_AWAY)
    return cards


def contract_options(state: DealCore) -> tuple[Contract, ...]:
    """Contracts the declarer may name: at least the bid; misère iff misère was bid."""
    bid = state.bid
    assert bid is not None
    if bid.is_misere:
        return (bid,)
    return tuple(
        c
        for c in bid_ladder(bid.without_talon)
        if not c.is_misere and c.without_talon == bid.without_talon and c >= bid
    )


def legal_contract(state: DealCore) -> tuple[Action, ...]:
    declares = tuple(declare_of(c) for c in contract_options(state))
    if walk_away_allowed(state):
        return (*declares, WALK_AWAY)
    return declares


def walk_away(state: DealCore) -> None:
    state._kind = DealKind.WALK_AWAY
    finish.end(state)


def apply_talon(state: DealCore, action: Action) -> None:
    if action is WALK_AWAY:
        walk_away(state)
    elif action is THROW_TALON:
        state._thrown = True
        state._discard = state._t.deal.talon.mask
        state.phase = Phase.CONTRACT
    else:
        assert type(action) is CardAction
        _take(state)
        apply_discard(state, action)


def _walked_away(state: DealCore, action: Action) -> bool:
    """The declarer may walk away instead of discarding or naming the contract: the
    deal ends there."""
    if action is not WALK_AWAY:
        return False
    walk_away(state)
    return True


def apply_discard(state: DealCore, action: Action) -> None:
    if _walked_away(state, action):
        return
    assert type(action) is CardAction
    declarer = state.declarer
    assert declarer is not None
    bit = 1 << action.card.index
    hands = state._hands = list(state._hands)
    hands[declarer] ^= bit
    state._discard |= bit
    if state._discard.bit_count() == 2:
        state.phase = Phase.CONTRACT


def apply_contract(state: DealCore, action: Action) -> None:
    if _walked_away(state, action):
        return
    assert type(action) is Declare
    contract = action.contract
    state.contract = contract
    if contract.is_misere:
        state._kind = DealKind.MISERE
        play.start_contract(state)
    elif contract.level == 10 and state._t.rules.ten_checked:
        state._kind = DealKind.GAME
        state._checked = True
        state._open = True
        play.start_contract(state)
    else:
        state._kind = DealKind.GAME
        whisting.begin(state)


def explain(state: DealCore, action: Action) -> IllegalActionError:
    phase = state.phase
    rules = state._t.rules
    bid = state.bid
    assert bid is not None
    if isinstance(action, CardAction):
        if phase is Phase.CONTRACT:
            return refusal("discard_done")
        return refusal("card_not_in_hand", card=str(action.card))
    if isinstance(action, Declare):
        if phase is not Phase.CONTRACT:
            return refusal("discard_first")
        if bid.is_misere:
            return refusal("misere_contract_fixed", bid=str(bid))
        if action.contract.is_misere:
            return refusal("misere_only_if_bid")
        if action.contract.without_talon != bid.without_talon:
            if bid.without_talon:
                return refusal("contract_without_talon_too")
            return refusal("contract_took_talon")
        return refusal("contract_too_low", bid=str(bid))
    if getattr(action, "kind", None) is CallKind.WALK_AWAY:
        if bid.is_misere:
            return refusal("no_walk_away_misere")
        if bid.without_talon:
            return refusal("no_walk_away_without_talon")
        return refusal("walk_away_not_played")
    if getattr(action, "kind", None) is CallKind.THROW_TALON:
        if not rules.throw_talon:
            return refusal("throw_talon_not_played")
        return refusal("throw_talon_before_taking")
    if phase is Phase.CONTRACT:
        return refusal("name_contract")
    return refusal("discard_a_card")
