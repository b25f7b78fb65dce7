"""Deals consistent with a view, and how plausible each is given what the others did.

A *world* places every card the seat cannot see: the other hands, the closed talon, an
unknown discard. Worlds respect the public facts (hand sizes, shown voids, the talon cards
being in the declarer's hand or discard); when there are few of them they are enumerated
exactly (an open defence, a misère catcher, the last tricks), otherwise drawn at random —
through :func:`preferans.game.resample` when the engine offers it. Inference then weighs
each world by the likelihood of the calls made by the others (bids, passes, whist calls)
under the heuristic model of seed 002, and by sequence leads in the card play.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Final

from preferans.actions import Bid, Call, CallKind, CardAction, Declare
from preferans.bots.evaluation import should_bid_misere
from preferans.cards import CardSet, Rank, Suit
from preferans.contracts import Contract
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import View

__all__ = [
    "DISCARD",
    "TALON",
    "World",
    "call_likelihood",
    "draw_worlds",
    "hidden_slots",
    "voids",
]

TALON: Final = 10
DISCARD: Final = 11


@dataclass(frozen=True, slots=True)
class World:
    """Where every card is in one imagined deal; ``slots`` maps seat/pile → card mask."""

    slots: dict[int, int]
    weight: float = 1.0

    def hand(self, seat: Seat) -> int:
        return self.slots.get(int(seat), 0)


@dataclass(frozen=True, slots=True)
class Slots:
    """The unknown: card pool, pile sizes and which cards may go where."""

    pool: int
    sizes: dict[int, int]
    allowed: dict[int, int]
    """Per slot: the mask of pool cards it may receive (voids, talon-card placement)."""
    fixed: dict[int, int]
    """Hands known to this seat (its own, open hands)."""


def voids(view: View) -> dict[Seat, int]:
    """Suit masks each seat has shown it lacks, by failing to follow (or to trump)."""
    trump = view.contract.trump if view.contract is not None else None
    out: dict[Seat, int] = {}
    tricks = [(t.cards, t.talon_card) for t in view.completed_tricks]
    tricks.append((view.current_trick, view.lead_talon_card))
    for cards, talon_card in tricks:
        if not cards and talon_card is None:
            continue
        led = talon_card.suit if talon_card is not None else cards[0][1].suit
        followers = cards if talon_card is not None else cards[1:]
        for seat, card in followers:
            if card.suit != led:
                out[seat] = out.get(seat, 0) | led.mask
                if trump is not None and card.suit != trump and led != trump:
                    out[seat] |= trump.mask
    return out


def hidden_slots(view: View) -> Slots | None:
    """The unknown part of the deal as this seat sees it (None if it does not add up)."""
    fixed = {int(s): c.mask for s, c in view.known_hands.items()}
    seen = 0
    for mask in fixed.values():
        seen |= mask
    seen |= view.played_cards.mask
    if view.discard is not None:
        seen |= view.discard.mask
    talon_mask = view.talon.mask if view.talon is not None else 0
    sizes: dict[int, int] = {}
    for seat in view.active:
        if int(seat) not in fixed:
            sizes[int(seat)] = view.hand_sizes.get(seat, 0)
    declarer = view.declarer
    talon_taken = declarer is not None and view.talon is not None and not view.talon_thrown
    placed_talon = 0
    if talon_taken and declarer is not None:
        # The talon went into the declarer's hand: each card is held or discarded.
        placed_talon = talon_mask & ~seen
        if int(declarer) in fixed:
            placed_talon = 0
    else:
        seen |= talon_mask
    if declarer is not None and view.discard is None and _discarded(view):
        sizes[DISCARD] = 2
    elif view.talon is None or (not talon_taken and len(view.talon) < 2):
        shown = len(view.talon) if view.talon is not None else 0
        if 2 - shown > 0:
            sizes[TALON] = 2 - shown
    pool = 0xFFFFFFFF & ~seen
    if sum(sizes.values()) != pool.bit_count():
        return None
    gaps = voids(view)
    allowed: dict[int, int] = {}
    for slot in sizes:
        mask = pool
        if slot < TALON:
            mask &= ~gaps.get(Seat(slot), 0)
            if placed_talon and declarer is not None and slot != int(declarer):
                mask &= ~placed_talon
        elif slot == TALON:
            mask &= ~placed_talon
        allowed[slot] = mask
    return Slots(pool, sizes, allowed, fixed)


def _discarded(view: View) -> bool:
    """Whether the declarer has already put two cards away (talon taken, discard made)."""
    from preferans.game import Phase

    if view.declarer is None or view.talon_thrown:
        return False
    if view.phase in (Phase.BIDDING, Phase.TALON, Phase.DISCARD):
        return False
    return view.bid is not None and not view.bid.without_talon


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count_upper_bound(slots: Slots) -> int:
    """Arrangements ignoring voids (a cap for choosing enumeration)."""
    n = slots.pool.bit_count()
    total = 1
    for size in slots.sizes.values():
        total *= math.comb(n, size)
        n -= size
    return total


def enumerate_worlds(slots: Slots, limit: int) -> list[World] | None:
    """Every arrangement respecting the constraints, or None if more than ``limit``."""
    order = sorted(slots.sizes, key=lambda s: slots.sizes[s])
    out: list[World] = []

    def place(i: int, left: int, acc: dict[int, int]) -> bool:
        if i == len(order) - 1:
            slot = order[i]
            if left & ~slots.allowed[slot] or left.bit_count() != slots.sizes[slot]:
                return True
            out.append(World({**slots.fixed, **acc, slot: left}))
            return len(out) <= limit
        slot = order[i]
        options = _cards(left & slots.allowed[slot])
        for combo in combinations(options, slots.sizes[slot]):
            mask = sum(1 << c for c in combo)
            if not place(i + 1, left & ~mask, {**acc, slot: mask}):
                return False
        return True

    if not order:
        return [World(dict(slots.fixed))]
    if not place(0, slots.pool, {}):
        return None
    return out


def random_world(slots: Slots, rng: random.Random, tries: int = 50) -> World | None:
    """One arrangement drawn at random (most constrained cards first, then the rest)."""
    cards = _cards(slots.pool)
    for _ in range(tries):
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(1 for s in slots.sizes if slots.allowed[s] >> c & 1))
        room = dict(slots.sizes)
        acc = dict.fromkeys(slots.sizes, 0)
        ok = True
        for card in cards:
            choices = [s for s in room if room[s] and slots.allowed[s] >> card & 1]
            if not choices:
                ok = False
                break
            weights = [room[s] for s in choices]
            slot = rng.choices(choices, weights)[0]
            acc[slot] |= 1 << card
            room[slot] -= 1
        if ok:
            return World({**slots.fixed, **acc})
    return None


def _from_resample(view: View, rng: random.Random) -> World | None:
    """A world from the engine's own resampler, when it has one."""
    try:
        from preferans.game import resample
    except ImportError:
        return None
    state = resample(view, rng)
    slots = {int(s): state.hand(s).mask for s in view.active}
    deal = state.deal
    if view.talon is None or len(view.talon) < 2:
        slots[TALON] = deal.talon.mask & ~(view.talon.mask if view.talon is not None else 0)
    discard = getattr(state, "discard", None)
    if isinstance(discard, CardSet) and discard:
        slots[DISCARD] = discard.mask
    return World(slots)


