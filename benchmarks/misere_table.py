"""Seed 002's misère table against double-dummy simulation, side by side.

For every holding the seed prices, ``--deals`` seeded deals with that holding in one suit
and clean suits elsewhere are solved as misère (``preferans.bots.misere_table``), on the
misère player's lead and on the catchers'. Prints the seed's figure beside the measured
rate and the heuristic's figure now (``misere_catch``), as a Markdown table.

    .venv/bin/python benchmarks/misere_table.py --deals 1000
"""

from __future__ import annotations

import argparse
import json
import time

from preferans.bots.evaluation import misere_catch
from preferans.bots.misere_table import HOLDINGS, measure


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60, help="deals per holding")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the rates as JSON")
    args = parser.parse_args()
    started = time.process_time()
    rows = [measure(h, args.deals, args.seed) for h in HOLDINGS]
    if args.json:
        print(json.dumps({m.holding.label: {"own": m.own, "theirs": m.theirs} for m in rows}))
        return
    print(f"{args.deals} solved deals per holding, seed {args.seed}")
    print("| holding | seed, own lead | measured | seed, their lead | measured | heuristic now |")
    print("|---|---:|---:|---:|---:|---|")
    for m in rows:
        h = m.holding
        now_own = misere_catch(h.ranks, own_lead=True)
        now_theirs = misere_catch(h.ranks, own_lead=False)
        print(
            f"| {h.label} | {_pct(h.seed_own)} | {_pct(m.own)} | {_pct(h.seed_theirs)} "
            f"| {_pct(m.theirs)} | {_pct(now_own)} / {_pct(now_theirs)} |"
        )
    print(f"CPU seconds: {time.process_time() - started:.1f}")


if __name__ == "__main__":
    main()
