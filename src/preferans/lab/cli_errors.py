"""One-line usage errors for the laboratory's subcommands (``match``, ``bot``).

argparse prints the whole usage before its message; a wrong ``--deals abc`` deserves one
line naming the option, like every other bad option of these commands (exit code 2).
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

__all__ = ["one_line_errors"]


def one_line_errors(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """Make ``parser`` report a usage error as ``preferans COMMAND: message`` and exit 2."""

    def error(message: str) -> NoReturn:
        print(f"preferans {command}: {message} (see preferans {command} --help)", file=sys.stderr)
        sys.exit(2)

    setattr(parser, "error", error)  # noqa: B010 - an instance override, not an attribute
    return parser