def draw_worlds(
    view: View, rng: random.Random, count: int, *, exact_limit: int = 120
) -> tuple[list[World], bool]:
    """Worlds for a decision, weighed by inference; True when they are all the worlds.

    With few arrangements every one is used (weights from inference); otherwise
    ``3 × count`` are drawn and ``count`` kept in proportion to their likelihood.
    """
    slots = hidden_slots(view)
    if slots is None:
        return [], False
    if count_upper_bound(slots) <= exact_limit:
        worlds = enumerate_worlds(slots, exact_limit)
        if worlds is not None:
            weighted = [World(w.slots, likelihood(view, w)) for w in worlds]
            if sum(w.weight for w in weighted) > 0:
                return weighted, True
            return [World(w.slots) for w in worlds], True
    drawn: list[World] = []
    for _ in range(3 * count):
        world = _from_resample_safe(view, rng) or random_world(slots, rng)
        if world is not None:
            drawn.append(world)
    if not drawn:
        return [], False
    weights = [likelihood(view, w) for w in drawn]
    if sum(weights) <= 0:
        weights = [1.0] * len(drawn)
    chosen = rng.choices(drawn, weights, k=count)
    merged: dict[tuple[tuple[int, int], ...], World] = {}
    for world in chosen:
        key = tuple(sorted(world.slots.items()))
        old = merged.get(key)
        merged[key] = World(world.slots, (old.weight if old else 0.0) + 1.0)
    return list(merged.values()), False


_RESAMPLE_OK: list[bool] = [True]


def _from_resample_safe(view: View, rng: random.Random) -> World | None:
    if not _RESAMPLE_OK[0]:
        return None
    try:
        return _from_resample(view, rng)
    except (ValueError, AssertionError):
        return None


