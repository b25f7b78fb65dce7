"""A tournament table's time bank (``bank_seconds``): a reserve each player draws on
when a move takes longer than the move clock (``move_seconds``).

A turn's clock runs out at ``move deadline + the mover's bank``: a move made after the
move deadline spends what it overran from the bank, and when the whole bank is gone the
turn times out as any club clock does (the stand-in moves, and several missed clocks in
a row make the player away). Ordinary club tables have no bank (0 seconds).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.seats import Seat
from preferans.server import models

__all__ = ["TimeBank", "bank_seconds_of"]


class TimeBank:
    """Every seat's bank left, in seconds (each starts with ``seconds``)."""

    def __init__(self, seconds: float = 0.0) -> None:
        self.seconds = seconds
        self._left: dict[Seat, float] = {}

    def left(self, seat: Seat) -> float:
        """The seat's bank at the start of its current (or next) turn."""
        return self._left.get(seat, self.seconds)

    def spend(self, seat: Seat, move_deadline: float, now: float) -> None:
        """The seat moved at ``now``: the time past the move deadline leaves the bank."""
        over = now - move_deadline
        if over > 0:
            self._left[seat] = max(0.0, self.left(seat) - over)

    def payload(self, seat: Seat, move_deadline: float, now: float) -> dict[str, Any]:
        """What the clock shows of the mover's bank: when the move clock runs out (the
        bank starts then) and how much of the bank is left now."""
        if not self.seconds:
            return {}
        left = self.left(seat) - max(0.0, now - move_deadline)
        return {
            "bank": {
                "seat": seat.name,
                "move_deadline": round(move_deadline, 3),
                "seconds_left": round(max(0.0, left), 1),
                "seconds": self.seconds,
            }
        }


async def bank_seconds_of(connection: AsyncConnection, table_id: int) -> float:
    """The tournament's ``bank_seconds`` for one of its tables, 0 for a club table."""
    tt, t = models.tournament_tables, models.tournaments
    text = (
        await connection.execute(
            select(t.c.settings_json)
            .join(tt, tt.c.tournament_id == t.c.id)
            .where(tt.c.table_id == table_id)
        )
    ).scalar()
    if text is None:
        return 0.0
    return float(json.loads(text).get("bank_seconds", 0))
