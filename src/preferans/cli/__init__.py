"""The ``preferans`` command: one entry point, one module per subcommand.

Each subcommand module offers ``add_parser(subparsers)`` and ``run(args) -> int``. Exit
codes: 0 success, 1 a negative answer (e.g. a record that fails verification), 2 bad input
(always one line on stderr), 130 interrupted.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

__all__ = ["main"]

#: Subcommands in the order ``--help`` lists them.
SUBCOMMANDS: tuple[str, ...] = (
    "play",
    "serve",
    "solve",
    "match",
    "bot",
    "replay",
    "verify",
    "review",
    "club",
)


def _load(name: str) -> ModuleType:
    return importlib.import_module(f"preferans.cli.{name}")


class OneLineParser(argparse.ArgumentParser):
    """A mistake on the command line is one line on stderr and exit 2 (docs/cli.md), not
    the usage block: ``preferans play: argument --players: invalid choice: 5 (see
    preferans play --help)``."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="preferans",
        description="Preferans (преферанс): play, analyse and run a club.",
    )
    parser.add_argument("--version", action="version", version="%(prog)s 0.1.0")
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=OneLineParser
    )
    for name in SUBCOMMANDS:
        module = _load(name)
        sub = module.add_parser(subparsers)
        sub.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run = getattr(args, "_run", None)
    if run is None:
        parser.print_help()
        return 2
    try:
        return int(run(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``preferans replay --all | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush does not complain.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
