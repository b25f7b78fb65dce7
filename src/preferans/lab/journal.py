"""A match's journal: every finished deal kept in a file as it is played.

A duplicate match of a thousand deals between strong bots takes an hour or more of one
core; a journal lets it stop (a killed process, a machine that goes away) and go on where
it stopped, and lets a match be lengthened later (the same command with more ``--deals``).
The file is JSON lines: a header that names the match (bots, their options, the rules,
the seed, the first deal, the common seed), then one line per deal in the order of the
deals. A deal's line is written whole and flushed before the next is played, so a
killed run leaves at most a torn last line, which is dropped on reading.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import asdict
from typing import IO, Any

from preferans.errors import PreferansError
from preferans.match import DealScores

__all__ = ["JOURNAL_VERSION", "Journal", "JournalError", "match_header"]

#: The journal's format, in its header: a file of another version is not read.
JOURNAL_VERSION = 1


class JournalError(PreferansError):
    """The journal cannot be used for this match (another match's, or damaged)."""


def match_header(
    levels: Iterable[str],
    options: Iterable[dict[str, Any]],
    *,
    variant: str,
    players: int,
    seed: int,
    first_deal: int,
    common_seed: bool,
) -> dict[str, Any]:
    """What makes two runs the same match: a journal is only continued by its own."""
    return {
        "journal": JOURNAL_VERSION,
        "bots": list(levels),
        "options": [dict(o) for o in options],
        "variant": variant,
        "players": players,
        "seed": seed,
        "first_deal": first_deal,
        "common_seed": common_seed,
    }


class Journal:
    """One match's journal file: the deals it holds, and more appended as they finish."""

    def __init__(self, path: str, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header
        self._handle: IO[str] | None = None
        self._kept: int | None = None  # bytes of whole lines, when a torn one follows them

    def load(self) -> list[DealScores]:
        """The deals already played, in order (none if the file does not exist or is
        empty). A torn last line (the run was killed while writing it) is not read, and
        :meth:`open` cuts it off. Raises :class:`JournalError` for another match's journal or a
        damaged one."""
        if not os.path.exists(self.path):
            return []
        with open(self.path, encoding="utf-8") as handle:
            text = handle.read()
        if not text:
            return []
        lines = text.split("\n")
        torn = lines.pop()  # after the last newline: empty, or a line the run did not finish
        if not lines:
            raise JournalError(f"{self.path}: the journal's header is incomplete")
        header = _parse(self.path, 1, lines[0])
        if header != self.header:
            raise JournalError(
                f"{self.path} is the journal of another match ({_difference(header, self.header)})"
            )
        deals: list[DealScores] = []
        first = int(self.header["first_deal"])
        for number, line in enumerate(lines[1:], start=2):
            record = _parse(self.path, number, line)
            index = first + len(deals)
            if record.get("index") != index:
                raise JournalError(
                    f"{self.path}, line {number}: deal {record.get('index')!r} where deal "
                    f"{index} was expected"
                )
            try:
                deals.append(_deal(record))
            except (KeyError, TypeError, ValueError) as error:
                raise JournalError(f"{self.path}, line {number}: not a deal ({error})") from None
        if torn:
            self._kept = len(("\n".join(lines) + "\n").encode("utf-8"))
        return deals

    def open(self) -> None:
        """Open the file for appending (after a torn last line is cut off), writing the
        header to a new or empty file."""
        if self._kept is not None:
            os.truncate(self.path, self._kept)
            self._kept = None
        fresh = not os.path.exists(self.path) or os.path.getsize(self.path) == 0
        self._handle = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 (closed in close())
        if fresh:
            self._write(self.header)

    def append(self, index: int, deal: DealScores) -> None:
        """Keep one finished deal (flushed at once, so a killed run loses no finished deal)."""
        self._write({"index": index, **asdict(deal)})

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def _write(self, record: dict[str, Any]) -> None:
        if self._handle is None:
            raise JournalError(f"{self.path}: the journal is not open")
        self._handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._handle.flush()


def _parse(path: str, number: int, line: str) -> dict[str, Any]:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as error:
        raise JournalError(f"{path}, line {number}: not JSON ({error.msg})") from None
    if not isinstance(record, dict):
        raise JournalError(f"{path}, line {number}: not a JSON object")
    return record


def _deal(record: dict[str, Any]) -> DealScores:
    return DealScores(
        scores=[float(v) for v in record["scores"]],
        decisions=[int(v) for v in record["decisions"]],
        seconds=[float(v) for v in record["seconds"]],
        forfeits=[{str(k): int(n) for k, n in f.items()} for f in record["forfeits"]],
        cpu_seconds=[float(v) for v in record["cpu_seconds"]],
        decision_cpu=[[float(v) for v in bot] for bot in record["decision_cpu"]],
    )


def _difference(found: dict[str, Any], wanted: dict[str, Any]) -> str:
    """The first field where the journal's match and this one part, in words."""
    for key in wanted:
        if found.get(key) != wanted[key]:
            return f"its {key} is {found.get(key)!r}, this match's {wanted[key]!r}"
    extra = sorted(set(found) - set(wanted))
    return f"it has {', '.join(extra)}" if extra else "its header differs"
