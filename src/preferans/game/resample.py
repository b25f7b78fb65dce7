"""Resampling the hidden cards of a :class:`View` (what sampling bots need).

The result is a full :class:`DealState` with the view's history whose hidden cards are
redrawn at random, respecting what the seat knows: its own and every open hand, the cards
played, the talon once shown (its unplayed cards are in the declarer's hand or discard),
the discard when known, the hand sizes, and the voids shown in play (a seat that did not
follow suit has none of it; one that neither followed nor trumped has no trumps either).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Mapping

from preferans.actions import THROW_TALON, Action, CardAction, Declare, card_action
from preferans.cards import DECK, Card, CardSet
from preferans.errors import PreferansError
from preferans.game.deal import Deal
from preferans.game.masks import SUIT_MASK
from preferans.game.phase import Phase
from preferans.game.start import new_deal
from preferans.game.state import DealState
from preferans.game.views import View
from preferans.result import DealKind
from preferans.seats import Seat

__all__ = ["replay", "resample"]

_TALON = -1
_DISCARD = -2
_FULL = 0xFFFFFFFF


def resample(view: View, rng: random.Random) -> DealState:
    """A full state consistent with ``view``: same history, hidden cards redrawn."""
    start, discards = _start(view, rng, None)
    reached, _ = deque(_walk(view, start, discards), maxlen=1)[0]
    return reached


def replay(
    view: View,
    hands: Mapping[Seat, int],
    talon: int = 0,
    discard: int = 0,
) -> Iterator[tuple[DealState, Action]]:
    """The view's history replayed in one placement of the hidden cards: each state with
    the action taken from it (what another seat saw when it acted, in that deal).

    ``hands`` are the hidden seats' cards now, ``talon`` the hidden talon cards and
    ``discard`` the hidden discard (masks); the known cards are the view's own. Raises
    :class:`PreferansError` when the placement does not fit the view.
    """
    placed: dict[int, int] = {int(seat): mask for seat, mask in hands.items()}
    placed[_TALON] = talon
    placed[_DISCARD] = discard
    start, discards = _start(view, random.Random(0), placed)
    for state, action in _walk(view, start, discards):
        if action is not None:
            yield state, action


def _walk(
    view: View, state: DealState, discards: list[Action]
) -> Iterator[tuple[DealState, Action | None]]:
    """The view's history from ``state``: each state with the action taken from it, the
    hidden discards filled in, then the state reached with ``None``."""
    history = view.history
    i = 0
    while i < len(history):
        action = history[i][1]
        if action is None:
            action = discards.pop()
        yield state, action
        state = state.apply(action)
        i = len(state.history)
    yield state, None


def _start(
    view: View, rng: random.Random, placed: Mapping[int, int] | None
) -> tuple[DealState, list[Action]]:
    """The deal's first state with the hidden cards drawn (or as ``placed``: slot key →
    mask), and the hidden discards for the history's unseen discard actions."""
    rules = view.rules
    declarer = view.declarer
    contract = view.contract

    played = {s: 0 for s in view.active}
    voids = {s: 0 for s in view.active}
    talon_led: list[Card] = []
    tricks = [(t.cards, t.talon_card) for t in view.completed_tricks]
    if view.current_trick or view.lead_talon_card is not None:
        tricks.append((view.current_trick, view.lead_talon_card))
    trump = -1
    if contract is not None and contract.trump is not None and view.kind is not DealKind.RASPASY:
        trump = int(contract.trump)
    for cards, talon_card in tricks:
        if talon_card is not None:
            talon_led.append(talon_card)
            led = int(talon_card.suit)
            followers = cards
        elif cards:
            led = int(cards[0][1].suit)
            followers = cards[1:]
        else:
            continue
        for seat, card in cards:
            played[seat] |= card.bit
        for seat, card in followers:
            if card.suit != led:
                voids[seat] |= SUIT_MASK[led]
                if trump >= 0 and card.suit != trump:
                    voids[seat] |= SUIT_MASK[trump]

    known_mask = 0
    for mask in played.values():
        known_mask |= mask
    hands: dict[Seat, int] = {}
    for seat, hand in view.known_hands.items():
        hands[seat] = hand.mask
        known_mask |= hand.mask
    talon_known = view.talon.mask if view.talon is not None else 0
    known_mask |= talon_known
    for card in talon_led:
        known_mask |= card.bit

    n_discard = sum(1 for _, a in view.history if a is None)
    discard_mask = view.discard.mask if view.discard is not None else 0
    known_mask |= discard_mask
    merged = _talon_merged(view)

    # Slots to fill: (key, size, allowed mask).
    slots: list[tuple[int, int, int]] = []
    restricted = 0
    if merged:
        # Shown talon cards seen nowhere now are in the declarer's hand or his discard.
        elsewhere = discard_mask
        for mask in played.values():
            elsewhere |= mask
        for mask in hands.values():
            elsewhere |= mask
        restricted = talon_known & ~elsewhere
        known_mask &= ~restricted
    for seat in view.active:
        if seat in hands:
            continue
        allowed = _FULL & ~voids[seat]
        if seat != declarer:
            allowed &= ~restricted
        slots.append((int(seat), view.hand_sizes[seat], allowed))
    hidden_talon = 0 if merged else 2 - (talon_known | _mask(talon_led)).bit_count()
    if hidden_talon > 0:
        slots.append((_TALON, hidden_talon, _FULL))
    if n_discard and view.discard is None:
        slots.append((_DISCARD, n_discard, _FULL))

    pool = DECK.mask & ~known_mask
    filled = _fill(pool, slots, rng) if placed is None else _check_placed(pool, slots, placed)

    for key, mask in filled.items():
        if key >= 0:
            hands[Seat(key)] = mask
    discard = discard_mask | filled.get(_DISCARD, 0)
    talon_mask = (talon_known | _mask(talon_led)) | filled.get(_TALON, 0)
    if talon_mask.bit_count() != 2:
        raise AssertionError("resample lost a talon card")

    initial: dict[Seat, CardSet] = {}
    for seat in view.active:
        mask = hands[seat] | played[seat]
        if seat == declarer and merged:
            mask = (mask | discard) & ~talon_mask
        initial[seat] = CardSet.from_mask(mask)
    order = list(talon_led)
    rest = [c for c in CardSet.from_mask(talon_mask) if c not in order]
    rng.shuffle(rest)
    order += rest
    deal = Deal(view.dealer, initial, CardSet.from_mask(talon_mask), tuple(order))

    discards: list[Action] = []
    if view.discard is None and n_discard:
        hidden = list(CardSet.from_mask(filled[_DISCARD]))
        rng.shuffle(hidden)
        discards = [card_action(c) for c in hidden]
    state = new_deal(rules, deal, raspasy_run=view.raspasy_run, refe=view.refe)
    return state, discards


