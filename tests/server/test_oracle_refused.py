"""The club never seats the oracle: it sees every card, which no player at a table may."""

from __future__ import annotations

import random

from server_harness import Client, ServerProcess


async def test_the_club_refuses_the_oracle_as_a_bot(server: ServerProcess) -> None:
    host = Client(server, f"oracle{random.randrange(10**6)}")
    await host.register()
    assert "oracle" not in (await host.http.get("/api/bots")).json()
    refused = await host.http.post(
        "/api/tables", json={"players": 3, "target": 10, "bots": {"W": "oracle"}}
    )
    assert refused.status_code == 400 and "oracle" in refused.json()["detail"]
    table = (await host.create(players=3, target=10))["id"]
    seated = await host.http.post(
        f"/api/tables/{table}/bots", json={"seat": "W", "level": "oracle"}
    )
    assert seated.status_code == 400
    accepted = await host.http.post(
        f"/api/tables/{table}/bots", json={"seat": "W", "level": "sampling"}
    )
    assert accepted.status_code == 200, accepted.text
    await host.close()
