"""A tournament table's time bank: a move past the move clock spends the bank, and once
the bank is empty the turn times out and the stand-in moves, as the club's clock does."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_harness import ServerProcess, random_choice, three_at_a_table
from tournament_harness import Player, create, join, settings, wait_for

MOVE = 1
BANK = 3


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(
        Path(tmp_path_factory.mktemp("tclock")),
        "--grace",
        "120",
        "--connections-per-address",
        "500",
    ).start()
    yield process
    process.stop()


async def turn_of(clients: list[Player], target: Player, rng: random.Random) -> dict[str, Any]:
    """The others play at once until it is ``target``'s turn; the message that says so."""
    while True:
        await asyncio.sleep(0.02)
        views = [c.latest for c in clients if c.latest is not None]
        if len(views) < len(clients):
            continue
        newest = max(view["v"] for view in views)
        for client in clients:
            assert client.latest is not None
            if client.latest["v"] != newest or not client.on_turn():
                continue
            if client is target:
                return client.latest
            answer = await client.act(random_choice(client.latest["legal"], rng)["index"])
            assert answer["type"] == "ack", answer
            break


def bank_of(message: dict[str, Any], seat: str | None) -> dict[str, Any]:
    bank: dict[str, Any] = message["bank"]
    assert bank["seat"] == seat and bank["seconds"] == BANK
    return bank


async def test_the_bank_is_spent_past_the_move_clock_then_the_stand_in_moves(
    club: ServerProcess,
) -> None:
    players = await join(club, [f"bank_{i}" for i in range(3)])
    body = settings(rounds=1, deals=1, move_seconds=MOVE, bank_seconds=BANK)
    tid = await create(players[0], body)
    for player in players:
        assert (await player.http.post(f"/api/tournaments/{tid}/register", json={})).is_success
    data = await wait_for(players[0], tid, lambda d: d["rounds"] and d["rounds"][0]["tables"])
    assert len(data["rounds"][0]["tables"]) == 1
    for player in players:
        found = await player.table_in(data, 1)
        assert found is not None
        player.table, player.seat = found
        await player.connect(player.table)
    rng = random.Random(5)
    slow = players[0]
    # Everybody plays at once up to the slow player's turn: his whole bank is there, and
    # his clock runs out after the move's time and the bank.
    first = await turn_of(players, slow, rng)
    bank = bank_of(first, slow.seat)
    assert bank["seconds_left"] == BANK
    assert abs(first["deadline"] - bank["move_deadline"] - BANK) < 0.01
    # He moves a second past the move clock (inside the bank): the bank shrinks.
    await asyncio.sleep(MOVE + 1)
    answer = await slow.act(random_choice(first["legal"], rng)["index"])
    assert answer["type"] == "ack", answer
    second = await turn_of(players, slow, rng)
    left = bank_of(second, slow.seat)["seconds_left"]
    assert 0 < left < BANK
    # He does not move: the bank runs out and the stand-in moves for him.
    seen = len(slow.messages)
    auto: dict[str, Any] | None = None
    while auto is None:
        await asyncio.sleep(0.1)
        auto = next(
            (
                m
                for m in slow.messages[seen:]
                if m.get("kind") == "action" and m.get("seat") == slow.seat
            ),
            None,
        )
    assert auto["auto"] is True
    # From now on his turns have the move clock only.
    third = await turn_of(players, slow, rng)
    empty = bank_of(third, slow.seat)
    assert empty["seconds_left"] == 0
    assert abs(third["deadline"] - empty["move_deadline"]) < 0.01
    for client in players:
        await client.close()


async def test_a_club_table_has_no_bank(club: ServerProcess) -> None:
    people, table = await three_at_a_table(club, "nobank_", clock_seconds=30)
    await people[0].connect(table)
    snapshot = await people[0].expect(lambda m: m.get("type") == "snapshot")
    assert "deadline" in snapshot and "bank" not in snapshot
    for person in people:
        await person.close()
