"""The strength ladder: every level and the sampling bot at several sample counts against a
fixed reference, in duplicate matches, per variant; strength against think time as a plot.

Each rung is a duplicate match of the rung's bot against the reference (heuristic by
default) on the same deals (the same seed for every rung): the difference in whists per
deal with its Student's t 95% interval, and the rung's mean seconds per decision. The
``oracle`` rung sees every card: the gap between it and the sampling rungs is the price of
hidden information. The plot (docs/ladder.png) draws the difference against the time per
decision on a log scale, one line per variant. See docs/bots.md for the commands.

    python benchmarks/ladder.py                  # the short ladder (about 15 min, one core)
    python benchmarks/ladder.py --deals 1000 --samples 4,8,16,32,64 --processes 0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from preferans.cli.match import output_problem
from preferans.errors import RulesError
from preferans.match import run_match
from preferans.rules import find_rules


def _positive_ints(text: str) -> list[int]:
    values = [int(part) for part in text.split(",") if part.strip()]
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError("sample counts are positive integers")
    return values


def rungs(samples: list[int]) -> list[str]:
    """The bots of the ladder, weakest (fastest) first."""
    return ["random", *(f"sampling:samples={n}" for n in samples), "oracle"]


def climb(
    variant: str,
    players: int,
    deals: int,
    seed: int,
    reference: str,
    bots: list[str],
    processes: int,
) -> list[dict[str, Any]]:
    rules = find_rules(variant, players=players)
    rows = []
    for bot in bots:
        started = time.perf_counter()
        result = run_match([bot, reference], rules, deals, seed=seed, processes=processes or None)
        mean, low, high = result.difference(0, 1)
        row = {
            "variant": variant,
            "players": players,
            "bot": bot,
            "reference": reference,
            "deals": result.deals,
            "difference": mean,
            "low": low,
            "high": high,
            "decision_ms": 1000 * result.decision_seconds(0, cpu=True),
            "decision_wall_ms": 1000 * result.decision_seconds(0),
            "seconds": time.perf_counter() - started,
        }
        rows.append(row)
        print(
            f"  {variant:<9} {bot:<22} {mean:+7.2f} whists/deal  95% CI [{low:+7.2f}, {high:+7.2f}]"
            f"  {row['decision_ms']:8.2f} CPU ms/decision  ({row['seconds']:.0f} s)",
            flush=True,
        )
    return rows


def plot(rows: list[dict[str, Any]], path: str, title: str) -> None:
    """Sampling rungs joined by a line per variant; ``random`` and ``oracle`` as markers.

    The y axis is linear near zero and logarithmic beyond ±25 whists, so the random
    rung (far below) does not flatten the differences that matter.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 5), dpi=110)
    for number, variant in enumerate(dict.fromkeys(r["variant"] for r in rows)):
        colour = f"C{number}"
        mine = [r for r in rows if r["variant"] == variant]
        sampling = [r for r in mine if r["bot"].startswith("sampling")]
        others = [r for r in mine if not r["bot"].startswith("sampling")]
        for group, style in ((sampling, "o-"), (others, "s")):
            if not group:
                continue
            xs = [max(r["decision_ms"], 1e-3) for r in group]
            ys = [r["difference"] for r in group]
            errors = [
                [y - r["low"] for y, r in zip(ys, group, strict=True)],
                [r["high"] - y for y, r in zip(ys, group, strict=True)],
            ]
            axes.errorbar(
                xs,
                ys,
                yerr=errors,
                fmt=style,
                color=colour,
                capsize=3,
                label=variant if group is sampling else None,
            )
            for x, y, r in zip(xs, ys, group, strict=True):
                name = r["bot"].replace("sampling:samples=", "s")
                axes.annotate(name, (x, y), textcoords="offset points", xytext=(4, 4), fontsize=8)
    axes.axhline(0.0, color="grey", linewidth=0.8)
    axes.set_xscale("log")
    axes.set_yscale("symlog", linthresh=25.0)
    ticks = [-400, -200, -100, -50, -25, 0, 25, 50, 100]
    axes.set_yticks(ticks, [f"{t:+d}" if t else "0" for t in ticks])
    axes.set_xlabel("think time per decision (CPU ms, one core, log scale)")
    axes.set_ylabel(f"whists per deal against {rows[0]['reference']} (95% CI)")
    axes.set_title(title)
    axes.legend(title="sampling (sN: N samples)")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="sochi,balkan", help="comma-separated variants")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--deals", type=int, default=10, help="duplicate deals per rung")
    parser.add_argument("--samples", type=_positive_ints, default=[2, 4, 8, 16])
    parser.add_argument("--reference", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1, help="0 = every core")
    parser.add_argument("--plot", default=os.path.join("docs", "ladder.png"))
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    parser.add_argument("--replot", metavar="FILE", help="only draw the plot of a --json file")
    args = parser.parse_args(argv)
    if args.replot:
        with open(args.replot, encoding="utf-8") as handle:
            saved = json.load(handle)
        plot(saved["rows"], args.plot, saved["title"])
        return 0
    if args.deals < 1 or args.processes < 0:
        parser.error("--deals must be at least 1 and --processes 0 or more")
    for path in filter(None, (args.plot, args.json)):
        problem = output_problem(path)
        if problem is not None:
            parser.error(problem)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    try:
        for variant in variants:
            find_rules(variant, players=args.players)
    except RulesError as error:
        parser.error(str(error))
    bots = rungs(args.samples)
    print(
        f"ladder: {len(bots)} rungs against {args.reference}, {args.deals} duplicate deals each, "
        f"{args.players} players, seed {args.seed}",
        flush=True,
    )
    started, cpu = time.perf_counter(), time.process_time()
    rows: list[dict[str, Any]] = []
    for variant in variants:
        rows += climb(
            variant, args.players, args.deals, args.seed, args.reference, bots, args.processes
        )
    print(
        f"total {time.perf_counter() - started:.0f} s, "
        f"{time.process_time() - cpu:.0f} s of CPU in this process"
    )
    title = (
        f"strength against think time ({args.players} players, {args.deals} deals per rung, "
        f"seed {args.seed})"
    )
    if args.plot:
        plot(rows, args.plot, title)
        print(f"plot: {args.plot}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"title": title, "rows": rows}, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
