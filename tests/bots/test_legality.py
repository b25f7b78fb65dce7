"""Bots only ever return legal actions, in every variant and at every table size."""

from __future__ import annotations

import pytest

from preferans.actions import Action
from preferans.bots import make_bot
from preferans.game import View
from preferans.rules import find_rules

from .conftest import play, seat_bots

VARIANTS = ("sochi", "leningrad", "rostov")
PLAYERS = (2, 3, 4)


def _legal(view: View, action: Action) -> None:
    assert action in view.legal_actions, f"{action} is not legal for {view.seat} in {view.phase}"


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_random_and_heuristic_bots_play_legally(variant: str, players: int) -> None:
    rules = find_rules(variant, players=players)
    for seed in range(40):
        bots = seat_bots(rules, lambda i, s=seed: make_bot(("random", "heuristic")[(i + s) % 2], s))
        state = play(rules, seed, bots, _legal)
        assert state.is_over


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_sampling_bot_plays_legally(variant: str, players: int) -> None:
    rules = find_rules(variant, players=players)
    for seed in range(3):
        bots = seat_bots(
            rules,
            lambda i, s=seed: (
                make_bot("sampling", s, samples=4)
                if i == 0
                else make_bot(("random", "heuristic")[(i + s) % 2], s)
            ),
        )
        state = play(rules, seed, bots, _legal)
        assert state.is_over


def test_sampling_bot_plays_every_seat_with_conventions() -> None:
    rules = find_rules("sochi", players=4, throw_talon=True, no_talon_bids=True, stalingrad=True)
    for seed in range(3):
        bots = seat_bots(rules, lambda i, s=seed: make_bot("sampling", s + i, samples=3))
        assert play(rules, seed, bots, _legal).is_over


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")
