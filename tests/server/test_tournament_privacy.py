"""A running duplicate round's tables are closed to onlookers (the same cards are being
played at the other tables): no watching another table, no record, replay, analysis or
review of any of them until the round is over. Swiss tables are watched like any table."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_harness import Client, ServerProcess, autoplay
from tournament_harness import Player, create, join, settings, tournament_club, wait_for


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # A long grace: nobody plays for the people of the table that waits.
    process = tournament_club(Path(tmp_path_factory.mktemp("tprivacy")), 120)
    yield process
    process.stop()


def routes(table: int) -> list[str]:
    """Every REST route that shows a table's games: record, replay, analysis, reviews."""
    return [
        f"/api/games/{table}",
        f"/api/games/{table}/record",
        f"/api/games/{table}/record.txt",
        f"/api/games/{table}/deals/1/analysis",
        f"/api/games/{table}/review",
        f"/api/tables/{table}/deals/1/review",
    ]


async def watch(client: Client, table: int) -> dict[str, Any]:
    """Open the table's websocket and return the first message it sends."""
    client.forget()  # a player's last ack from his own table may still be unread
    await client.connect(table)
    try:
        return await client.next()
    finally:
        await client.disconnect()


def sealed(message: dict[str, Any]) -> bool:
    return (
        message.get("code") == "round_sealed"
        and "duplicate round" in message["messages"]["en"]
        and "дубль-тур" in message["messages"]["ru"]
    )


async def play(player: Player, table: dict[str, Any], seed: int) -> None:
    (player.seat,) = (seat for seat, name in table["seats"].items() if name == player.name)
    player.messages.clear()
    player.latest = None
    await player.connect(table["table"])
    try:
        await autoplay(player, random.Random(seed))
    finally:
        await player.disconnect()


async def test_a_running_duplicate_round_shows_no_table_to_onlookers(club: ServerProcess) -> None:
    players = await join(club, [f"prv_{i}" for i in range(6)])
    outsider = Client(club, "prv_outsider")
    await outsider.register()
    anonymous = Client(club)
    tid = await create(players[0], settings(kind="duplicate", rounds=1, deals=1, min_players=6))
    for player in players:
        assert (await player.http.post(f"/api/tournaments/{tid}/register", json={})).is_success
    data = await wait_for(players[0], tid, lambda d: d["rounds"] and d["rounds"][0]["tables"])
    first, second = data["rounds"][0]["tables"]
    by_name = {p.name: p for p in players}
    first_people = [by_name[name] for name in first["seats"].values()]
    second_people = [by_name[name] for name in second["seats"].values()]
    # The first table plays its deal; the second waits (nobody is at it yet).
    await asyncio.wait_for(
        asyncio.gather(*(play(p, first, i) for i, p in enumerate(first_people))), 120
    )
    await wait_for(players[0], tid, lambda d: d["rounds"][0]["tables"][0]["status"] == "finished")
    # Nobody sees the finished table's game while the other table plays the same cards:
    # not the outsider, not a spectator, not its own players, not the other table's.
    for client in (outsider, anonymous, first_people[0], second_people[0]):
        for route in routes(first["table"]):
            if client.name is None and route.startswith("/api/tables"):
                continue  # a player's own review: log in first (401)
            response = await client.http.get(route)
            assert response.status_code == 403, (route, response.text)
            assert sealed(response.json()), response.text
    # Nobody watches a table of the round but the people seated at it.
    for client, table in (
        (outsider, second["table"]),
        (anonymous, second["table"]),
        (first_people[0], second["table"]),
        (second_people[0], first["table"]),
    ):
        assert sealed(await watch(client, table))
    assert (await watch(second_people[0], second["table"]))["type"] == "snapshot"
    # The second table plays; once the round is over everything opens.
    await asyncio.wait_for(
        asyncio.gather(*(play(p, second, 9 + i) for i, p in enumerate(second_people))),
        120,
    )
    await wait_for(players[0], tid, lambda d: d["status"] == "finished")
    for route in routes(first["table"])[:4]:
        response = await outsider.http.get(route)
        assert response.status_code == 200, (route, response.text)
    assert (await outsider.http.get(f"/api/games/{first['table']}/review")).status_code == 200
    assert (await watch(anonymous, second["table"]))["type"] == "snapshot"
    for client in (*players, outsider, anonymous):
        await client.close()


async def test_a_swiss_table_is_watched_like_any_club_table(club: ServerProcess) -> None:
    players = await join(club, [f"prs_{i}" for i in range(3)])
    anonymous = Client(club)
    tid = await create(players[0], settings(kind="swiss", rounds=1, deals=1))
    for player in players:
        assert (await player.http.post(f"/api/tournaments/{tid}/register", json={})).is_success
    data = await wait_for(players[0], tid, lambda d: d["rounds"] and d["rounds"][0]["tables"])
    (table,) = data["rounds"][0]["tables"]
    assert (await watch(anonymous, table["table"]))["type"] == "snapshot"
    for client in (*players, anonymous):
        await client.close()
