"""Tables full of thinking bots: worker processes against threads of the server process.

Starts ``preferans serve`` twice on SQLite, once with ``--think-processes 0`` (the bots
think in threads of the server process) and once with worker processes, and in each opens
``--tables`` tables of one person and two ``sampling`` bots (no bot delay). Every person
answers on his turn at once with a random legal action. Measured over ``--duration``
seconds: the bots' actions per second over all tables (how much thinking the club gets
done) and the persons' acknowledgement latency (how responsive the club stays while the
bots think). Prints both modes and the ratios processes / threads from the same run.

    .venv/bin/python benchmarks/bot_tables.py --tables 12 --duration 40
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).parent))
from load import free_port, percentile, register, start_server


async def person(
    ws_base: str, table: int, cookie: str, deadline: float, rng: random.Random, out: dict[str, Any]
) -> None:
    pending: dict[str, float] = {}
    count = 0
    async with websockets.connect(
        f"{ws_base}/ws/tables/{table}",
        additional_headers={"Cookie": f"pref_session={cookie}"},
        max_size=2**22,
    ) as ws:
        while (remaining := deadline - time.monotonic()) > 0:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=remaining))
            except TimeoutError:
                return
            kind = message.get("type")
            if kind == "ack" and message.get("id") in pending:
                out["latencies"].append(time.perf_counter() - pending.pop(message["id"]))
            elif kind in ("event", "snapshot"):
                if message.get("kind") == "action" and message.get("seat") != "S":
                    out["bot_actions"] += 1
                if message.get("kind") == "game_end":
                    return
                if message.get("legal") and message.get("turn") == "S":
                    count += 1
                    request = f"a{count}"
                    pending[request] = time.perf_counter()
                    choice = rng.choice(message["legal"])["index"]
                    await ws.send(json.dumps({"type": "action", "action": choice, "id": request}))


async def run_mode(args: argparse.Namespace, processes: int) -> dict[str, Any]:
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = start_server(
            port, Path(data), "--bot-delay", "0", "--think-processes", str(processes)
        )
        try:
            base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
            sem = asyncio.Semaphore(8)
            clients = [
                await register(base, f"b{processes}x{i}{os.getpid() % 1000}", sem)
                for i in range(args.tables)
            ]
            tables = []
            for client in clients:
                response = await client.post(
                    "/api/tables",
                    json={
                        "players": 3,
                        "target": 50,
                        "bots": {"W": args.level, "E": args.level},
                    },
                )
                response.raise_for_status()
                tables.append(response.json()["id"])
            out: dict[str, Any] = {"latencies": [], "bot_actions": 0}
            rng = random.Random(args.seed)
            start = time.monotonic()
            deadline = start + args.duration
            await asyncio.gather(
                *(
                    person(ws_base, table, client.cookies["pref_session"], deadline, rng, out)
                    for table, client in zip(tables, clients, strict=True)
                )
            )
            elapsed = time.monotonic() - start
            for client in clients:
                await client.aclose()
        finally:
            server.terminate()
            server.wait(timeout=30)
    latencies = out["latencies"] or [float("nan")]
    return {
        "think_processes": processes,
        "bot_actions_per_second": out["bot_actions"] / elapsed,
        "person_actions": len(out["latencies"]),
        "ack_p50_ms": 1000 * percentile(latencies, 0.5),
        "ack_p99_ms": 1000 * percentile(latencies, 0.99),
    }


async def main(args: argparse.Namespace) -> dict[str, Any]:
    threads = await run_mode(args, 0)
    processes = await run_mode(args, args.processes)
    return {
        "tables": args.tables,
        "level": args.level,
        "duration": args.duration,
        "cores": os.cpu_count(),
        "threads": threads,
        "processes": processes,
        "ratio_bot_actions": processes["bot_actions_per_second"]
        / threads["bot_actions_per_second"],
        "ratio_ack_p99": processes["ack_p99_ms"] / threads["ack_p99_ms"],
    }


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--duration", type=float, default=40.0)
    parser.add_argument("--level", default="sampling")
    parser.add_argument("--processes", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args(argv)


if __name__ == "__main__":
    result = asyncio.run(main(parse()))
    for mode in ("threads", "processes"):
        r = result[mode]
        print(
            f"{mode:9} ({r['think_processes']} workers): "
            f"{r['bot_actions_per_second']:.1f} bot actions/s, "
            f"person acks p50 {r['ack_p50_ms']:.1f} ms, p99 {r['ack_p99_ms']:.1f} ms "
            f"({r['person_actions']} actions)"
        )
    print(
        f"processes / threads: bot actions ×{result['ratio_bot_actions']:.2f}, "
        f"person ack p99 ×{result['ratio_ack_p99']:.2f}"
    )
    print(json.dumps(result))
