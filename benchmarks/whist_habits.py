"""The master's whist calls, collected from self-play and fitted as the pricing assumes
them (:mod:`preferans.bots.defender_model`), beside the habit the bot now uses.

Seeded deals are played by one bot (``--player``) at every seat. At every defender's
decision to whist a declared game the call is kept with what the fit sees: the defence
estimate over the defender's share of the obligation, the declarer's double-dummy tricks
over his level in the true deal (the ``oracle``), what the other defender said before,
and whether the contract is of the eight level or more. The logistic is fitted by
Newton's method; its log-loss on the calls is printed beside that of each habit in
``defender_model.py`` (greedy and gentleman's whist), so a refit is a matter of copying
the printed coefficients there when they do better (in a match, not only here: the fit
is in-sample).

    .venv/bin/python benchmarks/whist_habits.py --variant leningrad --deals 300 --seed 17
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from preferans.actions import Call, CallKind, Declare
from preferans.bots import make_bot
from preferans.bots.defender_model import (
    GENTLEMAN_HABIT,
    GREEDY_HABIT,
    Before,
    WhistHabit,
    obligation_share,
    whist_chance,
    whist_habit,
)
from preferans.bots.evaluation import defence_estimate
from preferans.bots.oracle import OracleBot
from preferans.game import DealState, View
from preferans.game.phase import Phase
from preferans.lab.players import SpecError, parse_spec
from preferans.rules import find_rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
import selfplay  # the sibling script that plays the seeded deals

SITUATIONS = (Before.NOTHING, Before.PASS, Before.WHIST, Before.HALF_WHIST)
HABITS = {"greedy": GREEDY_HABIT, "gentleman": GENTLEMAN_HABIT}


@dataclass(frozen=True, slots=True)
class WhistCall:
    """One defender's call with what the fit sees."""

    margin: float  # defence estimate minus the share of the obligation
    surplus: int  # declarer's double-dummy tricks minus his level
    before: Before
    high: bool
    whisted: bool


def whist_decision(view: View) -> bool:
    """A defender deciding whether to whist a declared game."""
    contract = view.contract
    kinds = {a.kind for a in view.legal_actions if isinstance(a, Call)}
    return (
        view.phase is Phase.WHISTING
        and contract is not None
        and not contract.is_misere
        and view.seat != view.declarer
        and CallKind.WHIST in kinds
    )


def said_before(view: View) -> Before:
    """The other defender's last word since the contract (what this one answers)."""
    before = Before.NOTHING
    named = False
    for seat, action in view.history:
        if isinstance(action, Declare):
            named = True
        elif named and isinstance(action, Call) and seat != view.seat:
            before = {
                CallKind.PASS: Before.PASS,
                CallKind.WHIST: Before.WHIST,
                CallKind.HALF_WHIST: Before.HALF_WHIST,
            }.get(action.kind, before)
    return before


def collect(state: DealState, player: str, seed: int, oracle: OracleBot) -> list[WhistCall]:
    """Play the deal out with ``player`` at every seat; every whist call it made."""
    bot = make_bot(player, seed=seed)
    calls: list[WhistCall] = []
    declarer_tricks: int | None = None
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        action = bot.choose(view)
        if whist_decision(view):
            contract = view.contract
            assert contract is not None
            if declarer_tricks is None:
                solved = oracle.decide_state(state).options[0].tricks
                assert solved is not None  # the true deal's count: a whole number
                declarer_tricks = round(solved)
            estimate = defence_estimate(view.hand, contract.trump)
            calls.append(
                WhistCall(
                    margin=estimate - obligation_share(contract),
                    surplus=declarer_tricks - contract.level,
                    before=said_before(view),
                    high=contract.level > 7,
                    whisted=isinstance(action, Call) and action.kind is CallKind.WHIST,
                )
            )
        state = state.apply(action)
    return calls


def _design(calls: list[WhistCall]) -> np.ndarray:
    rows = []
    for c in calls:
        situation = [float(not c.high and c.before is b) for b in SITUATIONS]
        rows.append([*situation, float(c.high), c.margin, float(max(-3, min(2, c.surplus)))])
    return np.array(rows, dtype=float)


def fit(calls: list[WhistCall]) -> WhistHabit:
    """The maximum-likelihood habit (Newton's method, a whisker of ridge for situations
    the calls never reach)."""
    x = _design(calls)
    y = np.array([float(c.whisted) for c in calls])
    w = np.zeros(x.shape[1])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (y - p) - 1e-2 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w += step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return WhistHabit(
        low_intercept={b: round(float(w[i]), 2) for i, b in enumerate(SITUATIONS)},
        high_intercept=round(float(w[4]), 2),
        estimate_slope=round(float(w[5]), 2),
        surplus_slope=round(float(w[6]), 2),
    )


def log_loss(calls: list[WhistCall], habit: WhistHabit) -> float:
    """Mean negative log-likelihood of the calls under ``habit`` (0.693: a coin)."""
    total = 0.0
    for c in calls:
        p = whist_chance(c.margin, 0.0, c.surplus, c.before, high=c.high, habit=habit)
        p = min(1 - 1e-9, max(1e-9, p))
        total -= math.log(p if c.whisted else 1 - p)
    return total / len(calls)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--player", default="master")
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    try:
        spec = parse_spec(args.player)
        if spec.level is None or spec.options:
            parser.error("the player is a level by name (master, amateur, ...)")
        rules = find_rules(args.variant)
        make_bot(spec.level)
        if args.deals < 1:
            parser.error("one deal at least")
    except (SpecError, ValueError) as error:
        parser.error(str(error))
    if rules.players != 3 or rules.is_balkan:
        parser.error("the fit is for three-handed Russian variants (sochi, leningrad, rostov)")
    oracle = OracleBot()
    calls: list[WhistCall] = []
    run = selfplay.from_args(spec, rules, args)
    for seed, state in run.states(lambda: f"{len(calls)} whist calls"):
        calls.extend(collect(state, spec.level, seed, oracle))
    if len(calls) < 10:
        raise SystemExit(f"{len(calls)} whist calls: too few to fit; play more deals")
    print(f"{args.variant}: {args.deals} deals played by {spec.level}, {len(calls)} whist calls")

    def situation(c: WhistCall) -> str:
        return "eight or more" if c.high else f"six or seven, after {c.before.value}"

    counts = Counter(situation(c) for c in calls)
    whists = Counter(situation(c) for c in calls if c.whisted)
    for label, n in sorted(counts.items()):
        print(f"  {label:32s} {n:5d} calls, whisted {whists[label] / n:4.0%}")
    fitted = fit(calls)
    print("fitted:")
    print(f"  low_intercept={ {b.name: v for b, v in fitted.low_intercept.items()} }")
    print(
        f"  high_intercept={fitted.high_intercept}, estimate_slope={fitted.estimate_slope}, "
        f"surplus_slope={fitted.surplus_slope}"
    )
    own = whist_habit(rules)
    print("log-loss on these calls (lower fits better; in-sample for the fit):")
    print(f"  {'the fit':40s} {log_loss(calls, fitted):.3f}")
    for name, habit in HABITS.items():
        mark = " (fitted to these rules' style)" if habit is own else ""
        print(f"  {name + mark:40s} {log_loss(calls, habit):.3f}")


if __name__ == "__main__":
    main()
