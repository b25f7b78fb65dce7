"""Three players and a spectator play a whole pulya over real websockets."""

from __future__ import annotations

import asyncio
import random

from server_harness import Client, ServerProcess, autoplay

from preferans import fairness, notation
from preferans.notation.fair import check_fairness


async def test_three_players_and_a_spectator_play_a_whole_game(server: ServerProcess) -> None:
    south, west, east = (Client(server, f"ws{n}{random.randrange(10**6)}") for n in "swe")
    spectator = Client(server)
    for client in (south, west, east):
        await client.register()
    table = await south.create(players=3, target=2, preset="sochi")
    await west.sit(table["id"], "W")
    await south.connect()
    await west.connect()
    await spectator.connect(table["id"])
    joined = await east.sit(table["id"], "E")
    assert joined["status"] == "playing"
    await east.connect()
    counts = await asyncio.gather(
        *(autoplay(c, random.Random(i)) for i, c in enumerate((south, west, east)))
    )
    assert sum(counts) > 0
    end = await spectator.expect(lambda m: m.get("kind") == "game_end", timeout=60)
    summary = end["summary"]
    assert summary["rated"] is True
    assert sum(summary["whists"].values()) == 0

    for client in (south, west, east, spectator):
        events = [m for m in client.messages if m["type"] == "event"]
        versions = [m["v"] for m in events]
        # Versions grow by one: no gap, no repeat, hidden events included.
        assert versions == list(range(versions[0], versions[0] + len(versions)))
        assert all(m["type"] != "error" for m in client.messages), client.messages[-3:]
    spectator_legal = [m for m in spectator.messages if m.get("legal")]
    assert not spectator_legal, "a spectator never receives legal actions"

    game = (await south.http.get(f"/api/games/{table['id']}")).json()
    assert game["commitment_ok"] is True
    assert fairness.check_commitment(game["commitment"], bytes.fromhex(game["secret"]))
    record = await south.http.get(f"/api/games/{table['id']}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    assert record.json()["deals"]
    text = await south.http.get(f"/api/games/{table['id']}/record.txt")
    assert text.status_code == 200
    parsed = notation.loads(text.text)
    assert check_fairness(parsed).ok
    assert len(parsed.deals) == len(record.json()["deals"])
    profile = (await south.http.get(f"/api/users/{south.name}")).json()
    assert profile["games_played"] == 1
    assert profile["history"][0]["table"] == table["id"]
    assert profile["rating"] == summary["ratings"]["S"]["after"]
    board = (await south.http.get("/api/leaderboard")).json()
    assert south.name in {row["name"] for row in board}
    for client in (south, west, east, spectator):
        await client.close()


async def test_one_account_never_sits_twice_at_one_table(server: ServerProcess) -> None:
    alice = Client(server, f"twice{random.randrange(10**6)}")
    await alice.register()
    table = await alice.create(players=4, target=10)
    response = await alice.http.post(f"/api/tables/{table['id']}/sit", json={"seat": "W"})
    assert response.status_code == 409
    assert "already sit at this table" in response.json()["detail"]
    # The same account may sit at another table.
    other = Client(server, f"host{random.randrange(10**6)}")
    await other.register()
    second = await other.create(players=3, target=10)
    await alice.sit(second["id"], "W")
    await alice.close()
    await other.close()


async def test_bots_fill_seats_and_a_two_player_game_with_a_dummy(server: ServerProcess) -> None:
    alice = Client(server, f"duo{random.randrange(10**6)}")
    await alice.register()
    table = await alice.create(players=2, target=2, bots={"W": "random"})
    assert table["status"] == "playing"
    await alice.connect()
    await autoplay(alice, random.Random(3))
    game = (await alice.http.get(f"/api/games/{table['id']}")).json()
    assert game["rated"] is False  # games against bots are not rated
    await alice.close()
