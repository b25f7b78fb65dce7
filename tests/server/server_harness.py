"""Real servers and real clients for the server tests: no mocks anywhere.

``ServerProcess`` runs ``preferans serve`` in a subprocess on a free port; ``Client`` is a
player (or a spectator) with an HTTP session and websockets, recording every message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import httpx
import websockets

__all__ = ["Client", "ServerProcess", "free_port", "play_table"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def drop_namespace(namespace: str, redis_url: str) -> None:
    """Remove what a cluster run kept under its name: the PostgreSQL schema (database
    ``test`` on this machine) and the Redis keys of its prefix."""
    import redis

    subprocess.run(
        [
            "psql",
            "-h",
            "127.0.0.1",
            "-U",
            "postgres",
            "-d",
            "test",
            "-qc",
            f'DROP SCHEMA IF EXISTS "{namespace}" CASCADE',
        ],
        capture_output=True,
        timeout=60,
    )
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(f"{namespace}:*"))
    if keys:
        client.delete(*keys)


class ServerProcess:
    """``python -m preferans.cli.serve`` on a free port, with a log file."""

    def __init__(self, data_dir: Path, *extra: str, port: int | None = None) -> None:
        self.data_dir = data_dir
        self.extra = list(extra)
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = data_dir / f"server-{self.port}.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable,
            "-m",
            "preferans.cli.serve",
            "--port",
            str(self.port),
            "--data-dir",
            str(self.data_dir),
            "--bot-delay",
            "0",
            "--rate",
            "2000",
            "--auth-rate",
            "1000",
            "--log-level",
            "warning",
            *self.extra,
        ]
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log_path.read_text()[-3000:]}")

    def kill9(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class _RetryingGets(httpx.AsyncHTTPTransport):
    """uvicorn closes a keep-alive connection left idle; a GET that reuses it just then
    meets a closed socket ("Server disconnected without sending a response"). A GET is
    idempotent, so it is asked once more; other methods are not retried."""

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        try:
            return await super().handle_async_request(request)
        except httpx.RemoteProtocolError:
            if request.method != "GET":
                raise
            return await super().handle_async_request(request)


class Client:
    """A person: an account (or none, a spectator), a REST session, a table websocket."""

    def __init__(self, server: ServerProcess, name: str | None = None) -> None:
        self.server = server
        self.name = name
        self.http = httpx.AsyncClient(base_url=server.base, timeout=30, transport=_RetryingGets())
        self.ws: Any = None
        self.messages: list[dict[str, Any]] = []
        self.table: int | None = None
        self.seat: str | None = None
        self.epoch: str | None = None
        self.v = -1
        self.latest: dict[str, Any] | None = None
        """The newest event or snapshot (what the table looks like to this client)."""
        self.deal: int | None = None
        """The number of the deal being played, as the last snapshot or deal start said."""
        self._request = 0
        self._inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None

    async def register(self, password: str = "password1") -> dict[str, Any]:
        assert self.name is not None
        response = await self.http.post(
            "/api/register", json={"name": self.name, "password": password}
        )
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data

    @property
    def cookie(self) -> str | None:
        return self.http.cookies.get("pref_session")

    async def create(self, **body: Any) -> dict[str, Any]:
        response = await self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        self.table = data["id"]
        self.seat = "S"
        return data

    async def sit(self, table: int, seat: str) -> dict[str, Any]:
        response = await self.http.post(f"/api/tables/{table}/sit", json={"seat": seat})
        assert response.status_code == 200, response.text
        self.table = table
        self.seat = seat
        data: dict[str, Any] = response.json()
        return data

    async def connect(self, table: int | None = None, *, resume: bool = False) -> None:
        table = table if table is not None else self.table
        assert table is not None
        self.table = table
        url = f"{self.server.ws_base}/ws/tables/{table}"
        if resume and self.epoch is not None:
            url += f"?since={self.v}&epoch={self.epoch}"
        headers = {"Cookie": f"pref_session={self.cookie}"} if self.cookie else {}
        self.ws = await websockets.connect(url, additional_headers=headers, max_size=2**22)
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                message = json.loads(raw)
                self.messages.append(message)
                if message.get("type") in ("event", "snapshot", "synced"):
                    self.epoch = message.get("epoch", self.epoch)
                    self.v = int(message["v"])
                    # Chat and presence events leave the table as it was.
                    if message["type"] == "snapshot" or "view" in message:
                        self.latest = message
                    if message["type"] == "snapshot" or message.get("kind") == "deal_start":
                        self.deal = message.get("deal", self.deal)
                await self._inbox.put(message)

    async def next(self, timeout: float = 15.0) -> dict[str, Any]:
        return await asyncio.wait_for(self._inbox.get(), timeout)

    def forget(self) -> None:
        """Drop what earlier connections left unread (a late ack), so ``next`` reads anew."""
        self._inbox = asyncio.Queue()

    async def expect(self, predicate: Any, timeout: float = 15.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("expected message did not come")
            message = await self.next(left)
            if predicate(message):
                return message

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def act(self, action: int, timeout: float = 15.0) -> dict[str, Any]:
        """Send an action and wait for its answer (ack or error)."""
        self._request += 1
        request = f"r{self._request}"
        start = len(self.messages)
        await self.send({"type": "action", "action": action, "id": request})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.messages[start:]:
                if message.get("id") == request and message["type"] in ("ack", "error"):
                    return message
            await asyncio.sleep(0.005)
        raise TimeoutError(f"no answer to action {action}")

    def on_turn(self) -> bool:
        return self.latest is not None and my_turn(self, self.latest)

    async def disconnect(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await self._reader
        self.ws = None

    async def close(self) -> None:
        await self.disconnect()
        await self.http.aclose()


async def three_at_a_table(
    server: ServerProcess, prefix: str, **body: Any
) -> tuple[list[Client], int]:
    """Three new people (names from ``prefix``) seated South, West and East at a table of
    three that the first opened (a pulya to 10 unless ``body``, the create form's fields,
    says otherwise); the table's id. The game starts as the third sits."""
    tag = random.randrange(10**6)
    people = [Client(server, f"{prefix}{n}{tag}") for n in "swe"]
    for person in people:
        await person.register()
    table = (await people[0].create(**{"players": 3, "target": 10, **body}))["id"]
    await people[1].sit(table, "W")
    await people[2].sit(table, "E")
    return people, table


