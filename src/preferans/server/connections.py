"""One websocket client watching or playing at one table.

Events reach a connection from the table actor (directly or through Redis). The connection
keeps them in version order: until it has a snapshot (or the missed events) it holds
broadcasts back, drops anything it already sent, and asks for a resync when it sees a gap
or a new epoch. A slow client whose queue overflows is disconnected; on return it resyncs.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import TYPE_CHECKING, Any

from preferans.server.tables import Subscribe

if TYPE_CHECKING:
    from preferans.server.club import Club

__all__ = ["Connection", "RateLimiter"]

QUEUE_LIMIT = 2000


class RateLimiter:
    """A token bucket: ``rate`` messages a second, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False


class Connection:
    def __init__(
        self,
        club: Club,
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
        self.pending: list[dict[str, Any]] = []
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    @property
    def address(self) -> tuple[str, str]:
        return (self.club.node, self.id)

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.out.qsize() > QUEUE_LIMIT:
            self.close()
            return
        self.out.put_nowait(json.dumps(message, ensure_ascii=False))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.out.put_nowait(None)

    def subscribe(self) -> None:
        """Ask the table for what this connection missed since ``last_v`` (or a snapshot)."""
        self.synced = False
        self.resyncing = True
        since = self.last_v if self.last_v >= 0 and self.epoch else None
        command = Subscribe(self.address, self.user_id, since, self.epoch)
        asyncio.get_running_loop().create_task(self.club.route(self.table_id, command))

    # --- from the table ------------------------------------------------------------------

    def deliver_event(self, message: dict[str, Any]) -> None:
        if message.get("type") == "epoch":
            # A new incarnation of the table (restart or takeover): whatever we asked the
            # old one may be lost, so ask the new one.
            if message.get("epoch") != self.epoch:
                self.subscribe()
            return
        if not self.synced:
            self.pending.append(message)
            return
        self._ordered(message)

    def _ordered(self, message: dict[str, Any]) -> None:
        if message.get("epoch") != self.epoch:
            self.pending.append(message)
            if not self.resyncing:
                self.subscribe()
            return
        v = int(message["v"])
        if v <= self.last_v:
            return
        if v > self.last_v + 1:
            self.pending.append(message)
            if not self.resyncing:
                self.subscribe()
            return
        self.last_v = v
        self.send(message)

    def deliver_direct(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "snapshot":
            self.epoch = message["epoch"]
            self.last_v = int(message["v"])
            self._synced(message)
        elif kind == "event":
            if message.get("epoch") == self.epoch and int(message["v"]) > self.last_v:
                self.last_v = int(message["v"])
                self.send(message)
        elif kind == "synced":
            self.epoch = message["epoch"]
            self._synced(message)
        else:
            self.send(message)

    def _synced(self, message: dict[str, Any]) -> None:
        self.send(message)
        self.synced = True
        self.resyncing = False
        pending, self.pending = self.pending, []
        for event in sorted(
            (e for e in pending if e.get("epoch") == self.epoch), key=lambda e: int(e["v"])
        ):
            self._ordered(event)
