"""A club evening: the load a real club puts on the server, for ``benchmarks/load.py``.

The plain mode of ``load.py`` has every seat a fast person and tables that drop out as
their games end. An evening is different, and this module plays it: people think for
seconds (some much longer), one seat in three is a bot thinking at the default level in
the server's worker processes, some tables have spectators, clients drop and come back
with ``since``/``epoch``, people log in and register while others play, and every table
that ends is replaced by a new one, so the number of tables stays what was asked.

The bots play at `--bot-level` (default: the level the lobby preselects).

Measured: the time from an action to its acknowledgement, and from a person's action to
its event at each other seat and each spectator (every client runs in this process, so
one clock serves both ends); errors; CPU and memory of every process; latency over time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from procstats import ProcessWatch

SEATS = ("S", "W", "E")
BOT_SEAT = "E"
"""One seat in three plays for a bot (three-player tables)."""
PASSWORD = "evening123"


@dataclass
class Measures:
    """What every client adds to while the evening runs (times are ``perf_counter``)."""

    started: float
    tables_asked: int
    room_full_at: float | None = None
    """When the last place got its first table (the steady part of the run begins)."""
    acks: list[tuple[float, float]] = field(default_factory=list)
    """(seconds into the run, seconds from sending the action to its ack)."""
    seat_delivery: list[tuple[float, float]] = field(default_factory=list)
    spectator_delivery: list[tuple[float, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    """(table, version its event will have) -> when the person sent the action."""
    counts: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(
            (
                "actions",
                "messages",
                "games_finished",
                "tables_opened",
                "registrations",
                "logins",
                "reconnects",
                "spectators",
                "new_epochs",
                "turns_announced_twice",
            ),
            0,
        )
    )

    def add(self, name: str, amount: int = 1) -> None:
        self.counts[name] += amount

    def now(self) -> float:
        return time.perf_counter() - self.started


@dataclass
class Person:
    name: str
    pace: tuple[float, float]
    """Seconds per decision, low and high."""
    busy: bool = False
    session: httpx.AsyncClient | None = None
    """Logged in (members keep their session from table to table, as a browser does)."""


@dataclass
class Evening:
    """One run's shared parts: where the club is, who exists, what is measured."""

    bases: list[str]
    rng: random.Random
    measures: Measures
    deadline: float
    args: argparse.Namespace
    people: list[Person] = field(default_factory=list)
    auth: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(8))
    next_person: int = 0
    tag: str = field(default_factory=lambda: secrets.token_hex(3))

    def base(self) -> str:
        return self.rng.choice(self.bases)

    def new_person(self) -> Person:
        self.next_person += 1
        slow = self.rng.random() < self.args.slow_share
        low, high = (3.0, 12.0) if slow else (1.0, 4.0)
        scale = self.args.pace
        return Person(f"e{self.tag}_{self.next_person}", (low * scale, high * scale))

    def over(self) -> bool:
        return time.monotonic() >= self.deadline


async def _auth(evening: Evening, person: Person, register: bool) -> httpx.AsyncClient:
    """A fresh session for ``person`` (a new client logs in; a newcomer registers)."""
    # Idle connections are dropped before the server's keep-alive closes them (5 s), or a
    # member's next request after a long game would meet a closed socket.
    limits = httpx.Limits(keepalive_expiry=2.0)
    client = httpx.AsyncClient(base_url=evening.base(), timeout=60, limits=limits)
    path = "/api/register" if register else "/api/login"
    for _ in range(60):
        async with evening.auth:
            response = await client.post(path, json={"name": person.name, "password": PASSWORD})
        if response.status_code != 429:
            break
        await asyncio.sleep(1.0)
    if response.status_code not in (200, 201):
        await client.aclose()
        raise RuntimeError(f"{path} {person.name}: {response.status_code} {response.text[:80]}")
    evening.measures.add("registrations" if register else "logins")
    return client


