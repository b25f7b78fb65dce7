"""``kill -9`` of the server mid-deal: after a restart every table continues from exactly
the same state, and no acknowledged action or chat line is lost."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest
from server_harness import Client, ServerProcess, autoplay, caught_up, drive


async def _wait_view(client: Client, timeout: float = 15) -> dict:
    await client.expect(lambda m: m.get("type") == "snapshot", timeout=timeout)
    assert client.latest is not None
    return client.latest


@pytest.mark.slow
async def test_kill_9_and_restart_loses_nothing(tmp_path: Path) -> None:
    data = tmp_path / "club"
    server = ServerProcess(data, "--grace", "60").start()
    rng = random.Random(7)
    try:
        people = [Client(server, f"crash{n}{rng.randrange(10**6)}") for n in "swe"]
        for person in people:
            await person.register()
        south, west, east = people
        table = (await south.create(players=3, target=10))["id"]
        await west.sit(table, "W")
        await east.sit(table, "E")
        for person in people:
            await person.connect()
        # A second table: one person and two bots, who move at once.
        solo = Client(server, f"solo{rng.randrange(10**6)}")
        await solo.register()
        bot_table = (await solo.create(players=3, target=10, bots={"W": "random", "E": "random"}))[
            "id"
        ]
        await solo.connect()

        acked = await drive(people, 17, rng)  # mid-deal: 17 actions into the pulya
        await drive([solo], 6, rng)
        await solo.send({"type": "chat", "id": "c1", "text": "said before the crash"})
        await solo.expect(lambda m: m.get("type") == "ack" and m.get("id") == "c1")
        # Let every client receive the last events (the bots move on until South's turn).
        while not solo.on_turn():
            await asyncio.sleep(0.01)
        await caught_up(people)
        before = {p.seat: p.latest for p in people}
        solo_before = solo.latest
        assert all(v is not None and v.get("view") for v in before.values())

        server.kill9()
        with sqlite3.connect(data / "club.sqlite3") as db:
            logged = db.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (table,))
            assert logged.fetchone()[0] == acked

        for person in (*people, solo):
            await person.disconnect()
        server.start()
        for person in (*people, solo):
            await person.connect(resume=True)
        for person in people:
            after = await _wait_view(person)
            old = before[person.seat]
            assert old is not None
            assert after["view"] == old["view"], "the table must continue from the same state"
            assert after["legal"] == old["legal"]
        solo_after = await _wait_view(solo)
        assert solo_before is not None
        assert solo_after["view"] == solo_before["view"]
        snapshot = next(m for m in reversed(solo.messages) if m.get("type") == "snapshot")
        assert [line["text"] for line in snapshot["chat"]] == ["said before the crash"]

        # Play on to the end of both pulyas after the restart.
        results = await asyncio.gather(
            *(autoplay(p, random.Random(i)) for i, p in enumerate(people)),
            autoplay(solo, random.Random(9)),
        )
        assert sum(results) > 0
        game = (await south.http.get(f"/api/games/{table}")).json()
        assert game["commitment_ok"]
        assert (await solo.http.get(f"/api/games/{bot_table}")).status_code == 200
        for person in (*people, solo):
            await person.close()
    finally:
        server.stop()
