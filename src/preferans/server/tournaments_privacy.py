"""A running duplicate round's tables are closed to onlookers.

Every table of a duplicate round plays the same deals, so whoever watches one table, or
reads a finished table's record, replay, analysis or review, sees cards that are still
being played elsewhere. Until the round is ``done`` the club therefore lets nobody watch a
table of it but the people seated there, and shows nobody its games (not even the players
of a finished table: they could tell the others). Swiss tables deal their own cards and
are watched like any club table.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from preferans.server import models
from preferans.server.refusals import Refusal

__all__ = ["SEALED", "check_open", "may_see", "sealed_round"]

SEALED = {
    "en": (
        "this table belongs to a duplicate round still being played: its games open "
        "when the round is over"
    ),
    "ru": ("этот стол — часть идущего дубль-тура: его партии откроются, когда тур закончится"),
}


async def sealed_round(connection: AsyncConnection, table_id: int) -> tuple[int, int] | None:
    """The (tournament, round) of a running duplicate round the table belongs to, or None."""
    tt, t, r = models.tournament_tables, models.tournaments, models.tournament_rounds
    row = (
        await connection.execute(
            select(tt.c.tournament_id, tt.c.round)
            .join(t, t.c.id == tt.c.tournament_id)
            .join(r, (r.c.tournament_id == tt.c.tournament_id) & (r.c.number == tt.c.round))
            .where(tt.c.table_id == table_id, t.c.kind == "duplicate", r.c.status != "done")
        )
    ).first()
    return None if row is None else (int(row.tournament_id), int(row.round))


async def may_see(engine: AsyncEngine, table_id: int, *, watcher: int | None = None) -> bool:
    """Whether the table may be seen now: not while its duplicate round runs, except live
    by ``watcher`` when he is seated at it."""
    async with engine.connect() as connection:
        if await sealed_round(connection, table_id) is None:
            return True
        if watcher is None:
            return False
        seated = (
            await connection.execute(
                select(models.table_seats.c.seat).where(
                    models.table_seats.c.table_id == table_id,
                    models.table_seats.c.user_id == watcher,
                )
            )
        ).first()
        return seated is not None


async def check_open(engine: AsyncEngine, table_id: int) -> None:
    """Refuse (403 ``round_sealed``) a table's games while its duplicate round runs."""
    if not await may_see(engine, table_id):
        raise Refusal("round_sealed", SEALED["en"], SEALED["ru"], 403)
