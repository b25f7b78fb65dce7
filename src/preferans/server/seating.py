"""Who sits at a table and on what terms: the rows an actor loads, as values.

The table actor keeps them, the end of a pulya (``history``) writes them into the record,
and both read the seats with the one query here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.rules import Rules
from preferans.seats import Seat
from preferans.server import models
from preferans.server.tournaments_deals import DealSource

__all__ = ["SeatInfo", "TableInfo", "load_seats", "seat_map", "seat_rows"]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: Seat
    user_id: int | None
    name: str
    bot: str | None
    client_seed: str = ""
    left: bool = False
    """The player left the started game: a bot plays his seat to the end."""

    def public(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "bot": self.bot, "left": self.left}


@dataclass
class TableInfo:
    id: int
    creator_id: int
    rules: Rules
    target: int
    stake: float
    clock_seconds: int | None
    has_password: bool
    status: str
    commitment: str
    secret: str
    created_at: float
    away_seconds: float | None = None
    adjourn_votes: tuple[str, ...] = ()
    max_deals: int | None = None
    """A tournament round of a fixed length ends after this many deals."""
    deal_id: str | None = None
    """A tournament table's deal id (its deals come from it and the round's secret,
    without the players' seeds: ``server/tournaments_deals.py``)."""
    deal_source: DealSource | None = None

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "rules": self.rules.to_dict(),
            "variant": self.rules.variant,
            "players": self.rules.players,
            "target": self.target,
            "stake": self.stake,
            "clock_seconds": self.clock_seconds,
            "has_password": self.has_password,
            "status": self.status,
            "commitment": self.commitment,
            "away_seconds": self.away_seconds,
            "adjourn_votes": list(self.adjourn_votes),
        }


async def seat_rows(connection: AsyncConnection, table_id: int) -> Any:
    """The table's seat rows as the database has them now, each with the person's name."""
    return (
        await connection.execute(
            select(models.table_seats, models.users.c.name)
            .outerjoin(models.users, models.users.c.id == models.table_seats.c.user_id)
            .where(models.table_seats.c.table_id == table_id)
        )
    ).all()


async def load_seats(connection: AsyncConnection, table_id: int) -> dict[Seat, SeatInfo]:
    """The table's seats as the database has them now."""
    return seat_map(await seat_rows(connection, table_id))


def seat_map(rows: Any) -> dict[Seat, SeatInfo]:
    seats: dict[Seat, SeatInfo] = {}
    for row in rows:
        name = row.name if row.user_id is not None else f"bot ({row.bot})"
        left = getattr(row, "left_at", None) is not None
        seats[Seat[row.seat]] = SeatInfo(
            Seat[row.seat], row.user_id, name or "?", row.bot, row.client_seed or "", left
        )
    return seats
