"""Swiss pairings: a fair first round, then similar scores together without repeats."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from preferans.errors import PreferansError, RulesError
from preferans.tournament.director import plan_round
from preferans.tournament.pairing import InOrder, first_round, shape, swiss_round
from preferans.tournament.plan import RoundPlan, TablePlan, meetings
from preferans.tournament.results import TableResult
from preferans.tournament.standings import RoundResult, Standings

from .helpers import names, play_tournament, secret_of, settings


def seated(plan: RoundPlan) -> list[str]:
    return [p for t in plan.tables for p in t.players]


def test_thirty_players_four_rounds_meet_nobody_twice_and_by_standings() -> None:
    conf = settings(rounds=4)
    record = play_tournament(conf, names(30))
    met: Counter[frozenset[str]] = Counter()
    results: list[RoundResult] = []
    for number, rnd in enumerate(record.rounds, start=1):
        plan = rnd.plan
        assert sorted(seated(plan)) == names(30) and plan.byes == ()
        assert [len(t.players) for t in plan.tables] == [3] * 10
        for a, b in plan.meetings():
            met[frozenset((a, b))] += 1
        if number > 1:
            standings = Standings.compute(results)
            position = {p: i for i, p in enumerate(standings.ranking)}
            rank = standings.rank_of
            heads = [min(rank(p) for p in t.players) for t in plan.tables]
            # each table is headed by the best player not seated at an earlier table
            assert heads == sorted(heads)
            for i in range(len(plan.tables)):
                later = [rank(p) for t in plan.tables[i + 1 :] for p in t.players]
                assert all(heads[i] <= q for q in later)
            # similar scores together: a table spans few places of the standings
            spans = [
                max(position[p] for p in t.players) - min(position[p] for p in t.players)
                for t in plan.tables
            ]
            # (three players drawn at random from 30 span about 15 places)
            assert max(spans) <= 10, spans
            assert sum(spans) / len(spans) <= 6, spans
            leader = standings.ranking[0]
            assert rank(leader) == heads[0] == 1
        results.append(_result(conf, number, plan, rnd.tables))
    assert max(met.values()) == 1


def _result(conf: Any, number: int, plan: RoundPlan, games: Any) -> RoundResult:
    from preferans.notation.replay import replay

    tables = tuple(
        TableResult.from_sheet(t, replay(g).sheet) for t, g in zip(plan.tables, games, strict=True)
    )
    return RoundResult(number, conf.kind, plan, tables)


def test_the_first_round_is_a_fair_draw_reproducible_from_the_secret() -> None:
    players = names(12)
    plan = first_round(players, secret_of(1), 3)
    assert first_round(list(reversed(players)), secret_of(1), 3) == plan
    assert first_round(players, secret_of(2), 3) != plan
    assert sorted(seated(plan)) == players


@pytest.mark.parametrize(
    ("count", "size", "tables", "byes"),
    [
        (9, 3, [3, 3, 3], 0),
        (10, 3, [3, 3, 3], 1),
        (11, 3, [3, 3, 3, 2], 0),
        (12, 4, [4, 4, 4], 0),
        (13, 4, [4, 4, 4], 1),
        (14, 4, [4, 4, 4, 2], 0),
        (15, 4, [4, 4, 4, 3], 0),
    ],
)
def test_a_lone_player_left_over_has_a_bye_and_two_or_more_sit_with_bots(
    count: int, size: int, tables: list[int], byes: int
) -> None:
    assert shape(count, size) == (tables, byes)
    plan = first_round(names(count), secret_of(3), size)
    assert [len(t.players) for t in plan.tables] == tables
    assert len(plan.byes) == byes
    for table in plan.tables:
        assert len(table.seats) == size
        assert table.seats.count(None) == size - len(table.players)


def test_the_bye_passes_to_the_lowest_ranked_player_who_has_not_had_one() -> None:
    conf = settings(rounds=4)
    record = play_tournament(conf, names(10))
    byes = [r.plan.byes for r in record.rounds]
    assert all(len(b) == 1 for b in byes)
    assert len({b[0] for b in byes}) == 4
    results: list[RoundResult] = []
    for number, rnd in enumerate(record.rounds, start=1):
        if number > 1:
            standings = Standings.compute(results)
            had = {r.plan.byes[0] for r in record.rounds[: number - 1]}
            eligible = [p for p in standings.ranking if p not in had]
            assert standings.rank_of(rnd.plan.byes[0]) == standings.rank_of(eligible[-1])
        results.append(_result(conf, number, rnd.plan, rnd.tables))
    rows = {row["player"]: row for row in record.standings["rows"]}
    for rnd in record.rounds:
        assert rows[rnd.plan.byes[0]]["byes"] == 1
        assert rows[rnd.plan.byes[0]]["rounds"][rnd.number - 1] == "0"


def _fewest_repeats(players: list[str], met: dict[str, set[str]]) -> int:
    best = 99
    first = players[0]
    for pair in combinations(players[1:], 2):
        a = [first, *pair]
        b = [p for p in players if p not in a]
        cost = sum(1 for g in (a, b) for x, y in combinations(g, 2) if y in met.get(x, ()))
        best = min(best, cost)
    return best


def test_when_repeats_cannot_be_avoided_they_are_as_few_as_possible() -> None:
    players = names(6)
    plans: list[RoundPlan] = []
    for number in range(1, 6):
        met = meetings(plans)
        if number == 1:
            plan = first_round(players, secret_of(number), 3)
        else:
            plan = swiss_round(InOrder(players), met, 3, number, secret_of(number))
        repeats = sum(1 for a, b in plan.meetings() if b in met.get(a, ()))
        assert repeats == _fewest_repeats(players, met)
        plans.append(plan)


def test_players_still_in_are_the_only_ones_paired() -> None:
    plan = swiss_round(InOrder(names(10)), {}, 3, 2, secret_of(2), players=set(names(9)))
    assert sorted(seated(plan)) == names(9)
    assert [set(t.players) for t in plan.tables] == [set(names(9)[i : i + 3]) for i in (0, 3, 6)]


@pytest.mark.parametrize(
    ("players", "size", "message"),
    [
        (["a1"], 3, "at least 2 players"),
        (names(6), 5, "table_size must be 3 or 4"),
        (["a1", "a1", "a2"], 3, "registered twice"),
        (["a1", "bot:1:S", "a2"], 3, "cannot be a player's name"),
    ],
)
def test_what_cannot_be_seated_is_refused(players: list[str], size: int, message: str) -> None:
    with pytest.raises(PreferansError, match=message) as caught:
        first_round(players, secret_of(1), size)
    assert caught.value.message("ru") != str(caught.value)


def test_swiss_round_one_and_rounds_past_the_end_are_refused() -> None:
    with pytest.raises(RulesError, match="not a Swiss round"):
        swiss_round(InOrder(names(6)), {}, 3, 1, secret_of(1))
    conf = settings(rounds=1)
    plan = plan_round(conf, names(6), [], secret_of(1))
    result = RoundResult(1, "swiss", plan, tuple(TableResult(t, ()) for t in plan.tables))
    with pytest.raises(RulesError, match="there is no round 2") as caught:
        plan_round(conf, names(6), [result], secret_of(2))
    assert "тура 2 нет" in caught.value.message("ru")


def test_a_plan_refuses_a_player_seated_twice() -> None:
    with pytest.raises(PreferansError, match="seated twice"):
        RoundPlan((TablePlan(1, ("a1", "a2", "a3")), TablePlan(2, ("a1", "a4", None))))
