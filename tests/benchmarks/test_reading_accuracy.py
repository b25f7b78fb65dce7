"""The reading screen, run small and seeded: a deal is scored by the hidden cards it
places right, the same bot asked twice scores the same, and bad input is refused."""

from __future__ import annotations

from benchmark_scripts import load, run

from preferans.bots.inference import World
from preferans.game import Deal, new_deal
from preferans.match import deal_rng
from preferans.rules import find_rules
from preferans.seats import Seat

SMALL = "sampling:samples=4:bid_samples=4"


def test_the_true_deal_places_every_card_and_a_swap_places_fewer() -> None:
    bench = load("reading_accuracy")
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.S, deal_rng(1, 0)))
    seat = state.actor
    assert seat is not None
    view = state.view(seat)
    west, east = [s for s in view.active if s != seat]
    true = World({int(s): state.hand(s).mask for s in view.active})
    assert bench.placed_right(state, view, [true]) == 1.0
    swapped = World({**true.slots, int(west): true.hand(east), int(east): true.hand(west)})
    assert bench.placed_right(state, view, [swapped]) == 0.0
    # the deals count by their weights
    assert bench.placed_right(state, view, [World(true.slots, 3.0), swapped]) == 0.75


def test_the_same_bot_twice_scores_alike() -> None:
    done = run(
        "reading_accuracy",
        "--deals", "3", "--seed", "2", "--player", "heuristic", "--bots", f"{SMALL},{SMALL}",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "cards placed in the right hand" in done.stdout
    assert "bidding" in done.stdout
    assert f"{SMALL} - {SMALL}, bidding: +0.00 [+0.00, +0.00] points" in done.stdout


def test_an_unknown_bot_and_a_bot_that_draws_no_deals_are_refused() -> None:
    unknown = run("reading_accuracy", "--bots", "master,nobody")
    assert unknown.returncode == 2
    assert "unknown bot level 'nobody'" in unknown.stderr
    plain = run("reading_accuracy", "--bots", "master,heuristic")
    assert plain.returncode == 2
    assert "'heuristic': not a sampling bot" in plain.stderr