def _pick_people(evening: Evening, count: int) -> list[tuple[Person, str]]:
    """Who sits next, and how they arrive: a newcomer registers, a member who comes back
    logs in, one still logged in just sits down."""
    rng = evening.rng
    idle = [p for p in evening.people if not p.busy]
    rng.shuffle(idle)
    chosen: list[tuple[Person, str]] = []
    for _ in range(count):
        if idle and rng.random() >= evening.args.newcomers:
            person = idle.pop()
            arrives = "login" if person.session is None or rng.random() < 0.3 else "session"
            chosen.append((person, arrives))
        else:
            person = evening.new_person()
            evening.people.append(person)
            chosen.append((person, "register"))
    for person, _ in chosen:
        person.busy = True
    return chosen


async def members(evening: Evening, count: int) -> None:
    """The club's members before the evening: registered, not yet logged in."""

    async def one() -> None:
        person = evening.new_person()
        client = await _auth(evening, person, register=True)
        await client.aclose()
        evening.people.append(person)

    await asyncio.gather(*(one() for _ in range(count)))
    evening.measures.counts["registrations"] = 0


async def table_slot(evening: Evening, slot: int) -> None:
    """One place in the room: a table is opened, played to its end, and replaced."""
    await asyncio.sleep(evening.rng.uniform(0, evening.args.ramp))
    while not evening.over():
        chosen = _pick_people(evening, 2)
        clients: list[httpx.AsyncClient] = []
        try:
            for person, arrives in chosen:
                if arrives != "session" or person.session is None:
                    if person.session is not None:
                        await person.session.aclose()
                    person.session = await _auth(evening, person, arrives == "register")
                clients.append(person.session)
            table = await _open(evening, clients)
            await _play_table(evening, table, chosen, clients)
        except Exception as problem:  # counted: an evening must have none
            evening.measures.errors.append(f"slot {slot}: {problem!r}")
            await asyncio.sleep(1.0)
        finally:
            for person, _ in chosen:
                person.busy = False


async def _open(evening: Evening, clients: list[httpx.AsyncClient]) -> int:
    creator, other = clients
    response = await creator.post(
        "/api/tables",
        json={
            "players": 3,
            "target": evening.args.target,
            "bots": {BOT_SEAT: evening.args.bot_level},
        },
    )
    response.raise_for_status()
    table: int = response.json()["id"]
    sat = await other.post(f"/api/tables/{table}/sit", json={"seat": "W"})
    sat.raise_for_status()
    measures = evening.measures
    measures.add("tables_opened")
    if measures.room_full_at is None and measures.counts["tables_opened"] >= measures.tables_asked:
        measures.room_full_at = measures.now()
    return table


async def _play_table(
    evening: Evening,
    table: int,
    chosen: list[tuple[Person, str]],
    clients: list[httpx.AsyncClient],
) -> None:
    rng = evening.rng
    ended = asyncio.Event()
    players = [
        asyncio.create_task(
            _client(evening, client, table, seat, person, ended, random.Random(rng.random()))
        )
        for (person, _), client, seat in zip(chosen, clients, SEATS, strict=False)
    ]
    watchers = []
    if rng.random() < evening.args.spectated:
        for _ in range(rng.randint(1, 2)):
            evening.measures.add("spectators")
            watchers.append(
                asyncio.create_task(
                    _client(evening, None, table, None, None, ended, random.Random(rng.random()))
                )
            )
    results = await asyncio.gather(*players, *watchers, return_exceptions=True)
    for outcome in results:
        if isinstance(outcome, BaseException):
            evening.measures.errors.append(f"table {table}: {outcome!r}")


