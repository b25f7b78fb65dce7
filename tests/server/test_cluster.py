"""Two server processes, one club, on this machine's PostgreSQL and Redis.

A player connected to one process plays at a table owned by the other; when the owner is
killed, the survivor takes the table over when the lease expires and play goes on (a move
sent before then waits for that takeover instead of being lost). Each run uses its own
schema and Redis prefix and removes them afterwards.
"""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_harness import Client, ServerProcess, autoplay, caught_up, drive, drop_namespace

pytestmark = pytest.mark.slow

PG = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"


def _available() -> bool:
    try:
        import redis

        redis.Redis.from_url(REDIS).ping()
        done = subprocess.run(
            ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-c", "select 1"],
            capture_output=True,
            timeout=10,
        )
        return done.returncode == 0
    except Exception:
        return False


@pytest.fixture
def namespace() -> Iterator[str]:
    if not _available():
        message = "needs PostgreSQL (database test) and Redis on 127.0.0.1"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{message}: a CI run must have them")
        pytest.skip(message)
    name = f"t_{secrets.token_hex(5)}"
    yield name
    drop_namespace(name, REDIS)


def _node(tmp: Path, name: str, namespace: str, lease: int = 2) -> ServerProcess:
    return ServerProcess(
        tmp / name,
        "--database",
        PG,
        "--schema",
        namespace,
        "--redis",
        REDIS,
        "--redis-prefix",
        namespace,
        "--lease",
        str(lease),
        "--grace",
        "60",
        "--node-id",
        name,
    )


def _owner(namespace: str, table: int) -> str:
    import redis

    holder = redis.Redis.from_url(REDIS).get(f"{namespace}:lease:{table}")
    assert holder is not None
    return holder.decode()


def _other(name: str) -> str:
    return "beta" if name == "alpha" else "alpha"


async def _seated(server: ServerProcess, prefix: str) -> tuple[list[Client], int, list[int]]:
    """South, West and East registered through ``server`` at a new 3-player table: the
    clients, the table and their user ids."""
    tag = secrets.token_hex(3)
    people = [Client(server, f"{prefix}{n}{tag}") for n in "swe"]
    ids = [(await person.register())["id"] for person in people]
    table = (await people[0].create(players=3, target=10))["id"]
    await people[1].sit(table, "W")
    await people[2].sit(table, "E")
    return people, table, ids


async def _connect(people: list[Client], server: ServerProcess) -> None:
    """Every client connects through ``server`` and has its first snapshot."""
    for person in people:
        person.server = server
        await person.connect()
        await person.expect(lambda m: m.get("type") == "snapshot", timeout=20)


async def test_two_processes_share_tables_and_take_over(tmp_path: Path, namespace: str) -> None:
    a = _node(tmp_path, "alpha", namespace).start()
    b = _node(tmp_path, "beta", namespace).start()
    nodes = {"alpha": a, "beta": b}
    rng = random.Random(5)
    try:
        (south, west, east), table, _ = await _seated(a, "cl")
        owner_name = _owner(namespace, table)
        owner = nodes[owner_name]
        other = b if owner is a else a
        # West and East play through the process that does not own the table.
        for person in (west, east):
            person.server = other
        for person in (south, west, east):
            await person.connect()
        acted = await drive([south, west, east], 12, rng)
        assert acted == 12

        owner.kill9()
        for person in (south, west, east):
            person.server = other
            await person.disconnect()
            await person.connect(resume=True)
        old_epoch = west.epoch
        # The survivor takes the table over once the dead owner's lease expires.
        for person in (south, west, east):
            await person.expect(
                lambda m: m.get("type") == "snapshot" and m["epoch"] != old_epoch, timeout=20
            )
        assert _owner(namespace, table) != owner_name
        health = httpx.get(f"{other.base}/api/health").json()
        assert health["tables"] >= 1
        await asyncio.gather(
            *(autoplay(p, random.Random(i)) for i, p in enumerate((south, west, east)))
        )
        game = httpx.get(f"{other.base}/api/games/{table}").json()
        assert game["commitment_ok"]
        for person in (south, west, east):
            await person.close()
    finally:
        a.stop()
        b.stop()


