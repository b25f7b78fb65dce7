"""The poison test: the extreme value of every field a person controls, then a restart.

Every hostile value is refused at the door with a 4xx in the one error format (a code
and both languages, never an echo of the input); the largest values that are allowed
play a whole game whose record reads back and verifies; and tables poisoned behind the
door's back (in the database) are quarantined while the server and every other table
start and run, and the operator's command shows and releases them.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_harness import Client, ServerProcess, autoplay

from preferans import notation
from preferans.notation.fair import check_fairness

HUGE = "1" + "0" * 400


def _refused(response: httpx.Response, *statuses: int) -> dict[str, Any]:
    assert response.status_code in statuses, (response.status_code, response.text[:300])
    assert len(response.content) < 3000, "a refusal must not echo the input"
    data: dict[str, Any] = response.json()
    assert data["code"] and data["detail"], data
    assert data["messages"]["en"] and data["messages"]["ru"], data
    return data


async def _raw(http: httpx.AsyncClient, path: str, text: str) -> httpx.Response:
    return await http.post(path, content=text, headers={"content-type": "application/json"})


BAD_NAMES = [
    "abc\n",
    "ab\u2028",
    "ab\x00",
    "аnna",  # Cyrillic а, Latin nna
    "a..b",
    "a--b",
    "-ab",
    "ab.",
    "a\u0301b",
    "ab\u202e",
    "x" * 25,
    "a",
    "a b",
    "Ｆull",
]
BAD_PASSWORDS = ["short", "x" * 129, "pass\nword1", "\x00" * 8, " " * 8, "secret\u2028x"]


async def test_every_field_refuses_its_extreme_values(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "club", "--grace", "0.2").start()
    http = httpx.AsyncClient(base_url=server.base, timeout=30)
    try:
        tag = random.randrange(10**6)
        owner = Client(server, f"anna{tag}")
        await owner.register()
        for name in BAD_NAMES:
            response = await http.post(
                "/api/register", json={"name": name, "password": "password1"}
            )
            _refused(response, 400, 422)
        # Lookalikes of an existing name are the same name.
        for lookalike in (f"ANNA{tag}", f"аппа{tag}", f"Anna{tag}_"[:-1]):
            response = await http.post(
                "/api/register", json={"name": lookalike, "password": "password1"}
            )
            assert _refused(response, 409)["code"] == "name_taken"
        for password in BAD_PASSWORDS:
            response = await http.post(
                "/api/register", json={"name": f"pw{tag}", "password": password}
            )
            _refused(response, 400, 422)
        for text in (
            '{"name": "nan", "password": NaN}',
            '{"name": "inf", "password": Infinity}',
            '{"name": "big", "password": 1e400}',
            "[" * 5000 + "]" * 5000,
            '{"name": "x", "password": "' + "y" * 100_000 + '"}',
            "{not json",
        ):
            _refused(await _raw(http, "/api/register", text), 400, 413, 422)

        create = "/api/tables"
        bad_tables: list[dict[str, Any]] = [
            {"conventions": {"raspasy_progression": [10**6]}},
            {"conventions": {"raspasy_progression": [1] * 9}},
            {"conventions": {"raspasy_progression": "123"}},
            {"conventions": {"raspasy_progression": [3, 2]}},
            {"conventions": {"raspasy_exit": 10**9}},
            {"preset": "balkan", "conventions": {"refe": 10**9}},
            {"conventions": {"whist_style": "x" * 5000}},
            {"conventions": {"throw_talon": "yes"}},
            {"conventions": {"players": 9}},
            {"conventions": {"no_such_rule": 1}},
            {"conventions": {"half_whist": None}},
            {"seed": "a\nb"},
            {"seed": "a\u2028b"},
            {"seed": "a\x0bb"},
            {"seed": "a\x85b"},
            {"seed": "x" * 65},
            {"stake": -1},
            {"stake": 1e308},
            {"target": 10**9},
            {"target": 1.5},
            {"clock_seconds": 0},
            {"clock_seconds": 10**7},
            {"password": ""},
            {"password": "a\nb"},
            {"bots": {"W": "x" * 1000}},
            {"bots": {"S": "random"}},
            {"preset": "x" * 1000},
            {"players": 5},
        ]
        for body in bad_tables:
            _refused(await owner.http.post(create, json=body), 400, 422)
        for text in (
            '{"conventions": {"raspasy_progression": [' + HUGE + "]}}",
            '{"stake": NaN}',
            '{"stake": Infinity}',
            '{"target": -Infinity}',
        ):
            _refused(await _raw(owner.http, create, text), 400)

        # The largest values that are allowed play a whole game that reads back.
        seed = '"\\ ♠' + "ё" * 30 + "[]#" + "x" * 27
        assert len(seed) <= 64
        body = {
            "players": 3,
            "target": 2,
            "stake": 1000,
            "seed": seed,
            "password": "☃" * 64,
            "conventions": {"raspasy_progression": [64] * 8, "raspasy_exit": 7},
            "bots": {"W": "random", "E": "random"},
        }
        table = await owner.create(**body)
        assert table["status"] == "playing"
        await owner.connect()  # a table where every person is away pauses
        await autoplay(owner, random.Random(1))
        for _ in range(600):
            row = (await http.get(f"/api/tables/{table['id']}")).json()
            if row["status"] != "playing":
                break
            await asyncio.sleep(0.1)
        assert row["status"] == "finished", row
        text = (await http.get(f"/api/games/{table['id']}/record.txt")).text
        record = notation.loads(text)
        assert seed in record.seeds.values()
        assert check_fairness(record).ok
        analysis = await http.get(f"/api/games/{table['id']}/deals/1/analysis")
        assert analysis.status_code == 200

        # Sitting with an extreme seed is refused the same way.
        open_table = await owner.create(players=3, target=2)
        guest = Client(server, f"guest{tag}")
        await guest.register()
        for bad_seed in ("a\nb", "\u2029", "x" * 65, "\x1c"):
            response = await guest.http.post(
                f"/api/tables/{open_table['id']}/sit", json={"seat": "W", "seed": bad_seed}
            )
            _refused(response, 400, 422)

        # The server starts again over everything it accepted.
        server.stop()
        server.start(120)
        tables = (await http.get("/api/tables")).json()
        assert tables and all(t["status"] != "quarantined" for t in tables)
        log = server.log_path.read_text()
        assert "Traceback" not in log and "Internal Server Error" not in log
        await guest.close()
        await owner.close()
    finally:
        await http.aclose()
        server.stop()


def _club_command(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(Path(sys.executable).parent / "preferans"), "club", "--data-dir", str(data), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


async def _bot_table(owner: Client, **extra: Any) -> int:
    table = await owner.create(players=3, target=2, bots={"W": "random", "E": "random"}, **extra)
    return int(table["id"])


async def _status(http: httpx.AsyncClient, table: int) -> str:
    status: str = (await http.get(f"/api/tables/{table}")).json()["status"]
    return status


async def _wait_status(http: httpx.AsyncClient, table: int, wanted: str) -> None:
    for _ in range(600):
        if await _status(http, table) == wanted:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"table {table} is {await _status(http, table)}, not {wanted}")


@pytest.mark.slow
async def test_poisoned_tables_are_quarantined_and_the_server_starts(tmp_path: Path) -> None:
    data = tmp_path / "club"
    # A long grace keeps the played tables mid-game (nobody plays South) until we want.
    server = ServerProcess(data, "--grace", "600").start()
    http = httpx.AsyncClient(base_url=server.base, timeout=30)
    owners = [Client(server, f"own{n}{random.randrange(10**6)}") for n in range(5)]
    try:
        for owner in owners:
            await owner.register()
        tables = [await _bot_table(owner) for owner in owners]
        healthy, bad_rules, bad_log, bad_finish, finishes_live = tables
        server.stop()
        with sqlite3.connect(data / "club.sqlite3") as db:
            db.execute("UPDATE tables SET rules_json = '{not json' WHERE id = ?", (bad_rules,))
            db.execute(
                "INSERT INTO actions (table_id, seq, seat, action, auto, created_at) "
                "SELECT ?, COALESCE(MAX(seq), 0) + 1, 'W', 0, 0, 0 FROM actions "
                "WHERE table_id = ?",
                (bad_log, bad_log),
            )
            # Seeds that only the record writer refuses: the game plays, finishing fails.
            for table in (bad_finish, finishes_live):
                db.execute(
                    "UPDATE table_seats SET client_seed = 'a' || char(10) || 'b' "
                    "WHERE table_id = ? AND seat = 'S'",
                    (table,),
                )
        server = ServerProcess(data, "--grace", "0.1", port=server.port).start(120)
        # Each owner plays South (a table where every person is away pauses).
        players = []
        for owner, table in zip(owners, tables, strict=True):
            if table in (healthy, bad_finish, finishes_live):
                owner.server = server
                await owner.connect(table)
                players.append(asyncio.create_task(autoplay(owner, random.Random(table))))
        spectator = Client(server)
        await spectator.connect(finishes_live)
        for table in (bad_rules, bad_log):
            await _wait_status(http, table, "quarantined")
        await _wait_status(http, healthy, "finished")
        await _wait_status(http, finishes_live, "quarantined")
        await _wait_status(http, bad_finish, "quarantined")
        told = await spectator.expect(
            lambda m: m.get("kind") == "quarantined" or m.get("code") == "quarantined",
            timeout=30,
        )
        assert told["messages"]["ru"]
        await spectator.close()
        # Whoever connects to a quarantined table is told so.
        late = Client(server)
        await late.connect(bad_rules)
        notice = await late.expect(lambda m: m.get("type") == "error")
        assert notice["code"] == "quarantined" and notice["messages"]["en"]
        await late.close()

        listing = _club_command(data, "quarantine", "list")
        assert listing.returncode == 0, listing.stderr
        for table in (bad_rules, bad_log, bad_finish, finishes_live):
            assert f"table {table} " in listing.stdout
        shown = _club_command(data, "quarantine", "show", str(bad_log))
        detail = json.loads(shown.stdout)
        assert detail["stage"] == "replay" and detail["actions_logged"] >= 1
        assert (
            json.loads(_club_command(data, "quarantine", "show", str(bad_rules)).stdout)["stage"]
            == "load"
        )
        assert (
            json.loads(_club_command(data, "quarantine", "show", str(bad_finish)).stdout)["stage"]
            == "finish"
        )

        for task in players:
            task.cancel()
        # The operator removes the bad action and releases the table: it plays to the end.
        with sqlite3.connect(data / "club.sqlite3") as db:
            db.execute(
                "DELETE FROM actions WHERE table_id = ? AND seq = "
                "(SELECT MAX(seq) FROM actions WHERE table_id = ?)",
                (bad_log, bad_log),
            )
        released = _club_command(data, "quarantine", "release", str(bad_log))
        assert released.returncode == 0 and "released" in released.stdout
        owner = owners[tables.index(bad_log)]
        owner.server = server
        await owner.disconnect()
        await owner.connect(bad_log)
        await autoplay(owner, random.Random(9))
        await _wait_status(http, bad_log, "finished")
        # Released without a fix, it is set aside again; the server goes on.
        assert _club_command(data, "quarantine", "release", str(bad_finish)).returncode == 0
        again = Client(server)
        await again.connect(bad_finish)
        await _wait_status(http, bad_finish, "quarantined")
        await again.close()
        assert _club_command(data, "quarantine", "release", "99999").returncode == 1

        # And a restart over all of it starts.
        server.stop()
        server.start(120)
        assert (await http.get("/api/health")).json()["ok"]
    finally:
        for owner in owners:
            await owner.close()
        await http.aclose()
        server.stop()
