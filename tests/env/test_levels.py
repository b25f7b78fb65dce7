"""OpenSpiel's search bots as project levels: registered through the bot registry, legal
and reproducible decisions from a view, and playable in a duplicate match."""

from __future__ import annotations

import random

import pytest

from preferans.bots import level_names, make_bot
from preferans.game import Deal, new_deal
from preferans.match import run_match
from preferans.rules import find_rules
from preferans.seats import Seat


def test_levels_are_registered() -> None:
    assert {"ismcts", "mcts"} <= set(level_names())


@pytest.mark.parametrize("level", ["ismcts", "mcts"])
def test_decisions_are_legal_and_repeat_with_the_seed(level: str) -> None:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(4)))
    rng = random.Random(5)
    decided = 0
    while not state.is_over and decided < 6:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        bot = make_bot(level, 3, simulations=8)
        action = bot.choose(view)
        assert action in view.legal_actions
        assert make_bot(level, 3, simulations=8).choose(view) == action
        decided += 1
        state = state.apply(rng.choice(state.legal_actions()))


def test_ismcts_plays_a_duplicate_match_on_a_4_player_table() -> None:
    rules = find_rules("rostov", players=4)
    result = run_match(("ismcts", "random"), rules, 1, seed=2, options=({"simulations": 4}, {}))
    assert result.deals == 1
    assert result.per_deal[0][0] == pytest.approx(-result.per_deal[0][1])


def test_bad_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        make_bot("ismcts", 0, simulations=0)
