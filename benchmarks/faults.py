"""Fault injection against real servers: bad input, kill -9, Redis restarts, leaks.

Four parts, each printed with its figures:

1. **bad input**: generated bad REST requests and websocket frames (wrong types, control
   characters and line breaks, NaN/Infinity, huge numbers, deep nesting, oversized and
   non-UTF-8 bodies, unknown fields and routes); counts answers 500 and tracebacks in
   the server's log (both must be 0), frames left unanswered and connections closed for
   anything but a frame over 16 KiB (both must be 0 too);
2. **kill -9** of a single server (SQLite, and PostgreSQL when ``--database`` is given)
   with a move in flight: after each restart every acknowledged move must be in the log,
   in order, and each seat's view must continue from where it was;
3. **cluster** (PostgreSQL and a private Redis on a free port): the table's owner is
   killed, and Redis itself is killed and restarted, with moves in flight; acknowledged
   moves are compared with the log the same way;
4. **leaks**: whole random games (every Russian variant, 2, 3 and 4 players, and the
   Balkan game with its betl hand shown after trick 1 or from the contract), every
   message and text field checked against the independent visibility rule written from
   docs/rules.md (``tests/server/visibility.py``), for the players, an early and a late
   spectator, a resumed connection, hints and REST polls.

    .venv/bin/python benchmarks/faults.py                      # the full size
    .venv/bin/python benchmarks/faults.py --bad 500 --kills 3 --cluster-faults 2 --games 6
    .venv/bin/python benchmarks/faults.py --bad 0 --kills 0 --cluster-faults 4 --games 0 \
        --seed 412 --keep                                      # one part; logs kept on failure

Prints faults injected, moves acknowledged, moves lost, 500s, tracebacks, messages
scanned and hidden cards seen, then each of the issue's targets and whether it was met
(a smaller run than the defaults cannot meet them). Exit code 1 if any target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "server"))

from server_harness import Client, ServerProcess, free_port  # noqa: E402

PG = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"


@dataclass
class Tally:
    faults: int = 0
    acknowledged: int = 0
    lost: int = 0
    problems: list[str] = field(default_factory=list)


# --- 1. bad input ------------------------------------------------------------------------

NASTY_STRINGS = [
    "a\nb", "a\r\nb", "\u2028", "\u2029", "\x0b", "\x0c", "\x85", "\x1c", "\x00", "\u202e",
    "аnna", "a..b", "x" * 5000, "", " ", "☃" * 70, "\ud800", "%00", "'; DROP TABLE users;--",
]  # fmt: skip
NASTY_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e400", "1" + "0" * 400, "-1", "0", "1.5",
                 "9" * 30, "true", "null", "[]", "{}"]  # fmt: skip


def _nasty_value(rng: random.Random) -> str:
    """A JSON value text, valid or not."""
    pick = rng.random()
    if pick < 0.4:
        return json.dumps(rng.choice(NASTY_STRINGS))
    if pick < 0.75:
        return rng.choice(NASTY_NUMBERS)
    if pick < 0.85:
        depth = rng.choice([40, 1500, 20000])
        return "[" * depth + "]" * depth
    if pick < 0.95:
        return "[" + ",".join(rng.choice(NASTY_NUMBERS) for _ in range(rng.randrange(1, 20))) + "]"
    return '"' + "y" * rng.choice([70_000, 200_000]) + '"'


FIELDS = {
    "/api/register": ["name", "password"],
    "/api/login": ["name", "password"],
    "/api/tables": ["preset", "players", "target", "stake", "password", "clock_seconds",
                    "seed", "bots", "conventions"],
    "/api/tables/{t}/sit": ["seat", "password", "seed"],
    "/api/tables/{t}/bots": ["seat", "level"],
    "/api/tables/{t}/leave": [],
}  # fmt: skip
CONVENTIONS = ["raspasy_progression", "raspasy_exit", "refe", "half_whist", "whist_style",
               "players", "variant", "nonsense"]  # fmt: skip


def bad_body(rng: random.Random, path: str) -> bytes:
    names = FIELDS[path] or ["x"]
    pairs = []
    for name in rng.sample(names, rng.randrange(1, len(names) + 1)):
        if name == "conventions" and rng.random() < 0.7:
            inner = rng.choice(CONVENTIONS)
            value = "{" + json.dumps(inner) + ": " + _nasty_value(rng) + "}"
        elif name == "bots" and rng.random() < 0.7:
            value = "{" + json.dumps(rng.choice("SWNEX")) + ": " + _nasty_value(rng) + "}"
        else:
            value = _nasty_value(rng)
        pairs.append(json.dumps(name) + ": " + value)
    text = "{" + ", ".join(pairs) + "}"
    roll = rng.random()
    if roll < 0.05:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if roll < 0.1:
        return text[: rng.randrange(len(text))].encode()
    return text.encode("utf-8", "surrogatepass")


def bad_frame(rng: random.Random) -> str | bytes:
    kind = rng.choice(["action", "sync", "hint", "chat", "ping", "back", "dance", None])
    fields = {"type": json.dumps(kind) if kind else _nasty_value(rng)}
    for name in rng.sample(["id", "action", "since", "epoch", "text", "lang"], rng.randrange(4)):
        fields[name] = _nasty_value(rng)
    text = "{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}"
    if rng.random() < 0.05:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 100)))
    return text


async def bad_input(server: ServerProcess, count: int, rng: random.Random) -> dict[str, int]:
    owner = Client(server, f"bad{secrets.token_hex(3)}")
    await owner.register()
    table = (await owner.create(players=3, target=10))["id"]
    served = {"requests": 0, "frames": 0, "status_500": 0, "dropped": 0, "answered": 0,
              "unanswered": 0, "closed_too_big": 0}  # fmt: skip
    paths = list(FIELDS)
    requests = count // 2
    for _n in range(requests):
        template = rng.choice(paths)
        path = template.replace("{t}", str(rng.choice([table, 0, 2**40])))
        client = owner.http if rng.random() < 0.7 else httpx.AsyncClient(base_url=server.base)
        try:
            response = await client.post(
                path, content=bad_body(rng, template), headers={"content-type": "application/json"}
            )
            served["status_500"] += response.status_code >= 500
        finally:
            if client is not owner.http:
                await client.aclose()
        served["requests"] += 1
    url = f"{server.ws_base}/ws/tables/{table}"
    headers = {"Cookie": f"pref_session={owner.cookie}"}
    frames = count - requests
    sent = 0
    while sent < frames:
        async with websockets.connect(url, additional_headers=headers, max_size=2**22) as ws:
            await asyncio.wait_for(ws.recv(), 30)  # the snapshot
            try:
                for _ in range(min(200, frames - sent)):
                    frame = bad_frame(rng)
                    await ws.send(frame)
                    sent += 1
                    try:
                        answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    except TimeoutError:
                        served["unanswered"] += 1
                        print(f"no answer to the frame {str(frame)[:300]!r}", file=sys.stderr)
                        break
                    served["answered"] += answer.get("type") in (
                        "error",
                        "pong",
                        "ack",
                        "hint",
                        "snapshot",
                        "synced",
                        "event",
                    )
            except websockets.ConnectionClosed as closed:
                # Frames over 16 KiB are closed by the websocket layer (1009): expected.
                big = closed.rcvd is not None and closed.rcvd.code == 1009
                served["closed_too_big" if big else "dropped"] += 1
    served["frames"] = sent
    await owner.close()
    return served


def tracebacks(server: ServerProcess) -> int:
    text = server.log_path.read_text(errors="replace") if server.log_path.exists() else ""
    return text.count("Traceback")


# --- 2./3. kill -9 with moves in flight ---------------------------------------------------


async def _people(servers: list[ServerProcess]) -> tuple[list[Client], int]:
    tag = secrets.token_hex(3)
    people = [Client(servers[0], f"flt{n}{tag}") for n in "swe"]
    for person in people:
        await person.register()
    table = (await people[0].create(players=3, target=10))["id"]
    await people[1].sit(table, "W")
    await people[2].sit(table, "E")
    for n, person in enumerate(people):
        person.server = servers[n % len(servers)]
        await person.connect()
        await person.expect(lambda m: m.get("type") == "snapshot", timeout=60)
    return people, table


async def _moves(people: list[Client], count: int, rng: random.Random, acked: list[int]) -> None:
    """Play ``count`` acknowledged random moves; each acknowledged index goes to ``acked``."""
    for _ in range(count):
        deadline = time.monotonic() + 60
        while not any(p.on_turn() for p in people):
            if time.monotonic() > deadline:
                raise TimeoutError(f"nobody's turn ({_describe(people)})")
            await asyncio.sleep(0.01)
        mover = next(p for p in people if p.on_turn())
        assert mover.latest is not None
        index = rng.choice(mover.latest["legal"])["index"]
        answer = await mover.act(index, timeout=60)
        if answer["type"] != "ack":
            return
        acked.append(index)
        while mover.v < answer["v"]:
            if time.monotonic() > deadline + 60:
                raise TimeoutError(f"acknowledged v{answer['v']}, the event never came")
            await asyncio.sleep(0.005)


def _describe(people: list[Client]) -> str:
    """What each person last saw, for a stall's report: seat, server, epoch, version, turn."""
    parts = []
    for person in people:
        latest = person.latest or {}
        tail = [m.get("type", "?") + (f":{m['code']}" if "code" in m else "")
                for m in person.messages[-4:]]  # fmt: skip
        parts.append(
            f"{person.seat}@{person.server.port} {str(person.epoch)[:6]} v{person.v} "
            f"turn={latest.get('turn')} legal={len(latest.get('legal') or [])} last={tail}"
        )
    return "; ".join(parts)


