"""One websocket client watching or playing at one table.

Events reach a connection from the table actor (directly or through Redis). The connection
keeps them in version order: until it has a snapshot (or the missed events) it holds
broadcasts back, drops anything it already sent, and asks for a resync when it sees a gap,
a new epoch, or an answer to its own move newer than the last event it got. A slow client
whose queue overflows is disconnected; on return it resyncs.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import Any, Protocol

from preferans.server.commands import Command, Subscribe

__all__ = ["Connection", "RateLimiter", "Router"]

QUEUE_LIMIT = 2000
RESYNC_AGAIN = 5.0


class RateLimiter:
    """A token bucket: ``rate`` messages a second, bursts up to ``burst``.

    ``refused`` counts refusals and decays at ``rate`` a second too, so only a sustained
    flood (not a few bursts over a long life) adds up to a reason to close."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.refused = 0.0

    def allow(self) -> bool:
        now = time.monotonic()
        elapsed = now - self.stamp
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.refused = max(0.0, self.refused - elapsed * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False


class Router(Protocol):
    """What a connection asks of its process (the club): its node and the way to a
    table's owner, wherever that runs."""

    @property
    def node(self) -> str:
        """This process's id in the cluster (a reply's address names it)."""

    async def route(self, table_id: int, command: Command) -> None:
        """Hand the command to the table's actor, here or on another process."""


class Connection:
    def __init__(
        self,
        club: Router,
        table_id: int,
        user_id: int | None,
        since: int | None,
        epoch: str | None,
    ) -> None:
        self.club = club
        self.id = secrets.token_hex(8)
        self.table_id = table_id
        self.user_id = user_id
        self.epoch = epoch
        self.last_v = since if since is not None else -1
        self.synced = False
        self.resyncing = False
        self.pending: list[tuple[str, int, str]] = []
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.name: str | None = None
        """The logged-in user's name (chat lines are signed with it)."""
        self._asked = 0
        """Resync requests made (a late check retries only the latest)."""
        self._answered_at = -1
        """The newest version an answer named while a resync was in flight: the resync's
        reply may predate it, and its event may have been lost on the way."""
        self.hint_limiter = RateLimiter(0.5, 3)
        self.chat_limiter = RateLimiter(1.0, 5)

    @property
    def address(self) -> tuple[str, str]:
        return (self.club.node, self.id)

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(json.dumps(message, ensure_ascii=False))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self.out.qsize() > QUEUE_LIMIT:
            self.close()
            return
        self.out.put_nowait(text)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.out.put_nowait(None)

    def subscribe(self) -> None:
        """Ask the table for what this connection missed since ``last_v`` (or a snapshot).

        Asked again if no answer comes within ``RESYNC_AGAIN`` seconds: in a takeover the
        request may reach a process that just lost the table, and a connection left
        waiting for a resync holds every later event back."""
        self.synced = False
        self.resyncing = True
        since = self.last_v if self.last_v >= 0 and self.epoch else None
        command = Subscribe(self.address, self.user_id, since, self.epoch)
        asyncio.get_running_loop().create_task(self.club.route(self.table_id, command))
        self._asked += 1
        asyncio.get_running_loop().call_later(RESYNC_AGAIN, self._unanswered, self._asked)

    def _unanswered(self, asked: int) -> None:
        if not self.closed and self.resyncing and asked == self._asked:
            self.subscribe()

    # --- from the table ------------------------------------------------------------------

    def new_epoch(self, epoch: str) -> None:
        """A new incarnation of the table (restart or takeover): whatever was asked of the
        old one may be lost, so ask the new one."""
        if epoch != self.epoch:
            self.subscribe()

    def deliver_event(self, epoch: str, v: int, text: str) -> None:
        if not self.synced:
            self.pending.append((epoch, v, text))
            return
        self._ordered(epoch, v, text)

    def _ordered(self, epoch: str, v: int, text: str) -> None:
        if epoch != self.epoch or v > self.last_v + 1:
            self.pending.append((epoch, v, text))
            if not self.resyncing:
                self.subscribe()
            return
        if v <= self.last_v:
            return
        self.last_v = v
        self.send_text(text)

    def deliver_direct(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "snapshot":
            self.epoch = message["epoch"]
            self.last_v = int(message["v"])
            self._synced(message)
        elif kind == "_event":
            v = int(message["v"])
            if message["epoch"] == self.epoch and v > self.last_v:
                self.last_v = v
                self.send_text(message["text"])
        elif kind == "synced":
            self.epoch = message["epoch"]
            self._synced(message)
        else:
            self.send(message)
            answered_at = message.get("v") if kind == "ack" else None
            if isinstance(answered_at, int) and answered_at > self.last_v:
                # The table sends its events before the answer, in one order; an answer
                # past the last event seen means an event was lost on the way (a publish
                # to a Redis that had just restarted): nobody else would notice. While a
                # resync is in flight, ask again once it is answered if it falls short.
                if self.synced:
                    self.subscribe()
                else:
                    self._answered_at = max(self._answered_at, answered_at)

    def _synced(self, message: dict[str, Any]) -> None:
        self.send(message)
        self.synced = True
        self.resyncing = False
        pending, self.pending = self.pending, []
        for epoch, v, text in sorted(
            (p for p in pending if p[0] == self.epoch), key=lambda p: p[1]
        ):
            self._ordered(epoch, v, text)
        behind, self._answered_at = self._answered_at > self.last_v, -1
        if behind and not self.resyncing:
            self.subscribe()