def _check_placed(
    pool: int, slots: list[tuple[int, int, int]], placed: Mapping[int, int]
) -> dict[int, int]:
    """The given placement, if it deals exactly the pool into the slots as allowed."""
    out: dict[int, int] = {}
    used = 0
    for key, size, allowed in slots:
        mask = placed.get(key, 0)
        if mask.bit_count() != size or mask & ~allowed or mask & used:
            raise PreferansError("the placement does not fit the view")
        used |= mask
        out[key] = mask
    if used != pool:
        raise PreferansError("the placement does not fit the view")
    return out


def _mask(cards: list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _talon_merged(view: View) -> bool:
    """The talon went into the declarer's hand (shown, taken, not thrown)."""
    bid = view.bid
    if view.declarer is None or bid is None or bid.without_talon or view.talon_thrown:
        return False
    if view.kind is DealKind.RASPASY or view.phase is Phase.TALON:
        return False
    if view.rules.throw_talon:
        # With the throw convention the talon is taken by the first discard.
        return _has_discard(view)
    return True


def _has_discard(view: View) -> bool:
    """Some discard was made (the history after the auction starts with it)."""
    for _, action in view.history:
        if action is None or type(action) is CardAction:
            return True
        if isinstance(action, Declare) or action is THROW_TALON:
            return False
    return False


def _fill(pool: int, slots: list[tuple[int, int, int]], rng: random.Random) -> dict[int, int]:
    """Deal the pool's cards into the slots (sizes and allowed masks respected)."""
    cards = [i for i in range(32) if pool >> i & 1]
    if sum(size for _, size, _ in slots) != len(cards):
        raise PreferansError("the view is inconsistent: hidden cards do not match hand sizes")
    for _ in range(30):
        rng.shuffle(cards)
        options = [sum(1 for _, _, a in slots if a >> c & 1) for c in cards]
        order = sorted(range(len(cards)), key=options.__getitem__)
        room = [size for _, size, _ in slots]
        out = [0] * len(slots)
        ok = True
        for j in order:
            bit = 1 << cards[j]
            weights = [room[k] if slots[k][2] & bit else 0 for k in range(len(slots))]
            total = sum(weights)
            if not total:
                ok = False
                break
            pick = rng.randrange(total)
            k = 0
            while pick >= weights[k]:
                pick -= weights[k]
                k += 1
            room[k] -= 1
            out[k] |= bit
        if ok:
            return {slots[k][0]: out[k] for k in range(len(slots))}
    result = _search(cards, slots)
    if result is None:
        raise PreferansError("the view is inconsistent: no deal fits the shown voids")
    return result


def _search(cards: list[int], slots: list[tuple[int, int, int]]) -> dict[int, int] | None:
    """Exhaustive fallback (the random filler failed): depth-first over cards."""
    room = [size for _, size, _ in slots]
    out = [0] * len(slots)

    def place(j: int) -> bool:
        if j == len(cards):
            return True
        bit = 1 << cards[j]
        for k, (_, _, allowed) in enumerate(slots):
            if room[k] and allowed & bit:
                room[k] -= 1
                out[k] |= bit
                if place(j + 1):
                    return True
                room[k] += 1
                out[k] ^= bit
        return False

    if not place(0):
        return None
    return {slots[k][0]: out[k] for k in range(len(slots))}
