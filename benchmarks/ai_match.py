"""The sampling bot against OpenSpiel's ISMCTS bot in a duplicate match.

ISMCTS (``open_spiel.python.algorithms.ismcts``) searches with random roll-outs at a fixed
budget of simulations per decision (``--simulations``; UCT constant in whists, see
``preferans.env.levels``); the sampling bot runs at its default setting. Every deal is
played with every seating of the two bots (six with three players), so the luck of the
cards cancels; the result is each bot's whists per deal with a 95% interval. Usage::

    .venv/bin/python benchmarks/ai_match.py [--deals 20] [--simulations 50] [--seed 1]

A long match can be played in pieces (``--first N --save part.json``) and joined
(``--join part1.json part2.json``): deal ``i`` always gets the same cards and decisions.

The full-size run (1,000 deals, every core)::

    .venv/bin/python benchmarks/ai_match.py --deals 1000 --simulations 100 --processes 0
"""

from __future__ import annotations

import argparse
import json
import time

from preferans.match import MatchResult, run_match
from preferans.rules import find_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1, help="0 = every core")
    parser.add_argument("--first", type=int, default=0, help="number of the first deal")
    parser.add_argument("--save", metavar="FILE", help="write every deal's scores (JSON)")
    parser.add_argument("--join", nargs="+", metavar="FILE", help="report saved pieces")
    args = parser.parse_args()
    rules = find_rules(args.variant, players=args.players)
    started = time.process_time()
    wall = time.perf_counter()
    if args.join:
        result = MatchResult(("sampling", "ismcts"), rules, args.seed)
        for name in args.join:
            with open(name, encoding="utf-8") as handle:
                result.per_deal += json.load(handle)["per_deal"]
    else:
        result = run_match(
            ("sampling", "ismcts"),
            rules,
            args.deals,
            seed=args.seed,
            processes=args.processes or None,
            options=({}, {"simulations": args.simulations}),
            first=args.first,
        )
    if args.save:
        with open(args.save, "w", encoding="utf-8") as handle:
            json.dump({"first": args.first, "per_deal": result.per_deal}, handle)
    cpu = time.process_time() - started
    print(
        f"{rules.variant}, {rules.players} players, {result.deals} duplicate deals, "
        f"seed {args.seed}, ISMCTS {args.simulations} simulations per decision"
    )
    for score in result.scores():
        interval = f"[{score.low:+.2f}, {score.high:+.2f}]"
        print(f"  {score.level:<9} {score.mean:+7.2f} whists/deal  {interval}")
    mean, low, high = result.difference(0, 1)
    print(f"  sampling - ismcts: {mean:+.2f} whists/deal, 95% interval [{low:+.2f}, {high:+.2f}]")
    if not args.join:
        print(f"  {cpu:.0f} s CPU in this process, {time.perf_counter() - wall:.0f} s wall")


if __name__ == "__main__":
    main()
