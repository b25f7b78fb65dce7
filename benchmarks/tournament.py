"""A tournament round under load: 60 players at 20 tables on one server process.

Starts ``preferans serve`` (SQLite, a fresh data directory), registers the players, and
plays, in one run and on the same server, side by side:

- **tournament**: a Swiss tournament of one round of ``--deals`` deals, started by the
  director at its time, its tables created and watched by the director;
- **baseline**: then the same players at as many ordinary club tables (opened through
  the lobby, every seat a person), played at the same pace for as long as the round took.

Every simulated person plays over a real websocket (``benchmarks/load.py``'s player: on
its turn it thinks ``--think`` seconds, then sends a random legal action). Measured per
action: the time from sending it to its acknowledgement; per run: actions a second, the
server's CPU; for the tournament also how long the director took from the start time to
the round's tables and from the last table's end to the round's close. The club's
latency target is p99 ack ≤ 100 ms.

    .venv/bin/python benchmarks/tournament.py                      # 60 players, 20 tables
    .venv/bin/python benchmarks/tournament.py --players 6 --deals 1 --think 0.01,0.02
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import Stats, free_port, percentile, play, register, start_server

TARGET_P99 = 0.100


async def _call(client: httpx.AsyncClient, method: str, url: str, **kwargs: Any) -> httpx.Response:
    """A request, asked again when the pooled connection was closed as idle (uvicorn's
    keep-alive) just as it was reused; a repeated registration is refused harmlessly."""
    for _ in range(3):
        try:
            return await client.request(method, url, **kwargs)
        except httpx.TransportError:
            await asyncio.sleep(0.1)
    return await client.request(method, url, **kwargs)


def _cpu(pid: int) -> float:
    """The process's CPU seconds so far (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    return ticks / 100.0


@dataclass(frozen=True)
class Crowd:
    """The simulated people of a run: the club they play at, their logged-in clients,
    the pace of their moves (seconds, low and high) and the seed of their choices."""

    base: str
    clients: list[httpx.AsyncClient]
    think: tuple[float, float]
    seed: int

    async def play(
        self, seating: list[tuple[int, str, str]], seconds: float = 3600.0
    ) -> tuple[Stats, float]:
        """Every seat of ``seating`` (table, seat, session cookie) played by a person until
        its game ends or ``seconds`` pass; the figures and the seconds it took."""
        ws = self.base.replace("http", "ws")
        stats = Stats()
        started = time.monotonic()
        deadline = started + seconds
        await asyncio.gather(
            *(
                play(ws, table, seat, cookie, stats, self.think, deadline, self._rng(i))
                for i, (table, seat, cookie) in enumerate(seating)
            )
        )
        return stats, time.monotonic() - started

    def _rng(self, person: int) -> random.Random:
        return random.Random(self.seed * 1000 + person)


async def baseline(crowd: Crowd, seconds: float) -> tuple[Stats, float]:
    """Ordinary tables of three people (a pulya to 10, opened through the lobby), played
    at the same pace for as long as the tournament's round took."""
    clients = crowd.clients
    seating = []
    for i in range(0, len(clients) - len(clients) % 3, 3):
        trio = clients[i : i + 3]
        opened = await _call(trio[0], "POST", "/api/tables", json={"players": 3, "target": 10})
        table = opened.json()["id"]
        for client, seat in zip(trio[1:], ("W", "E"), strict=True):
            sat = await _call(client, "POST", f"/api/tables/{table}/sit", json={"seat": seat})
            sat.raise_for_status()
        for client, seat in zip(trio, ("S", "W", "E"), strict=True):
            seating.append((table, seat, client.cookies["pref_session"]))
    return await crowd.play(seating, seconds)