async def _in_flight(people: list[Client], rng: random.Random) -> None:
    """Send one move without waiting for its answer (the crash comes now)."""
    mover = next((p for p in people if p.on_turn()), None)
    if mover is not None and mover.latest is not None:
        await mover.send({"type": "action", "action": rng.choice(mover.latest["legal"])["index"],
                          "id": "in-flight"})  # fmt: skip


def _logged_sqlite(data: Path, table: int) -> list[int]:
    with sqlite3.connect(data / "club.sqlite3") as db:
        rows = db.execute("SELECT action FROM actions WHERE table_id = ? ORDER BY seq", (table,))
        return [r[0] for r in rows]


def _logged_pg(schema: str, table: int) -> list[int]:
    done = subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-At", "-c",
         f'SELECT action FROM "{schema}".actions WHERE table_id = {table} ORDER BY seq'],
        capture_output=True, text=True, timeout=30, check=True,
    )  # fmt: skip
    return [int(line) for line in done.stdout.split()]


def _compare(tally: Tally, acked: list[int], logged: list[int], where: str) -> None:
    """Every acknowledged move is in the log, in order; at most one unacknowledged after."""
    tally.acknowledged = len(acked)
    missing = sum(1 for a, b in zip(acked, logged, strict=False) if a != b)
    missing += max(0, len(acked) - len(logged))
    tally.lost = missing
    if missing or len(logged) > len(acked) + tally.faults:
        tally.problems.append(f"{where}: acked {len(acked)}, logged {len(logged)}")


