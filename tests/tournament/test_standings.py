"""Standings: ranks by total, then the stated tie-breaks; bots shown, not ranked."""

from __future__ import annotations

from fractions import Fraction

from preferans.tournament.plan import RoundPlan, TablePlan
from preferans.tournament.results import TableResult
from preferans.tournament.standings import RoundResult, Standings


def table(number: int, seats: tuple[str | None, ...], *totals: int) -> TableResult:
    return TableResult(TablePlan(number, seats), (tuple(Fraction(t) for t in totals),))


def test_ranks_follow_totals_then_opponents_then_rounds_won_then_best_round() -> None:
    # round 1: a and d both +20; a's opponents (b, c) end higher than d's (e, f)
    r1 = RoundResult(
        1,
        "swiss",
        RoundPlan((TablePlan(1, ("a", "b", "c")), TablePlan(2, ("d", "e", "f")))),
        (table(1, ("a", "b", "c"), 20, -10, -10), table(2, ("d", "e", "f"), 20, -10, -10)),
    )
    r2 = RoundResult(
        2,
        "swiss",
        RoundPlan((TablePlan(1, ("b", "c", "e")), TablePlan(2, ("a", "d", "f")))),
        (table(1, ("b", "c", "e"), 15, 15, -30), table(2, ("a", "d", "f"), 0, 0, 0)),
    )
    standings = Standings.compute([r1, r2])
    assert standings.ranking[:2] == ("a", "d")
    a, d = standings.row("a"), standings.row("d")
    assert a.total == d.total == 20
    assert a.opponents_sum > d.opponents_sum
    assert (a.rank, d.rank) == (1, 2)
    assert standings.row("b").rounds == (Fraction(-10), Fraction(15))
    assert standings.row("b").rank == standings.row("c").rank == 3  # equal on everything
    data = standings.to_dict()
    assert data["tie_breaks"] == ["total", "opponents_sum", "rounds_won", "best_round"]
    assert data["rows"][0] == {
        "rank": 1,
        "player": "a",
        "total": "20",
        "total_whists": 20.0,
        "rounds": ["20", "0"],
        "opponents_sum": "20",
        "rounds_won": 1,
        "best_round": "20",
        "byes": 0,
    }


def test_rounds_won_break_a_tie_of_total_and_opponents() -> None:
    r1 = RoundResult(
        1,
        "swiss",
        RoundPlan((TablePlan(1, ("a", "b", "c")),)),
        (table(1, ("a", "b", "c"), 0, 0, 0),),
    )
    r2 = RoundResult(
        2,
        "swiss",
        RoundPlan((TablePlan(1, ("a", "b", "c")),)),
        (table(1, ("a", "b", "c"), 5, 5, -10),),
    )
    r3 = RoundResult(
        3,
        "swiss",
        RoundPlan((TablePlan(1, ("a", "b", "c")),)),
        (table(1, ("a", "b", "c"), 1, -1, 0),),
    )
    r4 = RoundResult(
        4,
        "swiss",
        RoundPlan((TablePlan(1, ("a", "b", "c")),)),
        (table(1, ("a", "b", "c"), -1, 1, 0),),
    )
    standings = Standings.compute([r1, r2, r3, r4])
    a, b = standings.row("a"), standings.row("b")
    assert a.total == b.total and a.opponents_sum == b.opponents_sum
    assert a.rounds_won == b.rounds_won == 2 and a.best_round == b.best_round
    assert a.rank == b.rank == 1  # equal on all four: shared rank, shown in name order
    assert standings.ranking[:2] == ("a", "b")


def test_bots_are_shown_but_not_ranked_and_a_bye_scores_zero() -> None:
    plan = RoundPlan((TablePlan(1, ("a", None, "b")),), byes=("c",))
    r1 = RoundResult(1, "swiss", plan, (table(1, ("a", None, "b"), 30, -40, 10),))
    standings = Standings.compute([r1], ["a", "b", "c", "d"])
    assert standings.ranking == ("a", "b", "c", "d")
    assert standings.row("c").rounds == (Fraction(0),) and standings.byes_of("c") == 1
    assert standings.row("d").rounds == (None,)
    assert [(bot.round, bot.name, bot.score) for bot in standings.bots] == [
        (1, "bot:1:W", Fraction(-40))
    ]
    assert standings.to_dict()["bots"] == [{"round": 1, "name": "bot:1:W", "score": "-40"}]
