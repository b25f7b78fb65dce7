"""Quarantine: a table that cannot be loaded, replayed or finished is set aside, never
allowed to stop the server.

The table's status becomes ``quarantined`` (so no process loads it on start or in its
scans), its log, seats and chat stay as they were, and the reason is recorded with the
stage that failed and the status the table had. Its players hear of it (a ``quarantined``
event to whoever watches, an ``error`` with code ``quarantined`` to whoever connects).
The operator inspects and releases it with ``preferans club quarantine list | show ID |
release ID``; a released table gets its old status back and is loaded again (and set
aside again if the fault is still there).

Only deterministic faults quarantine: a database that does not answer is a reason to
retry, not to give up on a table.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from typing import Any, Final

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from preferans.server import models
from preferans.server.seating import seat_rows

__all__ = [
    "MESSAGES",
    "QuarantinedError",
    "describe",
    "is_transient",
    "listing",
    "reason_of",
    "release",
    "set_aside",
]

MESSAGES: Final = {
    "en": "this table was set aside: it could not be continued; its log is kept and an "
    "operator will look at it",
    "ru": "стол отставлен: его не удалось продолжить; запись игры сохранена, оператор её проверит",
}
MAX_REASON: Final = 4000


class QuarantinedError(RuntimeError):
    """The table is in quarantine: nobody loads it until an operator releases it."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} is quarantined")
        self.table_id = table_id


def is_transient(problem: BaseException) -> bool:
    """A fault that may pass by itself (the database or the network), not the table's."""
    if isinstance(problem, OperationalError | ConnectionError | TimeoutError | OSError):
        return True
    if isinstance(problem, DBAPIError) and problem.connection_invalidated:
        return True
    return isinstance(problem, asyncio.TimeoutError)


def reason_of(problem: BaseException) -> str:
    """The reason as the operator reads it: the exception and where it was raised."""
    frames = traceback.extract_tb(problem.__traceback__)[-3:]
    where = "; ".join(f"{f.filename.rsplit('/', 1)[-1]}:{f.lineno} {f.name}" for f in frames)
    text = f"{type(problem).__name__}: {problem}"
    return (f"{text} (at {where})" if where else text)[:MAX_REASON]


async def set_aside(engine: AsyncEngine, table_id: int, stage: str, reason: str) -> bool:
    """Quarantine the table (False if it already was)."""
    async with engine.begin() as connection:
        status = (
            await connection.execute(
                select(models.tables.c.status).where(models.tables.c.id == table_id)
            )
        ).scalar_one_or_none()
        if status is None or status == "quarantined":
            return False
        await connection.execute(
            delete(models.quarantined).where(models.quarantined.c.table_id == table_id)
        )
        await connection.execute(
            insert(models.quarantined).values(
                table_id=table_id,
                stage=stage,
                reason=reason[:MAX_REASON],
                previous_status=status,
                at=time.time(),
            )
        )
        await connection.execute(
            update(models.tables).where(models.tables.c.id == table_id).values(status="quarantined")
        )
    return True


async def listing(engine: AsyncEngine) -> list[dict[str, Any]]:
    """Every quarantined table: id, stage, reason, previous status, when."""
    async with engine.connect() as connection:
        rows = (
            await connection.execute(
                select(models.quarantined).order_by(models.quarantined.c.table_id)
            )
        ).all()
    return [
        {
            "table": r.table_id,
            "stage": r.stage,
            "reason": r.reason,
            "previous_status": r.previous_status,
            "at": r.at,
        }
        for r in rows
    ]


async def _set_aside_row(connection: AsyncConnection, table_id: int) -> Any:
    """The table's quarantine row (why and when it was set aside), or None."""
    return (
        await connection.execute(
            select(models.quarantined).where(models.quarantined.c.table_id == table_id)
        )
    ).first()


async def describe(engine: AsyncEngine, table_id: int) -> dict[str, Any] | None:
    """One quarantined table in detail: the reason, its rules, seats and log length."""
    async with engine.connect() as connection:
        row = await _set_aside_row(connection, table_id)
        if row is None:
            return None
        table = (
            await connection.execute(select(models.tables).where(models.tables.c.id == table_id))
        ).one()
        seats = await seat_rows(connection, table_id)
        logged = (
            await connection.execute(
                select(func.count())
                .select_from(models.actions)
                .where(models.actions.c.table_id == table_id)
            )
        ).scalar_one()
    return {
        "table": table_id,
        "stage": row.stage,
        "reason": row.reason,
        "previous_status": row.previous_status,
        "at": row.at,
        "rules": table.rules_json,
        "target": table.target,
        "stake": table.stake,
        "clock_seconds": table.clock_seconds,
        "seats": {s.seat: {"user": s.name, "bot": s.bot, "seed": s.client_seed} for s in seats},
        "actions_logged": logged,
    }


async def release(engine: AsyncEngine, table_id: int) -> str | None:
    """Give the table its old status back (it loads again); None if it was not set aside."""
    async with engine.begin() as connection:
        row = await _set_aside_row(connection, table_id)
        if row is None:
            return None
        await connection.execute(
            update(models.tables)
            .where(models.tables.c.id == table_id)
            .values(status=row.previous_status)
        )
        await connection.execute(
            delete(models.quarantined).where(models.quarantined.c.table_id == table_id)
        )
    status: str = row.previous_status
    return status