async def _views_continue(
    people: list[Client], before: dict[str, tuple[dict[str, Any] | None, int | None]], tally: Tally
) -> None:
    """Every person reconnects; where the deal is the one he saw before the fault, his view
    goes on from that one (its history extends the old)."""
    for person in people:
        await person.disconnect()
        await person.connect(resume=True)
        await person.expect(lambda m: m.get("type") in ("snapshot", "synced"), timeout=90)
    await asyncio.sleep(0.3)
    for person in people:
        (old, old_deal), new = before[person.seat or ""], person.latest
        if old is None or new is None or "view" not in old or "view" not in new:
            continue
        if person.deal != old_deal or old.get("kind") == "deal_end":
            continue  # a deal ended in between: its history starts again
        history_old, history_new = old["view"].get("history", []), new["view"].get("history", [])
        if not _continues(history_old, history_new):
            tally.problems.append(
                f"{person.seat}: the view did not continue from before: "
                f"{old.get('epoch')} v{old.get('v')} {history_old} then "
                f"{new.get('epoch')} v{new.get('v')} {history_new}"
            )


def _continues(old: list[list[Any]], new: list[list[Any]]) -> bool:
    """The new history begins with the old one; an action hidden before (None: a discard)
    may be shown now (a misère's cards are opened)."""
    if len(new) < len(old):
        return False
    return all(
        a[0] == b[0] and (a[1] is None or a[1] == b[1]) for a, b in zip(old, new, strict=False)
    )


def _seen(people: list[Client]) -> dict[str, tuple[dict[str, Any] | None, int | None]]:
    """What each person saw before a fault: his latest view and the deal it belongs to."""
    return {p.seat or "": (p.latest, p.deal) for p in people}


