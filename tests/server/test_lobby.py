"""The lobby beyond playing: the web page, leaving, closing, who may seat bots."""

from __future__ import annotations

import random

from server_harness import Client, ServerProcess


async def test_the_web_page_and_the_api_description_are_served(server: ServerProcess) -> None:
    guest = Client(server)
    page = await guest.http.get("/")
    assert page.status_code == 200
    assert "<html" in page.text and "/docs" in page.text
    spec = (await guest.http.get("/openapi.json")).json()
    assert "/api/tables" in spec["paths"]
    assert (await guest.http.get("/api/presets")).json()["rostov"]["variant"] == "rostov"
    offered = (await guest.http.get("/api/bots")).json()
    assert offered == ["novice", "amateur", "master"] and "random" not in offered
    await guest.close()


async def test_leaving_and_closing_a_table(server: ServerProcess) -> None:
    tag = random.randrange(10**6)
    host, guest = Client(server, f"host{tag}"), Client(server, f"guest{tag}")
    await host.register()
    await guest.register()
    table = (await host.create(players=4, target=10))["id"]
    await guest.sit(table, "N")
    listed = (await guest.http.get("/api/tables", params={"status": "open"})).json()
    mine = next(t for t in listed if t["id"] == table)
    assert {s["seat"]: s["name"] for s in mine["seats"]} == {"S": host.name, "N": guest.name}
    assert mine["free_seats"] == ["W", "E"]
    # Only the creator seats bots.
    refused = await guest.http.post(f"/api/tables/{table}/bots", json={"seat": "W"})
    assert refused.status_code == 403
    left = await guest.http.post(f"/api/tables/{table}/leave")
    assert left.status_code == 200 and left.json()["free_seats"] == ["W", "N", "E"]
    again = await guest.http.post(f"/api/tables/{table}/leave")
    assert again.status_code == 409
    closed = await host.http.post(f"/api/tables/{table}/leave")
    assert closed.json()["status"] == "closed"
    late = await guest.http.post(f"/api/tables/{table}/sit", json={"seat": "W"})
    assert late.status_code == 409
    await host.close()
    await guest.close()


async def test_a_started_table_cannot_be_left(server: ServerProcess) -> None:
    host = Client(server, f"stay{random.randrange(10**6)}")
    await host.register()
    table = (await host.create(players=3, target=10, bots={"W": "random", "E": "random"}))["id"]
    response = await host.http.post(f"/api/tables/{table}/leave")
    assert response.status_code == 409
    assert "bot plays" in response.json()["detail"]
    await host.close()
