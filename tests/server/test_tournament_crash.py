"""A tournament survives ``kill -9``: the server is killed in the middle of a round,
restarted on the same database, and every table of the round goes on from its last
acknowledged move; the director opens the next round and the tournament ends."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from server_harness import ServerProcess, autoplay, caught_up, drive
from tournament_harness import create, join, settings, wait_for


async def test_kill_9_mid_round_resumes_every_table(tmp_path: Path) -> None:
    extra = ("--grace", "60", "--tournament-bot", "novice")
    server = ServerProcess(tmp_path, *extra).start()
    try:
        names = [f"k_{i}" for i in range(6)]
        players = await join(server, names)
        tid = await create(players[0], settings(rounds=2, deals=1, lead=4))
        for player in players:
            response = await player.http.post(f"/api/tournaments/{tid}/register", json={})
            assert response.status_code == 200
        data = await wait_for(players[0], tid, lambda d: d["status"] == "running")
        tables = data["rounds"][0]["tables"]
        assert len(tables) == 2
        seats = {}
        for table in tables:
            for seat, name in table["seats"].items():
                seats[name] = (table["table"], seat)
        for player in players:
            player.table, player.seat = seats[player.name]
            await player.connect()
        rng = random.Random(3)
        for table in tables:
            at_table = [p for p in players if p.table == table["table"]]
            for p in at_table:
                await p.expect(lambda m: m.get("type") == "snapshot")
            await drive(at_table, 5, rng)  # a few acknowledged moves at every table
            # The mover has the last move's event; the others may still be on its way.
            await caught_up(at_table)
        views = {p.name: p.latest["view"] for p in players if p.latest}

        server.kill9()
        for player in players:
            await player.disconnect()
        server = ServerProcess(tmp_path, *extra, port=server.port).start()
        for player in players:
            player.messages.clear()
            player.latest = None
            await player.connect()
            snapshot = await player.expect(lambda m: m.get("type") == "snapshot")
            assert snapshot["status"] == "playing"
            # Exactly where the last acknowledged move left it.
            assert snapshot["view"] == views[player.name]
        await asyncio.gather(*(autoplay(p, random.Random(i)) for i, p in enumerate(players)))
        for player in players:
            await player.disconnect()
        data = await wait_for(players[0], tid, lambda d: d["rounds"][1]["status"] == "playing")
        assert data["rounds"][0]["status"] == "done" and data["rounds"][0]["secret"]
        for number in (2,):
            for player in players:
                player.messages.clear()
                player.latest = None
            await asyncio.gather(
                *(p.play_round(tid, number, 50 + i) for i, p in enumerate(players))
            )
        final = await wait_for(players[0], tid, lambda d: d["status"] == "finished")
        assert len(final["standings"]["rows"]) >= 6
        for player in players:
            await player.close()
    finally:
        server.stop()


@pytest.mark.slow
async def test_a_table_of_absent_players_is_played_to_its_end(tmp_path: Path) -> None:
    """Nobody of the round comes: after the grace the stand-in plays every seat (a club
    table would pause with every person away; a tournament's round waits for nobody)."""
    server = ServerProcess(tmp_path, "--grace", "1", "--tournament-bot", "novice").start()
    try:
        players = await join(server, ["gone_a", "gone_b", "gone_c"])
        tid = await create(players[0], settings(rounds=1, deals=1, lead=3))
        for player in players:
            response = await player.http.post(f"/api/tournaments/{tid}/register", json={})
            assert response.status_code == 200
        final = await wait_for(players[0], tid, lambda d: d["status"] == "finished", 300)
        (table,) = final["rounds"][0]["tables"]
        game = (await players[0].http.get(f"/api/games/{table['table']}")).json()
        assert game["rated"] is False  # the stand-in made every move
        assert all(seat["auto_moves"] > 0 for seat in game["stand_ins"].values())
        for player in players:
            await player.close()
    finally:
        server.stop()
