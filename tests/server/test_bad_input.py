"""Bad input gets a clear error and changes nothing."""

from __future__ import annotations

import asyncio
import json
import random

from server_harness import Client, ServerProcess, three_at_a_table


async def _table(server: ServerProcess) -> tuple[list[Client], Client, int]:
    people, table = await three_at_a_table(server, "bad")
    for person in people:
        await person.connect()
        await person.expect(lambda m: m.get("type") == "snapshot")
    spectator = Client(server)
    await spectator.connect(table)
    await spectator.expect(lambda m: m.get("type") == "snapshot")
    return people, spectator, table


async def _error(client: Client, payload: str | dict) -> dict:
    await client.send(payload)
    return await client.expect(lambda m: m.get("type") == "error")


async def _version(client: Client) -> int:
    await client.send({"type": "sync", "since": client.v, "epoch": client.epoch})
    synced = await client.expect(lambda m: m.get("type") == "synced")
    return int(synced["v"])


async def test_bad_messages_change_nothing(server: ServerProcess) -> None:
    people, spectator, _ = await _table(server)
    south, west, _east = people
    assert south.latest is not None and south.latest["turn"] == "S"
    start = await _version(south)

    assert (await _error(south, "{not json"))["code"] == "bad_json"
    assert (await _error(south, "[1, 2]"))["code"] == "bad_json"
    assert (await _error(south, {"type": "dance"}))["code"] == "bad_message"
    assert (await _error(south, {"type": "action"}))["code"] == "bad_message"
    assert (await _error(south, {"type": "action", "action": True}))["code"] == "bad_message"
    assert (await _error(south, {"type": "action", "action": 9999}))["code"] == "bad_action"
    assert (await _error(south, {"type": "action", "action": "♠Z"}))["code"] == "bad_action"
    too_big = json.dumps({"type": "ping", "pad": "x" * 5000})
    assert (await _error(south, too_big))["code"] == "too_large"
    # A card is not a legal call in the bidding.
    assert (await _error(south, {"type": "action", "action": 0}))["code"] == "illegal"
    # West acting on South's turn.
    wrong = await _error(west, {"type": "action", "action": "pass"})
    assert wrong["code"] == "not_your_turn"
    assert "South" in wrong["message"]
    # A spectator cannot act.
    assert (await _error(spectator, {"type": "action", "action": "pass"}))["code"] == "not_seated"
    assert await _version(south) == start

    # South's own turn still works afterwards.
    legal = south.latest["legal"]
    answer = await south.act(legal[0]["index"])
    assert answer["type"] == "ack"
    assert answer["v"] == start + 1
    for client in (*people, spectator):
        await client.close()


async def test_a_flood_is_refused_and_changes_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    server = ServerProcess(tmp_path / "flood", "--rate", "20").start()
    # ServerProcess passes --rate 2000 first; the later --rate 20 wins.
    try:
        people, _spectator, _ = await _table(server)
        west = people[1]
        start = await _version(west)
        for _ in range(200):
            await west.send({"type": "action", "action": "pass"})
        await asyncio.sleep(0.5)
        codes = {m.get("code") for m in west.messages if m.get("type") == "error"}
        assert "rate_limited" in codes
        assert "not_your_turn" in codes
        await asyncio.sleep(2.5)  # let the bucket refill
        assert await _version(west) == start
        for client in people:
            await client.close()
    finally:
        server.stop()


async def test_rest_input_is_validated(server: ServerProcess) -> None:
    guest = Client(server)
    assert (await guest.http.post("/api/tables", json={})).status_code == 401
    bad = await guest.http.post("/api/register", json={"name": "x", "password": "short"})
    assert bad.status_code == 422
    person = Client(server, f"rest{random.randrange(10**6)}")
    await person.register()
    again = await person.http.post(
        "/api/register", json={"name": person.name, "password": "password1"}
    )
    assert again.status_code == 409
    wrong = await guest.http.post(
        "/api/login", json={"name": person.name, "password": "wrongpass1"}
    )
    assert wrong.status_code == 401
    unknown = await person.http.post("/api/tables", json={"conventions": {"no_such_rule": True}})
    assert unknown.status_code == 400 and "no_such_rule" in unknown.text
    locked = await person.http.post("/api/tables", json={"password": "sesame", "players": 3})
    table = locked.json()["id"]
    other = Client(server, f"rest2{random.randrange(10**6)}")
    await other.register()
    refused = await other.http.post(f"/api/tables/{table}/sit", json={"seat": "W"})
    assert refused.status_code == 403
    ok = await other.http.post(f"/api/tables/{table}/sit", json={"seat": "W", "password": "sesame"})
    assert ok.status_code == 200
    taken = await person.http.post(f"/api/tables/{table}/bots", json={"seat": "W"})
    assert taken.status_code == 409
    no_north = await person.http.post(f"/api/tables/{table}/bots", json={"seat": "N"})
    assert no_north.status_code == 400
    for client in (guest, person, other):
        await client.close()


async def test_password_guessing_is_throttled(tmp_path) -> None:  # type: ignore[no-untyped-def]
    server = ServerProcess(tmp_path / "guess", "--auth-rate", "1").start()
    try:
        guest = Client(server)
        codes = []
        for _ in range(40):
            response = await guest.http.post(
                "/api/login", json={"name": "nobody", "password": "guess123"}
            )
            codes.append(response.status_code)
        assert codes[0] == 401
        assert 429 in codes
        assert "wait" in response.json()["detail"]
        await guest.close()
    finally:
        server.stop()
