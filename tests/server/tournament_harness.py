"""Real players in a real club's tournament: register, find your table each round, play
it with random legal moves over the websocket, read the standings. No mocks."""

from __future__ import annotations

import asyncio
import random
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from server_harness import Client, ServerProcess, autoplay

__all__ = ["Player", "create", "play_rounds", "settings", "tournament_club", "wait_for"]


def tournament_club(data_dir: Path, grace: int, *extra: str) -> ServerProcess:
    """A club for tournament tests: novice bots fill short tables (fast), the absent get
    ``grace`` seconds, and every browser and socket of a test may come from one address."""
    return ServerProcess(
        data_dir,
        "--grace",
        str(grace),
        "--tournament-bot",
        "novice",
        "--connections-per-address",
        "500",
        *extra,
    ).start()


def settings(**changes: Any) -> dict[str, Any]:
    """A short Swiss tournament starting in ``lead`` seconds (changes override)."""
    lead = changes.pop("lead", 4.0)
    start = datetime.now(UTC) + timedelta(seconds=lead)
    base: dict[str, Any] = {
        "kind": "swiss",
        "variant": "sochi",
        "table_size": 3,
        "rounds": 2,
        "deals": 1,
        "move_seconds": 60,
        "bank_seconds": 0,
        "start_at": start.isoformat(),
        "min_players": 3,
        "max_players": 30,
    }
    base.update(changes)
    return base


class Player(Client):
    """A registered person who plays every round of a tournament."""

    async def table_in(self, tournament: dict[str, Any], number: int) -> tuple[int, str] | None:
        for table in tournament["rounds"][number - 1]["tables"]:
            for seat, name in table["seats"].items():
                if name == self.name:
                    return table["table"], seat
        return None

    async def play_round(self, tournament_id: int, number: int, seed: int) -> int:
        """Wait for round ``number``, play my table to its end; 0 actions on a bye."""
        data = await wait_for(
            self,
            tournament_id,
            lambda d: (
                len(d["rounds"]) >= number
                and d["rounds"][number - 1]["status"] in ("playing", "done")
            ),
        )
        found = await self.table_in(data, number)
        if found is None:
            return 0
        self.table, self.seat = found
        self.messages.clear()
        self.latest = None
        await self.connect(self.table)
        try:
            return await autoplay(self, random.Random(seed))
        finally:
            await self.disconnect()


async def create(director: Client, body: dict[str, Any], password: str | None = None) -> int:
    payload: dict[str, Any] = {"name": "Friday Swiss", "settings": body}
    if password is not None:
        payload["password"] = password
    response = await director.http.post("/api/tournaments", json=payload)
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


async def wait_for(
    client: Client, tournament_id: int, predicate: Any, timeout: float = 120.0
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        # a GET on a pooled connection the server has just closed is asked again by the
        # client's transport (server_harness._RetryingGets)
        response = await client.http.get(f"/api/tournaments/{tournament_id}")
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        if predicate(data):
            return data
        if time.monotonic() > deadline:
            raise TimeoutError(f"the tournament did not get there: {data['status']}")
        await asyncio.sleep(0.2)


async def play_rounds(
    players: list[Player], tournament_id: int, rounds: range, seed: int = 1
) -> None:
    for number in rounds:
        await asyncio.gather(
            *(
                p.play_round(tournament_id, number, seed * 1000 + number * 100 + i)
                for i, p in enumerate(players)
            )
        )


async def join(server: ServerProcess, names: list[str]) -> list[Player]:
    players = [Player(server, name) for name in names]
    for player in players:
        await player.register()
    return players
