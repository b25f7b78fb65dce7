"""What the HTTP routes look up: the club serving a request, a table's row and a
finished game's stored record, each refused the same way wherever it is missing."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from fastapi import HTTPException, Request
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.server import models
from preferans.server.club import Club

__all__ = ["club_of", "finished_game", "stored_record", "table_in", "table_row"]

NO_GAME = "no finished game at this table"


def club_of(request: Request) -> Club:
    club: Club = request.app.state.club
    return club


async def table_row(connection: AsyncConnection, table_id: int) -> Any:
    """The table's row; 404 if there is no such table."""
    row = (
        await connection.execute(select(models.tables).where(models.tables.c.id == table_id))
    ).first()
    if row is None:
        raise HTTPException(404, "no such table")
    return row


async def table_in(
    connection: AsyncConnection, table_id: int, statuses: Collection[str], refusal: str
) -> Any:
    """The table's row while its status is one of ``statuses``: 404 if there is no such
    table, 409 with ``refusal`` once it is in another (seats change only in some)."""
    row = await table_row(connection, table_id)
    if row.status not in statuses:
        raise HTTPException(409, refusal)
    return row


async def finished_game(connection: AsyncConnection, table_id: int, *columns: Any) -> Any:
    """The finished game's row (the whole row, or only ``columns``); 404 if the table has
    no finished game."""
    query = select(*columns) if columns else select(models.games)
    row = (await connection.execute(query.where(models.games.c.table_id == table_id))).first()
    if row is None:
        raise HTTPException(404, NO_GAME)
    return row


async def stored_record(connection: AsyncConnection, table_id: int) -> dict[str, Any] | None:
    """The finished game's downloadable record, or None while the game is not finished."""
    row = (
        await connection.execute(
            select(models.games.c.record).where(models.games.c.table_id == table_id)
        )
    ).first()
    if row is None:
        return None
    record: dict[str, Any] = json.loads(row.record)
    return record
