"""Steps per second of the agents' environments against the raw engine.

The same random play (uniform over the legal actions) is run four ways: the engine alone
(``DealState.apply``), the engine with the acting seat's view and its tensor each step
(what an agent costs at least), the PettingZoo environment (``last()`` with the
observation and mask, then ``step``), and the OpenSpiel game (``legal_actions``, the
observation tensor of the player to act, ``apply_action``; the 32 chance nodes of the deal
are not counted as steps). Times are CPU time of the process, so they are one core and
not inflated by other work on a shared machine. Usage::

    .venv/bin/python benchmarks/env.py [--deals 100] [--variant sochi] [--players 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from preferans.env import PreferansEnv
from preferans.env.spiel import GAME_NAME
from preferans.game import Deal, new_deal
from preferans.rules import find_rules
from preferans.seats import seats_for


def _engine(variant: str, players: int, deals: int, tensor: bool) -> int:
    rules = find_rules(variant, players=players)
    rng = random.Random(1)
    steps = 0
    for _ in range(deals):
        state = new_deal(rules, Deal.random(rules, rng.choice(seats_for(players)), rng))
        while not state.is_over:
            if tensor:
                actor = state.actor
                assert actor is not None
                state.view(actor).tensor()
            state = state.apply(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def _pettingzoo(variant: str, players: int, deals: int) -> int:
    env = PreferansEnv(variant, players)
    steps = 0
    for seed in range(deals):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(env.action_space(agent).sample(observation["action_mask"])))
            steps += 1
    return steps


def _openspiel(variant: str, players: int, deals: int) -> int:
    game = pyspiel.load_game(f"{GAME_NAME}(variant={variant},players={players})")
    rng = np.random.RandomState(1)
    steps = 0
    for _ in range(deals):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(outcomes)))
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
    return steps


def _rate(run: Callable[[], int]) -> tuple[int, float]:
    started = time.process_time()
    steps = run()
    return steps, steps / max(time.process_time() - started, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    v, p, n = args.variant, args.players, args.deals
    runs: list[tuple[str, Callable[[], int]]] = [
        ("engine (apply only)", lambda: _engine(v, p, n, False)),
        ("engine + view tensor", lambda: _engine(v, p, n, True)),
        ("PettingZoo AEC", lambda: _pettingzoo(v, p, n)),
        ("OpenSpiel game", lambda: _openspiel(v, p, n)),
    ]
    print(f"{v}, {p} players, {n} random deals per line (CPU time, one core)")
    base = None
    for name, run in runs:
        steps, rate = _rate(run)
        base = base or rate
        print(f"  {name:<22} {rate:9.0f} steps/s  ({steps} steps, {rate / base:.2f} of the engine)")


if __name__ == "__main__":
    main()
