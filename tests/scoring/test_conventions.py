"""Conventions of RULES §4–§9 on the sheet: half-whist, walk-away, thrown talon, checked ten,
responsibility split, overflow, 2 players, JSON."""

import json
from fractions import Fraction as F

import pytest
from builders import E, N, S, W, game, raspasy, walk_away

from preferans.contracts import Contract
from preferans.rules import find_rules
from preferans.scoring import Column, Reason, Sheet, SheetError, Write, render_svg, render_text
from preferans.seats import Seat


def test_half_whist() -> None:
    s = Sheet(find_rules("sochi"))
    record = s.apply(game("6♠", S, {}, passed=(W,), half=E))
    assert s.pulya(S) == 2
    assert s.whists(E, S) == 2 * 2
    assert record.lines("ru")[1] == "В: полвиста на 6♠: 2 взятки × 2 = 4 виста на Ю"
    s.apply(game("7♣", W, {}, dealer=S, passed=(E,), half=S))
    assert s.whists(S, W) == 1 * 4


def test_both_pass() -> None:
    s = Sheet(find_rules("leningrad"))
    s.apply(game("8♦", S, {}, passed=(W, E)))
    assert s.pulya(S) == 6 and not any(s.whist_table.values())


@pytest.mark.parametrize(("variant", "gora"), [("sochi", 6), ("leningrad", 12), ("rostov", 6)])
def test_walk_away_without_three(variant: str, gora: int) -> None:
    s = Sheet(find_rules(variant))
    record = s.apply(walk_away("6♥", S))
    assert s.gora(S) == gora
    assert not any(s.whist_table.values())
    assert "walked away without three on 6♥" in record.lines()[0]


def test_thrown_talon_writes_two_into_the_dealers_gora() -> None:
    rules = find_rules("sochi", players=4, throw_talon=True)
    s = Sheet(rules)
    record = s.apply(walk_away("6♠", S, players=4, thrown=True))
    assert s.goras == {S: 6, W: 0, N: 0, E: 2}
    assert record.lines()[0] == "E: talon thrown by S: 2 into gora"
    t = Sheet(rules)
    t.apply(game("6♠", S, {S: 6, W: 2, N: 2}, players=4, whist=(W, N), thrown=True))
    assert t.gora(E) == 2 and t.pulya(S) == 2


def test_checked_ten() -> None:
    s = Sheet(find_rules("sochi"))
    s.apply(game("10♠", S, {S: 10, W: 0, E: 0}, checked=True))
    assert s.pulya(S) == 10
    t = Sheet(find_rules("sochi"))
    t.apply(game("10♠", S, {S: 9, W: 1, E: 0}, checked=True))
    assert t.gora(S) == 10
    assert {k: v for k, v in t.whist_table.items() if v} == {(W, S): 10, (E, S): 10}


@pytest.mark.parametrize(
    ("tricks", "short"),
    [
        ({S: 7, W: 3, E: 0}, {E: 1}),  # the side lacks 1: E (short of his half) pays 1
        ({S: 8, W: 1, E: 1}, {W: 1, E: 1}),
        ({S: 8, W: 2, E: 0}, {E: 2}),
        ({S: 9, W: 1, E: 0}, {W: 1, E: 2}),
        ({S: 6, W: 2, E: 2}, {}),
    ],
)
def test_two_whisters_share_responsibility_on_a_six(tricks, short) -> None:  # type: ignore[no-untyped-def]
    s = Sheet(find_rules("sochi"))
    s.apply(game("6♠", S, tricks, whist=(W, E)))
    assert {seat: g / 2 for seat, g in s.goras.items() if g} == short


def test_second_whister_answers_on_eight() -> None:
    s = Sheet(find_rules("sochi"))
    record = s.apply(game("8♠", S, {S: 10, W: 0, E: 0}, whist=(E, W)))
    assert s.goras == {S: 0, W: 6, E: 0}  # W said whist second
    assert [w.reason for w in record.writes] == [Reason.CONTRACT, Reason.SHORTFALL]


def test_overflow_helps_the_left_neighbour_first() -> None:
    s = Sheet(find_rules("sochi"), target=10)
    s.apply(game("10♠", S, {S: 10, W: 0, E: 0}, checked=True))
    record = s.apply(game("7♠", S, {}, dealer=S, passed=(W, E)))
    assert s.pulyas == {S: 10, W: 4, E: 0}
    assert s.whists(S, W) == 40
    assert "help from S: 4 into pulya" in record.breakdown()
    assert "помощь: 4 × 10 = 40 вистов на З" in record.breakdown("ru")


