"""How long a person waits for a hint in a club whose workers are busy with bot tables.

In one process, ``--tables`` bot tables keep the thinking pool busy: each asks its bot
(``--level``) for a move on a position of a random Sochi deal, waits the bot delay and
asks again, as the club's tables do. Meanwhile a person asks for a hint every
``--every`` seconds. Measured twice in the same run: with hints served before the queued
bot moves (the club's order) and with hints in line behind them (first come, first
served, the order before 5 Dec 2026), the two taking turns in ``--rounds`` rounds.
Prints the hint's wait p50/p95/max in both and the ratios.

    .venv/bin/python benchmarks/hint_wait.py --tables 12 --duration 90 --every 0.5
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path
from typing import Any

from preferans.game import Deal, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat
from preferans.server.thinking import BOT, PERSON, Thinking, _hint

sys.path.insert(0, str(Path(__file__).parent))
from load import percentile


def positions(count: int, seed: int) -> list[Any]:
    """Views of players to move, taken along random Sochi deals."""
    rules = find_rules("sochi")
    rng = random.Random(seed)
    views: list[Any] = []
    while len(views) < count:
        state = new_deal(rules, Deal.random(rules, Seat.S, rng))
        while not state.is_over and len(views) < count:
            assert state.actor is not None
            view = state.view(state.actor)
            views.append(view)
            state = state.apply(rng.choice(view.legal_actions))
    return views


async def one_mode(args: argparse.Namespace, hint_first: bool) -> list[float]:
    thinking = Thinking(args.processes)
    views = positions(400, args.seed)
    deadline = time.monotonic() + args.duration
    rng = random.Random(args.seed)

    async def table(number: int) -> None:
        index = number
        while time.monotonic() < deadline:
            await thinking.choose(args.level, views[index % len(views)])
            index += args.tables
            await asyncio.sleep(args.bot_delay)

    waits: list[float] = []

    async def person() -> None:
        await asyncio.sleep(1.0)  # the tables have filled the queue
        while time.monotonic() < deadline:
            view = rng.choice(views)
            started = time.monotonic()
            who = PERSON if hint_first else BOT
            await thinking._run(_hint, view, args.level, who=who)
            waits.append(time.monotonic() - started)
            await asyncio.sleep(args.every)

    try:
        # Warm the workers so neither mode pays for starting them.
        await asyncio.gather(*(thinking.choose(args.level, v) for v in views[:8]))
        await asyncio.gather(person(), *(table(n) for n in range(args.tables)))
    finally:
        thinking.close()
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds per mode")
    parser.add_argument("--rounds", type=int, default=3, help="the modes take turns")
    parser.add_argument("--level", default="master")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--bot-delay", type=float, default=0.05)
    parser.add_argument("--every", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    modes = (("queued behind bots", False), ("before bots (club)", True))
    results: dict[str, list[float]] = {name: [] for name, _ in modes}
    total = args.duration
    args.duration = total / args.rounds
    for round_ in range(args.rounds):
        # Alternate which mode goes first, so a machine that slows down or speeds up
        # during the run weighs on both alike.
        for name, first in modes if round_ % 2 == 0 else modes[::-1]:
            results[name] += asyncio.run(one_mode(args, first))
            print(
                f"round {round_ + 1}/{args.rounds} {name}: {len(results[name])} hints", flush=True
            )
    setting = f"{args.tables} bot tables ({args.level}), {args.processes} workers"
    print(f"\n{setting}, {total:.0f} s per mode in {args.rounds} rounds")
    print(f"{'hints':<22}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for name, waits in results.items():
        row = [percentile(waits, 0.5), percentile(waits, 0.95), max(waits)]
        print(f"{name:<22}" + "".join(f"{1000 * v:>10.0f}" for v in row))
    old, new = results["queued behind bots"], results["before bots (club)"]
    ratios = [percentile(new, q) / percentile(old, q) for q in (0.5, 0.95)]
    print(f"{'ratio club / queued':<22}" + "".join(f"{r:>10.2f}" for r in ratios))


if __name__ == "__main__":
    main()
