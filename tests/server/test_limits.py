"""Limits per person and per address, payload bounds on every entry point, security
headers, trusted proxies, table limits, the rating rule and workers dying with the server,
all against a real server."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from server_harness import Client, ServerProcess, autoplay, three_at_a_table


def _tag() -> str:
    return str(random.randrange(10**6))


async def _answers(client: Client, kind: str, ids: list[str], timeout: float = 60) -> list[dict]:
    """The answer (``kind`` or an error) to every request id, in the order asked."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = {m.get("id"): m for m in client.messages if m.get("type") in (kind, "error")}
        if all(i in found for i in ids):
            return [found[i] for i in ids]
        await asyncio.sleep(0.05)
    raise TimeoutError(f"no answer to some of {ids}")


async def test_hints_and_chat_are_limited_per_person(server: ServerProcess) -> None:
    people, table = await three_at_a_table(server, "lim")
    south = people[0]
    # South asks from five connections at once: the account's burst is 3 in all.
    tabs = [Client(server) for _ in range(5)]
    for tab in tabs:
        tab.http.cookies.set("pref_session", south.cookie or "")
        tab.seat = "S"
        await tab.connect(table)
        await tab.expect(lambda m: m.get("type") == "snapshot")
    for n, tab in enumerate(tabs):
        await tab.send({"type": "hint", "id": f"h{n}"})
    answers = [(await _answers(tab, "hint", [f"h{n}"]))[0] for n, tab in enumerate(tabs)]
    refused = [a for a in answers if a.get("code") == "rate_limited"]
    assert len(refused) >= 2, answers
    assert all(a["id"] is not None and a["refused"] == "hint" for a in refused)
    # A spectator with an account talks from three connections: 5 lines in all pass.
    talker = Client(server, f"talk{_tag()}")
    await talker.register()
    mouths = [Client(server) for _ in range(3)]
    for mouth in mouths:
        mouth.http.cookies.set("pref_session", talker.cookie or "")
        await mouth.connect(table)
        await mouth.expect(lambda m: m.get("type") == "snapshot")
    ids = []
    for n in range(15):
        mouth = mouths[n % 3]
        await mouth.send({"type": "chat", "id": f"c{n}", "text": f"line {n}"})
        ids.append(f"c{n}")
    said = []
    for n, mouth in enumerate(mouths):
        said += await _answers(mouth, "ack", ids[n::3])
    assert sum(a["type"] == "ack" for a in said) <= 6, said
    assert all(a["id"] for a in said if a["type"] == "error")
    for client in (*people, *tabs, talker, *mouths):
        await client.close()


async def test_table_passwords_cannot_be_guessed_quickly(server: ServerProcess) -> None:
    owner = Client(server, f"pwo{_tag()}")
    await owner.register()
    table = (await owner.create(players=3, target=10, password="sesame"))["id"]
    guesser = Client(server, f"pwg{_tag()}")
    await guesser.register()
    codes = []
    for n in range(8):
        response = await guesser.http.post(
            f"/api/tables/{table}/sit", json={"seat": "W", "password": f"guess{n}"}
        )
        codes.append(response.status_code)
    assert codes[:5] == [403] * 5 and 429 in codes[5:], codes
    limited = (
        await guesser.http.post(f"/api/tables/{table}/sit", json={"seat": "W", "password": "x"})
    ).json()
    assert limited["code"] == "rate_limited" and limited["messages"]["ru"]
    await owner.close()
    await guesser.close()


async def test_payload_bounds_on_every_entry_point(server: ServerProcess) -> None:
    people, _table = await three_at_a_table(server, "lim")
    south = people[0]
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        huge = '{"name": "' + "x" * (2 * 1024 * 1024) + '", "password": "password1"}'
        response = await http.post(
            "/api/register", content=huge, headers={"content-type": "application/json"}
        )
        assert response.status_code == 413 and len(response.content) < 1000
        for text in ('{"name": "ab", "password": NaN}', "[" * 3000 + "]" * 3000):
            response = await http.post(
                "/api/login", content=text, headers={"content-type": "application/json"}
            )
            assert response.status_code == 400 and response.json()["code"] in (
                "bad_number",
                "too_deep",
            )
        # A schema error (422) names the field, never echoes what was sent.
        response = await http.post(
            "/api/register", json={"name": "y" * 3000, "password": "z" * 3000}
        )
        assert response.status_code == 422 and "yyyy" not in response.text
        assert response.json()["messages"]["ru"]
    await south.connect()
    await south.expect(lambda m: m.get("type") == "snapshot")
    await south.send('{"type": "ping", "id": 1, "x": ' + "[" * 1500 + "]" * 1500 + "}")
    deep = await south.expect(lambda m: m.get("type") == "error")
    assert deep["code"] == "too_deep" and deep["messages"]["ru"]
    await south.send('{"type": "ping", "id": NaN}')
    assert (await south.expect(lambda m: m.get("type") == "error"))["code"] == "bad_number"
    await south.send({"type": "ping", "id": "still-here"})
    assert (await south.expect(lambda m: m.get("type") == "pong"))["id"] == "still-here"
    for person in people:
        await person.close()


