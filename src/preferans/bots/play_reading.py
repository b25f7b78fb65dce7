"""Reading the others' cards: a drawn deal in which a hidden seat's cards are the ones a
player of seed 002's rules of thumb would have played is likelier than one in which they
are not.

The bidding and the whist calls are read by :mod:`preferans.bots.inference` while deals
are drawn; the cards played say more as the deal goes on (a low card second hand, a lead
from a sequence, which suit a void throws away). Reading them needs each hidden seat's
view at each of its cards, so it is done on a pool of drawn deals: the history is
replayed in every deal (:func:`preferans.game.replay`), the heuristic asked what it would
have played from that seat's view, and every card that differs multiplies the deal's
weight by ``factor`` (soft: people and stronger bots play other cards too). The pool is
then drawn down to the deals the decision solves, in proportion to the weights.

Measured over the deals of 40 seeded Sochi games of sampling bots, 155 card decisions
in trick games and misère: the share of hidden cards that the weighted deals place in
the right hand rose from 57.7% to 62–64% (factor 0.3 to 0.03); reading the same cards
double-dummy instead (a card that gave tricks away weighs its deal down) moved it by
under 0.4 points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from preferans.actions import CardAction
from preferans.bots.heuristic import heuristic_action
from preferans.bots.inference import DISCARD, TALON, World
from preferans.game import replay
from preferans.game.phase import Phase

if TYPE_CHECKING:
    from preferans.game.views import View

__all__ = ["card_weights", "resample_worlds"]


def card_weights(view: View, worlds: Sequence[World], factor: float) -> list[float]:
    """Each world's weight times ``factor`` for every card a hidden seat played that the
    heuristic, from that seat's view in that world, would not have played."""
    weights = [w.weight for w in worlds]
    seen = {view.seat, *view.known_hands}
    hidden_played = any(
        seat not in seen for trick in view.completed_tricks for seat, _ in trick.cards
    ) or any(seat not in seen for seat, _ in view.current_trick)
    if not hidden_played:
        return weights
    out = []
    for world, weight in zip(worlds, weights, strict=True):
        hands = {seat: world.hand(seat) for seat in view.active}
        talon, discard = world.slots.get(TALON, 0), world.slots.get(DISCARD, 0)
        for state, action in replay(view, hands, talon, discard):
            if state.phase is not Phase.PLAY or not isinstance(action, CardAction):
                continue
            seat = state.actor
            if seat is None or seat in seen:
                continue
            seat_view = state.view(seat)
            if len(seat_view.legal_actions) > 1 and heuristic_action(seat_view) != action:
                weight *= factor
        out.append(weight)
    return out


def resample_worlds(
    worlds: Sequence[World], weights: Sequence[float], count: int, rng: random.Random
) -> list[World]:
    """``count`` draws from the worlds in proportion to ``weights`` (systematic
    resampling), repeated draws merged into one world that counts as many."""
    total = sum(weights)
    if total <= 0 or len(worlds) <= count:
        return [World(w.slots, wt) for w, wt in zip(worlds, weights, strict=True) if wt > 0]
    step = total / count
    point = rng.random() * step
    counts = [0] * len(worlds)
    acc = 0.0
    i = 0
    for k in range(count):
        target = point + k * step
        while i < len(worlds) - 1 and acc + weights[i] <= target:
            acc += weights[i]
            i += 1
        counts[i] += 1
    return [World(w.slots, float(c)) for w, c in zip(worlds, counts, strict=True) if c]
