"""Load test of the club: simulated people over real websockets on loopback.

Two modes. ``--evening`` plays a club evening (see ``benchmarks/evening.py``: people at
human pace, bots in a third of the seats, spectators, reconnects, logins, tables replaced
as they end) and reports acknowledgement and delivery latency, errors, CPU and memory of
every process; ``--sweep 25,50,100`` plays one evening per table count; ``--plot f.png``
draws latency over time. Without ``--evening`` it is the plain mode below, kept for
comparison with earlier figures.

The plain mode starts ``preferans serve`` (SQLite, a fresh data directory) in its own process unless
``--url`` names a running club, registers the players, opens the tables (every seat a
person, no bots), and lets every client play whole games: on its turn it thinks for a
random while, then sends a random legal action. Measured per action: the time from
sending it to its acknowledgement (which the server sends only after the action is
committed to the log and the event has gone out). Prints tables held, actions per second,
p50/p99 latency, games finished and errors.

    .venv/bin/python benchmarks/load.py --tables 200 --players 3
    .venv/bin/python benchmarks/load.py --evening --tables 200 --duration 180 --plot e.png
    .venv/bin/python benchmarks/load.py --evening --cluster --tables 200 --duration 180
    .venv/bin/python benchmarks/load.py --evening --sweep 25,50,100,200 --duration 90
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from preferans.bots.levels import DEFAULT_LEVEL, level_names

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "server"))

from server_harness import drop_namespace  # noqa: E402
from server_harness import free_port as free_port  # noqa: E402  (tournament, bot_tables)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0
    actions: int = 0
    messages: int = 0


START_SECONDS = 120
"""How long a server may take to answer its health check: migrations and the bot workers'
start-up take seconds on a quiet machine, over 30 s when the shared cores are busy."""


def start_server(port: int, data: Path, *extra: str) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "preferans.cli.serve",
        "--port",
        str(port),
        "--data-dir",
        str(data),
        "--log-level",
        "warning",
        "--auth-rate",
        "1000",
        "--connections-per-address",  # every simulated person comes from loopback
        "100000",
        *extra,
    ]
    log = (data / f"server-{port}.log").open("ab")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


async def register(base: str, name: str, sem: asyncio.Semaphore) -> httpx.AsyncClient:
    client = httpx.AsyncClient(base_url=base, timeout=120)
    while True:
        async with sem:
            response = await client.post(
                "/api/register", json={"name": name, "password": "bench123"}
            )
        if response.status_code != 429:  # a club started elsewhere may throttle us
            break
        await asyncio.sleep(1.0)
    response.raise_for_status()
    return client


async def open_table(
    clients: list[httpx.AsyncClient], seats: list[str], target: int, sem: asyncio.Semaphore
) -> int:
    async with sem:
        response = await clients[0].post(
            "/api/tables", json={"players": len(seats), "target": target}
        )
        response.raise_for_status()
        table: int = response.json()["id"]
        for client, seat in zip(clients[1:], seats[1:], strict=True):
            sat = await client.post(f"/api/tables/{table}/sit", json={"seat": seat})
            sat.raise_for_status()
    return table


async def play(
    ws_base: str,
    table: int,
    seat: str,
    cookie: str,
    stats: Stats,
    think: tuple[float, float],
    deadline: float,
    rng: random.Random,
) -> None:
    url = f"{ws_base}/ws/tables/{table}"
    pending: dict[str, float] = {}
    latest = {"v": -1}
    counter = 0
    async with websockets.connect(
        url, additional_headers={"Cookie": f"pref_session={cookie}"}, max_size=2**22
    ) as ws:

        async def act(v: int, legal: list[dict[str, Any]]) -> None:
            nonlocal counter
            await asyncio.sleep(rng.uniform(*think))
            if latest["v"] != v or time.monotonic() > deadline:
                return
            counter += 1
            request = f"{seat}{counter}"
            pending[request] = time.perf_counter()
            await ws.send(
                json.dumps({"type": "action", "action": rng.choice(legal)["index"], "id": request})
            )

        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=remaining)
            except TimeoutError:
                return
            stats.messages += 1
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "ack":
                sent = pending.pop(message.get("id"), None)
                if sent is not None:
                    stats.latencies.append(time.perf_counter() - sent)
                    stats.actions += 1
            elif kind == "error":
                stats.errors.append(f"{message.get('code')}: {message.get('message')}")
            elif kind in ("event", "snapshot"):
                latest["v"] = int(message["v"])
                if message.get("kind") == "game_end":
                    if seat == "S":
                        stats.games += 1
                    return
                if message.get("legal") and message.get("turn") == seat:
                    asyncio.get_running_loop().create_task(act(int(message["v"]), message["legal"]))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main(args: argparse.Namespace) -> dict[str, Any]:
    processes: list[subprocess.Popen[bytes]] = []
    namespace = None
    if args.url:
        bases = [url.rstrip("/") for url in args.url]
    else:
        # With --cluster two processes share PostgreSQL and Redis; half the players use each.
        processes, namespace = _servers(args)
        bases = [f"http://127.0.0.1:{_port(process)}" for process in processes]
    base = bases[0]
    process = processes[0] if processes else None
    seats = {2: ["S", "W"], 3: ["S", "W", "E"], 4: ["S", "W", "N", "E"]}[args.players]
    tag = secrets.token_hex(3)
    try:
        sem = asyncio.Semaphore(16)
        started = time.monotonic()
        clients = await asyncio.gather(
            *(register(base, f"b{tag}_{i}", sem) for i in range(args.tables * len(seats)))
        )
        groups = [clients[i : i + len(seats)] for i in range(0, len(clients), len(seats))]
        tables = await asyncio.gather(
            *(open_table(group, seats, args.target, sem) for group in groups)
        )
        setup = time.monotonic() - started
        stats = Stats()
        rng = random.Random(args.seed)
        began = time.monotonic()
        deadline = began + args.duration
        players = [
            play(
                bases[(index + number) % len(bases)].replace("http", "ws", 1),
                table,
                seat,
                client.cookies["pref_session"],
                stats,
                (args.think_min, args.think_max),
                deadline,
                random.Random(rng.random()),
            )
            for index, (table, group) in enumerate(zip(tables, groups, strict=True))
            for number, (seat, client) in enumerate(zip(seats, group, strict=True))
        ]
        peak = {"tables": 0}

        async def sample() -> None:
            async with httpx.AsyncClient(base_url=base, timeout=10) as probe:
                while True:
                    held = 0
                    for b in bases:
                        held += (await probe.get(f"{b}/api/health")).json()["tables"]
                    peak["tables"] = max(peak["tables"], held)
                    await asyncio.sleep(2)

        sampler = asyncio.get_running_loop().create_task(sample())
        outcomes = await asyncio.gather(*players, return_exceptions=True)
        sampler.cancel()
        elapsed = time.monotonic() - began
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                stats.errors.append(f"client failed: {outcome!r}")
        health = {"tables": sum(httpx.get(f"{b}/api/health").json()["tables"] for b in bases)}
        rss_mb = None
        if process is not None:
            status = Path(f"/proc/{process.pid}/status")
            if status.exists():
                for line in status.read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        rss_mb = round(int(line.split()[1]) / 1024)
        for client in clients:
            await client.aclose()
    finally:
        for running in processes:
            running.terminate()
            running.wait(10)
        if namespace is not None:
            drop_namespace(namespace, args.redis)
    latencies = stats.latencies or [0.0]
    result = {
        "tables": len(tables),
        "clients": len(clients),
        "tables_held_by_server_peak": peak["tables"],
        "tables_held_by_server_at_end": health["tables"],
        "setup_seconds": round(setup, 1),
        "seconds": round(elapsed, 1),
        "actions": stats.actions,
        "actions_per_second": round(stats.actions / elapsed, 1),
        "messages_received": stats.messages,
        "games_finished": stats.games,
        "latency_ms_p50": round(1000 * percentile(latencies, 0.50), 1),
        "latency_ms_p99": round(1000 * percentile(latencies, 0.99), 1),
        "latency_ms_mean": round(1000 * statistics.fmean(latencies), 1),
        "latency_ms_max": round(1000 * max(latencies), 1),
        "errors": len(stats.errors),
        "server_rss_mb": rss_mb,
        "error_samples": stats.errors[:5],
        "think_seconds": [args.think_min, args.think_max],
        "target": args.target,
        "cpus": os.cpu_count(),
        "processes": len(bases),
    }
    return result


def _servers(args: argparse.Namespace) -> tuple[list[subprocess.Popen[bytes]], str | None]:
    """Start the club (one SQLite process, or two on PostgreSQL and Redis)."""
    data = Path(tempfile.mkdtemp(prefix="preferans-load-"))
    if not args.cluster:
        return [start_server(free_port(), data)], None
    namespace = f"load_{secrets.token_hex(4)}"
    extra = (
        "--database",
        args.database,
        "--schema",
        namespace,
        "--redis",
        args.redis,
        "--redis-prefix",
        namespace,
    )
    return [start_server(free_port(), data, *extra) for _ in range(2)], namespace


def _port(process: subprocess.Popen[bytes]) -> int:
    arguments = [str(a) for a in process.args]  # type: ignore[union-attr]
    return int(arguments[arguments.index("--port") + 1])


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """Stop the servers, then any worker process of theirs still running (a server
    stopped under load may not live long enough to end its pool)."""
    from procstats import children

    workers = [child for p in processes for child in children(p.pid)]
    for running in processes:
        running.terminate()
        running.wait(10)
    for pid in workers:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)


async def evening_main(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One evening per table count (``--sweep``), each on a fresh club."""
    from evening import run_evening
    from procstats import ProcessWatch

    counts = [int(n) for n in args.sweep.split(",")] if args.sweep else [args.tables]
    results = []
    for count in counts:
        args.tables = count
        processes, namespace = _servers(args)
        try:
            bases = [f"http://127.0.0.1:{_port(p)}" for p in processes]
            watch = ProcessWatch([p.pid for p in processes])
            result = await run_evening(args, bases, watch)
        finally:
            _stop(processes)
            if namespace is not None:
                drop_namespace(namespace, args.redis)
        result["backend"] = (
            "2 processes, PostgreSQL + Redis" if args.cluster else "1 process, SQLite"
        )
        result["load_average"] = [round(x, 2) for x in os.getloadavg()]
        result["cpus"] = os.cpu_count()
        results.append(result)
    return results