async def kill_faults(data: Path, kills: int, rng: random.Random, database: str | None) -> Tally:
    schema = f"f_{secrets.token_hex(4)}"
    extra = ["--grace", "600"]
    if database:
        extra += ["--database", database, "--schema", schema]
    server = ServerProcess(data, *extra).start(120)
    tally = Tally()
    acked: list[int] = []
    try:
        people, table = await _people([server])
        for _ in range(kills):
            await _moves(people, rng.randrange(3, 12), rng, acked)
            before = _seen(people)
            await _in_flight(people, rng)
            server.kill9()
            tally.faults += 1
            server.start(120)
            await _views_continue(people, before, tally)
            # The move in flight may have been logged before the kill: it then counts.
            logged = _logged_pg(schema, table) if database else _logged_sqlite(data, table)
            if len(logged) == len(acked) + 1:
                acked.append(logged[-1])
        logged = _logged_pg(schema, table) if database else _logged_sqlite(data, table)
        _compare(tally, acked, logged, "kill -9")
        for person in people:
            await person.close()
    finally:
        server.stop()
        if database:
            _drop_schema(schema)
    return tally


def _drop_schema(schema: str) -> None:
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-c",
         f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'],
        capture_output=True, timeout=30,
    )  # fmt: skip


class PrivateRedis:
    """A Redis server of our own on a free port, so killing it disturbs nobody else."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--save", "", "--appendonly", "no",
             "--dir", str(self.directory)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        for _ in range(100):
            try:
                import redis

                redis.Redis.from_url(self.url).ping()
                return
            except Exception:
                time.sleep(0.05)
        raise RuntimeError("redis did not start")

    def kill9(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


async def cluster_faults(data: Path, faults: int, rng: random.Random) -> Tally:
    """Alternately kill the table's owner process and Redis, moves in flight each time."""
    schema = f"c_{secrets.token_hex(4)}"
    redis_server = PrivateRedis(data / "redis")
    redis_server.start()

    def node(name: str) -> ServerProcess:
        return ServerProcess(
            data / name, "--database", PG, "--schema", schema, "--redis", redis_server.url,
            "--redis-prefix", schema, "--lease", "2", "--grace", "600", "--node-id", name,
        )  # fmt: skip

    nodes = [node("alpha").start(120), node("beta").start(120)]
    tally = Tally()
    acked: list[int] = []
    try:
        people, table = await _people(nodes)
        for n in range(faults):
            try:
                await _moves(people, rng.randrange(3, 10), rng, acked)
            except TimeoutError as stall:
                # A table left without an owner, or a request left unanswered.
                tally.problems.append(f"stalled before fault {n + 1}: {stall}")
                break
            before = _seen(people)
            await _in_flight(people, rng)
            if n % 2 == 0:
                victim = nodes[rng.randrange(2)]
                victim.kill9()
                tally.faults += 1
                victim.start(120)
            else:
                redis_server.kill9()
                tally.faults += 1
                await asyncio.sleep(0.5)
                redis_server.start()
            try:
                await _views_continue(people, before, tally)
            except TimeoutError as stall:
                what = str(stall) or "a websocket's handshake timed out"
                tally.problems.append(f"stalled after fault {n + 1}: reconnecting: {what}")
                break
            logged = _logged_pg(schema, table)
            if len(logged) == len(acked) + 1:
                acked.append(logged[-1])
        if not tally.problems:
            try:
                await _moves(people, 5, rng, acked)
            except TimeoutError as stall:
                tally.problems.append(f"stalled after the last fault: {stall}")
        _compare(tally, acked, _logged_pg(schema, table), "cluster")
        for person in people:
            await person.close()
    finally:
        for server in nodes:
            server.stop()
        redis_server.stop()
        _drop_schema(schema)
    return tally


# --- 4. leaks ----------------------------------------------------------------------------


async def leak_scan(server: ServerProcess, games: int) -> tuple[int, int, list[str]]:
    """Messages scanned and hidden cards seen over ``games`` random games, checked by the
    independent rule (``tests/server/visibility.py``) for the players, an early and a late
    spectator, a resumed connection, hints and REST polls (``test_visibility``)."""
    import test_visibility
    from visibility import TABLES

    scanned = hidden = 0
    problems: list[str] = []
    specs = TABLES
    for start in range(0, games, 4):
        batch = [(specs[(start + i) % len(specs)], 1000 + start + i) for i in range(4)]
        results = await asyncio.gather(
            *(test_visibility._game(server, spec, seed) for spec, seed in batch[: games - start]),
            return_exceptions=True,
        )
        for result in results:
            if isinstance(result, AssertionError):
                hidden += 1
                problems.append(str(result)[:300])
            elif isinstance(result, BaseException):
                problems.append(repr(result)[:300])
            else:
                scanned += result[0]
    return scanned, hidden, problems


