"""``preferans bot``: one of this project's bot levels as an engine speaking the bot protocol.

The runner (``preferans match --bots 'cmd:preferans bot --level sampling'``, a GUI, a
server) writes JSON lines to its stdin and reads the answers from its stdout; see
docs/protocol.md. So any version of this project can play any other.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "bot",
        help="run a bot as an engine speaking the bot protocol on stdin/stdout",
        description=(
            "Answer the bot protocol (docs/protocol.md) on stdin/stdout with one of the\n"
            'bot levels: hello → ready, decide → {"action": INDEX}, deal_over, quit.'
        ),
        epilog=(
            "examples:\n"
            "  preferans bot --level sampling --samples 64\n"
            "  preferans match --bots 'sampling,cmd:preferans bot --level sampling'\n"
            "\n"
            "exit codes:\n"
            "  0  quit (or the end of input)\n"
            "  1  the runner sent a message this engine cannot act on\n"
            "  2  bad arguments (unknown level, bad option)"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--level", default="sampling", help="random, heuristic or sampling (default: %(default)s)"
    )
    parser.add_argument("--samples", type=int, help="deals drawn per decision (sampling)")
    parser.add_argument("--threads", type=int, help="solver threads per decision (sampling)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="any other option of the level (repeatable)",
    )
    from preferans.lab.cli_errors import one_line_errors

    return one_line_errors(parser, "bot")


def _error(message: str) -> int:
    print(f"preferans bot: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from preferans.bots.levels import SEES_WHOLE_DEAL, level_names
    from preferans.lab.engine import serve
    from preferans.lab.players import SpecError, parse_spec

    if args.level in SEES_WHOLE_DEAL:
        return _error(
            f"{args.level} sees the whole deal; the protocol sends one seat's view "
            "(play it in preferans match directly)"
        )
    if args.level not in level_names():
        return _error(f"unknown level {args.level!r} (levels: {', '.join(level_names())})")
    pairs = list(args.option)
    if args.samples is not None:
        pairs.append(f"samples={args.samples}")
    if args.threads is not None:
        pairs.append(f"threads={args.threads}")
    try:
        spec = parse_spec(":".join([args.level, *pairs]))
    except SpecError as error:
        return _error(str(error))
    return serve(args.level, spec.options)
