"""The whist-habit fit: calls drawn from a known habit give that habit back, the habit a
set of calls came from fits them better than another, and bad input is refused."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from benchmark_scripts import load, run

from preferans.bots.defender_model import GENTLEMAN_HABIT, GREEDY_HABIT, Before, whist_chance


def _calls(bench: ModuleType, habit: object, count: int, seed: int) -> list[object]:
    rng = random.Random(seed)
    calls = []
    for _ in range(count):
        high = rng.random() < 0.2
        before = rng.choice(list(Before))
        margin = rng.uniform(-3.0, 3.0)
        surplus = rng.randint(-3, 2)
        p = whist_chance(margin, 0.0, surplus, before, high=high, habit=habit)  # type: ignore[arg-type]
        calls.append(bench.WhistCall(margin, surplus, before, high, rng.random() < p))
    return calls


def test_calls_drawn_from_a_habit_give_it_back() -> None:
    bench = load("whist_habits")
    fitted = bench.fit(_calls(bench, GENTLEMAN_HABIT, 20000, 1))
    assert fitted.estimate_slope == pytest.approx(GENTLEMAN_HABIT.estimate_slope, abs=0.15)
    assert fitted.surplus_slope == pytest.approx(GENTLEMAN_HABIT.surplus_slope, abs=0.1)
    assert fitted.high_intercept == pytest.approx(GENTLEMAN_HABIT.high_intercept, abs=0.3)
    for before, value in GENTLEMAN_HABIT.low_intercept.items():
        assert fitted.low_intercept[before] == pytest.approx(value, abs=0.2)


def test_the_habit_the_calls_came_from_fits_them_better() -> None:
    bench = load("whist_habits")
    calls = _calls(bench, GREEDY_HABIT, 3000, 2)
    assert bench.log_loss(calls, GREEDY_HABIT) < bench.log_loss(calls, GENTLEMAN_HABIT)
    assert bench.log_loss(calls, bench.fit(calls)) <= bench.log_loss(calls, GREEDY_HABIT)


def test_a_small_run_prints_the_situations_and_the_losses() -> None:
    done = run("whist_habits", "--deals", "40", "--seed", "3", "--player", "heuristic")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "six or seven, after nothing" in done.stdout
    assert "greedy (fitted to these rules' style)" in done.stdout
    assert "low_intercept={'NOTHING':" in done.stdout


def test_bad_input_is_refused() -> None:
    balkan = run("whist_habits", "--variant", "balkan", timeout=60)
    assert balkan.returncode == 2 and "three-handed Russian variants" in balkan.stderr
    tuned = run("whist_habits", "--player", "master:samples=4", timeout=60)
    assert tuned.returncode == 2 and "a level by name" in tuned.stderr