# --- main --------------------------------------------------------------------------------


async def main(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    base = Path(tempfile.mkdtemp(prefix="faults-"))
    started = time.monotonic()
    failed = False
    broken = True  # until the parts ran: what went wrong, not a target a short run misses
    try:
        bad, errors = dict.fromkeys(("requests", "frames", "status_500", "answered"), 0), 0
        bad |= dict.fromkeys(("unanswered", "closed_too_big", "dropped"), 0)
        if args.bad:  # a part whose count is 0 is skipped
            server = ServerProcess(base / "bad", "--grace", "600").start(120)
            try:
                bad = await bad_input(server, args.bad, rng)
            finally:
                server.stop()
            errors = tracebacks(server)
        print(f"bad input: {bad['requests']} requests, {bad['frames']} frames; "
              f"500s {bad['status_500']}, tracebacks {errors}, frames answered "
              f"{bad['answered']}, unanswered {bad['unanswered']}, closed for a frame over "
              f"16 KiB {bad['closed_too_big']}, closed otherwise {bad['dropped']}")  # fmt: skip
        failed |= bad["status_500"] > 0 or errors > 0 or bad["unanswered"] > 0 or bad["dropped"] > 0
        totals = Tally()
        parts: list[tuple[str, int, Callable[[], Awaitable[Tally]]]] = [
            ("kill -9 (SQLite)", args.kills,
             lambda: kill_faults(base / "sqlite", args.kills, rng, None)),
            ("kill -9 (PostgreSQL)", args.kills,
             lambda: kill_faults(base / "pg", args.kills, rng, PG)),
            ("cluster (owner kill, Redis restart)", args.cluster_faults,
             lambda: cluster_faults(base / "cluster", args.cluster_faults, rng)),
        ]  # fmt: skip
        for name, count, part in parts:
            if not count:
                continue
            tally = await part()
            totals.faults += tally.faults
            totals.acknowledged += tally.acknowledged
            totals.lost += tally.lost
            print(
                f"{name}: faults {tally.faults}, moves acknowledged {tally.acknowledged}, "
                f"moves lost {tally.lost}" + (f"; {tally.problems}" if tally.problems else "")
            )
            failed |= tally.lost > 0 or bool(tally.problems)
        print(f"all faults: injected {totals.faults}, moves acknowledged {totals.acknowledged}, "
              f"moves lost {totals.lost}")  # fmt: skip
        if args.games:
            server = ServerProcess(base / "leaks", "--grace", "600").start(120)
            try:
                scanned, hidden, problems = await leak_scan(server, args.games)
            finally:
                server.stop()
            print(f"leaks: {args.games} games, {scanned} messages scanned, hidden cards seen "
                  f"{hidden}" + (f"; {problems[:3]}" if problems else ""))  # fmt: skip
            failed |= hidden > 0 or bool(problems)
        else:
            scanned, hidden = 0, 0
        broken = failed
        sent = bad["requests"] + bad["frames"]
        targets = [
            (f"≥ 50,000 messages scanned with 0 hidden cards: {scanned:,} scanned, {hidden} hidden",
             scanned >= 50_000 and hidden == 0),
            (f"≥ 20 faults with 0 acknowledged moves lost: {totals.faults} faults, "
             f"{totals.acknowledged} acknowledged, {totals.lost} lost",
             totals.faults >= 20 and totals.lost == 0),
            (f"≥ 5,000 bad requests and frames with 0 answers 500 and 0 tracebacks: {sent:,} "
             f"sent, {bad['status_500']} answers 500, {errors} tracebacks",
             sent >= 5000 and bad["status_500"] == 0 and errors == 0),
        ]  # fmt: skip
        for text, met in targets:
            print(f"target {text}: {'met' if met else 'NOT met'}")
            failed |= not met
    finally:
        if args.keep and broken:
            print(f"kept the servers' data and logs in {base}")
        else:
            shutil.rmtree(base, ignore_errors=True)
    print(f"total {time.monotonic() - started:.0f} s; {'FAILED' if failed else 'all targets met'}")
    return 1 if failed else 0


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bad", type=int, default=5000, help="bad requests and frames")
    parser.add_argument("--kills", type=int, default=7, help="kill -9 per database")
    parser.add_argument("--cluster-faults", type=int, default=6, help="owner kills + Redis")
    parser.add_argument("--games", type=int, default=40, help="games scanned for leaks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--keep", action="store_true", help="keep the servers' data and logs if anything failed"
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(asyncio.run(main(parse())))
