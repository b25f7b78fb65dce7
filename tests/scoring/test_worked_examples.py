"""RULES §10: the worked examples, exactly."""

from fractions import Fraction as F

from builders import E, N, S, W, game

from preferans.rules import find_rules
from preferans.scoring import Sheet, average_gora_results, settle_totals
from preferans.seats import Seat


def test_leningrad_four_players_six_down_one() -> None:
    sheet = Sheet(find_rules("leningrad", players=4))
    record = sheet.apply(game("6♠", S, {S: 5, W: 3, N: 2}, players=4, whist=(W, N)))
    assert sheet.gora(S) == 4
    assert sheet.whists(W, S) == 16
    assert sheet.whists(N, S) == 12
    assert sheet.whists(E, S) == 4
    result = sheet.settle().exact
    assert result == {S: -62, W: 26, N: 22, E: 14}
    assert record.lines() == [
        "S: 6♠ down 1: 1 × 4 = 4 into gora",
        "W: 3 tricks × 4 = 12 whists on S; consolation 4 on S",
        "N: 2 tricks × 4 = 8 whists on S; consolation 4 on S",
        "E: consolation 4 on S",
    ]
    assert record.lines("ru")[1] == "З: 3 взятки × 4 = 12 вистов на Ю; консоляция 4 на Ю"


def test_leningrad_four_players_six_down_two() -> None:
    sheet = Sheet(find_rules("leningrad", players=4))
    sheet.apply(game("6♠", S, {S: 4, W: 3, N: 3}, players=4, whist=(W, N)))
    assert sheet.settle().exact[S] == -108


def _sochi_example(gora_b: int) -> dict[Seat, F]:
    a, b, c = S, W, E
    gora = {a: F(8), b: F(gora_b), c: F(11)}
    whists = {(a, b): F(30), (b, a): F(14), (c, a): F(2), (c, b): F(8)}
    pulya = {a: F(10), b: F(10), c: F(10)}
    rules = find_rules("sochi", rounding="exact")
    result = settle_totals(rules, (a, b, c), pulya, gora, whists, target=10)
    assert average_gora_results(rules, (a, b, c), pulya, gora, whists, target=10) == result.exact
    return dict(result.exact)


def test_sochi_three_players() -> None:
    assert _sochi_example(17) == {S: 54, W: -74, E: 20}


def test_sochi_three_players_exact_fractions() -> None:
    assert _sochi_example(15) == {S: F(142, 3), W: F(-182, 3), E: F(40, 3)}


def test_sochi_rounding_keeps_the_sum_zero() -> None:
    a, b, c = S, W, E
    gora = {a: F(8), b: F(15), c: F(11)}
    whists = {(a, b): F(30), (b, a): F(14), (c, a): F(2), (c, b): F(8)}
    pulya = dict.fromkeys((a, b, c), F(10))
    result = settle_totals(find_rules("sochi"), (a, b, c), pulya, gora, whists, target=10)
    # 142/3, -182/3, 40/3 round to 47, -61, 13 (sum -1): the largest, B, moves by +1.
    assert result.rounded == {a: 47, b: -60, c: 13}
    assert (result.adjusted, result.adjustment) == (b, 1)
    assert "rounded: S +47, W -60, E +13 (adjusted +1 on W, sum 0)" in result.lines()
