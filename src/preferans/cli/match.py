"""``preferans match``: a duplicate match between bot levels, with 95% confidence intervals."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from preferans.rules import RulesError, find_rules

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "match",
        help="play a duplicate match between bots",
        description=(
            "Play every deal with every seating of the bots and report each bot's result\n"
            "in whists per deal with a 95% confidence interval. In the Balkan variant the\n"
            "payoff is in bula-equivalent whists (bula points x 10, shared as at the\n"
            "settlement, plus written whists); every deal sums to zero across the seats."
        ),
        epilog=(
            "example:\n"
            "  preferans match --bots heuristic,random --deals 1000 --variant balkan --seed 1\n"
            "\n"
            "exit codes:\n"
            "  0  the match was played and reported\n"
            "  2  bad arguments (unknown bot level, variant, deal count, table size)"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--bots",
        default="heuristic,random",
        help="comma-separated levels: random, heuristic, sampling (default: %(default)s)",
    )
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (default: 200)")
    parser.add_argument(
        "--variant",
        default="sochi",
        help="sochi, leningrad, rostov or balkan (default: %(default)s)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=3,
        choices=(2, 3, 4),
        help="players at the table (default: %(default)s; balkan: 3 only)",
    )
    parser.add_argument("--seed", type=int, default=1, help="match seed (default: 1)")
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="worker processes (default: 0 = every core)",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        help="deals drawn per decision by the sampling bot (default: its own)",
    )
    parser.add_argument(
        "--first-deal",
        type=int,
        default=0,
        help="number of the first deal, to play a long match in pieces (default: 0)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--per-deal", metavar="FILE", help="also write every deal's scores to FILE (JSON)"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


def _error(message: str) -> int:
    print(f"preferans match: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from preferans.bots.levels import level_names
    from preferans.match import run_match

    levels = [name.strip() for name in str(args.bots).split(",") if name.strip()]
    known = level_names()
    unknown = [name for name in levels if name not in known]
    if unknown or len(levels) < 2:
        return _error(f"--bots needs two or more of: {', '.join(known)} (got {args.bots!r})")
    if args.deals < 1:
        return _error("--deals must be at least 1")
    try:
        rules = find_rules(args.variant, players=args.players)
    except RulesError as error:
        return _error(str(error))
    if len(levels) > rules.players:
        return _error(f"{len(levels)} bots do not fit at a table of {rules.players}")
    options: list[dict[str, Any]] = []
    for name in levels:
        opts: dict[str, Any] = {}
        if name == "sampling" and args.samples is not None:
            opts["samples"] = args.samples
        options.append(opts)
    processes = args.processes if args.processes > 0 else None
    started = time.perf_counter()
    if args.no_progress or args.json:
        result = run_match(
            levels,
            rules,
            args.deals,
            seed=args.seed,
            processes=processes,
            options=options,
            first=args.first_deal,
        )
    else:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
        ) as bar:
            task = bar.add_task(f"{' vs '.join(levels)} · {rules.variant}", total=args.deals)
            result = run_match(
                levels,
                rules,
                args.deals,
                seed=args.seed,
                processes=processes,
                options=options,
                progress=lambda n: bar.advance(task, n),
                first=args.first_deal,
            )
    elapsed = time.perf_counter() - started
    if args.per_deal:
        with open(args.per_deal, "w", encoding="utf-8") as handle:
            json.dump(
                {
                    "bots": levels,
                    "variant": rules.variant,
                    "players": rules.players,
                    "seed": args.seed,
                    "first_deal": args.first_deal,
                    "per_deal": result.per_deal,
                },
                handle,
            )
    scores = result.scores()
    diff = result.difference(0, 1)
    if args.json:
        print(
            json.dumps(
                {
                    "variant": rules.variant,
                    "players": rules.players,
                    "deals": result.deals,
                    "seed": args.seed,
                    "seconds": round(elapsed, 1),
                    "bots": [
                        {"level": s.level, "mean": s.mean, "low": s.low, "high": s.high}
                        for s in scores
                    ],
                    "difference": {"mean": diff[0], "low": diff[1], "high": diff[2]},
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(
        f"{rules.variant}, {rules.players} players, {result.deals} duplicate deals, "
        f"seed {args.seed}, {elapsed:.0f} s"
    )
    unit = "bula-equivalent whists/deal" if rules.is_balkan else "whists/deal"
    for s in scores:
        print(f"  {s.level:<10} {s.mean:+8.2f} {unit}  95% CI [{s.low:+.2f}, {s.high:+.2f}]")
    print(
        f"  {levels[0]} − {levels[1]}: {diff[0]:+.2f} {unit}  "
        f"95% CI [{diff[1]:+.2f}, {diff[2]:+.2f}]"
    )
    return 0
