"""A tournament round's tables in the database: created in the transaction that starts
the round, read back when the round is over.

A round's tables are ordinary club tables (status ``playing`` from the first moment), so
the club's own machinery plays them, replays them after a crash and moves them between
processes; the tournament only remembers which tables are its own.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.seats import Seat, player_seats
from preferans.server import models
from preferans.server.tournaments_deals import deal_spec
from preferans.tournament.director import table_deal_id
from preferans.tournament.plan import TablePlan
from preferans.tournament.settings import TournamentSettings

__all__ = ["PlannedTable", "TableGame", "create_tables", "round_games"]


@dataclass(frozen=True, slots=True)
class PlannedTable:
    """One table of a round as the pairing planned it, with ``seats`` in seat order: a
    user id per seat or None for a bot."""

    plan: TablePlan
    seats: tuple[int | None, ...]

    @property
    def number(self) -> int:
        return self.plan.number

    @property
    def rotation(self) -> int:
        return self.plan.rotation


@dataclass(frozen=True, slots=True)
class TableGame:
    """A tournament table as it stands: its status and, once finished, the game."""

    number: int
    table_id: int
    rotation: int
    status: str
    seats: dict[Seat, int | None]
    summary: dict[str, Any] | None
    record: dict[str, Any] | None


async def create_tables(
    connection: AsyncConnection,
    *,
    tournament_id: int,
    director_id: int,
    round_no: int,
    settings: TournamentSettings,
    tables: Sequence[PlannedTable],
    bot_level: str,
    secret: str,
    commitment: str,
) -> list[int]:
    """Insert the round's tables (playing at once, with the round's secret and
    commitment), their seats and the tournament's note of them; return the table ids.
    The caller's transaction makes it all or nothing."""
    rules = settings.rules
    order = player_seats(settings.table_size)
    now = time.time()
    ids = []
    for table in tables:
        deals = table_deal_id(settings, str(tournament_id), round_no, table.plan)
        result = await connection.execute(
            insert(models.tables).values(
                creator_id=director_id,
                rules_json=rules.to_json(),
                # A round of a fixed number of deals has no pulya target (0 in the row:
                # the table's sheet is open and the game ends after ``max_deals``).
                target=settings.pulya_target or 0,
                stake=0.0,
                password_hash=None,
                clock_seconds=settings.move_seconds,
                status="playing",
                created_at=now,
                started_at=now,
                seed=secret,
                commitment=commitment,
                max_deals=settings.deals,
                deal_source=deal_spec(deals),
            )
        )
        table_id = int(result.inserted_primary_key[0])  # type: ignore[index]
        ids.append(table_id)
        await connection.execute(
            insert(models.table_seats),
            [
                {
                    "table_id": table_id,
                    "seat": seat.name,
                    "user_id": user,
                    "bot": None if user is not None else bot_level,
                    "client_seed": "",
                }
                for seat, user in zip(order, table.seats, strict=True)
            ],
        )
        await connection.execute(
            insert(models.tournament_tables).values(
                tournament_id=tournament_id,
                round=round_no,
                number=table.number,
                table_id=table_id,
                rotation=table.rotation,
            )
        )
    return ids


async def round_games(
    connection: AsyncConnection,
    tournament_id: int,
    round_no: int | None = None,
    *,
    records: bool = False,
) -> dict[int, list[TableGame]]:
    """Every table of the tournament (or of one round) by round, with its finished game
    (and its whole record when ``records``)."""
    tt = models.tournament_tables
    record = models.games.c.record if records else models.games.c.table_id.label("record")
    query = (
        select(tt, models.tables.c.status, models.games.c.summary_json, record)
        .join(models.tables, models.tables.c.id == tt.c.table_id)
        .outerjoin(models.games, models.games.c.table_id == tt.c.table_id)
        .where(tt.c.tournament_id == tournament_id)
        .order_by(tt.c.round, tt.c.number)
    )
    if round_no is not None:
        query = query.where(tt.c.round == round_no)
    rows = (await connection.execute(query)).all()
    seat_rows = (
        await connection.execute(
            select(models.table_seats).where(
                models.table_seats.c.table_id.in_([row.table_id for row in rows])
            )
        )
    ).all()
    seats: dict[int, dict[Seat, int | None]] = {}
    for seat in seat_rows:
        seats.setdefault(seat.table_id, {})[Seat[seat.seat]] = seat.user_id
    out: dict[int, list[TableGame]] = {}
    for row in rows:
        out.setdefault(row.round, []).append(
            TableGame(
                number=row.number,
                table_id=row.table_id,
                rotation=row.rotation,
                status=row.status,
                seats=dict(sorted(seats.get(row.table_id, {}).items())),
                summary=json.loads(row.summary_json) if row.summary_json else None,
                record=json.loads(row.record) if records and row.record else None,
            )
        )
    return out
