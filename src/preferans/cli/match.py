"""``preferans match``: a duplicate match between bot levels, with 95% confidence intervals."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from preferans.errors import RulesError
from preferans.rules import find_rules

if TYPE_CHECKING:
    from preferans.match import DealScores, MatchResult
    from preferans.rules import Rules

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
            "bots:\n"
            "  LEVEL                 random, heuristic, sampling or oracle (sees every card)\n"
            "  LEVEL:key=value:...   a level with options, e.g. sampling:samples=64\n"
            "  cmd:COMMAND           an external engine speaking the bot protocol\n"
            "                        (docs/protocol.md), e.g. cmd:preferans bot --level sampling\n"
            "\n"
            "examples:\n"
            "  preferans match --bots heuristic,random --deals 1000 --variant balkan --seed 1\n"
            "  preferans match --bots 'sampling:samples=32,cmd:preferans bot --level sampling'\n"
            "  preferans match --bots sampling,heuristic --deals 5000 --sprt 0,1\n"
            "  preferans match --bots master,amateur --deals 1000 --journal m.jsonl\n"
            "      (stopped? the same command again goes on from the last deal kept)\n"
            "\n"
            "exit codes:\n"
            "  0  the match was played and reported\n"
            "  2  bad arguments (unknown bot, bad option, variant, deal count, output path,\n"
            "     a journal of another match)"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--bots",
        default="heuristic,random",
        help="comma-separated bots: levels, LEVEL:key=value, cmd:COMMAND (default: %(default)s)",
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
    parser.add_argument(
        "--deadline",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="an external engine's time per decision (default: %(default)s)",
    )
    parser.add_argument(
        "--sprt",
        metavar="MU0,MU1[,ALPHA,BETA]",
        help="stop when the first bot minus the second is shown nearer MU1 or MU0 "
        "(whists/deal; alpha = beta = 0.05 by default)",
    )
    parser.add_argument(
        "--common-seed",
        action="store_true",
        help="give every bot the same seed, so two versions of one bot differ only where "
        "their decisions do (a smaller interval for the same deals)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--per-deal", metavar="FILE", help="also write every deal's scores to FILE (JSON)"
    )
    parser.add_argument(
        "--journal",
        metavar="FILE",
        help="keep every finished deal in FILE as it is played; the same command again "
        "goes on where a stopped run left off (or plays more deals with a larger --deals)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    from preferans.lab.cli_errors import one_line_errors

    return one_line_errors(parser, "match")


#: Lines a run without a terminal writes to stderr: one each twentieth of the deals.
PROGRESS_STEPS = 20


def _progress_lines(total: int, started: float) -> Callable[[int], None]:
    """A progress callback that writes a plain line to stderr at each twentieth of the
    deals (a run with ``--json`` or in the background has no bar to draw)."""
    done = 0
    shown = 0

    def advance(n: int) -> None:
        nonlocal done, shown
        done += n
        step = done * PROGRESS_STEPS // total
        if step > shown or done == total:
            shown = step
            minutes = (time.perf_counter() - started) / 60
            print(
                f"preferans match: {done} of {total} deals, {minutes:.1f} min",
                file=sys.stderr,
                flush=True,
            )

    return advance


def _error(message: str) -> int:
    print(f"preferans match: {message}", file=sys.stderr)
    return 2


def output_problem(path: str) -> str | None:
    """Why ``path`` cannot be written, checked before the match is played (None if fine)."""
    if os.path.isdir(path):
        return f"{path} is a directory"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            return f"{path} is not writable"
    elif not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot create files in {folder}"
    return None


def _check(args: argparse.Namespace) -> str | None:
    if args.deals < 1:
        return "--deals must be at least 1"
    if args.samples is not None and args.samples < 1:
        return "--samples must be at least 1"
    if args.processes < 0:
        return "--processes must be 0 (every core) or more"
    if args.first_deal < 0:
        return "--first-deal must be 0 or more"
    if not (args.deadline > 0 and math.isfinite(args.deadline)):
        return "--deadline must be a positive number of seconds"
    for path in (args.per_deal, args.journal):
        if path:
            problem = output_problem(path)
            if problem is not None:
                return problem
    return None


def _play(
    args: argparse.Namespace,
    levels: list[str],
    rules: Rules,
    settings: dict[str, Any],
    started: float,
) -> MatchResult:
    """The match played, with a progress bar on a terminal or lines on a pipe."""
    from preferans.match import run_match

    if args.no_progress:
        result = run_match(levels, rules, args.deals, **settings)
    elif args.json or not sys.stderr.isatty():
        # the JSON owns stdout; a long run in the background still says how far it is
        result = run_match(
            levels, rules, args.deals, progress=_progress_lines(args.deals, started), **settings
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
                levels, rules, args.deals, progress=lambda n: bar.advance(task, n), **settings
            )
    return result


def run(args: argparse.Namespace) -> int:
    from preferans.lab.journal import Journal, JournalError, match_header
    from preferans.lab.players import SpecError, check_options, parse_specs
    from preferans.lab.stats import SPRT

    problem = _check(args)
    if problem is not None:
        return _error(problem)
    try:
        specs = parse_specs(str(args.bots))
    except SpecError as error:
        return _error(str(error))
    if len(specs) < 2:
        return _error(f"--bots needs two or more bots (got {args.bots!r})")
    levels = [spec.text for spec in specs]
    sprt = None
    if args.sprt:
        try:
            sprt = SPRT.parse(args.sprt)
        except ValueError as error:
            return _error(str(error))
    try:
        rules = find_rules(args.variant, players=args.players)
    except RulesError as error:
        return _error(str(error))
    if len(levels) > rules.players:
        return _error(f"{len(levels)} bots do not fit at a table of {rules.players}")
    options: list[dict[str, Any]] = []
    for spec in specs:
        opts: dict[str, Any] = {}
        if spec.level == "sampling" and args.samples is not None and "samples" not in spec.options:
            opts["samples"] = args.samples
        try:
            check_options(spec, opts)
        except SpecError as error:
            return _error(str(error))
        options.append(opts)
    processes = args.processes if args.processes > 0 else None
    journal = None
    played: list[DealScores] = []
    if args.journal:
        journal = Journal(
            args.journal,
            match_header(
                levels,
                options,
                variant=rules.variant,
                players=rules.players,
                seed=args.seed,
                first_deal=args.first_deal,
                common_seed=args.common_seed,
            ),
        )
        try:
            played = journal.load()
        except JournalError as error:
            return _error(str(error))
        journal.open()
    settings: dict[str, Any] = {
        "seed": args.seed,
        "processes": processes,
        "options": options,
        "first": args.first_deal,
        "deadline": args.deadline,
        "sprt": sprt,
        "common_seed": args.common_seed,
        "played": played,
        "on_deal": journal.append if journal is not None else None,
    }
    kept = min(len(played), args.deals)
    if kept:
        print(f"preferans match: {kept} deals from {args.journal}", file=sys.stderr)
    started = time.perf_counter()
    try:
        result = _play(args, levels, rules, settings, started)
    finally:
        if journal is not None:
            journal.close()
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
    differed = result.differed(0, 1)
    verdict = None if sprt is None or result.verdict is None else sprt.describe(result.verdict)
    if args.json:
        print(
            json.dumps(
                {
                    "variant": rules.variant,
                    "players": rules.players,
                    "deals": result.deals,
                    "seed": args.seed,
                    "seconds": round(elapsed, 1),
                    "journal_deals": kept,
                    "bots": [
                        {
                            "level": s.level,
                            "mean": s.mean,
                            "low": s.low,
                            "high": s.high,
                            "decisions": result.decisions[i],
                            "decision_seconds": result.decision_seconds(i),
                            "decision_cpu_seconds": result.decision_seconds(i, cpu=True),
                            "forfeits": dict(result.forfeits[i]),
                        }
                        for i, s in enumerate(scores)
                    ],
                    "difference": {"mean": diff[0], "low": diff[1], "high": diff[2]},
                    "differed": {"deals": differed[0], "ahead": differed[1], "behind": differed[2]},
                    "sprt": verdict,
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(
        f"{rules.variant}, {rules.players} players, {result.deals} duplicate deals, "
        f"seed {args.seed}, {elapsed:.0f} s"
        + (f" ({kept} of them from {args.journal})" if kept else "")
    )
    unit = "bula-equivalent whists/deal" if rules.is_balkan else "whists/deal"
    width = max(10, *(len(s.level) for s in scores))
    for i, s in enumerate(scores):
        think = result.decision_seconds(i) * 1000
        print(
            f"  {s.level:<{width}} {s.mean:+8.2f} {unit}  95% CI [{s.low:+.2f}, {s.high:+.2f}]"
            f"  {think:.1f} ms/decision"
        )
    print(
        f"  {levels[0]} − {levels[1]}: {diff[0]:+.2f} {unit}  "
        f"95% CI [{diff[1]:+.2f}, {diff[2]:+.2f}]"
    )
    print(
        f"  deals scored differently: {differed[0]} of {result.deals} "
        f"({levels[0]} ahead in {differed[1]}, behind in {differed[2]})"
    )
    for i, level in enumerate(levels):
        forfeits = result.forfeits[i]
        if forfeits:
            kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(forfeits.items()))
            print(f"  forfeits of {level}: {sum(forfeits.values())} ({kinds})")
    if verdict is not None:
        print(f"  {verdict}, after {result.deals} deals")
    return 0