def test_overflow_spills_to_the_next_open_pulya_then_off_gora() -> None:
    s = Sheet(find_rules("sochi"), target=10)
    s.apply(game("10♠", S, {S: 10, W: 0, E: 0}, checked=True))
    s.apply(game("9♠", W, {W: 9, S: 1, E: 0}, dealer=S, whist=(S,), passed=(E,)))
    s.apply(game("10♥", S, {S: 10, W: 0, E: 0}, dealer=W, checked=True))
    assert s.pulyas == {S: 10, W: 10, E: 8}
    assert s.whists(S, W) == 8 + 20 and s.whists(S, E) == 80  # 1 whisted trick × 8, help 2
    s.apply(game("8♠", S, {}, dealer=E, passed=(W, E)))
    assert s.pulyas == {S: 10, W: 10, E: 10}
    assert s.gora(S) == -4
    assert s.is_complete


def test_overflow_off_gora_convention() -> None:
    s = Sheet(find_rules("sochi", overflow="gora"), target=10)
    s.apply(game("10♠", S, {S: 10, W: 0, E: 0}, checked=True))
    s.apply(game("7♠", S, {}, dealer=S, passed=(W, E)))
    assert s.pulyas == {S: 10, W: 0, E: 0}
    assert s.gora(S) == -4


def test_end_on_total() -> None:
    s = Sheet(find_rules("sochi", end_on_total=True), target=10)
    s.apply(game("10♠", S, {S: 10, W: 0, E: 0}, checked=True))
    s.apply(game("10♥", S, {S: 10, W: 0, E: 0}, dealer=S, checked=True))
    assert s.pulya(S) == 20 and not s.is_complete
    s.apply(game("10♦", W, {W: 10, S: 0, E: 0}, dealer=W, checked=True))
    assert sum(s.pulyas.values()) == 30 and not s.is_complete  # seed 001: "больше чем"
    s.apply(game("6♠", E, {E: 6, S: 2, W: 2}, dealer=E))
    assert s.is_complete
    closing = s.settle().closing
    assert [(w.seat, w.amount, w.reason) for w in closing] == [
        (S, -10, Reason.OVERFLOW),
        (E, 8, Reason.UNFINISHED),
    ]


def test_stopped_early_leningrad_doubles_the_unfinished_pulya() -> None:
    s = Sheet(find_rules("leningrad"), target=20)
    s.apply(game("6♠", S, {}, passed=(W, E)))
    result = s.settle()
    assert result.gora == {S: 36, W: 40, E: 40}
    assert result.exact == {S: F(80, 3), W: F(-40, 3), E: F(-40, 3)}


def test_two_players_with_a_dummy() -> None:
    rules = find_rules("sochi", players=2)
    s = Sheet(rules, target=10)
    assert s.seats == (S, W)
    # S declares 6♠; W whists and plays the dummy's hand too: E's tricks count for W.
    s.apply(game("6♠", S, {S: 5, W: 3, E: 2}, players=2, whist=(W,)))
    assert s.gora(S) == 2
    assert {k: v for k, v in s.whist_table.items() if v} == {(W, S): 5 * 2 + 2}
    # Raspasy: the dummy's tricks count for nobody; amnesty over the two players.
    s.apply(raspasy({S: 3, W: 5, E: 2}, dealer=S, players=2))
    assert s.goras == {S: 2, W: 2}
    assert s.settle().exact == {S: -12, W: 12}


def test_json_round_trip_and_replay() -> None:
    rules = find_rules("leningrad", players=4)
    s = Sheet(rules, target=10)
    s.apply(game("6♠", S, {S: 5, W: 3, N: 2}, players=4, whist=(W, N)))
    s.apply(raspasy({W: 4, N: 3, E: 2}, dealer=S, players=4, talon=1))
    s.apply(game("7♥", N, {}, dealer=W, players=4, passed=(E,), half=S))
    text = s.to_json()
    back = Sheet.from_json(text)
    assert back.to_dict() == s.to_dict()
    assert back.records == s.records
    namespace = {"Write": Write, "Seat": Seat, "Column": Column, "Reason": Reason}
    namespace |= {"Fraction": F, "Contract": Contract}
    for write in s.records[0].writes:
        assert eval(repr(write), namespace) == write
    data = json.loads(text)
    data["deals"][0]["writes"][0]["amount"] = "5"
    with pytest.raises(SheetError):
        Sheet.from_dict(data)


def test_renderings_mention_every_player() -> None:
    s = Sheet(find_rules("sochi"), target=10)
    s.apply(game("6♠", S, {S: 6, W: 3, E: 1}, whist=(W,), passed=(E,)))
    text = render_text(s, breakdown=True)
    assert "W: 4 tricks × 2 = 8 whists on S" in text
    assert "Ю" in render_text(s, "ru")
    svg = render_svg(s)
    assert svg.startswith("<svg") and "Запад" in svg and "8" in svg
