"""The card-play screen, run small and seeded: its losses are what the oracle says the
cards give away in the true deal, never negative, nothing for the oracle's own card."""

from __future__ import annotations

from benchmark_scripts import load, run

from preferans.actions import CardAction
from preferans.bots.oracle import OracleBot
from preferans.bots.sampling import CardTurn, card_turn
from preferans.lab.players import parse_spec
from preferans.rules import find_rules


def test_losses_are_the_true_deals_and_the_oracles_card_loses_nothing() -> None:
    bench = load("card_loss")
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
    done = run("card_loss", "--deals", "2", "--bots", "heuristic,novice", timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "novice - heuristic: +0.000 [+0.000, +0.000]" in done.stdout
    assert "card decisions with a choice" in done.stdout
    refused = run("card_loss", "--bots", "heuristic,nobody", timeout=60)
    assert refused.returncode == 2
    assert "unknown bot level 'nobody'" in refused.stderr
