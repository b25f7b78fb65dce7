"""Database engine, migrations on start, and the group-committing action-log writer.

SQLite is the default (one file in the data directory, WAL mode, so a ``kill -9`` loses
nothing that was committed). PostgreSQL is used when several processes share the club.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from preferans.server import models
from preferans.server.config import Settings

__all__ = [
    "LogConflictError",
    "LogEntry",
    "LogWriter",
    "checkpoints",
    "create_engine",
    "migrate",
]

_MIGRATIONS = Path(__file__).parent / "migrations"
SLOW_COMMIT = 0.5
log = logging.getLogger(__name__)


def create_engine(settings: Settings) -> AsyncEngine:
    """An async engine; SQLite gets WAL and a busy timeout, PostgreSQL the run's schema."""
    kwargs: dict[str, Any] = {}
    if settings.is_sqlite:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"timeout": 30}
    elif settings.db_schema:
        kwargs["connect_args"] = {"server_settings": {"search_path": settings.db_schema}}
        kwargs["pool_size"] = 10
        kwargs["max_overflow"] = 10
    engine = create_async_engine(settings.url, **kwargs)
    if settings.is_sqlite:

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            # Checkpoints run in the background (``checkpoints``), never inside a commit
            # that a table is waiting for.
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    return engine


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "heads")  # branches of parallel work may add heads


async def migrate(engine: AsyncEngine, settings: Settings) -> None:
    """Bring the schema to the newest revision; safe when two processes start together."""
    async with engine.begin() as connection:
        if not settings.is_sqlite:
            # One process migrates at a time; the others wait, then find nothing to do.
            key = zlib.crc32((settings.db_schema or "public").encode())
            await connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})
            if settings.db_schema:
                await connection.execute(
                    text(f'CREATE SCHEMA IF NOT EXISTS "{settings.db_schema}"')
                )
        await connection.run_sync(_upgrade)


async def checkpoints(engine: AsyncEngine, every: float = 1.0) -> None:
    """Copy the SQLite WAL into the database now and then, off the commit path."""
    while True:
        await asyncio.sleep(every)
        try:
            async with engine.connect() as connection:
                await connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception:
            continue


class LogConflictError(RuntimeError):
    """Another process appended at this position first: this process lost the table."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action in a table's log."""

    table_id: int
    seq: int
    seat: str
    action: int
    auto: bool


class LogWriter:
    """Appends log entries in batches: one transaction for whatever is waiting.

    Every table awaits its own append before acknowledging, yet hundreds of tables share a
    commit, which is what lets SQLite keep up with a busy club.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._queue: asyncio.Queue[tuple[LogEntry, asyncio.Future[None]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="log-writer")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def append(self, entry: LogEntry) -> None:
        """Return once the entry is committed; raise LogConflictError if the seq is taken."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._queue.put((entry, future))
        await future

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty() and len(batch) < 500:
                batch.append(self._queue.get_nowait())
            started = time.perf_counter()
            try:
                await self._write([entry for entry, _ in batch])
                took = time.perf_counter() - started
                if took > SLOW_COMMIT:
                    log.warning("committing %d log entries took %.3f s", len(batch), took)
            except IntegrityError:
                # Someone else wrote one of these positions: commit the rest one by one.
                for entry, future in batch:
                    try:
                        await self._write([entry])
                    except IntegrityError:
                        _settle(future, LogConflictError(f"table {entry.table_id} moved"))
                    except Exception as error:
                        _settle(future, error)
                    else:
                        _settle(future, None)
                continue
            except Exception as error:
                for _, future in batch:
                    _settle(future, error)
                continue
            for _, future in batch:
                _settle(future, None)

    async def _write(self, entries: list[LogEntry]) -> None:
        now = time.time()
        rows = [
            {
                "table_id": e.table_id,
                "seq": e.seq,
                "seat": e.seat,
                "action": e.action,
                "auto": int(e.auto),
                "created_at": now,
            }
            for e in entries
        ]
        async with self._engine.begin() as connection:
            await connection.execute(models.actions.insert(), rows)


def _settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    if future.done():
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)
