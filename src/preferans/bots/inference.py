"""Deals consistent with a view, and how plausible each is given what the others did.

A *world* places every card the seat cannot see: the other hands, the closed talon, an
unknown discard. Worlds respect the public facts (hand sizes, shown voids, the talon cards
being in the declarer's hand or discard); when there are few of them they are enumerated
exactly (an open defence, a misère catcher, the last tricks), otherwise drawn at random —
through :func:`preferans.game.resample` when the engine offers it. Inference then weighs
each world by the likelihood of the calls made by the others (bids, passes, whist calls)
under the heuristic model of seed 002 (Balkan calls under the Balkan heuristic's model,
:mod:`preferans.balkan.inference`), and by sequence leads in the card play.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Final

from preferans.actions import Bid, Call, CallKind, CardAction, Declare
from preferans.bots.defender_model import obligation_share
from preferans.bots.evaluation import best_estimate, hand_tricks, should_bid_misere
from preferans.cards import CardSet, Rank, Suit
from preferans.contracts import Contract
from preferans.families import family_of
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game.views import View

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
#: Swap steps per drawn deal when the others' calls carry information, and the swaps
#: proposed at each step.
REFINE_STEPS: Final = 20
PROPOSALS: Final = 2


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
    from preferans.game.phase import Phase

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

    With few arrangements every one is used, weighed by its likelihood. Otherwise each
    world starts as a draw from :func:`preferans.game.resample` and is moved towards what
    the others' calls say by a short walk over card swaps between hidden hands (the best
    of a few proposed swaps, kept when it is at least as likely), so the kept worlds fit
    the auction and count equally.
    """
    slots = hidden_slots(view)
    if slots is None:
        return [], False
    posterior = Posterior(view)
    if count_upper_bound(slots) <= exact_limit:
        worlds = enumerate_worlds(slots, exact_limit)
        if worlds is not None:
            weighted = [World(w.slots, posterior.total(w.slots)) for w in worlds]
            if sum(w.weight for w in weighted) > 0:
                return weighted, True
            return [World(w.slots) for w in worlds], True
    merged: dict[tuple[tuple[int, int], ...], World] = {}
    for _ in range(count):
        world = _from_resample_safe(view, rng) or random_world(slots, rng)
        if world is None:
            continue
        if posterior.informative:
            steps = min(REFINE_STEPS, 2 * slots.pool.bit_count())
            world = _refine(posterior, slots, world, rng, steps)
        key = tuple(sorted(world.slots.items()))
        old = merged.get(key)
        merged[key] = World(world.slots, (old.weight if old else 0.0) + 1.0)
    return list(merged.values()), False


def _refine(
    posterior: Posterior, slots: Slots, world: World, rng: random.Random, steps: int
) -> World:
    """Swap cards between hidden hands towards hands that fit the calls."""
    movable = [k for k in slots.sizes if slots.sizes[k] > 0]
    if len(movable) < 2:
        return world
    current = dict(world.slots)
    factors = {k: posterior.factor(k, current) for k in movable}
    for _ in range(steps):
        best: tuple[float, int, int, dict[int, int], float, float] | None = None
        for _ in range(PROPOSALS):
            a, b = rng.sample(movable, 2)
            from_a = current[a] & slots.allowed[b]
            from_b = current[b] & slots.allowed[a]
            if not from_a or not from_b:
                continue
            x = rng.choice(_cards(from_a))
            y = rng.choice(_cards(from_b))
            trial = dict(current)
            trial[a] = current[a] & ~(1 << x) | 1 << y
            trial[b] = current[b] & ~(1 << y) | 1 << x
            fa, fb = posterior.factor(a, trial), posterior.factor(b, trial)
            gain = (fa * fb) / max(factors[a] * factors[b], 1e-300)
            if best is None or gain > best[0]:
                best = (gain, a, b, trial, fa, fb)
        if best is None:
            continue
        gain, a, b, trial, fa, fb = best
        if gain >= 1.0 or rng.random() < gain:
            current = trial
            factors[a], factors[b] = fa, fb
    return World(current)


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
    hand: CardSet, call: Bid | Call, standing: Contract | None, trump: Suit | None = None
) -> float:
    """How likely the heuristic model makes this bidding ``call`` with ``hand``.

    ``standing`` is the highest bid before the call.
    """
    del trump
    return _call_factor(hand, best_estimate(hand.mask)[1], call, standing)


def _call_factor(hand: CardSet, value: float, call: Bid | Call, standing: Contract | None) -> float:
    from preferans.bots.evaluation import TALON_GAIN

    est = value + TALON_GAIN
    if isinstance(call, Bid):
        if call.contract.is_misere:
            return 0.9 if should_bid_misere(hand, own_lead=False) else 0.1
        return 0.05 + 0.95 * _logistic(2.0 * (est - call.contract.level + 0.3))
    kind = call.kind
    if kind is CallKind.HERE and standing is not None:
        return 0.1 + 0.9 * _logistic(1.5 * (est - standing.level + 0.3))
    if kind is CallKind.PASS:
        level = 6 if standing is None else standing.level
        return 0.1 + 0.9 * _logistic(1.5 * (level + 0.5 - est))
    return 1.0


