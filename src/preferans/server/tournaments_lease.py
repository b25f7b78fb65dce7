"""Which process directs the club's tournaments: one at a time, by a lease in Redis.

With several processes (``--redis``) the director's lease is the key
``{prefix}:tournament-director`` (``SET NX PX``, renewed by compare-and-extend); when
its holder dies the key expires and another process directs from the database, where
all of a tournament's state lives. The lease only saves work: every step of the director
is also guarded in the database (a round is closed or opened by an update that names the
state it expects), so two directors for a moment still open each round once.
One process without Redis always directs.
"""

from __future__ import annotations

import logging
from typing import Any

# The table leases' compare-and-extend and compare-and-delete scripts serve this lease too.
from preferans.server.cluster import _RELEASE
from preferans.server.cluster import _RENEW as _EXTEND

log = logging.getLogger(__name__)

__all__ = ["DirectorLease"]


class DirectorLease:
    """``hold()`` is True while this process is the director (taking the lease if free)."""

    def __init__(self, redis: Any | None, prefix: str, node: str, seconds: float) -> None:
        self.redis = redis
        self.key = f"{prefix}:tournament-director"
        self.node = node
        self.ms = int(seconds * 1000)
        self.held = redis is None

    async def hold(self) -> bool:
        if self.redis is None:
            return True
        try:
            if self.held and await self.redis.eval(_EXTEND, 1, self.key, self.node, self.ms):
                return True
            self.held = bool(await self.redis.set(self.key, self.node, nx=True, px=self.ms))
        except Exception:
            log.warning("the tournament director's lease could not be checked")
            self.held = False
        return self.held

    async def release(self) -> None:
        if self.redis is None or not self.held:
            return
        self.held = False
        try:
            await self.redis.eval(_RELEASE, 1, self.key, self.node)
        except Exception:
            log.warning("the tournament director's lease could not be released")
