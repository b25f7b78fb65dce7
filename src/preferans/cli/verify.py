"""``preferans verify RECORD``: check a finished game's deals against its commitment.

Exit 0 when the revealed secret matches the commitment and re-derives every deal, 1 with
the first deal that differs, 2 with a one-line message when the input cannot be read or
(with ``--replay``) does not replay.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "verify",
        help="check a game record's deals against its fairness commitment",
        description=(
            "Recompute the commitment from the revealed secret and re-derive every deal "
            "from the secret, the table id and the players' seeds (docs/fairness.md)."
        ),
    )
    parser.add_argument("record", help="a game record: text notation or JSON ('-' for stdin)")
    parser.add_argument(
        "--replay",
        action="store_true",
        help="also replay every move through the engine and the sheet",
    )
    return parser


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def run(args: argparse.Namespace) -> int:
    from preferans.errors import RecordError
    from preferans.notation import NotationError, ReplayError, from_json, loads
    from preferans.notation.fair import check_fairness

    try:
        text = _read(args.record)
        record = from_json(text) if text.lstrip().startswith("{") else loads(text)
        report = check_fairness(record)
    except (OSError, UnicodeDecodeError) as error:
        print(f"preferans verify: cannot read {args.record}: {error}", file=sys.stderr)
        return 2
    except (NotationError, RecordError) as error:
        print(f"preferans verify: {args.record}: {error}", file=sys.stderr)
        return 2
    if not report.ok:
        print(f"FAILED: {report.message}")
        return 1
    if getattr(args, "replay", False):
        from preferans.notation.replay import replay

        try:
            replay(record)
        except ReplayError as error:
            print(f"preferans verify: {args.record}: does not replay: {error}", file=sys.stderr)
            return 2
        print(report.message + "; every move replays")
    else:
        print(report.message)
    return 0
