"""Masks equal the engine's legal actions on 10,000 random states of every table (the
PettingZoo observation's mask and the OpenSpiel legal actions alike); only the agent to
act has a non-zero mask; the Balkan kontra bound is the one place they differ."""

from __future__ import annotations

import random

import numpy as np
import pyspiel

from preferans.actions import KONTRA, PASS
from preferans.env import PreferansEnv
from preferans.env.spiel import GAME_NAME
from preferans.game.tensor import action_mask

from .conftest import TABLES

#: A bound no random chain reaches, so the masks are the engine's own.
_UNBOUNDED = 60


def test_masks_equal_the_engines_legal_actions_on_10000_states() -> None:
    rng = random.Random(20)
    checked = 0
    envs = [PreferansEnv(v, p, max_kontra=_UNBOUNDED) for v, p in TABLES]
    episode = 0
    while checked < 10_000:
        env = envs[episode % len(envs)]
        env.reset(seed=episode)
        episode += 1
        while not env.state_now.is_over:
            state = env.state_now
            acting = env.agent_selection
            for agent in env.agents:
                mask = env.observe(agent)["action_mask"]
                if agent == acting:
                    assert mask.tolist() == action_mask(state.legal_actions())
                else:
                    assert not mask.any()
            checked += 1
            legal = np.flatnonzero(env.observe(acting)["action_mask"])
            env.step(int(rng.choice(list(legal))))
    assert checked >= 10_000


def test_openspiel_legal_actions_are_the_engines() -> None:
    rng = np.random.RandomState(21)
    checked = 0
    for variant, players in TABLES:
        game = pyspiel.load_game(
            f"{GAME_NAME}(variant={variant},players={players},max_kontra={_UNBOUNDED})"
        )
        for _ in range(4):
            state = game.new_initial_state()
            while state.is_chance_node():
                state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
            while not state.is_terminal():
                engine = state.deal_state
                assert state.legal_actions() == [a.index for a in engine.legal_actions()]
                assert state.legal_actions_mask() == action_mask(engine.legal_actions())
                checked += 1
                state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 500


def test_the_kontra_chain_stops_at_the_bound() -> None:
    """With max_kontra=1 a defender's kontra is the last: the declarer may only pass."""
    env = PreferansEnv("balkan", 3, max_kontra=1)
    found = False
    for seed in range(400):
        env.reset(seed=seed)
        rng = random.Random(seed)
        while not env.state_now.is_over:
            state = env.state_now
            legal = state.legal_actions()
            offered = env.legal_actions(env.agent_selection)
            kontra = state.view(env.seats[0]).kontra
            if KONTRA in legal and any(kontra.values()):
                assert KONTRA.index not in offered and PASS.index in offered
                found = True
            else:
                assert list(offered) == [a.index for a in legal]
            env.step(KONTRA.index if KONTRA.index in offered else rng.choice(offered))
        if found:
            break
    assert found
