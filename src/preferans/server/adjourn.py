"""Adjourning a game by everybody's agreement, and resuming it later.

Any person at a started table may propose; each of the others agrees (or declines, which
withdraws the proposal). When every person still in the game has agreed, the table is
*adjourned*: nobody plays, the table leaves memory, and the lobby offers "Resume" to its
players; resuming replays the log, so the game goes on exactly where it stopped. The
votes live in the table's row, so every process of a cluster sees the same ones.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

__all__ = ["agree", "complete", "votes_json", "votes_of"]


def votes_of(text: str | None) -> tuple[str, ...]:
    """The seats that agreed, as stored (a JSON list of seat letters; nothing: none)."""
    if not text:
        return ()
    try:
        votes = json.loads(text)
    except ValueError:
        return ()
    if not isinstance(votes, list):
        return ()
    return tuple(v for v in votes if isinstance(v, str))


def votes_json(votes: Iterable[str]) -> str | None:
    ordered = sorted(set(votes))
    return json.dumps(ordered) if ordered else None


def agree(votes: Iterable[str], seat: str) -> tuple[str, ...]:
    """The votes with ``seat``'s agreement added (agreeing twice changes nothing)."""
    return tuple(sorted({*votes, seat}))


def complete(votes: Iterable[str], people: Iterable[str]) -> bool:
    """Every person still in the game agreed (a table with no people never adjourns)."""
    needed = set(people)
    return bool(needed) and needed <= set(votes)