# --- likelihood of the others' calls -----------------------------------------------------


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def original_hand(view: View, world: World, seat: Seat) -> CardSet:
    """The 10 cards ``seat`` was dealt, in this world."""
    mask = world.hand(seat)
    for trick in view.completed_tricks:
        for s, card in trick.cards:
            if s == seat:
                mask |= card.bit
    for s, card in view.current_trick:
        if s == seat:
            mask |= card.bit
    if seat == view.declarer and view.talon is not None and not view.talon_thrown:
        discard = view.discard.mask if view.discard is not None else world.slots.get(DISCARD, 0)
        mask = (mask | discard) & ~view.talon.mask
    return CardSet.from_mask(mask)


def call_likelihood(
    hand: CardSet, call: Bid | Call, standing: Contract | None, trump: Suit | None
) -> float:
    """How likely the heuristic model makes ``call`` with ``hand`` (bidding or whisting).

    ``standing`` is the highest bid before the call (bidding) or the contract (whisting).
    """
    from preferans.bots.heuristic import TALON_GAIN, declarer_estimate

    del trump
    if isinstance(call, Bid):
        if call.contract.is_misere:
            return 0.9 if should_bid_misere(hand, own_lead=False) else 0.1
        est = declarer_estimate(hand)[1] + TALON_GAIN
        return 0.1 + 0.9 * _logistic(1.5 * (est - call.contract.level + 0.3))
    kind = call.kind
    if kind is CallKind.HERE and standing is not None:
        est = declarer_estimate(hand)[1] + TALON_GAIN
        return 0.1 + 0.9 * _logistic(1.5 * (est - standing.level + 0.3))
    if kind is CallKind.PASS:
        level = 6 if standing is None else standing.level
        est = declarer_estimate(hand)[1] + TALON_GAIN
        return 0.1 + 0.9 * _logistic(1.5 * (level + 0.5 - est))
    return 1.0


def _whist_likelihood(hand: CardSet, call: Call, contract: Contract) -> float:
    from preferans.bots.heuristic import defence_estimate

    est = defence_estimate(hand, contract.trump)
    need = contract.defence_obligation / 2 if contract.level <= 7 else 1.0
    if call.kind is CallKind.WHIST:
        return 0.15 + 0.85 * _logistic(2.0 * (est - need + 0.25))
    if call.kind in (CallKind.PASS, CallKind.HALF_WHIST):
        return 0.15 + 0.85 * _logistic(2.0 * (need - 0.25 - est))
    return 1.0


def likelihood(view: View, world: World) -> float:
    """Product of the likelihoods of every other seat's public calls and signals."""
    weight = 1.0
    standing: Contract | None = None
    after_contract = False
    contract = view.contract
    hands: dict[Seat, CardSet] = {}

    def hand_of(seat: Seat) -> CardSet:
        if seat not in hands:
            hands[seat] = original_hand(view, world, seat)
        return hands[seat]

    for seat, action in view.history:
        if action is None or isinstance(action, CardAction):
            continue
        if isinstance(action, Declare):
            after_contract = True
            continue
        if seat == view.seat or (int(seat) in world.slots and seat in view.known_hands):
            if isinstance(action, Bid):
                standing = action.contract
            continue
        if isinstance(action, Bid):
            weight *= call_likelihood(hand_of(seat), action, standing, None)
            standing = action.contract
        elif isinstance(action, Call):
            if after_contract and contract is not None and not contract.is_misere:
                weight *= _whist_likelihood(hand_of(seat), action, contract)
            elif not after_contract:
                weight *= call_likelihood(hand_of(seat), action, standing, None)
    weight *= _lead_signals(view, world)
    return weight


def _lead_signals(view: View, world: World) -> float:
    """Honour leads usually come from touching honours (K from K Q, Q from Q J)."""
    weight = 1.0
    trump = view.contract.trump if view.contract is not None else None
    for trick in view.completed_tricks:
        if trick.talon_card is not None or not trick.cards:
            continue
        seat, card = trick.cards[0]
        if seat in view.known_hands or card.suit == trump or card.rank < Rank.JACK:
            continue
        if card.rank == Rank.ACE:
            continue
        below = card.index - 1
        held = original_hand(view, world, seat).mask
        weight *= 1.6 if held >> below & 1 else 0.8
    return weight


def iter_bidding(view: View) -> Iterator[tuple[Seat, Bid | Call, Contract | None]]:
    """The bidding calls with the standing bid before each."""
    standing: Contract | None = None
    for seat, action in view.history:
        if isinstance(action, (Declare, CardAction)) or action is None:
            break
        if isinstance(action, Bid):
            yield seat, action, standing
            standing = action.contract
        elif isinstance(action, Call):
            yield seat, action, standing