def _contract_factor(hand: CardSet, contract: Contract) -> float:
    """The declarer named this contract after the discard: his ten cards should carry it."""
    if contract.is_misere:
        return 0.9 if should_bid_misere(hand, own_lead=False) else 0.2
    trump = contract.trump
    est = hand_tricks(hand, trump) - (0.5 if trump is None else 0.0)
    return 0.02 + 0.98 * _logistic(2.5 * (est - contract.level + 1.0))


def _whist_likelihood(hand: CardSet, call: Call, contract: Contract) -> float:
    from preferans.bots.evaluation import defence_estimate

    est = defence_estimate(hand, contract.trump)
    need = obligation_share(contract)
    if call.kind is CallKind.WHIST:
        return 0.15 + 0.85 * _logistic(2.0 * (est - need + 0.25))
    if call.kind in (CallKind.PASS, CallKind.HALF_WHIST):
        return 0.15 + 0.85 * _logistic(2.0 * (need - 0.25 - est))
    return 1.0


class Posterior:
    """The others' calls and signals, read once per decision, as per-seat factors.

    A world's likelihood is the product of one factor per hidden seat (its bids and passes,
    the contract it named, its whist calls, its honour leads), so a swap of two cards only
    recomputes the two seats it touches. The discard pile belongs to the declarer's factor.
    """

    def __init__(self, view: View) -> None:
        self.view = view
        self.declarer = view.declarer
        self.talon = view.talon.mask if view.talon is not None and not view.talon_thrown else 0
        self.known_discard = view.discard.mask if view.discard is not None else 0
        self.played: dict[int, int] = {}
        for trick in view.completed_tricks:
            for seat, card in trick.cards:
                self.played[int(seat)] = self.played.get(int(seat), 0) | card.bit
        for seat, card in view.current_trick:
            self.played[int(seat)] = self.played.get(int(seat), 0) | card.bit
        self.calls: dict[int, list[tuple[Bid | Call | Declare, Contract | None, bool]]] = {}
        standing: Contract | None = None
        after = False
        for seat, action in view.history:
            if action is None or isinstance(action, CardAction):
                continue
            hidden = seat != view.seat and seat not in view.known_hands
            if isinstance(action, Declare):
                after = True
                if hidden:
                    self.calls.setdefault(int(seat), []).append((action, standing, after))
                continue
            if isinstance(action, Bid | Call) and hidden:
                self.calls.setdefault(int(seat), []).append((action, standing, after))
            if isinstance(action, Bid):
                standing = action.contract
        trump = view.contract.trump if view.contract is not None else None
        self.leads: dict[int, list[int]] = {}
        for trick in view.completed_tricks:
            if trick.talon_card is not None or not trick.cards:
                continue
            seat, card = trick.cards[0]
            if seat in view.known_hands or seat == view.seat or card.suit == trump:
                continue
            if Rank.JACK <= card.rank < Rank.ACE:
                self.leads.setdefault(int(seat), []).append(card.index)
        self.informative = bool(self.calls or self.leads)
        self.memo: dict[tuple[int, int, int], float] = {}
        self.contract = view.contract
        self.family_weight = family_of(view.rules).bid_weight

    def original(self, seat: int, slots: dict[int, int]) -> int:
        """The ten cards the seat was dealt (the declarer: before the talon)."""
        mask = slots.get(seat, 0) | self.played.get(seat, 0)
        if self.declarer is not None and seat == int(self.declarer) and self.talon:
            discard = self.known_discard or slots.get(DISCARD, 0)
            mask = (mask | discard) & ~self.talon
        return mask

    def factor(self, slot: int, slots: dict[int, int]) -> float:
        """This slot's share of the likelihood (piles count with the declarer)."""
        if slot == DISCARD and self.declarer is not None:
            slot = int(self.declarer)
        calls = self.calls.get(slot)
        leads = self.leads.get(slot)
        if not calls and not leads:
            return 1.0
        key = (slot, slots.get(slot, 0), slots.get(DISCARD, 0))
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        weight = 1.0
        original = CardSet.from_mask(self.original(slot, slots))
        value: float | None = None
        if self.family_weight is not None:
            final = CardSet.from_mask(slots.get(slot, 0) | self.played.get(slot, 0))
            is_declarer = self.declarer is not None and slot == int(self.declarer)
            weight *= self.family_weight(
                original, final, calls or (), self.contract, declarer=is_declarer
            )
            calls = None
        for action, standing, after in calls or ():
            if isinstance(action, Declare):
                final = CardSet.from_mask(slots.get(slot, 0) | self.played.get(slot, 0))
                weight *= _contract_factor(final, action.contract)
            elif after:
                contract = self.contract
                if isinstance(action, Call) and contract is not None and not contract.is_misere:
                    weight *= _whist_likelihood(original, action, contract)
            else:
                if value is None:
                    value = best_estimate(original.mask)[1]
                weight *= _call_factor(original, value, action, standing)
        for index in leads or ():
            weight *= 1.6 if original.mask >> (index - 1) & 1 else 0.8
        self.memo[key] = weight
        return weight

    def total(self, slots: dict[int, int]) -> float:
        weight = 1.0
        for seat in set(self.calls) | set(self.leads):
            weight *= self.factor(seat, slots)
        return weight


def likelihood(view: View, world: World) -> float:
    """How well a world fits every hidden seat's calls and leads (up to a constant)."""
    return Posterior(view).total(world.slots)


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