def _print_evening(results: list[dict[str, Any]], args: argparse.Namespace) -> None:
    if args.plot:
        from evening import plot

        plot(results, Path(args.plot))
    for result in results:
        result.pop("_samples", None)
    if len(results) > 1:
        print("tables  ack p50/p99/max ms     delivery p50/p99/max ms   errors  server CPU %")
        for r in results:
            ack, dl = r["ack"], r["delivery_all"]
            cpu = sum(p["cpu_percent_of_one_core"] for p in r["processes"] if p["role"] == "server")
            print(
                f"{r['tables_asked']:6}  {ack['p50_ms']}/{ack['p99_ms']}/{ack['max_ms']:<12} "
                f"{dl['p50_ms']}/{dl['p99_ms']}/{dl['max_ms']:<14} {r['errors']:6}  {cpu:.0f}"
            )
    print(json.dumps(results if len(results) > 1 else results[0], indent=2))


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=3)
    parser.add_argument("--target", type=int, default=2, help="pulya target of every table")
    parser.add_argument("--duration", type=float, default=120.0, help="stop after (seconds)")
    parser.add_argument("--think-min", type=float, default=0.5)
    parser.add_argument("--think-max", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--url", action="append", help="a running club instead of a fresh one (repeatable)"
    )
    parser.add_argument(
        "--cluster", action="store_true", help="two processes on PostgreSQL and Redis"
    )
    parser.add_argument("--database", default="postgresql+asyncpg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    evening = parser.add_argument_group("club evening (--evening)")
    evening.add_argument("--evening", action="store_true", help="play a club evening")
    evening.add_argument("--sweep", help="table counts, one evening each: 25,50,100")
    evening.add_argument("--plot", help="write latency over time to this PNG")
    evening.add_argument(
        "--pace", type=float, default=1.0, help="scale of people's thinking (1: 1-4 s, slow 3-12 s)"
    )
    evening.add_argument("--slow-share", type=float, default=0.2, help="share of slow people")
    evening.add_argument("--spectated", type=float, default=0.3, help="share of watched tables")
    evening.add_argument("--newcomers", type=float, default=0.3, help="share who register")
    evening.add_argument(
        "--drop-every", type=float, default=90.0, help="mean seconds between a client's drops"
    )
    evening.add_argument(
        "--members", type=int, help="members registered before the evening (2 per table)"
    )
    evening.add_argument("--ramp", type=float, default=20.0, help="seconds to open the tables")
    evening.add_argument(
        "--bot-level",
        default=DEFAULT_LEVEL,
        choices=level_names(),
        help=f"the bots' level (default {DEFAULT_LEVEL}, the lobby's preselected level)",
    )
    evening.add_argument(
        "--no-compression", action="store_true", help="clients refuse per-message deflate"
    )
    args = parser.parse_args(argv)
    if args.evening and args.url:
        parser.error("--evening starts its own club; --url is for the plain mode")
    if (args.sweep or args.plot) and not args.evening:
        parser.error("--sweep and --plot belong to --evening")
    return args


if __name__ == "__main__":
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    arguments = parse()
    if arguments.evening:
        _print_evening(asyncio.run(evening_main(arguments)), arguments)
    else:
        print(json.dumps(asyncio.run(main(arguments)), indent=2))
