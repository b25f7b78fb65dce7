"""Who is at the table: the rules that keep a seat for its player.

A closed socket or a tab in the background is not absence. A seat's player becomes *away*
only when his table's grace has run out with no connection of his, or when his clock ran
out several times in a row; then the stand-in bot (the strong one) plays for him, everyone
is told, and one "I'm back" (or any move of his) returns the seat at once. A single missed
clock plays one move for him and nothing more. A table where every person is away pauses:
nobody plays for an empty room. A player who left a started game is no longer a person at
the table; a bot plays his seat to the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from preferans.seats import Seat

__all__ = [
    "DEFAULT_AWAY_SECONDS",
    "MISSES_BEFORE_AWAY",
    "Presence",
    "stand_ins",
]

DEFAULT_AWAY_SECONDS = 60.0
"""A table's grace when its creator chose none and the server sets none."""
MISSES_BEFORE_AWAY = 3
"""Missed clocks in a row after which a connected but silent player counts as away."""


@dataclass
class Presence:
    """The away marks of one table's people, and the counts that lead to them."""

    away: set[Seat] = field(default_factory=set)
    misses: dict[Seat, int] = field(default_factory=dict)

    def missed_clock(self, seat: Seat) -> bool:
        """Count one missed clock; True when this one makes the player away."""
        self.misses[seat] = self.misses.get(seat, 0) + 1
        return self.misses[seat] >= MISSES_BEFORE_AWAY and seat not in self.away

    def acted(self, seat: Seat) -> None:
        """The player moved himself: his count of missed clocks starts again."""
        self.misses.pop(seat, None)

    def paused(self, people: Iterable[Seat]) -> bool:
        """True when the table has people and every one of them is away."""
        present = list(people)
        return bool(present) and all(seat in self.away for seat in present)


def stand_ins(seats: Mapping[Seat, Any], moves_by_seat: Mapping[Seat, int]) -> dict[str, Any]:
    """For the result: each person's seat, how many of its moves a bot played and whether
    he left the game (the rating rule for games with stand-ins reads this)."""
    out: dict[str, dict[str, Any]] = {}
    for seat, info in seats.items():
        if getattr(info, "user_id", None) is None:
            continue
        out[seat.name] = {
            "auto_moves": int(moves_by_seat.get(seat, 0)),
            "left": bool(getattr(info, "left", False)),
        }
    return out
