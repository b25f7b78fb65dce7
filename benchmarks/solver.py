"""Benchmark of the double-dummy solver on a fixed, seeded set of full 10-card deals.

Run: ``.venv/bin/python benchmarks/solver.py`` (``--deals N``, ``--reference N``).
Times are CPU time of the calling thread per call (``time.thread_time``: one core, and
robust when other processes compete for the CPU; ``--wall`` for wall-clock), the C backend
through the public API. ``solve_many`` is timed wall-clock, since it uses every core.

``--plain N`` (``--plain-only`` to skip the rest) times the solver side by side with a
plain alpha-beta solver with a transposition table, a yardstick kept outside the project
(``../shared/yardsticks/plain_dd.c`` next to the repository, built at run time), on the
same first N deals: see ``benchmarks/plain_solver.py``. On a shared machine compare
instruction counts instead (``benchmarks/solver_instructions.py``, under valgrind).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import preferans.solver as solver
from plain_solver import compare as compare_with_plain
from preferans.solver import Position, reference

SEED = 20240601


def deals(count: int, seed: int = SEED) -> list[tuple[int, int, int]]:
    """``count`` random deals of 3 × 10 cards, always the same for a given seed."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(range(32))
        rng.shuffle(deck)
        h0, h1, h2 = (sum(1 << c for c in deck[i * 10 : (i + 1) * 10]) for i in range(3))
        out.append((h0, h1, h2))
    return out


def _talon(hands: tuple[int, int, int], rng: random.Random) -> tuple[int, ...]:
    """The two cards nobody holds, in a random order: they lead raspasy tricks 1 and 2."""
    held = hands[0] | hands[1] | hands[2]
    cards = [c for c in range(32) if not held >> c & 1]
    rng.shuffle(cards)
    return tuple(cards)


CLOCK: list[Callable[[], float]] = [time.thread_time]


def timings(fn: Callable[[Position], object], positions: list[Position]) -> list[float]:
    """Seconds per call, one call per position."""
    clock = CLOCK[0]
    out = []
    for position in positions:
        start = clock()
        fn(position)
        out.append(clock() - start)
    return out


def summary(times: list[float]) -> tuple[float, float, float]:
    """Median, p99 and max in milliseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1e3, p99 * 1e3, ordered[-1] * 1e3


def _solver_of(fn: Callable[[Position, str, int], int], goal: str) -> Callable[[Position], int]:
    """Bind the objective (declarer seat 0) so the timing loop takes positions only."""
    return lambda position: fn(position, goal, 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000, help="deals per row (default 1000)")
    parser.add_argument("--reference", type=int, default=10, help="deals for the speed ratio")
    parser.add_argument("--wall", action="store_true", help="wall-clock instead of CPU time")
    parser.add_argument(
        "--plain", type=int, default=200, help="deals for the plain-solver comparison (0: none)"
    )
    parser.add_argument(
        "--plain-only", action="store_true", help="only the comparison with the plain solver"
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per deal in the comparison (best kept)"
    )
    args = parser.parse_args(argv)
    if args.wall:
        CLOCK[0] = time.perf_counter
    if solver.BACKEND != "c":
        print("the C extension is not built: nothing to benchmark", file=sys.stderr)
        return 1
    if args.plain_only:
        return compare_with_plain(deals(args.plain), SEED + 1, args.repeat)
    hands = deals(args.deals)
    rng = random.Random(SEED + 1)
    trumps = [rng.randrange(4) for _ in hands]
    leaders = [rng.randrange(3) for _ in hands]
    trump_pos = [Position(h, ld, t) for h, ld, t in zip(hands, leaders, trumps, strict=True)]
    nt_pos = [Position(h, ld) for h, ld in zip(hands, leaders, strict=True)]
    talon_pos = [
        Position(h, ld, talon=_talon(h, rng)) for h, ld in zip(hands, leaders, strict=True)
    ]
    rows: list[tuple[str, Callable[[Position], object], list[Position]]] = [
        ("trump (declarer = seat 0)", lambda p: solver.solve(p, "tricks", 0), trump_pos),
        ("no-trump (declarer = seat 0)", lambda p: solver.solve(p, "tricks", 0), nt_pos),
        ("misère (declarer = seat 0)", lambda p: solver.solve(p, "misere", 0), nt_pos),
        ("raspasy (all 3 seats)", solver.raspasy, nt_pos),
        ("raspasy, talon leads tricks 1-2 (3 seats)", solver.raspasy, talon_pos),
        ("per-card analysis, opening lead (trump)", lambda p: solver.analyse(p), trump_pos),
    ]
    print(
        f"solver benchmark: {args.deals} seeded deals (seed {SEED}), one thread, backend C, "
        f"{'wall-clock' if args.wall else 'thread CPU time'}"
    )
    print(f"{'position set':<42} {'median ms':>10} {'p99 ms':>9} {'max ms':>9}")
    for name, fn, positions in rows:
        median, p99, worst = summary(timings(fn, positions))
        print(f"{name:<42} {median:>10.3f} {p99:>9.3f} {worst:>9.3f}")
    n = min(args.reference, len(hands))
    print(f"\nspeed ratio to the pure-Python reference on the first {n} deals (total time):")
    ratios = [
        ("trump", "tricks", trump_pos[:n]),
        ("no-trump", "tricks", nt_pos[:n]),
        ("misère", "misere", nt_pos[:n]),
        ("talon", "raspasy", talon_pos[:n]),
    ]
    for name, goal, positions in ratios:
        fast = sum(timings(_solver_of(solver.solve, goal), positions))
        slow = sum(timings(_solver_of(reference.solve, goal), positions))
        print(
            f"{name:<10} C {fast * 1e3:9.1f} ms  Python {slow * 1e3:9.1f} ms  ×{slow / fast:,.0f}"
        )
    start = time.perf_counter()
    batch = solver.solve_many(trump_pos, "tricks", 0)
    elapsed = time.perf_counter() - start
    print(f"\nsolve_many over {len(batch)} trump deals, all cores: {elapsed * 1e3:.1f} ms total")
    if args.plain > 0:
        print()
        return compare_with_plain(hands[: args.plain], SEED + 1, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
