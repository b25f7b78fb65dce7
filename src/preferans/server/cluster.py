"""Several server processes, one club: table leases and message routing over Redis.

Each table is owned by one process at a time through a Redis key with an expiry (the
lease), renewed while the owner lives. A command for a table owned elsewhere goes to the
lease holder's own command channel; events are published once and every process hands them
to its own connections; direct replies go to the connection's process. When an owner dies
its leases expire and another process replays those tables from the database; a command
sent meanwhile finds no live holder, and its sender waits to take the table over itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Mapping
from typing import Any, Protocol

from preferans.server.broadcast import Broadcast
from preferans.server.club_errors import NoSuchTableError
from preferans.server.commands import Command, command_from_json, command_to_json
from preferans.server.config import Settings
from preferans.server.connections import Connection

__all__ = [
    "Cluster",
    "ClusterHost",
    "Inbox",
    "LocalCluster",
    "RedisCluster",
]

log = logging.getLogger(__name__)
PUBLISH_ATTEMPTS = 3
"""Tries per published message; a duplicate is harmless (connections drop versions they
have), a lost event leaves a player waiting until his table changes again."""
REDIS_CALL_WAIT = 5.0
"""Seconds one call to Redis may take before it counts as failed: a call that never
returns (once seen after a Redis restart) must not stop the lease renewals or leave a
player's request unanswered; every caller already handles a failed call."""
FORWARDS = 2
"""How often one command may be forwarded: once to the lease holder, and once more when
the table moved while it was on its way; a third process would mean ping-pong."""


class Cluster(Protocol):
    async def start(self) -> None: ...
    async def stop(self) -> None: ...
    async def acquire(self, table_id: int) -> bool: ...
    async def release(self, table_id: int) -> None: ...
    async def unowned(self, table_ids: list[int]) -> list[int]: ...
    async def forward(self, table_id: int, command: Command, hops: int = 0) -> bool: ...
    def publish_event(self, event: Broadcast) -> None: ...
    def publish_reply(self, node: str, connection_id: str, message: dict[str, Any]) -> None: ...


class Inbox(Protocol):
    """A table actor as the cluster sees it: somewhere to put a command."""

    def submit(self, command: Command) -> None: ...


class ClusterHost(Protocol):
    """What the Redis cluster asks of its process (the club): the local tables and
    connections it hands messages to, and the word that a lease was lost."""

    settings: Settings

    @property
    def node(self) -> str: ...
    @property
    def actors(self) -> Mapping[int, Inbox]: ...
    @property
    def connections(self) -> Mapping[str, Connection]: ...
    def deliver_local(self, event: Broadcast) -> None: ...
    async def lost_lease(self, table_id: int) -> None: ...
    async def route(self, table_id: int, command: Command, hops: int = 0) -> None: ...
    def unreachable(self, command: Command) -> None: ...


class LocalCluster:
    """One process owns every table; nothing to publish."""

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def acquire(self, table_id: int) -> bool:
        return True

    async def release(self, table_id: int) -> None:
        return None

    async def unowned(self, table_ids: list[int]) -> list[int]:
        return table_ids

    async def forward(self, table_id: int, command: Command, hops: int = 0) -> bool:
        # One process owns every table: a command comes here only when the table could
        # not be loaded because the database does not hold it.
        raise NoSuchTableError(table_id)

    def publish_event(self, event: Broadcast) -> None:
        return None

    def publish_reply(self, node: str, connection_id: str, message: dict[str, Any]) -> None:
        return None


_RENEW = """
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
if not holder then
  -- Nobody holds it (Redis restarted empty): the owner keeps its table, no takeover.
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""
_FORWARD = """
local holder = redis.call('get', KEYS[1])
if not holder then
  return -1
