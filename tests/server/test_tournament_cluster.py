"""A tournament across two processes on this machine's PostgreSQL and Redis: one process
directs (it holds the director's lease), the players play through the other; the
director is killed with ``kill -9`` in the middle of a round, the survivor takes over its
tables and the lease, and finishes the round and the tournament."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
import redis
from server_harness import autoplay
from test_cluster import REDIS, _node, namespace  # noqa: F401  (the fixture)
from tournament_harness import Player, create, settings, wait_for

pytestmark = pytest.mark.slow


def _director(prefix: str) -> str | None:
    holder = redis.Redis.from_url(REDIS).get(f"{prefix}:tournament-director")
    return None if holder is None else holder.decode()


async def test_the_director_dies_and_the_other_process_finishes(
    tmp_path: Path,
    namespace: str,  # noqa: F811
) -> None:
    a = _node(tmp_path, "alpha", namespace)
    a.extra += ["--tournament-bot", "novice"]
    a.start()
    b = _node(tmp_path, "beta", namespace)
    b.extra += ["--tournament-bot", "novice"]
    b.start()
    nodes = {"alpha": a, "beta": b}
    try:
        for _ in range(50):
            if _director(namespace):
                break
            await asyncio.sleep(0.1)
        chief = _director(namespace)
        assert chief in nodes
        other = b if chief == "alpha" else a
        players = [Player(other, f"cx_{i}") for i in range(6)]
        for player in players:
            await player.register()
        tid = await create(players[0], settings(rounds=2, deals=1, lead=4))
        for player in players:
            response = await player.http.post(f"/api/tournaments/{tid}/register", json={})
            assert response.status_code == 200
        data = await wait_for(players[0], tid, lambda d: d["status"] == "running", 60)
        seats = {
            name: (table["table"], seat)
            for table in data["rounds"][0]["tables"]
            for seat, name in table["seats"].items()
        }
        for player in players:
            player.table, player.seat = seats[player.name]
            await player.connect()
        # One player holds back (his move clock is a minute), so his table cannot end before
        # the kill however fast the others play: the kill is mid-round on every machine.
        late, *early = players
        games = [asyncio.create_task(autoplay(p, random.Random(i))) for i, p in enumerate(early)]
        await asyncio.sleep(2.0)
        nodes[chief].kill9()
        games.append(asyncio.create_task(autoplay(late, random.Random(99))))
        await asyncio.wait_for(asyncio.gather(*games), 120)
        for player in players:
            await player.disconnect()
        # The survivor directs now and opens round 2.
        await wait_for(players[0], tid, lambda d: d["rounds"][1]["status"] != "pending", 60)
        assert _director(namespace) != chief
        await asyncio.wait_for(
            asyncio.gather(*(p.play_round(tid, 2, 70 + i) for i, p in enumerate(players))), 120
        )
        final = await wait_for(players[0], tid, lambda d: d["status"] == "finished", 60)
        assert all(r["status"] == "done" for r in final["rounds"])
        assert sorted(row["player"] for row in final["standings"]["rows"]) == sorted(
            p.name for p in players
        )
        for player in players:
            await player.close()
    finally:
        a.stop()
        b.stop()
