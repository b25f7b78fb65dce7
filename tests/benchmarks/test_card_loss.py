"""The card-play screen, run small and seeded: its losses are what the oracle says the
cards give away in the true deal, never negative, nothing for the oracle's own card."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from preferans.actions import CardAction
from preferans.bots.oracle import OracleBot
from preferans.bots.sampling import CardTurn, card_turn
from preferans.lab.players import parse_spec
from preferans.rules import find_rules

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "card_loss.py"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("card_loss", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_losses_are_the_true_deals_and_the_oracles_card_loses_nothing() -> None:
    bench = _module()
    oracle = OracleBot(table_separates=True)
    rules = find_rules("sochi")
    priced = positive = 0
    for index in range(3):
        for state, view in bench.card_states(rules, parse_spec("heuristic"), 1, index):
            turn = card_turn(view, table_separates=True)
            if not isinstance(turn, CardTurn):
                continue
            values = bench.true_values(oracle, state, view, turn)
            if values is None:
                continue
            best = oracle.decide_state(state).action
            assert bench.loss(values, view, turn, best) == 0.0
            for action in view.legal_actions:
                assert isinstance(action, CardAction)
                lost = bench.loss(values, view, turn, action)
                assert lost is not None and lost >= 0.0
                positive += lost > 0
            priced += 1
    assert priced > 20
    assert positive > 0  # some card does give something away


def test_the_same_bot_twice_differs_by_nothing_and_bad_bots_are_refused() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--deals", "2", "--bots", "heuristic,novice"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "novice - heuristic: +0.000 [+0.000, +0.000]" in done.stdout
    assert "card decisions with a choice" in done.stdout
    refused = subprocess.run(
        [sys.executable, str(BENCH), "--bots", "heuristic,nobody"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2
    assert "unknown bot level 'nobody'" in refused.stderr
