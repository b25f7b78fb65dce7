"""``preferans verify RECORD``: check a finished game's deals against its commitment,
or a whole tournament (``docs/tournaments.md``).

Exit 0 when the revealed secret matches the commitment and re-derives every deal, 1 with
the first deal that differs, 2 with a one-line message when the input cannot be read or
(with ``--replay``) does not replay. A tournament record (JSON with the format
``preferans-tournament-1``) is checked entire: commitments, plans, deals, moves, scores
and standings; what was checked is printed in English and in Russian.
"""

from __future__ import annotations

import argparse
import json
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
    parser.add_argument(
        "record",
        help="a game record (text notation or JSON) or a tournament record (JSON); '-' for stdin",
    )
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
    except (OSError, UnicodeDecodeError) as error:
        print(f"preferans verify: cannot read {args.record}: {error}", file=sys.stderr)
        return 2
    if _is_tournament(text):
        return _tournament(args.record, text)
    try:
        record = from_json(text) if text.lstrip().startswith("{") else loads(text)
        report = check_fairness(record)
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


def _is_tournament(text: str) -> bool:
    """A JSON object whose format is the tournament record's (read fully only then)."""
    from preferans.tournament.record import FORMAT

    if not text.lstrip().startswith("{"):
        return False
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def _tournament(path: str, text: str) -> int:
    from preferans.errors import PreferansError
    from preferans.tournament.record import TournamentRecord
    from preferans.tournament.verify import verify_tournament

    try:
        record = TournamentRecord.from_json(text)
    except PreferansError as error:
        print(f"preferans verify: {path}: {error}", file=sys.stderr)
        print(f"preferans verify: {path}: {error.message('ru')}", file=sys.stderr)
        return 2
    report = verify_tournament(record)
    for language in ("en", "ru"):
        print("\n".join(report.lines(language)))
    return 0 if report.ok else 1
