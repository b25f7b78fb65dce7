"""The websocket limits hold across a cluster: two processes on this machine's PostgreSQL
and Redis admit one address's (and one account's) sockets together, not each its own
allowance; a killed process's sockets stop counting once its heartbeat runs out."""

from __future__ import annotations

import asyncio
import json
import secrets
from pathlib import Path
from typing import Any

import pytest
import websockets
from server_harness import Client, ServerProcess
from test_cluster import _node, namespace

pytestmark = pytest.mark.slow
__all__ = ["namespace"]  # the fixture, shared with test_cluster


async def _open(server: ServerProcess, table: int, cookie: str | None) -> tuple[Any, str]:
    headers = {"Cookie": f"pref_session={cookie}"} if cookie else {}
    ws = await websockets.connect(f"{server.ws_base}/ws/tables/{table}", additional_headers=headers)
    first = json.loads(await asyncio.wait_for(ws.recv(), 15))
    return ws, first.get("code") or first["type"]


async def test_connection_limits_count_every_process(tmp_path: Path, namespace: str) -> None:
    extra = ("--connections-per-address", "6")
    a = ServerProcess(tmp_path / "alpha", *_node(tmp_path, "alpha", namespace).extra, *extra)
    b = ServerProcess(tmp_path / "beta", *_node(tmp_path, "beta", namespace).extra, *extra)
    a.start(120)
    b.start(120)
    opened: dict[str, list[Any]] = {"alpha": [], "beta": []}
    names = {id(a): "alpha", id(b): "beta"}
    try:
        owner = Client(a, f"lc{secrets.token_hex(3)}")
        await owner.register()
        table = (await owner.create(players=3, target=10))["id"]
        # Six from one address, three through each process: all admitted ...
        for server in (a, b, a, b, a, b):
            ws, kind = await _open(server, table, None)
            opened[names[id(server)]].append(ws)
            assert kind == "snapshot"
        # ... and the seventh refused by either process.
        for server in (a, b):
            ws, kind = await _open(server, table, None)
            assert kind == "too_many_connections"
            await ws.close()
        # A closed socket is counted out on every process.
        await opened["beta"].pop().close()
        await asyncio.sleep(0.3)
        ws, kind = await _open(a, table, None)
        opened["alpha"].append(ws)
        assert kind == "snapshot"
        ws, kind = await _open(b, table, None)
        assert kind == "too_many_connections"
        await ws.close()
        # A killed process's sockets stop counting after its heartbeat (the lease, 2 s).
        a.kill9()
        opened["alpha"] = []
        await asyncio.sleep(3)
        for _ in range(4):
            ws, kind = await _open(b, table, None)
            opened["beta"].append(ws)
            assert kind == "snapshot"
        ws, kind = await _open(b, table, None)
        assert kind == "too_many_connections"
        await ws.close()
    finally:
        for group in opened.values():
            for ws in group:
                await ws.close()
        a.stop()
        b.stop()


async def test_an_accounts_sockets_count_every_process(tmp_path: Path, namespace: str) -> None:
    a = _node(tmp_path, "alpha", namespace).start(120)
    b = _node(tmp_path, "beta", namespace).start(120)
    sockets: list[Any] = []
    try:
        person = Client(a, f"lu{secrets.token_hex(3)}")
        await person.register()
        table = (await person.create(players=3, target=10))["id"]
        for n in range(16):  # the default allowance of one account, over both processes
            ws, kind = await _open((a, b)[n % 2], table, person.cookie)
            sockets.append(ws)
            assert kind == "snapshot"
        for server in (a, b):
            ws, kind = await _open(server, table, person.cookie)
            assert kind == "too_many_connections"
            await ws.close()
        # Another account from the same address is not refused.
        other = Client(b, f"lv{secrets.token_hex(3)}")
        await other.register()
        ws, kind = await _open(b, table, other.cookie)
        sockets.append(ws)
        assert kind == "snapshot"
        await person.close()
        await other.close()
    finally:
        for ws in sockets:
            await ws.close()
        a.stop()
        b.stop()


async def test_chat_lines_are_limited_per_account_over_every_process(
    tmp_path: Path, namespace: str
) -> None:
    """Chat's burst (5) belongs to the account, not to each process it connects through."""
    a = _node(tmp_path, "alpha", namespace).start(120)
    b = _node(tmp_path, "beta", namespace).start(120)
    try:
        host = Client(a, f"lw{secrets.token_hex(3)}")
        await host.register()
        table = (await host.create(players=3, target=10))["id"]
        there = Client(b)
        there.http.cookies.set("pref_session", host.cookie or "")
        await host.connect()
        await there.connect(table)
        for client in (host, there):
            await client.expect(lambda m: m.get("type") == "snapshot", timeout=30)
        ids = []
        for n in range(8):
            client = (host, there)[n % 2]
            ids.append((client, f"c{n}"))
            await client.send({"type": "chat", "text": f"line {n}", "id": f"c{n}"})
        answers: dict[str, dict[str, Any]] = {}
        for _ in range(600):
            for client, request in ids:
                for m in client.messages:
                    if m.get("id") == request and m.get("type") in ("ack", "error"):
                        answers[request] = m
            if len(answers) == len(ids):
                break
            await asyncio.sleep(0.05)
        assert len(answers) == len(ids), answers
        refused = [m for m in answers.values() if m.get("code") == "rate_limited"]
        # 8 lines within a second: 5 at once (and at most one more refilled) go through.
        assert 2 <= len(refused) <= 3, answers
        assert all(m["refused"] == "chat" for m in refused)
        await host.close()
        await there.close()
    finally:
        a.stop()
        b.stop()
