"""The club: the process-wide hub that owns table actors and routes messages to them.

A command for a table goes to the local actor if this process owns the table, otherwise
through the cluster (Redis) to the owner; while no live process owns it (its owner died and
the lease has not expired yet), the command waits until this process can take the table
over. Events go to this process's connections and, through the cluster, to every other
process's.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from preferans.server import models
from preferans.server.broadcast import Broadcast
from preferans.server.club_errors import NoSuchTableError
from preferans.server.cluster import Cluster, LocalCluster, RedisCluster
from preferans.server.commands import Address, Command, Reload, Stop, Tick
from preferans.server.config import Settings
from preferans.server.connections import Connection
from preferans.server.db import LogWriter, checkpoints, create_engine, migrate
from preferans.server.protocol import error
from preferans.server.quarantine import (
    MESSAGES,
    QuarantinedError,
    is_transient,
    reason_of,
    set_aside,
)
from preferans.server.sockets import Sockets
from preferans.server.tables import TableActor
from preferans.server.thinking import Thinking
from preferans.server.throttle import LocalBuckets, RedisBuckets

__all__ = ["Club"]

log = logging.getLogger(__name__)
ACTIVE = ("open", "playing")
#: The answer to a command no process took (its owner between leases, or Redis just back).
UNREACHABLE = "the table's process did not take the request; try again"
UNREACHABLE_RU = "процесс стола не принял запрос; попробуйте ещё раз"
TAKEOVER_MARGIN = 1.0
"""Seconds beyond a lease that a command waits for its table to get a live owner: a dead
owner's lease runs out within ``lease_seconds`` of its death."""
TAKEOVER_RETRY = 0.2
"""Seconds between a waiting command's tries to reach an owner or take the table."""


