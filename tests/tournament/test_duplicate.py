"""Duplicate rounds: the same deals everywhere, each seat scored against its group."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from preferans.errors import RecordError
from preferans.tournament.duplicate import duplicate_round, duplicate_scores
from preferans.tournament.plan import TablePlan, is_bot
from preferans.tournament.results import TableResult

from . import helpers
from .helpers import names, play_tournament, secret_of


@pytest.mark.parametrize(("count", "size"), [(9, 3), (10, 3), (12, 4), (13, 4)])
def test_a_duplicate_round_played_the_same_deals_at_every_table(count: int, size: int) -> None:
    conf = helpers.settings(kind="duplicate", table_size=size, rounds=1, deals=4, min_players=8)
    record = play_tournament(conf, names(count))
    (rnd,) = record.rounds
    games = rnd.tables
    assert len(games) == -(-count // size)
    first = games[0]
    for game in games:
        assert game.table_id == first.table_id
        assert [(d.hands, d.talon, d.dealer) for d in game.deals] == [
            (d.hands, d.talon, d.dealer) for d in first.deals
        ]
    plan = rnd.plan
    # each seat's cards were held by a different player at every table
    for s in range(size):
        holders = [t.by_seat[t.seat_order[s]] for t in plan.tables]
        assert len(set(holders)) == len(holders)
    # the comparison sums to zero in each seat's group
    scores = {name: Fraction(v) for name, v in rnd.scores.items()}
    for s in range(size):
        group = [t.by_seat[t.seat_order[s]] for t in plan.tables]
        assert sum(scores[name] for name in group) == 0
    humans = {n for n in scores if not is_bot(n)}
    assert humans == set(names(count))
    rows = record.standings["rows"]
    assert {row["player"] for row in rows} == humans
    assert {bot["name"] for bot in record.standings["bots"]} == set(scores) - humans


def test_the_rotation_spreads_lines_and_bots_over_the_seats() -> None:
    plan = duplicate_round(names(10), 3, secret_of(4), 2)
    assert plan.byes == ()
    assert sorted(p for t in plan.tables for p in t.players) == names(10)
    assert [t.rotation for t in plan.tables] == [0, 1, 2, 0]
    assert all(t.seats.count(None) <= 1 for t in plan.tables)
    bot_seats = [t.seats.index(None) for t in plan.tables if None in t.seats]
    assert len(set(bot_seats)) == len(bot_seats) == 2
    # line j's t-th player sits in seat (j + rotation) mod 3 at table t
    lines = [[t.seats[(j + t.rotation) % 3] for t in plan.tables] for j in range(3)]
    assert sum(len(line) for line in lines) == 12
    assert all(p is not None for line in lines[:2] for p in line)
    assert duplicate_round(list(reversed(names(10))), 3, secret_of(4), 2) == plan


fractions = st.integers(min_value=-2400, max_value=2400).map(lambda n: Fraction(n, 6))


@st.composite
def rounds(draw: st.DrawFn) -> list[TableResult]:
    size = draw(st.sampled_from([3, 4]))
    tables = draw(st.integers(min_value=1, max_value=6))
    deals = draw(st.integers(min_value=0, max_value=5))
    out = []
    for t in range(tables):
        seats = tuple(f"p{t}{s}" for s in range(size))
        rows = [tuple(draw(fractions) for _ in range(size)) for _ in range(deals)]
        out.append(TableResult(TablePlan(t + 1, seats, t % size), tuple(rows)))
    return out


@given(rounds())
@settings(max_examples=100, deadline=None)
def test_every_group_sums_to_zero(tables: list[TableResult]) -> None:
    scores = duplicate_scores(tables)
    size = len(tables[0].table.seats)
    for s in range(size):
        group = [scores[t.table.by_seat[t.table.seat_order[s]]] for t in tables]
        assert sum(group, Fraction(0)) == 0


@given(rounds(), st.data())
@settings(max_examples=100, deadline=None)
def test_the_luck_of_the_cards_cancels(tables: list[TableResult], data: st.DataObject) -> None:
    """Adding the same amount to one seat of one deal at every table (better cards for
    everybody who held them) changes nobody's score."""
    if not tables[0].deals:
        return
    size = len(tables[0].table.seats)
    deal = data.draw(st.integers(0, len(tables[0].deals) - 1))
    seat = data.draw(st.integers(0, size - 1))
    bonus = data.draw(fractions)
    shifted = []
    for t in tables:
        rows = [list(row) for row in t.deals]
        rows[deal][seat] += bonus
        shifted.append(TableResult(t.table, tuple(tuple(r) for r in rows)))
    assert duplicate_scores(shifted) == duplicate_scores(tables)


def test_the_sitting_out_dealer_is_not_compared() -> None:
    tables = [
        TableResult(
            TablePlan(i + 1, tuple(f"p{i}{s}" for s in range(4))),
            (tuple(map(Fraction, (1, 2, 3, 10 * i))),),
        )
        for i in range(2)
    ]
    scores = duplicate_scores(tables)
    # deal 1 is dealt by East (the 4th seat): its 0 and 10 are not compared
    assert scores["p03"] == scores["p13"] == 0


def test_tables_that_played_different_numbers_of_deals_are_refused() -> None:
    a = TableResult(TablePlan(1, ("a", "b", "c")), ((Fraction(1), Fraction(-1), Fraction(0)),))
    b = TableResult(TablePlan(2, ("d", "e", "f")), ())
    with pytest.raises(RecordError, match="same number of deals") as caught:
        duplicate_scores([a, b])
    assert "одинаковое число сдач" in caught.value.message("ru")
