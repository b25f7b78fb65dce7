"""Open websockets per address and per account, counted across every server process.

A cluster's load balancer spreads one address (and one person's tabs) over its
processes, so a count kept per process allows the limit once per process. Here each
process keeps its own count (``limits.Connections``) and, when the club runs on Redis,
adds it to one Redis hash per address and per account, a field per process. A field
counts only while its process's heartbeat key lives (renewed every third of the lease):
the fields of a process that died are dropped by the next admission that reads them.
When the heartbeat key is found gone (Redis restarted empty, or this process stalled
past the lease) or a Redis call failed, the process writes all its counts back.

While Redis does not answer, each process counts its own connections only (a warning
in the log says so): a stricter refusal would shut every newcomer out of every table.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from preferans.server.limits import Connections

__all__ = ["Sockets"]

log = logging.getLogger(__name__)
REDIS_WAIT = 1.0
"""Seconds a connection's count waits for Redis before counting in this process only."""

_ADMIT = """
local node, alive = ARGV[1], ARGV[2]
local function total(key)
  local fields = redis.call('hgetall', key)
  local sum = 0
  for i = 1, #fields, 2 do
    local holder = fields[i]
    if holder == node or redis.call('exists', alive .. holder) == 1 then
      sum = sum + tonumber(fields[i + 1])
    else
      redis.call('hdel', key, holder)
    end
  end
  return sum
end
for i = 1, #KEYS do
  if total(KEYS[i]) >= tonumber(ARGV[2 + i]) then return i end
end
for i = 1, #KEYS do redis.call('hincrby', KEYS[i], node, 1) end
return 0
"""
_LEAVE = """
for i = 1, #KEYS do
  if redis.call('hincrby', KEYS[i], ARGV[1], -1) <= 0 then redis.call('hdel', KEYS[i], ARGV[1]) end
end
return 0
"""


class Sockets:
    """The club's open-websocket limits: this process's count, and the cluster's through
    ``redis`` when there is one."""

    def __init__(
        self,
        per_address: int,
        per_user: int,
        redis: Any = None,
        prefix: str = "",
        node: str = "",
        lease_seconds: float = 10.0,
    ) -> None:
        self.local = Connections(per_address, per_user)
        self.redis = redis
        self.prefix = prefix
        self.node = node
        self.lease_ms = int(lease_seconds * 1000)
        self._stale = True
        """The counts in Redis may be wrong: write them back at the next heartbeat."""
        self._task: asyncio.Task[None] | None = None
        self._unsure: set[str] = set()
        """Keys whose decrement failed: cleared of this process's field when written back."""

    def _keys(self, address: str, user_id: int | None) -> list[str]:
        keys = [f"{self.prefix}:sockets:a:{address}"]
        if user_id is not None:
            keys.append(f"{self.prefix}:sockets:u:{user_id}")
        return keys

    @property
    def _alive(self) -> str:
        return f"{self.prefix}:alive:"

    async def admit(self, address: str, user_id: int | None) -> str | None:
        """Count a new connection in, or say why it is refused (nothing is counted then)."""
        refused = self.local.admit(address, user_id)
        if refused is not None or self.redis is None:
            return refused
        limits = [self.local.per_address, self.local.per_user]
        keys = self._keys(address, user_id)
        try:
            # Bounded: a Redis that just restarted is retried with a backoff by its client,
            # and a websocket's handshake must not wait for that.
            over = await asyncio.wait_for(
                self.redis.eval(_ADMIT, len(keys), *keys, self.node, self._alive, *limits),
                REDIS_WAIT,
            )
        except Exception as problem:
            self._stale = True
            log.warning("counting connections in this process only: redis failed (%r)", problem)
            return None
        if over:
            self.local.leave(address, user_id)
            return (
                "too many connections from your address; close some tabs"
                if over == 1
                else "too many connections of your account; close some tabs"
            )
        return None

    async def leave(self, address: str, user_id: int | None) -> None:
        self.local.leave(address, user_id)
        if self.redis is None:
            return
        keys = self._keys(address, user_id)
        try:
            await asyncio.wait_for(self.redis.eval(_LEAVE, len(keys), *keys, self.node), REDIS_WAIT)
        except Exception as problem:
            self._stale = True
            self._unsure.update(keys)
            log.warning("a closed connection is still counted in redis (%s)", problem)

    async def heartbeat(self) -> None:
        """Keep this process's fields counting; write every count back when Redis lost
        them (its heartbeat key is gone) or may have missed a change."""
        assert self.redis is not None
        key = f"{self._alive}{self.node}"
        kept = await self.redis.set(key, 1, px=self.lease_ms, xx=True)
        if kept and not self._stale:
            return
        self._stale = False
        unsure, self._unsure = self._unsure, set()
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.set(key, 1, px=self.lease_ms)
                for stale in unsure:
                    pipe.hdel(stale, self.node)
                for address, count in self.local.addresses.items():
                    pipe.hset(self._keys(address, None)[0], self.node, count)
                for user_id, count in self.local.users.items():
                    pipe.hset(f"{self.prefix}:sockets:u:{user_id}", self.node, count)
                await pipe.execute()
        except BaseException:
            self._stale = True
            self._unsure |= unsure
            raise

    async def _beat(self) -> None:
        while True:
            try:
                await self.heartbeat()
            except asyncio.CancelledError:
                raise
            except Exception as problem:
                log.warning("the connection counts' heartbeat failed (%s)", problem)
            await asyncio.sleep(self.lease_ms / 3000)

    async def start(self) -> None:
        if self.redis is not None:
            await self.heartbeat()
            self._task = asyncio.create_task(self._beat(), name="socket-heartbeat")

    async def stop(self) -> None:
        """Stop counting: this process's fields stop counting at once, not after the lease."""
        if self._task is None:
            return
        self._task.cancel()
        try:
            await self.redis.delete(f"{self._alive}{self.node}")
        except Exception as problem:
            log.warning("could not remove this process's connection heartbeat (%s)", problem)
