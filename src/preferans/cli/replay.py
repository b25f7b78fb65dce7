"""``preferans replay RECORD``: step through a game record with the solver's analysis."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_parser", "run"]

_EPILOG = """\
examples:
  preferans replay game.pref                 step with Enter / p / g N / d N / q
  preferans replay game.pref --all           every position, no questions asked
  preferans replay game.pref --all --deal 3 --no-solver
  preferans replay - --all < game.json       a record on stdin (text or JSON)

In card play the solver gives, for each legal card of the player to move, the tricks
his side takes from there with best play by everybody (on raspasy and misère: the
tricks the mover takes, fewer is better).

exit codes: 0 done, 2 the record cannot be read or does not replay (one line on
stderr saying where), 130 interrupted.
"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay",
        help="step through a game record with the solver's analysis",
        description=(
            "Replay a game record (text notation or JSON) position by position, with all "
            "hands shown and the solver's value of every legal card in card play."
        ),
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("record", help="a game record file ('-' for stdin)")
    parser.add_argument(
        "--all", action="store_true", help="print every position and exit (non-interactive)"
    )
    parser.add_argument("--deal", type=int, default=None, metavar="N", help="only deal N")
    parser.add_argument("--no-solver", action="store_true", help="no analysis (faster)")
    parser.add_argument(
        "--lang", choices=("ru", "en"), default=None, help="ru or en (default: from $LANG)"
    )
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar with --all")
    return parser


def _error(message: str) -> int:
    print(f"preferans replay: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from preferans.analysis.positions import positions_of
    from preferans.cli.play import _language
    from preferans.notation import NotationError, ReplayError, from_json, loads
    from preferans.terminal.replay import ReplayViewer

    if args.record == "-" and not args.all:
        return _error("an interactive replay reads its commands from stdin: use --all")
    if args.deal is not None and args.deal < 1:
        return _error(f"--deal is a deal number from 1, not {args.deal}")
    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return _error(f"cannot read {args.record}: {error}")
    try:
        record = from_json(text) if text.lstrip().startswith("{") else loads(text)
        positions = positions_of(record)
    except (NotationError, ReplayError) as error:
        return _error(f"{args.record}: {error}")
    except ValueError as error:  # JSON that is not a record, rules that do not validate
        return _error(f"{args.record}: not a game record: {error}")
    if not positions:
        return _error(f"{args.record}: the record has no deals")
    indices = list(range(len(positions)))
    if args.deal is not None:
        indices = [i for i in indices if positions[i].deal == args.deal]
        if not indices:
            return _error(f"--deal {args.deal}: the record has deals 1–{positions[-1].deal}")
    lang: Any = _language(args.lang)
    no_color = bool(args.no_color or os.environ.get("NO_COLOR"))
    console = Console(highlight=False, soft_wrap=True, color_system=None if no_color else "auto")
    viewer = ReplayViewer(positions, console, lang, analyse=not args.no_solver)
    if not args.all:
        viewer.interactive(input, indices[0])
        return 0
    if args.no_progress or args.no_solver or not sys.stderr.isatty():
        viewer.dump(indices)
        return 0
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(
        TextColumn("[bold]analysing"),
        BarColumn(),
        MofNCompleteColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("", total=len(indices))
        viewer.dump(indices, progress=lambda: bar.advance(task))
    return 0