async def tournament(crowd: Crowd, deals: int) -> tuple[Stats, float, dict[str, float]]:
    """One Swiss round of ``deals`` deals for the whole crowd; the figures, the seconds
    it took, and how long the director took to open its tables and to close the round."""
    clients = crowd.clients
    # Time to register everybody first (the start closes the registration).
    start = datetime.now(UTC) + timedelta(seconds=3 + 0.1 * len(clients))
    body = {
        "name": "Benchmark",
        "settings": {
            "kind": "swiss",
            "variant": "sochi",
            "table_size": 3,
            "rounds": 1,
            "deals": deals,
            "move_seconds": 120,
            "bank_seconds": 0,
            "start_at": start.isoformat(),
            "min_players": 3,
            "max_players": len(clients),
        },
    }
    created = await _call(clients[0], "POST", "/api/tournaments", json=body)
    created.raise_for_status()
    tid = created.json()["id"]
    await asyncio.gather(
        *(_call(c, "POST", f"/api/tournaments/{tid}/register", json={}) for c in clients)
    )
    names = {}
    for client in clients:
        me = (await _call(client, "GET", "/api/me")).json()
        names[me["name"]] = client.cookies["pref_session"]
    while True:
        data = (await _call(clients[0], "GET", f"/api/tournaments/{tid}")).json()
        if data["rounds"][0]["tables"]:
            break
        await asyncio.sleep(0.05)
    opened = time.time() - start.timestamp()
    seating = [
        (table["table"], seat, names[name])
        for table in data["rounds"][0]["tables"]
        for seat, name in table["seats"].items()
        if name is not None
    ]
    if len(seating) != len(clients):
        raise RuntimeError(f"only {len(seating)} of {len(clients)} players were seated")
    stats, took = await crowd.play(seating)
    ended = time.monotonic()
    while (await _call(clients[0], "GET", f"/api/tournaments/{tid}")).json()[
        "status"
    ] != "finished":
        await asyncio.sleep(0.05)
    closed = time.monotonic() - ended
    return stats, took, {"tables_opened_s": opened, "round_closed_s": closed}


def _figures(stats: Stats, took: float, cpu: float) -> dict[str, Any]:
    lat = stats.latencies or [0.0]
    return {
        "actions": stats.actions,
        "actions_per_s": stats.actions / took if took else 0.0,
        "p50_ms": percentile(lat, 0.5) * 1000,
        "p99_ms": percentile(lat, 0.99) * 1000,
        "max_ms": max(lat) * 1000,
        "errors": len(stats.errors),
        "cpu_ms_per_action": cpu * 1000 / stats.actions if stats.actions else 0.0,
        "seconds": took,
    }


async def main(args: argparse.Namespace) -> dict[str, Any]:
    think = tuple(float(x) for x in args.think.split(","))
    assert len(think) == 2
    data = Path(tempfile.mkdtemp(prefix="tbench-"))
    port = free_port()
    server = start_server(port, data, "--bot-delay", "0", "--grace", "600", "--rate", "1000")
    base = f"http://127.0.0.1:{port}"
    try:
        sem = asyncio.Semaphore(8)
        tag = random.Random(args.seed).randrange(10**6)
        clients = await asyncio.gather(
            *(register(base, f"tb{tag}_{i}", sem) for i in range(args.players))
        )
        cpu0 = _cpu(server.pid)
        crowd = Crowd(base, list(clients), (think[0], think[1]), args.seed)
        t_stats, t_took, director = await tournament(crowd, args.deals)
        cpu1 = _cpu(server.pid)
        b_stats, b_took = await baseline(crowd, t_took)
        cpu2 = _cpu(server.pid)
        for client in clients:
            await client.aclose()
    finally:
        server.terminate()
        server.wait(10)
    result = {
        "players": args.players,
        "tables": args.players // 3,
        "deals": args.deals,
        "think": list(think),
        "baseline": _figures(b_stats, b_took, cpu2 - cpu1),
        "tournament": _figures(t_stats, t_took, cpu1 - cpu0),
        "director": director,
    }
    result["p99_target_met"] = result["tournament"]["p99_ms"] <= TARGET_P99 * 1000
    return result


def _print(result: dict[str, Any]) -> None:
    print(
        f"{result['players']} players, {result['tables']} tables, round of "
        f"{result['deals']} deals, think {result['think'][0]}-{result['think'][1]} s"
    )
    print(f"{'':22}{'baseline':>12}{'tournament':>12}{'ratio':>8}")
    b, t = result["baseline"], result["tournament"]
    for key in ("actions", "actions_per_s", "p50_ms", "p99_ms", "max_ms", "cpu_ms_per_action",
                "errors"):  # fmt: skip
        ratio = t[key] / b[key] if b[key] else float("nan")
        print(f"{key:22}{b[key]:>12.2f}{t[key]:>12.2f}{ratio:>8.2f}")
    d = result["director"]
    print(
        f"director: tables open {d['tables_opened_s']:.2f} s after the start time, "
        f"round closed {d['round_closed_s']:.2f} s after its last table"
    )
    verdict = "met" if result["p99_target_met"] else "NOT met"
    print(f"p99 ack target ≤ {TARGET_P99 * 1000:.0f} ms: {verdict}")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--think", default="0.2,0.8", help="seconds a person thinks: low,high")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse()
    figures = asyncio.run(main(arguments))
    if arguments.json:
        print(json.dumps(figures))
    else:
        _print(figures)
