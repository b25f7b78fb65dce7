"""How long planning a Swiss round takes when the field runs out of new opponents.

Each case seats its players round by round with ``swiss_round`` on fixed standings (the
best case for repeats is the worst for the search: the later rounds cannot avoid
repeats, and the search bisects for the fewest), and prints the slowest round's seconds
beside the greedy first arrangement's seconds (the baseline the search improves on) and
the repeats of each.

    .venv/bin/python benchmarks/pairing.py
    .venv/bin/python benchmarks/pairing.py --cases 12x4x10
"""

from __future__ import annotations

import argparse
import time

from preferans.tournament.pairing import InOrder, first_round, greedy_groups, shape, swiss_round
from preferans.tournament.plan import RoundPlan, meetings

SECRET_BASE = b"pairing-benchmark"


def repeats(plan: RoundPlan, met: dict[str, set[str]]) -> int:
    return sum(1 for a, b in plan.meetings() if b in met.get(a, ()))


def run(players: int, size: int, rounds: int) -> tuple[float, float, int, int]:
    names = [f"p{i:03d}" for i in range(players)]
    standings = InOrder(names)
    plans = [first_round(names, SECRET_BASE + b"1", size)]
    slowest = slowest_greedy = 0.0
    total = total_greedy = 0
    for number in range(2, rounds + 1):
        met = meetings(plans)
        secret = SECRET_BASE + str(number).encode()
        start = time.perf_counter()
        plan = swiss_round(standings, met, size, number, secret)
        slowest = max(slowest, time.perf_counter() - start)
        start = time.perf_counter()
        sizes, _ = shape(players, size)
        greedy = greedy_groups(list(names), sizes, met)
        slowest_greedy = max(slowest_greedy, time.perf_counter() - start)
        total += repeats(plan, met)
        total_greedy += sum(
            1 for g in greedy for i, a in enumerate(g) for b in g[i + 1 :] if b in met.get(a, ())
        )
        plans.append(plan)
    return slowest, slowest_greedy, total, total_greedy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cases",
        nargs="*",
        default=["12x4x10", "30x3x20", "60x4x12"],
        help="PLAYERSxTABLExROUNDS",
    )
    args = parser.parse_args()
    print("players table rounds | slowest round s (greedy s) | repeats (greedy)")
    for case in args.cases:
        players, size, rounds = (int(x) for x in case.split("x"))
        slow, slow_greedy, total, total_greedy = run(players, size, rounds)
        print(
            f"{players:7} {size:5} {rounds:6} | {slow:8.2f} ({slow_greedy:5.2f})"
            f"            | {total:4} ({total_greedy})"
        )


if __name__ == "__main__":
    main()