def my_turn(client: Client, message: dict[str, Any]) -> bool:
    return (
        message.get("type") in ("event", "snapshot")
        and bool(message.get("legal"))
        and message.get("turn") == client.seat
    )


Chooser = Callable[[list[dict[str, Any]], random.Random], dict[str, Any]]


def random_choice(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    return rng.choice(legal)


def balkan_choice(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Random Balkan play almost never ends: failed games push the bulas up, and the game
    ends only when they come down to zero. So bid the cheapest game (or pass), name the
    cheapest game, defend at random half the time and play cards at random: every kind of
    message still flows, and the bulas come down."""
    texts = {entry["text"]: entry for entry in legal}
    plays = [entry for entry in legal if entry["text"].startswith("play ")]
    if plays:
        return plays[0]
    if "2♠" in texts:
        return texts["2♠"]
    defending = any(text in texts for text in ("whist", "invite", "kontra"))
    if "pass" in texts and (not defending or rng.random() < 0.5):
        return texts["pass"]
    return rng.choice(legal)


async def autoplay(
    client: Client,
    rng: random.Random,
    stop_after: int | None = None,
    choose: Chooser = random_choice,
) -> int:
    """Answer every turn with a legal action (random by default) until the game ends;
    count actions."""
    count = 0
    request = 0
    legal: list[dict[str, Any]] = []
    last = -1
    pending = client.latest if client.on_turn() else None
    handled = (pending["epoch"], pending["v"]) if pending else None
    while True:
        message = pending or await client.next(timeout=60)
        if (
            pending is None
            and handled is not None
            and message.get("epoch") == handled[0]
            and message.get("v", handled[1] + 1) <= handled[1]
        ):
            continue
        pending = None
        if message.get("type") == "event" and message.get("kind") == "game_end":
            return count
        if message.get("type") == "snapshot" and message.get("status") == "finished":
            return count
        if message.get("type") == "error" and message.get("code") in ("refused", "illegal"):
            # The engine refused (should not happen): try another of the offered actions.
            legal = [a for a in legal if a["index"] != last] or legal
        elif my_turn(client, message):
            legal = message["legal"]
        else:
            continue
        if stop_after is not None and count >= stop_after:
            return count
        request += 1
        last = choose(legal, rng)["index"]
        await client.send({"type": "action", "action": last, "id": request})
        count += 1


async def drive(clients: list[Client], actions: int, rng: random.Random) -> int:
    """Play ``actions`` random actions in turn, each acknowledged before the next."""
    done = 0
    while done < actions:
        deadline = time.monotonic() + 20
        while True:
            ready = [c for c in clients if c.on_turn()]
            if ready:
                break
            if time.monotonic() > deadline:
                raise TimeoutError("nobody's turn")
            await asyncio.sleep(0.005)
        client = ready[0]
        assert client.latest is not None
        answer = await client.act(rng.choice(client.latest["legal"])["index"])
        assert answer["type"] == "ack", answer
        done += 1
        # Wait until the event of this action has arrived before looking for the next turn.
        while client.v < answer["v"]:
            await asyncio.sleep(0.005)
    return done


async def caught_up(clients: Sequence[Client]) -> None:
    """Wait until every client at a table has heard the table's latest event (``drive``
    waits only for the mover's)."""
    deadline = time.monotonic() + 20
    while len({c.v for c in clients}) > 1:
        assert time.monotonic() < deadline, [c.v for c in clients]
        await asyncio.sleep(0.01)


async def play_table(clients: list[Client], seed: int) -> list[int]:
    """Every client plays randomly until the game ends."""
    return list(
        await asyncio.gather(
            *(autoplay(c, random.Random(seed * 10 + i)) for i, c in enumerate(clients))
        )
    )