async def test_a_table_taken_while_its_owner_lives_moves_every_connection(
    tmp_path: Path, namespace: str
) -> None:
    """The lease goes to the other process while the owner still runs (as after a Redis
    restart): the owner's connections, which its old actor may answer once more, end on the
    new owner's epoch without waiting for a move, and play goes on."""
    import redis

    # A 6-second lease is renewed every 2 s: the new owner loads the table well before.
    a = _node(tmp_path, "alpha", namespace, lease=6).start()
    b = _node(tmp_path, "beta", namespace, lease=6).start()
    nodes = {"alpha": a, "beta": b}
    try:
        (south, west, east), table, _ = await _seated(a, "tk")
        owner_name = _owner(namespace, table)
        other_name = _other(owner_name)
        await _connect([south, west, east], nodes[owner_name])
        old_epoch = south.epoch
        # The other process holds the lease now; West's resync through it makes it load
        # the table at once, before the owner's next renewal finds the lease gone.
        redis.Redis.from_url(REDIS).set(f"{namespace}:lease:{table}", other_name, px=6000)
        await west.disconnect()
        west.server = nodes[other_name]
        await west.connect(resume=True)
        await west.expect(
            lambda m: m.get("type") == "snapshot" and m["epoch"] != old_epoch, timeout=20
        )
        new_epoch = west.epoch
        deadline = asyncio.get_running_loop().time() + 15
        while {south.epoch, east.epoch} != {new_epoch}:
            assert asyncio.get_running_loop().time() < deadline, (south.epoch, east.epoch)
            await asyncio.sleep(0.05)
        assert _owner(namespace, table) == other_name
        assert await drive([south, west, east], 6, random.Random(8)) == 6
        for person in (south, west, east):
            await person.close()
    finally:
        a.stop()
        b.stop()


async def test_a_move_sent_while_a_dead_owners_lease_runs_is_played_by_the_next_owner(
    tmp_path: Path, namespace: str
) -> None:
    """The owner is killed and, before its lease expires, a player connected to the other
    process moves: the move waits until that process takes the table over and is played
    there. (It used to be published to every process and dropped by each, as none owned
    the table: the player never heard an answer.)"""
    a = _node(tmp_path, "alpha", namespace, lease=4).start()
    b = _node(tmp_path, "beta", namespace, lease=4).start()
    nodes = {"alpha": a, "beta": b}
    rng = random.Random(11)
    try:
        people, table, _ = await _seated(a, "dl")
        owner_name = _owner(namespace, table)
        other_name = _other(owner_name)
        await _connect(people, nodes[other_name])
        assert await drive(people, 3, rng) == 3
        await caught_up(people)
        mover = next(p for p in people if p.on_turn())
        assert mover.latest is not None
        old_epoch = mover.epoch
        nodes[owner_name].kill9()
        assert _owner(namespace, table) == owner_name  # its lease has seconds to run
        answer = await mover.act(rng.choice(mover.latest["legal"])["index"], timeout=20)
        assert answer["type"] == "ack", answer
        assert _owner(namespace, table) == other_name
        # The ack can come before the new owner's snapshot: the connection answers at
        # once but holds the new epoch's events until its resync is answered.
        deadline = asyncio.get_running_loop().time() + 20
        while mover.epoch == old_epoch:
            assert asyncio.get_running_loop().time() < deadline, "no snapshot of the new owner"
            await asyncio.sleep(0.02)
        # Everybody hears the move on the new owner's epoch, and play goes on.
        while any(p.epoch != mover.epoch or p.v < answer["v"] for p in people):
            assert asyncio.get_running_loop().time() < deadline, [(p.epoch, p.v) for p in people]
            await asyncio.sleep(0.02)
        assert await drive(people, 3, rng) == 3
        for person in people:
            await person.close()
    finally:
        a.stop()
        b.stop()


async def test_a_command_reaching_a_process_without_the_table_is_routed_once_more(
    tmp_path: Path, namespace: str
) -> None:
    """A forwarded command that finds the table gone from its process (the table moved
    while it was on the way) goes on to the owner; one forwarded twice already is refused
    there, never passed on again (no ping-pong between processes)."""
    import json

    import redis

    a = _node(tmp_path, "alpha", namespace, lease=6).start()
    b = _node(tmp_path, "beta", namespace, lease=6).start()
    nodes = {"alpha": a, "beta": b}
    try:
        people, table, ids = await _seated(a, "hp")
        other_name = _other(_owner(namespace, table))
        await _connect(people, nodes[other_name])
        await caught_up(people)
        mover = next(p for p in people if p.on_turn())
        mover_id = ids[people.index(mover)]
        assert mover.latest is not None
        index = mover.latest["legal"][0]["index"]
        version = mover.v

        def forwarded(hops: int) -> int:
            act = {"c": "act", "a": [other_name, "gone"], "u": mover_id, "i": hops, "x": index}
            body = json.dumps({"t": table, "h": hops, "x": act})
            receivers: int = redis.Redis.from_url(REDIS).publish(
                f"{namespace}:cmd:{other_name}", body
            )
            return receivers

        assert forwarded(2) == 1
        await asyncio.sleep(1.5)
        assert mover.v == version  # refused by the process without the table, not passed on
        assert forwarded(1) == 1
        deadline = asyncio.get_running_loop().time() + 15
        while mover.v == version:
            assert asyncio.get_running_loop().time() < deadline, "the move was not played"
            await asyncio.sleep(0.02)
        for person in people:
            await person.close()
    finally:
        a.stop()
        b.stop()
