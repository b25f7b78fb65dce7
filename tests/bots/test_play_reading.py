"""Reading the others' cards (:mod:`preferans.bots.play_reading`): deals in which the
hidden seats' cards are the heuristic's keep their weight, others lose it; the pool is
drawn down in proportion to the weights."""

from __future__ import annotations

import random

import pytest

from preferans.bots import make_bot
from preferans.bots.base import decision_rng
from preferans.bots.inference import DISCARD, TALON, World, draw_worlds
from preferans.bots.play_reading import card_weights, resample_worlds
from preferans.bots.sampling import SamplingBot
from preferans.errors import PreferansError
from preferans.game import Deal, DealState, Phase, View, new_deal
from preferans.rules import find_rules
from preferans.seats import player_seats


def _mid_play_views(seed: int) -> list[tuple[DealState, View]]:
    """Views of heuristic players after some tricks, no other hand open."""
    rules = find_rules("sochi")
    bot = make_bot("heuristic", seed)
    seats = player_seats(3)
    state = new_deal(rules, Deal.random(rules, seats[seed % 3], random.Random(seed)))
    out = []
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        if (
            view.phase is Phase.PLAY
            and 2 <= len(view.completed_tricks) <= 6
            and set(view.known_hands) == {view.seat}
        ):
            out.append((state, view))
        state = state.apply(bot.choose(view))
    return out


def _true_world(state: DealState, view: View) -> World:
    slots = {int(seat): state.hand(seat).mask for seat in state.active}
    known_talon = view.talon.mask if view.talon is not None else 0
    talon = state.deal.talon.mask & ~known_talon & ~state.discard.mask
    if talon and view.declarer is None:
        slots[TALON] = talon
    if view.discard is None and state.discard:
        slots[DISCARD] = state.discard.mask
    return World(slots)


def test_the_true_deal_of_heuristic_players_keeps_its_weight_and_others_lose_some() -> None:
    checked = lowered = 0
    for seed in range(40):
        for state, view in _mid_play_views(seed)[:2]:
            truth = _true_world(state, view)
            worlds, _ = draw_worlds(view, decision_rng(1, view, "test"), 24)
            weights = card_weights(view, [truth, *worlds], 0.1)
            assert weights[0] == 1.0
            assert all(
                0.0 < w <= world.weight for w, world in zip(weights[1:], worlds, strict=True)
            )
            lowered += any(w < world.weight for w, world in zip(weights[1:], worlds, strict=True))
            checked += 1
    assert checked >= 20
    assert lowered >= checked // 2


def test_resampling_follows_the_weights() -> None:
    worlds = [World({0: 1 << i}) for i in range(6)]
    weights = [0.0, 1.0, 1.0, 2.0, 0.0, 4.0]
    drawn = resample_worlds(worlds, weights, 4, random.Random(5))
    counts = {next(iter(w.slots.values())).bit_length() - 1: w.weight for w in drawn}
    assert sum(counts.values()) == 4
    assert 0 not in counts and 4 not in counts
    assert counts[5] == 2.0
    # A pool no larger than the count keeps every world with its weight.
    kept = resample_worlds(worlds[:3], [0.5, 0.0, 2.0], 4, random.Random(5))
    assert [w.weight for w in kept] == [0.5, 2.0]


def test_the_reading_settings_are_checked() -> None:
    with pytest.raises(PreferansError):
        SamplingBot(read_pool=-1)
    with pytest.raises(PreferansError):
        SamplingBot(read_factor=0.0)