end
return redis.call('publish', ARGV[1] .. holder, ARGV[2])
"""


async def _bounded(call: Awaitable[Any]) -> Any:
    """One Redis call, failed (``TimeoutError``) if it takes over ``REDIS_CALL_WAIT``."""
    return await asyncio.wait_for(call, REDIS_CALL_WAIT)


class RedisCluster:
    """Leases and pub/sub over one Redis."""

    def __init__(self, club: ClusterHost, url: str) -> None:
        import redis.asyncio as redis

        self.club = club
        self.node = club.node
        self.prefix = club.settings.redis_prefix
        self.lease_ms = int(club.settings.lease_seconds * 1000)
        self.redis: Any = redis.from_url(url)
        self.pubsub: Any = None
        self.owned: set[int] = set()
        self._elsewhere: dict[int, float] = {}
        """Tables another process held when last asked, until when to believe it."""
        self._tasks: list[asyncio.Task[None]] = []
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._marked = False
        """This process set its mark in Redis once (a missing mark later: Redis restarted)."""
        self._routing: set[asyncio.Task[None]] = set()
        """Commands that reached this process for a table it does not run, routed again."""

    def _lease(self, table_id: int) -> str:
        return f"{self.prefix}:lease:{table_id}"

    async def _subscribe(self) -> None:
        """A fresh subscription to the club's channels (also after Redis restarted: a
        restarted Redis knows no subscriptions)."""
        if self.pubsub is not None:
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await _bounded(self.pubsub.psubscribe(f"{self.prefix}:ev:*"))
        await _bounded(
            self.pubsub.subscribe(
                f"{self.prefix}:node:{self.node}", f"{self.prefix}:cmd:{self.node}"
            )
        )

    async def start(self) -> None:
        await self._subscribe()
        self._tasks = [
            asyncio.create_task(self._listen(), name="redis-listen"),
            asyncio.create_task(self._renew(), name="redis-renew"),
            asyncio.create_task(self._publish(), name="redis-publish"),
        ]

    async def stop(self) -> None:
        for task in [*self._tasks, *self._routing]:
            task.cancel()
        for table_id in list(self.owned):
            await self.release(table_id)
        if self.pubsub is not None:
            await self.pubsub.aclose()
        await self.redis.aclose()

    async def acquire(self, table_id: int) -> bool:
        if self._elsewhere.get(table_id, 0.0) > time.monotonic():
            return False  # owned by another process a moment ago: do not ask Redis again
        key = self._lease(table_id)
        got = await _bounded(self.redis.set(key, self.node, nx=True, px=self.lease_ms))
        if not got:
            holder = await _bounded(self.redis.get(key))
            got = holder is not None and holder.decode() == self.node
        if got:
            self.owned.add(table_id)
            self._elsewhere.pop(table_id, None)
        else:
            self._elsewhere[table_id] = time.monotonic() + self.lease_ms / 3000
        return bool(got)

    async def release(self, table_id: int) -> None:
        self.owned.discard(table_id)
        try:
            await _bounded(self.redis.eval(_RELEASE, 1, self._lease(table_id), self.node))
        except Exception:
            log.warning("could not release the lease of table %s", table_id)

    async def forward(self, table_id: int, command: Command, hops: int = 0) -> bool:
        """Publish the command on the lease holder's command channel; False when nobody
        took it: no process holds the table, or its holder does not listen (it died and its
        lease has not expired yet, or it has not subscribed again since Redis came back).

        ``hops`` counts the times the command was forwarded before (see ``FORWARDS``)."""
        payload = json.dumps({"t": table_id, "h": hops + 1, "x": command_to_json(command)})
        channel = f"{self.prefix}:cmd:"
        # The holder read and the publish to it in one round trip (the script appends the
        # holder's id to the channel's name); -1: nobody holds the lease.
        receivers = await _bounded(
            self.redis.eval(_FORWARD, 1, self._lease(table_id), channel, payload)
        )
        if receivers > 0:
            return True
        if receivers == 0:
            log.info("table %s: its lease holder does not listen", table_id)
        # The next acquire asks Redis, not what it heard of a holder that is gone.
        self._elsewhere.pop(table_id, None)
        return False

    def publish_event(self, event: Broadcast) -> None:
        message = json.dumps(event.to_json(self.node), ensure_ascii=False)
        self._outbox.put_nowait((f"{self.prefix}:ev:{event.table_id}", message))

    def publish_reply(self, node: str, connection_id: str, message: dict[str, Any]) -> None:
        body = json.dumps({"c": connection_id, "m": message}, ensure_ascii=False)
        self._outbox.put_nowait((f"{self.prefix}:node:{node}", body))

    async def _publish(self) -> None:
        """One ordered publisher, so events of a table reach other processes in order."""
        while True:
            channel, message = await self._outbox.get()
            for attempt in range(PUBLISH_ATTEMPTS):
                try:
                    await _bounded(self.redis.publish(channel, message))
                    break
                except Exception:
                    # The first command on a connection Redis dropped (it restarted) fails
                    # while the next one reconnects: try again before the message is lost.
                    if attempt + 1 == PUBLISH_ATTEMPTS:
                        log.exception("publishing to %s failed", channel)
                    else:
                        await asyncio.sleep(0.1)

    async def _listen(self) -> None:
        while True:
            try:
                async for item in self.pubsub.listen():
                    await self._dispatch(item)
            except asyncio.CancelledError:
                raise
            except Exception as problem:
                log.warning("the redis listener failed (%s); subscribing again", problem)
                await self._resubscribe()

    async def _resubscribe(self) -> None:
        """Subscribe again until Redis answers; then every local connection asks its
        table for what it missed (events published while Redis was away are lost)."""
        while True:
            await asyncio.sleep(0.5)
            try:
                await self._subscribe()
            except asyncio.CancelledError:
                raise
            except Exception:
                continue
            # Redis may have restarted empty: who held what a moment ago says nothing now.
            self._elsewhere.clear()
            for connection in list(self.club.connections.values()):
                connection.subscribe()
            return

    async def _dispatch(self, item: dict[str, Any]) -> None:
        channel = item["channel"].decode()
        data = json.loads(item["data"])
        kind = channel[len(self.prefix) + 1 :].split(":", 1)[0]
        if kind == "ev":
            if data["n"] == self.node:
                return
            self.club.deliver_local(Broadcast.from_json(data))
        elif kind == "cmd":
            table_id, hops = int(data["t"]), int(data["h"])
            command = command_from_json(data["x"])
            actor = self.club.actors.get(table_id)
            if actor is not None:
                actor.submit(command)
            elif table_id in self.owned or hops < FORWARDS:
                # Held here with its actor still loading (a takeover's replay): the club
                # waits for it. Or the table moved (or its lease ended) while the command
                # was on its way: the club routes it once more instead of dropping it.
                task = asyncio.get_running_loop().create_task(self._route(table_id, command, hops))
                self._routing.add(task)
                task.add_done_callback(self._routing.discard)
            else:
                log.warning("table %s: a command forwarded %s times is refused", table_id, hops)
                self.club.unreachable(command)
        elif kind == "node":
            connection = self.club.connections.get(data["c"])
            if connection is not None:
                connection.deliver_direct(data["m"])

    async def _route(self, table_id: int, command: Command, hops: int) -> None:
        """Route a command that came here for a table this process does not run; if that
        fails, its sender hears so rather than nothing."""
        try:
            await self.club.route(table_id, command, hops)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: a forwarded command could not be routed", table_id)
            self.club.unreachable(command)

    async def _notice_restart(self) -> None:
        """A restarted Redis forgets this process's mark: then every local connection
        asks its table again. The subscription's client may reconnect by itself without
        the listener ever failing, and events (a takeover's new epoch) published while
        Redis was away are lost."""
        mark = f"{self.prefix}:mark:{self.node}"
        if await _bounded(self.redis.set(mark, 1, xx=True)):
            return
        await _bounded(self.redis.set(mark, 1))
        if self._marked:
            log.warning("redis lost its data (restarted?): every connection resyncs")
            self._elsewhere.clear()
            for connection in list(self.club.connections.values()):
                connection.subscribe()
        self._marked = True

    async def _renew(self) -> None:
        """Extend every lease this process holds, all in one round trip."""
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            try:
                await self._notice_restart()
            except Exception as problem:
                log.warning("could not check whether redis restarted (%s)", problem)
            owned = list(self.owned)
            if not owned:
                continue
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for table_id in owned:
                        pipe.eval(_RENEW, 1, self._lease(table_id), self.node, self.lease_ms)
                    kept = await _bounded(pipe.execute())
            except Exception:
                log.exception("renewing the leases failed")
                continue
            for table_id, ok in zip(owned, kept, strict=True):
                if not ok and table_id in self.owned:
                    log.warning("lost the lease of table %s", table_id)
                    self.owned.discard(table_id)
                    await self.club.lost_lease(table_id)

    async def unowned(self, table_ids: list[int]) -> list[int]:
        """The tables among these that no process holds now (one round trip)."""
        if not table_ids:
            return []
        holders = await _bounded(self.redis.mget([self._lease(t) for t in table_ids]))
        return [t for t, holder in zip(table_ids, holders, strict=True) if holder is None]
