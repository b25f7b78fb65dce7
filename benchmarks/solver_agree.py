"""Agreement of the C core with another build of it (the previous core) on seeded deals.

A change to ``_dd.c`` that should only make the search faster must not change one value:
this solves the same full deals with both builds, ``solve`` in every kind (trump with a
random suit, no-trump, misère, raspasy for each of the three seats, raspasy with the two
talon cards leading tricks 1 and 2, 3- and 4-player rule) and ``analyse`` of the opening
lead (trump), and counts the differences.

Run: ``.venv/bin/python benchmarks/solver_agree.py --core /path/to/old/_dd...so --deals 1000``
(build the old core from an earlier commit first, e.g. in a second worktree).
"""

from __future__ import annotations

import argparse
import random
import sys

import preferans.solver as solver
from preferans.solver import Objective, Position
from solver import SEED, deals
from solver_instructions import load_core


def tasks(count: int) -> dict[str, list[tuple[object, ...]]]:
    """Per kind, the C tasks of ``count`` seeded deals (declarer seat 0, except raspasy)."""
    rng = random.Random(SEED + 2)
    out: dict[str, list[tuple[object, ...]]] = {
        "trump": [],
        "no-trump": [],
        "misère": [],
        "raspasy": [],
        "raspasy, talon": [],
    }
    for hands in deals(count, SEED + 2):
        leader, trump = rng.randrange(3), rng.randrange(4)
        held = hands[0] | hands[1] | hands[2]
        talon = [c for c in range(32) if not held >> c & 1]
        rng.shuffle(talon)
        out["trump"].append(solver._task(Position(hands, leader, trump), Objective.TRICKS, 0))
        out["no-trump"].append(solver._task(Position(hands, leader), Objective.TRICKS, 0))
        out["misère"].append(solver._task(Position(hands, leader), Objective.MISERE, 0))
        wins = rng.random() < 0.5
        for seat in range(3):
            out["raspasy"].append(solver._task(Position(hands, leader), Objective.RASPASY, seat))
            with_talon = Position(hands, leader, None, (), tuple(talon), wins)
            out["raspasy, talon"].append(solver._task(with_talon, Objective.RASPASY, seat))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--core", required=True, help="path of the other _dd build")
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args(argv)
    ours, other = load_core(None), load_core(args.core)
    failed = 0
    by_kind = tasks(args.deals)
    for name, kind_tasks in by_kind.items():
        bad = sum(1 for t in kind_tasks if ours.solve(*t) != other.solve(*t))
        failed += bad
        print(f"solve   {name:<15} {len(kind_tasks):>5} positions, {bad} differ", flush=True)
    opening = by_kind["trump"]
    bad = sum(1 for t in opening if ours.analyse(*t) != other.analyse(*t))
    failed += bad
    print(f"analyse {'trump':<15} {len(opening):>5} positions, {bad} differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
