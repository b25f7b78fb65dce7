"""Password endpoints are throttled per address across the whole club: with Redis, two
processes share one bucket (the real Redis of this machine, never a mock)."""

from __future__ import annotations

import secrets

import pytest
import redis.asyncio as redis

from preferans.server.throttle import LocalBuckets, RedisBuckets

REDIS = "redis://127.0.0.1:6379/0"


async def test_local_bucket_allows_the_burst_then_refuses() -> None:
    buckets = LocalBuckets()
    assert [await buckets.allow("a", 0.001, 3) for _ in range(5)] == [True] * 3 + [False] * 2
    assert await buckets.allow("b", 0.001, 3)  # another address has its own bucket


async def test_two_processes_share_one_bucket_in_redis() -> None:
    prefix = f"test{secrets.token_hex(4)}"
    first, second = redis.from_url(REDIS), redis.from_url(REDIS)
    try:
        try:
            await first.ping()
        except redis.ConnectionError:
            pytest.fail("Redis must run on 127.0.0.1:6379 for these tests")
        one, two = RedisBuckets(first, prefix), RedisBuckets(second, prefix)
        answers = []
        for i in range(6):
            answers.append(await (one if i % 2 else two).allow("auth:10.0.0.1", 0.001, 4))
        # Four attempts in all pass, whichever process gets them; then both refuse.
        assert answers == [True] * 4 + [False] * 2
        assert await one.allow("auth:10.0.0.2", 0.001, 4)
        ttl = await first.ttl(f"{prefix}:bucket:auth:10.0.0.1")
        assert 0 < ttl <= 4001  # the bucket expires once it would be full again
    finally:
        keys = [k async for k in first.scan_iter(f"{prefix}:*")]
        if keys:
            await first.delete(*keys)
        await first.aclose()
        await second.aclose()


async def test_a_silent_redis_leaves_the_process_buckets_in_charge() -> None:
    dead = redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2)
    buckets = RedisBuckets(dead, "x")
    try:
        assert [await buckets.allow("k", 0.001, 2) for _ in range(3)] == [True, True, False]
    finally:
        await dead.aclose()
