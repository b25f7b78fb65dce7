"""Tournaments in a real club: creating, registering and the refusals (each in both
languages, none of them changing anything), then a short Swiss tournament played to the
end by real websocket clients with a bot at the short table."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from server_harness import Client, ServerProcess
from tournament_harness import create, join, play_rounds, settings, wait_for

from preferans.tournament.record import TournamentRecord
from preferans.tournament.verify import verify_tournament


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(
        Path(tmp_path_factory.mktemp("tclub")), "--grace", "30", "--tournament-bot", "novice"
    ).start()
    yield process
    process.stop()


def _refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    data: dict[str, Any] = response.json()
    assert data["code"] == code
    assert data["messages"]["en"] and data["messages"]["ru"]
    assert data["messages"]["en"] != data["messages"]["ru"]
    return data


async def test_invalid_settings_are_refused_in_both_languages(club: ServerProcess) -> None:
    director = Client(club, "dir_bad")
    await director.register()
    bad = [
        settings(table_size=5),
        settings(deals=None),  # neither a target nor a number of deals
        settings(pulya_target=10),  # both
        settings(kind="duplicate", deals=None, pulya_target=10, min_players=6),
        settings(lead=-60),  # the start is in the past
        settings(rounds=0),
        settings(move_seconds=0),
        settings(max_players=2),
        settings(conventions={"no_such_rule": True}),
        {**settings(), "start_at": "tomorrow"},
    ]
    for body in bad:
        response = await director.http.post(
            "/api/tournaments", json={"name": "Bad", "settings": body}
        )
        assert response.status_code in (400, 422), response.text
        data = response.json()
        assert data["messages"]["en"] and data["messages"]["ru"]
    listed = (await director.http.get("/api/tournaments")).json()
    assert all(x["name"] != "Bad" for x in listed)  # nothing was stored
    anonymous = Client(club)
    response = await anonymous.http.post(
        "/api/tournaments", json={"name": "Anon", "settings": settings()}
    )
    assert response.status_code == 401
    await director.close()
    await anonymous.close()


async def test_registration_rules(club: ServerProcess) -> None:
    players = await join(club, ["reg_d", "reg_a", "reg_b", "reg_c"])
    director, a, b, c = players
    tid = await create(director, settings(max_players=3, lead=8), password="sesame")
    data = (await a.http.get(f"/api/tournaments/{tid}")).json()
    assert data["status"] == "upcoming" and data["has_password"]
    assert len(data["rounds"]) == 2 and all(r["secret"] is None for r in data["rounds"])
    assert all(len(r["commitment"]) == 64 for r in data["rounds"])

    url = f"/api/tournaments/{tid}"
    _refused(await a.http.post(f"{url}/register", json={}), 403, "wrong_password")
    _refused(await a.http.post(f"{url}/register", json={"password": "no"}), 403, "wrong_password")
    for player in (director, a, b):
        response = await player.http.post(f"{url}/register", json={"password": "sesame"})
        assert response.status_code == 200, response.text
    _refused(await a.http.post(f"{url}/register", json={"password": "sesame"}), 409,
             "already_registered")  # fmt: skip
    _refused(await c.http.post(f"{url}/register", json={"password": "sesame"}), 409,
             "tournament_full")  # fmt: skip
    _refused(await c.http.post(f"{url}/unregister"), 409, "not_registered")
    assert (await b.http.post(f"{url}/unregister")).status_code == 200
    assert (await c.http.post(f"{url}/register", json={"password": "sesame"})).status_code == 200
    data = (await c.http.get(url)).json()
    assert [p["name"] for p in data["registered"]] == ["reg_d", "reg_a", "reg_c"]
    upcoming = (await c.http.get("/api/tournaments?status=upcoming")).json()
    assert any(x["id"] == tid and x["players"] == 3 for x in upcoming)
    _refused(await c.http.post("/api/tournaments/999999/register", json={}), 404, "no_tournament")

    await wait_for(c, tid, lambda d: d["status"] == "running")
    _refused(await b.http.post(f"{url}/register", json={"password": "sesame"}), 409,
             "registration_closed")  # fmt: skip
    _refused(await a.http.post(f"{url}/unregister"), 409, "registration_closed")
    data = (await c.http.get(url)).json()
    assert [p["name"] for p in data["registered"]] == ["reg_d", "reg_a", "reg_c"]
    for player in players:
        await player.close()


async def test_too_few_players_cancel_the_tournament(club: ServerProcess) -> None:
    (director,) = await join(club, ["few_d"])
    tid = await create(director, settings(min_players=6, lead=2))
    await director.http.post(f"/api/tournaments/{tid}/register", json={})
    data = await wait_for(director, tid, lambda d: d["status"] != "upcoming")
    assert data["status"] == "cancelled"
    assert data["note"]["en"] and data["note"]["ru"]
    assert data["rounds"][0]["tables"] == []
    await director.close()


async def test_a_swiss_tournament_is_played_to_its_final_standings(club: ServerProcess) -> None:
    names = [f"sw_{i}" for i in range(5)]
    players = await join(club, names)
    tid = await create(players[0], settings(rounds=2, deals=1, lead=5))
    for player in players:
        assert (
            await player.http.post(f"/api/tournaments/{tid}/register", json={})
        ).status_code == 200
    data = await wait_for(players[0], tid, lambda d: d["status"] == "running")
    first = data["rounds"][0]
    # Five players at tables of three: two tables, one bot at the short one (or a bye).
    seated = [name for table in first["tables"] for name in table["seats"].values() if name]
    assert sorted(seated + first["byes"]) == sorted(names)

    # Acting at another player's table is refused and changes nothing there.
    stranger_table = first["tables"][0]["table"]
    outsider = next(p for p in players if p.name not in first["tables"][0]["seats"].values())
    await outsider.connect(stranger_table)
    snapshot = await outsider.expect(lambda m: m.get("type") == "snapshot")
    answer = await outsider.act(136)
    assert answer["type"] == "error" and answer["code"] == "not_seated"
    assert answer["messages"]["ru"]
    await outsider.disconnect()
    assert snapshot["you"] is None

    await asyncio.wait_for(play_rounds(players, tid, range(1, 3), seed=7), 180)
    # No table's end revealed the round's secret (other tables of the round might still
    # be playing its deals); the tournament's page shows it once the round is over.
    for player in players:
        ends = [m for m in player.messages if m.get("kind") == "game_end"]
        assert ends and all(m["secret"] is None and m["summary"]["secret"] is None for m in ends)
    final = await wait_for(players[0], tid, lambda d: d["status"] == "finished")
    assert all(r["status"] == "done" and r["secret"] for r in final["rounds"])
    standings = final["standings"]
    ranked = standings["rows"]
    assert sorted(row["player"] for row in ranked) == sorted(names)
    assert [row["rank"] for row in ranked] == sorted(row["rank"] for row in ranked)
    totals = [row["total_whists"] for row in ranked]
    assert totals == sorted(totals, reverse=True)
    for row in ranked:
        assert len(row["rounds"]) == 2
    # A Swiss score is the player's whists at his table: every table sums to zero, so
    # people and bots together sum to zero in each round.
    for r in final["rounds"]:
        scores = r["results"]["scores"]
        assert sum(Fraction(value) for value in scores.values()) == 0
        for table in r["tables"]:
            for seat, name in table["seats"].items():
                if name is not None:
                    # The table's settlement is rounded, the score exact.
                    assert abs(float(Fraction(scores[name])) - table["whists"][seat]) <= 1
    for r in final["rounds"]:
        for table in r["tables"]:
            assert table["status"] == "finished" and table["record"]
            record = await players[0].http.get(table["record"])
            assert record.status_code == 200 and "Secret" not in record.text
            game = (await players[0].http.get(f"/api/games/{table['table']}")).json()
            assert game["secret"] is None and game["commitment"] == r["commitment"]
    # The whole tournament verifies: commitments, plans, every deal, scores, standings.
    text = (await players[0].http.get(f"/api/tournaments/{tid}/record")).text
    report = verify_tournament(TournamentRecord.from_json(text))
    assert report.ok, report.failure
    assert not report.unchecked
    finished = (await players[0].http.get("/api/tournaments?status=finished")).json()
    assert any(x["id"] == tid for x in finished)
    for player in players:
        await player.close()


async def test_the_owner_may_restrict_who_directs(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, "--tournament-director", "Boss").start()
    try:
        boss, bob = await join(server, ["boss", "bob"])
        refused = await bob.http.post(
            "/api/tournaments", json={"name": "Mine", "settings": settings()}
        )
        _refused(refused, 403, "not_a_director")
        assert (await bob.http.get("/api/tournaments")).json() == []
        await create(boss, settings())  # names compare without case
        for person in (boss, bob):
            await person.close()
    finally:
        server.stop()