class Club:
    """Everything one server process shares: settings, database, actors, connections."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.node = settings.node_id
        self.engine: AsyncEngine = create_engine(settings)
        self.writer = LogWriter(self.engine)
        self.cluster: Cluster
        self.buckets: LocalBuckets | RedisBuckets
        if settings.redis_url:
            redis_cluster = RedisCluster(self, settings.redis_url)
            self.cluster = redis_cluster
            self.buckets = RedisBuckets(redis_cluster.redis, settings.redis_prefix)
        else:
            self.cluster = LocalCluster()
            self.buckets = LocalBuckets()
        self.actors: dict[int, TableActor] = {}
        self.thinking = Thinking(settings.think_processes)
        self._loading: dict[int, asyncio.Future[TableActor | None]] = {}
        self._releases: dict[int, asyncio.Task[None]] = {}
        """Leases being released after their actor stopped, by table."""
        self.closing = False
        self.connections: dict[str, Connection] = {}
        self.by_table: dict[int, set[Connection]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.quarantined_ids: set[int] = set()
        self.open_sockets = Sockets(
            settings.connections_per_address,
            settings.connections_per_user,
            self.cluster.redis if isinstance(self.cluster, RedisCluster) else None,
            settings.redis_prefix,
            self.node,
            settings.lease_seconds,
        )
        """Tables found quarantined by this process (commands to them are answered so)."""
        self.game_end_listeners: list[Callable[[int], None]] = []
        """Called with a table's id when its game is stored as finished (the tournament
        director wakes up instead of waiting for its next look at the database)."""

    # --- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        await migrate(self.engine, self.settings)
        self.writer.start()
        await self.cluster.start()
        await self.open_sockets.start()
        await self.resume_tables()
        self._tasks.append(asyncio.create_task(self._scan_loop(), name="table-scan"))
        if self.settings.is_sqlite:
            self._tasks.append(asyncio.create_task(checkpoints(self.engine), name="checkpoints"))
        self._tasks.append(asyncio.create_task(self._lag(), name="lag"))

    async def _lag(self) -> None:
        """Warn when the event loop stalls: every table waits while it does."""
        while True:
            started = time.perf_counter()
            await asyncio.sleep(0.1)
            lag = time.perf_counter() - started - 0.1
            if lag > 0.5:
                log.warning("the event loop stalled for %.3f s", lag)

    async def stop(self) -> None:
        self.closing = True
        for task in self._tasks:
            task.cancel()
        for actor in list(self.actors.values()):
            await actor.stop()
        await self.open_sockets.stop()
        await self.cluster.stop()
        await self.writer.stop()
        await self.engine.dispose()
        self.thinking.close()

    async def resume_tables(self) -> None:
        """Load every unfinished table this process can own (after a restart, a takeover)."""
        async with self.engine.connect() as connection:
            ids = (
                await connection.execute(
                    select(models.tables.c.id).where(models.tables.c.status == "playing")
                )
            ).scalars()
            table_ids = [t for t in ids if t not in self.actors]
        for table_id in await self.cluster.unowned(table_ids):
            try:
                await self.ensure_actor(table_id)
            except Exception:
                # A database that does not answer now: the next scan or request tries again.
                log.exception("table %s could not be loaded now", table_id)

    async def _scan_loop(self) -> None:
        if isinstance(self.cluster, LocalCluster):
            return
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 3)
            try:
                await self.resume_tables()
            except Exception:
                log.exception("scanning tables failed")

    # --- actors --------------------------------------------------------------------------

    async def ensure_actor(self, table_id: int) -> TableActor | None:
        """The local actor for the table, loading it if this process can own it."""
        actor = self.actors.get(table_id)
        if actor is not None:
            return actor
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[TableActor | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            actor = None
            release = self._releases.get(table_id)
            if release is not None:
                # The previous actor's lease goes first, or it would delete this one's.
                await asyncio.wait([release])
            if await self.cluster.acquire(table_id):
                actor = TableActor(self, table_id)
                try:
                    await actor.start()
                except NoSuchTableError:
                    await self.cluster.release(table_id)
                    actor = None
                except QuarantinedError:
                    await self.cluster.release(table_id)
                    self.quarantined_ids.add(table_id)
                    actor = None
                except Exception as problem:
                    await self.cluster.release(table_id)
                    if is_transient(problem):
                        raise
                    # The table cannot be loaded, replayed or finished: it is set aside,
                    # and the server and every other table go on.
                    log.error("table %s: quarantined at %s", table_id, actor.stage, exc_info=True)
                    await set_aside(self.engine, table_id, actor.stage, reason_of(problem))
                    self.quarantined_ids.add(table_id)
                    actor = None
                else:
                    self.actors[table_id] = actor
                    self.quarantined_ids.discard(table_id)
            future.set_result(actor)
            return actor
        except BaseException as problem:
            future.set_exception(problem)
            future.exception()
            raise
        finally:
            del self._loading[table_id]

    def actor_stopped(self, actor: TableActor) -> None:
        if self.actors.get(actor.table_id) is actor:
            del self.actors[actor.table_id]
            release = asyncio.get_running_loop().create_task(self.cluster.release(actor.table_id))
            self._releases[actor.table_id] = release
            release.add_done_callback(lambda _: self._releases.pop(actor.table_id, None))

    def hand_over(self, table_id: int, commands: list[Command]) -> None:
        """Commands a stopped actor did not handle go to the table's next incarnation
        (after its lease is released), so no request of a person goes unanswered."""
        routed = [c for c in commands if not isinstance(c, Tick | Stop)]
        if not routed or self.closing:
            return

        async def again() -> None:
            for command in routed:
                try:
                    await self.route(table_id, command)
                except Exception:
                    log.exception("table %s: a handed-over command was lost", table_id)

        asyncio.get_running_loop().create_task(again())

    def game_ended(self, table_id: int) -> None:
        for listener in self.game_end_listeners:
            listener(table_id)

    def resync_table(self, table_id: int) -> None:
        """Every connection of this process to the table asks its owner again."""
        if self.closing:
            return
        for connection in tuple(self.by_table.get(table_id, ())):
            connection.subscribe()

    async def lost_lease(self, table_id: int) -> None:
        actor = self.actors.get(table_id)
        if actor is not None:
            actor.abandon()

    async def route(self, table_id: int, command: Command, hops: int = 0) -> None:
        """Hand a command to the table's owner, wherever it runs.

        When no live process holds the table (its owner died and its lease still runs, or
        it just let the table go), the command is not dropped: this process tries again to
        reach an owner or take the table over itself, for a lease and a margin, and only
        then answers that nobody took it. ``hops``: how often it was forwarded already."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.lease_seconds + TAKEOVER_MARGIN
        while True:
            actor = self.actors.get(table_id)
            if actor is None:
                actor = await self.ensure_actor(table_id)
            if actor is not None:
                actor.submit(command)
                return
            if table_id in self.quarantined_ids:
                self._refuse(command, "quarantined", MESSAGES["en"])
                return
            try:
                taken = await self.cluster.forward(table_id, command, hops)
            except Exception as problem:
                # Redis away (restarting) or slow: try again while the wait lasts.
                log.warning("table %s: forwarding a command failed (%s)", table_id, problem)
                taken = False
            if taken:
                return
            if self.closing or loop.time() >= deadline:
                break
            await asyncio.sleep(TAKEOVER_RETRY)
        log.warning("table %s: no process took a command within the lease", table_id)
        self.unreachable(command)

    def unreachable(self, command: Command) -> None:
        """Answer a request no process took, rather than leave it unanswered."""
        self._refuse(command, "table_unreachable", UNREACHABLE, UNREACHABLE_RU)

    def _refuse(self, command: Command, code: str, text: str, text_ru: str | None = None) -> None:
        """Refuse a command to its sender, if it came from a connection."""
        address = getattr(command, "address", None)
        if address is not None:
            self.reply(address, error(code, text, getattr(command, "request_id", None), text_ru))

    async def seats_changed(self, table_id: int) -> None:
        await self.route(table_id, Reload())

    # --- delivery ------------------------------------------------------------------------

    def broadcast(self, event: Broadcast) -> None:
        """Send an event (or the announcement of a new epoch) everywhere."""
        self.deliver_local(event)
        self.cluster.publish_event(event)

    def deliver_local(self, event: Broadcast) -> None:
        users = event.users
        for connection in tuple(self.by_table.get(event.table_id, ())):
            if event.version is None:
                connection.new_epoch(event.epoch)
                continue
            audience = users.get(connection.user_id, "*") if connection.user_id else "*"
            text = event.texts.get(audience)
            if text is None:
                # Not subscribed yet: the snapshot it is about to get covers this event.
                continue
            connection.deliver_event(event.epoch, event.version, text)

    def reply(self, address: Address, message: dict[str, Any]) -> None:
        node, connection_id = address
        if node == self.node:
            connection = self.connections.get(connection_id)
            if connection is not None:
                connection.deliver_direct(message)
        else:
            self.cluster.publish_reply(node, connection_id, message)

    def register(self, connection: Connection) -> None:
        self.connections[connection.id] = connection
        self.by_table.setdefault(connection.table_id, set()).add(connection)

    def unregister(self, connection: Connection) -> None:
        self.connections.pop(connection.id, None)
        group = self.by_table.get(connection.table_id)
        if group is not None:
            group.discard(connection)
            if not group:
                del self.by_table[connection.table_id]
