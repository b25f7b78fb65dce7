"""Token buckets for the password endpoints, per client address: in this process, or shared
by every process of a club through Redis.

A guesser who spreads his attempts over the processes of a club must meet the same limit
as one who talks to a single process, so with Redis the bucket lives there (one small hash
per address, expiring when full again). If Redis does not answer, the process's own
buckets decide: a slow Redis must not lock everybody out, nor let anybody through freely.
"""

from __future__ import annotations

import logging
import math
import time
from typing import Any

__all__ = ["LocalBuckets", "RedisBuckets"]

log = logging.getLogger(__name__)


class LocalBuckets:
    """A token bucket per key, in this process's memory."""

    def __init__(self) -> None:
        self.buckets: dict[str, tuple[float, float]] = {}

    async def allow(self, key: str, rate: float, burst: int) -> bool:
        return self.take(key, rate, burst)

    def take(self, key: str, rate: float, burst: int) -> bool:
        now = time.monotonic()
        if len(self.buckets) > 10_000:
            full = burst / max(rate, 1e-9)
            self.buckets = {k: b for k, b in self.buckets.items() if now - b[1] < full}
        tokens, stamp = self.buckets.get(key, (float(burst), now))
        tokens = min(float(burst), tokens + (now - stamp) * rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        return True


# KEYS[1] the bucket; ARGV rate, burst, now (seconds), expiry (seconds). 1 = allowed.
_TAKE = """
local bucket = redis.call('hmget', KEYS[1], 't', 's')
local rate, burst, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tokens = tonumber(bucket[1]) or burst
local stamp = tonumber(bucket[2]) or now
if now > stamp then tokens = math.min(burst, tokens + (now - stamp) * rate) end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('hset', KEYS[1], 't', tostring(tokens), 's', tostring(math.max(now, stamp)))
redis.call('expire', KEYS[1], ARGV[4])
return allowed
"""


class RedisBuckets:
    """The same buckets, kept in Redis and shared by every process of the club."""

    def __init__(self, redis: Any, prefix: str) -> None:
        self.redis = redis
        self.prefix = prefix
        self.fallback = LocalBuckets()
        self._script: Any = redis.register_script(_TAKE)

    async def allow(self, key: str, rate: float, burst: int) -> bool:
        expiry = max(1, math.ceil(burst / max(rate, 1e-9)) + 1)
        try:
            allowed = await self._script(
                keys=[f"{self.prefix}:bucket:{key}"], args=[rate, burst, time.time(), expiry]
            )
        except Exception:
            log.warning("redis did not answer the throttle; this process's buckets decide")
            return self.fallback.take(key, rate, burst)
        return bool(int(allowed))