async def test_connections_per_address_are_limited(server: ServerProcess) -> None:
    owner = Client(server, f"cn{_tag()}")
    await owner.register()
    table = (await owner.create(players=3, target=10))["id"]
    sockets = []
    refused: dict[str, Any] | None = None
    try:
        for _ in range(70):
            ws = await websockets.connect(f"{server.ws_base}/ws/tables/{table}")
            sockets.append(ws)
            first = json.loads(await asyncio.wait_for(ws.recv(), 15))
            if first.get("code") == "too_many_connections":
                refused = first
                break
        assert refused is not None and refused["messages"]["ru"]
        assert len(sockets) == 65
    finally:
        for ws in sockets:
            await ws.close()
        await owner.close()
    # Closed sockets are counted out again.
    await asyncio.sleep(0.5)
    ws = await websockets.connect(f"{server.ws_base}/ws/tables/{table}")
    assert json.loads(await asyncio.wait_for(ws.recv(), 15))["type"] == "snapshot"
    await ws.close()


async def test_security_headers(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.base) as http:
        for path in ("/", "/api/health", "/api/tables/999999"):
            headers = (await http.get(path)).headers
            assert "frame-ancestors 'none'" in headers["content-security-policy"]
            assert headers["x-frame-options"] == "DENY"
            assert headers["x-content-type-options"] == "nosniff"
        missing = (await http.get("/api/tables/999999")).json()
        assert missing["code"] == "http_404" and missing["messages"] == {
            "en": "no such table",
            "ru": "такого стола нет",
        }
        docs = (await http.get("/docs")).headers
        assert docs["x-frame-options"] == "DENY" and "content-security-policy" not in docs


async def _throttled_after(server: ServerProcess, forwarded: list[str]) -> int:
    """Failed logins, each with the next X-Forwarded-For, until the first 429."""
    async with httpx.AsyncClient(base_url=server.base) as http:
        for n, address in enumerate(forwarded):
            response = await http.post(
                "/api/login",
                json={"name": "nobody", "password": "password1"},
                headers={"x-forwarded-for": address},
            )
            if response.status_code == 429:
                return n
    return len(forwarded)


async def test_forwarded_for_is_believed_only_from_trusted_proxies(tmp_path: Path) -> None:
    addresses = [f"198.51.100.{n}" for n in range(40)]
    plain = ServerProcess(tmp_path / "plain", "--auth-rate", "0.01").start(90)
    try:
        assert await _throttled_after(plain, addresses) == 30
    finally:
        plain.stop()
    proxied = ServerProcess(
        tmp_path / "proxied", "--auth-rate", "0.01", "--trusted-proxy", "127.0.0.1"
    ).start(90)
    try:
        assert await _throttled_after(proxied, addresses) == 40
        assert await _throttled_after(proxied, ["198.51.100.7"] * 40) == 29
    finally:
        proxied.stop()


async def test_bot_tables_are_limited_and_stand_in_games_not_rated(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "club", "--grace", "0.1").start(90)
    try:
        farmer = Client(server, f"farm{_tag()}")
        await farmer.register()
        # Open tables (a seat still free) with bots: they stay unfinished.
        for _ in range(5):
            await farmer.create(players=4, target=10, bots={"W": "random", "N": "random"})
        response = await farmer.http.post(
            "/api/tables", json={"players": 4, "bots": {"W": "random", "N": "random"}}
        )
        assert response.status_code == 429 and response.json()["code"] == "too_many_tables"
        # South plays himself; West and East never come: the stand-in plays their seats.
        people, table = await three_at_a_table(server, "lim", target=2, away_seconds=2)
        await people[0].connect()
        await autoplay(people[0], random.Random(3))
        for _ in range(300):
            game = await people[0].http.get(f"/api/games/{table}")
            if game.status_code == 200:
                break
            await asyncio.sleep(0.2)
        summary = game.json()
        assert summary["rated"] is False
        assert "stand-in" in summary["rating_rule"]["reason"]["en"]
        assert summary["rating_rule"]["counted"] == ["S"]
        south = (await people[0].http.get(f"/api/users/{people[0].name}")).json()
        assert south["rating"] == 1500 and south["games_played"] == 1
        for person in people[1:]:
            profile = (await person.http.get(f"/api/users/{person.name}")).json()
            assert profile["rating"] == 1500 and profile["games_played"] == 0
        for person in people:
            await person.close()
        await farmer.close()
    finally:
        server.stop()


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found.update(int(t) for t in text)
    for child in list(found):
        found |= _children(child)
    return found


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "kill-9"])
async def test_workers_die_with_the_server(tmp_path: Path, how: signal.Signals) -> None:
    """A stopped (SIGTERM) or killed (SIGKILL) server leaves no process behind: not its
    think workers (busy with a sampling bot's move), not the resource tracker."""
    server = ServerProcess(tmp_path / "club", "--think-processes", "2").start(90)
    try:
        owner = Client(server, f"work{_tag()}")
        await owner.register()
        await owner.create(players=3, target=10, bots={"W": "sampling", "E": "sampling"})
        await owner.connect()  # present, so the bots play (an all-away table pauses)
        playing = asyncio.create_task(autoplay(owner, random.Random(2)))
        assert server.process is not None
        for _ in range(300):
            workers = _children(server.process.pid)
            if len(workers) >= 2:  # a worker and the resource tracker
                break
            await asyncio.sleep(0.1)
        assert len(workers) >= 2, workers
        server.process.send_signal(how)
        # The server ends by itself (SIGTERM: a clean shutdown), with the game running.
        for _ in range(300):
            if server.process.poll() is not None:
                break
            await asyncio.sleep(0.1)
        assert server.process.poll() is not None, "the server did not end"
        playing.cancel()
        await owner.close()
        for _ in range(100):
            if not any(_alive(pid) for pid in workers):
                break
            await asyncio.sleep(0.1)
        assert not any(_alive(pid) for pid in workers), [p for p in workers if _alive(p)]
    finally:
        server.stop()