async def _client(
    evening: Evening,
    client: httpx.AsyncClient | None,
    table: int,
    seat: str | None,
    person: Person | None,
    ended: asyncio.Event,
    rng: random.Random,
) -> None:
    """A player (``seat``) or a spectator (``seat`` None) until the game ends or time is up.

    Now and then the connection drops; the client comes back a little later with the
    version and epoch it last saw, as the browser does."""
    measures = evening.measures
    base = (client.base_url if client is not None else httpx.URL(evening.base())).copy_with(
        path="/"
    )
    url = str(base).rstrip("/").replace("http", "ws", 1) + f"/ws/tables/{table}"
    headers = {}
    if client is not None:
        headers["Cookie"] = f"pref_session={client.cookies['pref_session']}"
    state: dict[str, Any] = {"v": -1, "turn_v": -1, "epoch": None, "connection": 0}
    counter = 0
    turn: list[Any] = []
    """(version, legal actions) of the latest message that gave this seat the turn."""
    scheduled: set[tuple[int, int]] = set()
    """(connection, version) of every turn this client already decided to act on: a turn
    can be announced twice on one connection (its event live, then again by ``synced``
    when the server resyncs the socket after a gap or a new epoch), and a person clicks
    once, so acting twice would be the generator's error, not the server's."""
    while not ended.is_set() and not evening.over():
        query = f"?since={state['v']}&epoch={state['epoch']}" if state["epoch"] else ""
        drop_at = time.monotonic() + rng.expovariate(1 / evening.args.drop_every)
        state["connection"] += 1
        pending: dict[str, float] = {}
        live = False
        compression = None if evening.args.no_compression else "deflate"
        async with websockets.connect(
            url + query, additional_headers=headers, max_size=2**22, compression=compression
        ) as ws:

            async def act(
                v: int,
                legal: list[dict[str, Any]],
                ws: Any = ws,
                pending: dict[str, float] = pending,
                mine: int = state["connection"],
            ) -> None:
                nonlocal counter
                assert person is not None
                await asyncio.sleep(rng.uniform(*person.pace))
                stale = state["turn_v"] != v or state["connection"] != mine
                if stale or ended.is_set() or evening.over():
                    return
                counter += 1
                request = f"{seat}{counter}"
                now = time.perf_counter()
                pending[request] = now
                measures.sent[(table, state["v"] + 1)] = now
                try:
                    await ws.send(
                        json.dumps(
                            {"type": "action", "action": choose(legal, rng)["index"], "id": request}
                        )
                    )
                except websockets.ConnectionClosed:
                    pending.pop(request, None)

            def schedule(v: int, legal: list[dict[str, Any]]) -> None:
                key = (state["connection"], v)
                if key in scheduled:
                    measures.add("turns_announced_twice")
                    return
                scheduled.add(key)
                asyncio.get_running_loop().create_task(act(v, legal))

            while True:
                timeout = min(evening.deadline, drop_at) - time.monotonic()
                if timeout <= 0:
                    break
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=timeout)
                except TimeoutError:
                    break
                arrived = time.perf_counter()
                measures.add("messages")
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "ack":
                    sent = pending.pop(message.get("id"), None)
                    if sent is not None:
                        measures.acks.append((sent - measures.started, arrived - sent))
                        measures.add("actions")
                elif kind == "error":
                    measures.errors.append(f"{message.get('code')}: {message.get('message')}")
                elif kind == "synced":
                    # The missed events came first; now the client is live again.
                    live = True
                    state["epoch"] = message["epoch"]
                    if turn and turn[0] == state["turn_v"]:
                        schedule(turn[0], turn[1])
                elif kind in ("event", "snapshot"):
                    live = live or kind == "snapshot"
                    if state["epoch"] is not None and message["epoch"] != state["epoch"]:
                        measures.add("new_epochs")  # the table restarted or moved process
                    state["v"] = int(message["v"])
                    state["epoch"] = message["epoch"]
                    if kind == "event" and message.get("kind") == "action" and live:
                        _delivered(measures, table, message, seat, arrived)
                    if message.get("kind") == "game_end":
                        if seat == "S":
                            measures.add("games_finished")
                        ended.set()
                        return
                    ours = seat is not None and message.get("turn") == seat
                    if kind == "event" and "turn" not in message:
                        # chat, presence, seats: no view, so the turn stands (as on the
                        # page); before, such an event made the person forget his turn
                        continue
                    state["turn_v"] = state["v"]
                    turn = [state["v"], message["legal"]] if ours and message.get("legal") else []
                    if turn and live:
                        schedule(turn[0], turn[1])
        if ended.is_set() or evening.over():
            return
        measures.add("reconnects")
        await asyncio.sleep(rng.uniform(0.5, 3.0))


def choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A person's decision: modest bids, the cheapest contract, mostly no whist; any card.

    Purely random bidding makes nearly every deal a raspasy and a pulya lasts hours; people
    who bid six and let it go close a short pulya within minutes, so tables turn over."""
    texts = {a["text"]: a for a in legal}
    contracts = [a for a in legal if a["text"].startswith("play ")]
    if contracts:
        return min(contracts, key=lambda a: int(a["index"]))
    if "pass" in texts:
        sixes = [a for a in legal if a["text"].startswith("6")]
        if sixes and rng.random() < 0.5:
            return min(sixes, key=lambda a: int(a["index"]))
        if rng.random() < 0.85:
            return texts["pass"]
    return rng.choice(legal)


def _delivered(
    measures: Measures, table: int, message: dict[str, Any], seat: str | None, arrived: float
) -> None:
    """An action event reached a seat other than the actor's, or a spectator."""
    sent = measures.sent.get((table, int(message["v"])))
    if sent is None or message.get("seat") == seat:
        return
    sample = (sent - measures.started, arrived - sent)
    (measures.spectator_delivery if seat is None else measures.seat_delivery).append(sample)


async def _room_size(bases: list[str]) -> int:
    async with httpx.AsyncClient(timeout=10) as probe:
        held = 0
        for base in bases:
            held += (await probe.get(f"{base}/api/health")).json()["tables"]
        return held


async def run_evening(
    args: argparse.Namespace, bases: list[str], watch: ProcessWatch
) -> dict[str, Any]:
    """Play one evening of ``args.tables`` tables for ``args.duration`` seconds."""
    measures = Measures(started=time.perf_counter(), tables_asked=args.tables)
    evening = Evening(
        bases=bases,
        rng=random.Random(args.seed),
        measures=measures,
        deadline=time.monotonic() + args.duration,
        args=args,
    )
    held: list[tuple[float, int]] = []
    await members(evening, args.members if args.members is not None else 2 * args.tables)
    measures.started = time.perf_counter()
    evening.deadline = time.monotonic() + args.duration
    watch.start()
    steady: dict[str, float] = {}

    async def sample() -> None:
        while True:
            await asyncio.sleep(2.0)
            watch.sample()
            try:
                held.append((measures.now(), await _room_size(bases)))
            except (httpx.HTTPError, KeyError, ValueError) as problem:
                measures.errors.append(f"health probe: {problem!r}")
            if measures.room_full_at is not None and not steady:
                watch.mark()
                steady["at"] = measures.now()
                steady["actions"] = measures.counts["actions"]

    sampler = asyncio.get_running_loop().create_task(sample())
    await asyncio.gather(*(table_slot(evening, slot) for slot in range(args.tables)))
    sampler.cancel()
    for person in evening.people:
        if person.session is not None:
            await person.session.aclose()
    elapsed = measures.now()
    watch.sample()
    result = summarize(args, measures, elapsed, held, watch)
    if steady:
        actions = measures.counts["actions"] - steady["actions"]
        seconds = elapsed - steady["at"]
        cpu = sum(
            p["cpu_percent_steady"] or 0.0 for p in result["processes"] if p["role"] == "server"
        )
        result["steady"] = {
            "seconds": round(seconds, 1),
            "actions_per_second": round(actions / max(seconds, 1e-9), 1),
            "server_cpu_percent": round(cpu, 1),
            "server_cpu_ms_per_action": round(10 * cpu * seconds / max(actions, 1), 2),
        }
    return result


def _stats(samples: list[tuple[float, float]]) -> dict[str, float | int | None]:
    if not samples:
        return {"count": 0, "p50_ms": None, "p99_ms": None, "max_ms": None}
    ordered = sorted(s for _, s in samples)

    def at(fraction: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))], 1)

    return {
        "count": len(ordered),
        "p50_ms": at(0.50),
        "p99_ms": at(0.99),
        "max_ms": round(1000 * ordered[-1], 1),
    }


