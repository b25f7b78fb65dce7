"""The OpenSpiel game passes OpenSpiel's random simulation tests (serialisation included)
at every table; ISMCTS (which redraws deals from information states) and MCTS play it."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

from preferans.bots import make_bot
from preferans.env.bots import SpielBot
from preferans.env.core import deal_payoff, utility_bound
from preferans.env.spiel import GAME_NAME, load, state_from_deal
from preferans.game import Deal, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat

from .conftest import TABLES


def _game(variant: str, players: int) -> pyspiel.Game:
    return pyspiel.load_game(f"{GAME_NAME}(variant={variant},players={players})")


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_random_simulation_test_with_serialisation(variant: str, players: int) -> None:
    pyspiel.random_sim_test(_game(variant, players), num_sims=3, serialize=True, verbose=False)


def _deal_out(state: pyspiel.State, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))


def _random_to(state: pyspiel.State, rng: np.random.RandomState, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(int(rng.choice(state.legal_actions())))


def _dealt(game: pyspiel.Game, rng: np.random.RandomState, steps: int = 0) -> pyspiel.State:
    """A new state of ``game``: dealt out by ``rng``, then ``steps`` random moves on."""
    state = game.new_initial_state()
    _deal_out(state, rng)
    _random_to(state, rng, steps)
    return state


def test_the_deal_is_32_chance_nodes_of_one_card_each() -> None:
    game = _game("sochi", 3)
    state = game.new_initial_state()
    assert game.max_chance_outcomes() == 32
    seen = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert all(card not in seen for card, _ in outcomes)
        seen.append(outcomes[-1][0])
        state.apply_action(outcomes[-1][0])
    assert len(seen) == 32
    assert state.deal_state.deal.hands[Seat.S].mask == sum(1 << c for c in seen[:10])


def test_returns_are_the_deal_payoff_and_sum_to_zero() -> None:
    rng = np.random.RandomState(4)
    for variant, players in TABLES:
        state = _dealt(_game(variant, players), rng, 1000)
        assert state.is_terminal()
        values = deal_payoff(state.deal_state)
        assert state.returns() == [values[state.seat_of(p)] for p in range(players)]
        assert sum(state.returns()) == pytest.approx(0.0, abs=1e-9)
        assert max(abs(r) for r in state.returns()) <= utility_bound(state.deal_state.rules)


def test_information_state_and_observation_per_player() -> None:
    state = _dealt(_game("leningrad", 3), np.random.RandomState(1), 2)
    texts = {state.information_state_string(p) for p in range(3)}
    assert len(texts) == 3
    for p in range(3):
        view = state.view(p)
        assert np.array_equal(state.observation_tensor(p), np.float32(view.tensor()))
        assert np.array_equal(
            state.information_state_tensor(p), np.float32(view.tensor(history=True))
        )
        text = state.observation_string(p)
        assert all(str(card) in text for card in view.hand)
        assert "calls" in text


def test_resampled_state_keeps_the_information_state() -> None:
    game = _game("sochi", 3)
    rng = np.random.RandomState(7)
    for _ in range(10):
        state = game.new_initial_state()
        _deal_out(state, rng)
        _random_to(state, rng, int(rng.randint(0, 40)))
        if state.is_terminal():
            continue
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        drawn = state.resample_from_infostate(player, sampler)
        assert drawn.information_state_string(player) == state.information_state_string(player)
        assert drawn.legal_actions() == state.legal_actions()


def test_serialised_and_pickled_states_come_back_equal() -> None:
    game = _game("balkan", 3)
    state = _dealt(game, np.random.RandomState(3), 12)
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    copied = pickle.loads(pickle.dumps(state))
    assert copied.information_state_string(0) == state.information_state_string(0)


def test_ismcts_mcts_and_project_bots_play_a_deal() -> None:
    game = _game("sochi", 3)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(6))
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 40.0, 20, random_state=np.random.RandomState(7)),
        mcts.MCTSBot(game, 40.0, 20, evaluator, random_state=np.random.RandomState(8)),
        SpielBot(2, "heuristic", seed=1),
    ]
    state = _dealt(game, rng)
    moves = [0, 0, 0]
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves[player] += 1
    assert all(moves)
    assert sum(state.returns()) == pytest.approx(0.0, abs=1e-9)


def test_project_bot_sees_the_same_decision_as_in_the_engine() -> None:
    rules = find_rules("rostov", players=4)
    deal = Deal.random(rules, Seat.E, random.Random(9))
    engine = new_deal(rules, deal)
    state = state_from_deal(load(rules), engine)
    bot = SpielBot(state.current_player(), make_bot("heuristic", 3))
    seat = engine.actor
    assert seat is not None
    assert bot.step(state) == make_bot("heuristic", 3).choose(engine.view(seat)).index
    with pytest.raises(ValueError, match="not to act"):
        SpielBot((state.current_player() + 1) % 4, "random").step(state)


def test_uniform_random_bots_finish_every_table() -> None:
    for variant, players in TABLES:
        game = _game(variant, players)
        rng = np.random.RandomState(players)
        bots = [UniformRandomBot(p, rng) for p in range(players)]
        state = _dealt(game, rng)
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        assert len(state.history()) <= 32 + game.max_game_length()


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="variant"):
        pyspiel.load_game(f"{GAME_NAME}(variant=bridge)")
    with pytest.raises(Exception, match="3 players"):
        pyspiel.load_game(f"{GAME_NAME}(variant=balkan,players=2)")
    with pytest.raises(Exception, match="unknown seat"):
        pyspiel.load_game(f"{GAME_NAME}(dealer=X)")


def test_only_a_players_own_observer_is_offered() -> None:
    from open_spiel.python.observation import make_observation

    game = _game("sochi", 3)
    own = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert own.tensor.shape == (game.information_state_tensor_size(),)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="own observation"):
        make_observation(game, public)
