"""Whole tournaments played by scripted websocket clients in a real club: a duplicate
round (every table the same deals, each seat's group scored against its mean), and a
Swiss tournament of 30 players over 4 rounds (no repeat meetings, tables by standings)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from server_harness import ServerProcess
from tournament_harness import create, join, play_rounds, settings, tournament_club, wait_for

from preferans.notation.fair import check_fairness
from preferans.scoring.rating import rating_delta
from preferans.tournament.record import TournamentRecord
from preferans.tournament.verify import verify_tournament


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = tournament_club(Path(tmp_path_factory.mktemp("tplay")), 60)
    yield process
    process.stop()


async def test_a_duplicate_round_deals_the_same_cards_at_every_table(
    club: ServerProcess,
) -> None:
    names = [f"dup_{i}" for i in range(6)]
    players = await join(club, names)
    body = settings(kind="duplicate", rounds=1, deals=2, min_players=6, lead=4)
    tid = await create(players[0], body)
    for player in players:
        assert (
            await player.http.post(f"/api/tournaments/{tid}/register", json={})
        ).status_code == 200
    await asyncio.wait_for(play_rounds(players, tid, range(1, 2), seed=3), 180)
    final = await wait_for(players[0], tid, lambda d: d["status"] == "finished")
    (round_one,) = final["rounds"]
    tables = round_one["tables"]
    assert len(tables) == 2
    assert {t["rotation"] for t in tables} == {0, 1}
    hands = []
    for table in tables:
        record = (await players[0].http.get(f"/api/games/{table['table']}/record")).json()
        hands.append([(d["hands"], d["talon"]) for d in record["deals"]])
        # A table's own record keeps no secret: the round's is shown after the round.
        assert record["summary"]["secret"] is None
    assert hands[0] == hands[1] and len(hands[0]) == 2
    text = (await players[0].http.get(f"/api/tournaments/{tid}/record")).text
    tournament = TournamentRecord.from_json(text)
    for game in tournament.rounds[0].tables:
        assert game.table_id == f"{tid}/round-1"  # one deal id for every table
        assert check_fairness(game).ok  # every deal is the round's, from its secret
    # Each seat's cards went to different players at the two tables.
    for seat in ("S", "W", "E"):
        assert tables[0]["seats"][seat] != tables[1]["seats"][seat]
    # The players who held one seat's cards are a group: their scores sum to zero.
    scores = round_one["results"]["scores"]
    for seat in ("S", "W", "E"):
        group = [t["seats"][seat] for t in tables]
        assert sum(Fraction(scores[name]) for name in group) == 0
    assert sorted(row["player"] for row in final["standings"]["rows"]) == sorted(names)
    # Rated when the round is over, on the duplicate score (n = the round's score).
    ratings = round_one["results"]["ratings"]
    assert sorted(ratings) == sorted(names)
    for table in tables:
        summary = (await players[0].http.get(f"/api/games/{table['table']}")).json()
        assert summary["rated"] and summary["rating_rule"]["deferred"]
        before = {table["seats"][s]: summary["ratings"][s]["before"] for s in table["seats"]}
        for name, start in before.items():
            others = (sum(before.values()) - start) / 2
            expected = rating_delta(Fraction(scores[name]), 2, 2, 2, Fraction(start - others))
            assert ratings[name]["delta"] == expected
    for player in players:
        profile = (await player.http.get(f"/api/users/{player.name}")).json()
        assert profile["rating"] == ratings[player.name]["after"]
    verified = verify_tournament(tournament)
    assert verified.ok, verified.failure
    for player in players:
        await player.close()


@pytest.mark.slow
async def test_thirty_players_four_swiss_rounds(club: ServerProcess) -> None:
    names = [f"sw30_{i:02d}" for i in range(30)]
    players = await join(club, names)
    tid = await create(players[0], settings(rounds=4, deals=1, lead=8, max_players=30))
    for player in players:
        assert (
            await player.http.post(f"/api/tournaments/{tid}/register", json={})
        ).status_code == 200
    await asyncio.wait_for(play_rounds(players, tid, range(1, 5), seed=11), 400)
    final = await wait_for(players[0], tid, lambda d: d["status"] == "finished")
    met: set[frozenset[str]] = set()
    for number, r in enumerate(final["rounds"], start=1):
        assert len(r["tables"]) == 10 and r["byes"] == []
        groups = [[n for n in t["seats"].values() if n] for t in r["tables"]]
        assert sorted(n for g in groups for n in g) == sorted(names)
        for group in groups:
            for pair in combinations(group, 2):
                # 30 players, 4 rounds of 3 at a table: repeats are always avoidable.
                assert frozenset(pair) not in met, (number, pair)
                met.add(frozenset(pair))
        if number == 1:
            continue
        # Tables by standings: players of similar standing meet.
        previous = final["rounds"][number - 2]["results"]
        order = sorted(
            names,
            key=lambda n: (
                -sum(Fraction(x["results"]["scores"][n]) for x in final["rounds"][: number - 1])
            ),
        )
        assert previous is not None
        place = {name: i for i, name in enumerate(order)}
        spreads = [max(place[n] for n in g) - min(place[n] for n in g) for g in groups]
        # A random seating spreads a table over ~15 places of 30; by standings, a few.
        assert sum(spreads) / len(spreads) <= 6, spreads
    standings = final["standings"]["rows"]
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings)
    assert all(len(row["rounds"]) == 4 for row in standings)
    text = (await players[0].http.get(f"/api/tournaments/{tid}/record")).text
    verified = verify_tournament(TournamentRecord.from_json(text))
    assert verified.ok, verified.failure
    for player in players:
        await player.close()