def summarize(
    args: argparse.Namespace,
    measures: Measures,
    elapsed: float,
    held: list[tuple[float, int]],
    watch: ProcessWatch,
) -> dict[str, Any]:
    """The evening's figures, and the samples behind them for the plot."""
    full = measures.room_full_at if measures.room_full_at is not None else elapsed
    steady = [n for t, n in held if t >= full] or [0]
    processes = watch.report()
    servers = [p for p in processes if p["role"] == "server"]
    growth = sum(p["rss_mb_peak"] - p["rss_mb_start"] for p in servers)
    tables = max(steady)
    result: dict[str, Any] = {
        "mode": "evening",
        "tables_asked": args.tables,
        "room_full_after_seconds": None if measures.room_full_at is None else round(full, 1),
        "tables_held_min_once_full": min(steady),
        "tables_held_max": max(n for _, n in held) if held else 0,
        "seconds": round(elapsed, 1),
        **measures.counts,
        "actions_per_second": round(measures.counts["actions"] / max(elapsed, 1e-9), 1),
        "ack": _stats(measures.acks),
        "delivery_to_seats": _stats(measures.seat_delivery),
        "delivery_to_spectators": _stats(measures.spectator_delivery),
        "delivery_all": _stats(measures.seat_delivery + measures.spectator_delivery),
        "once_full": {
            "ack": _stats([x for x in measures.acks if x[0] >= full]),
            "delivery_all": _stats(
                [x for x in measures.seat_delivery + measures.spectator_delivery if x[0] >= full]
            ),
        },
        "errors": len(measures.errors),
        "error_samples": measures.errors[:5],
        "processes": processes,
        "server_mb_per_table": round(growth / tables, 2) if tables else None,
        "pace_scale": args.pace,
        "bot_level": args.bot_level,
        "target": args.target,
        "seed": args.seed,
    }
    result["_samples"] = {
        "ack": measures.acks,
        "delivery": measures.seat_delivery + measures.spectator_delivery,
        "held": held,
    }
    return result


def plot(results: list[dict[str, Any]], path: Path) -> None:
    """Latency over time (one panel per run): every sample, and the p99 of each 10 s."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as problem:
        raise SystemExit(f"--plot needs matplotlib (pip install matplotlib): {problem}") from None
    figure, axes = plt.subplots(len(results), 1, figsize=(9, 3.2 * len(results)), squeeze=False)
    for axis, result in zip(axes[:, 0], results, strict=True):
        samples = result["_samples"]
        for name, colour in (("ack", "tab:blue"), ("delivery", "tab:orange")):
            points = samples[name]
            if not points:
                continue
            axis.scatter(
                [t for t, _ in points],
                [1000 * s for _, s in points],
                s=2,
                alpha=0.25,
                color=colour,
                label=f"{name} (each)",
            )
            bins: dict[int, list[float]] = {}
            for t, s in points:
                bins.setdefault(int(t // 10), []).append(s)
            xs = sorted(bins)
            p99 = [
                1000 * sorted(bins[x])[min(len(bins[x]) - 1, int(0.99 * len(bins[x])))] for x in xs
            ]
            axis.plot([10 * x + 5 for x in xs], p99, color=colour, label=f"{name} p99 / 10 s")
        axis.set_yscale("log")
        axis.set_ylabel("ms")
        axis.set_title(
            f"{result['tables_asked']} tables, {result.get('backend', '')}: "
            f"ack p99 {result['ack']['p99_ms']} ms, "
            f"delivery p99 {result['delivery_all']['p99_ms']} ms, errors {result['errors']}",
            fontsize=9,
        )
        axis.legend(fontsize=7, loc="upper right")
    axes[-1, 0].set_xlabel("seconds into the run")
    figure.tight_layout()
    figure.savefig(path, dpi=80)
    plt.close(figure)
