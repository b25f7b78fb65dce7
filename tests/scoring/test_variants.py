"""RULES §9.2, row by row, for Sochi, Leningrad and Rostov."""

from fractions import Fraction as F

import pytest
from builders import E, N, S, W, game, misere, raspasy

from preferans.rules import find_rules
from preferans.scoring import VARIANT_K, Reason, Sheet
from preferans.seats import Seat

VARIANTS = ("sochi", "leningrad", "rostov")


def sheet(variant: str, players: int = 3, **conventions: object) -> Sheet:
    return Sheet(find_rules(variant, players=players, **conventions))


def whist_table(s: Sheet) -> dict[tuple[Seat, Seat], F]:
    return {k: v for k, v in s.whist_table.items() if v}


# item: whists per trick taken by a whister — price | 2 × price | price
@pytest.mark.parametrize(("variant", "per_trick"), [("sochi", 2), ("leningrad", 4), ("rostov", 2)])
def test_whists_per_trick(variant: str, per_trick: int) -> None:
    s = sheet(variant)
    s.apply(game("6♠", S, {S: 6, W: 3, E: 1}, whist=(W, E)))
    assert s.pulya(S) == 2
    assert whist_table(s) == {(W, S): 3 * per_trick, (E, S): 1 * per_trick}


# item: declarer's undertrick → his gora — price | 2 × price | price each
@pytest.mark.parametrize(("variant", "unit"), [("sochi", 4), ("leningrad", 8), ("rostov", 4)])
def test_undertricks_into_gora(variant: str, unit: int) -> None:
    s = sheet(variant)
    s.apply(game("7♥", S, {S: 5, W: 3, E: 2}, whist=(W, E)))
    assert s.gora(S) == 2 * unit
    assert s.pulya(S) == 0


# item: consolation per undertrick to every other player incl. a sitting-out dealer
@pytest.mark.parametrize(("variant", "unit"), [("sochi", 4), ("leningrad", 8), ("rostov", 4)])
def test_consolation_includes_sitting_out_dealer(variant: str, unit: int) -> None:
    s = sheet(variant, players=4)
    record = s.apply(game("7♥", S, {S: 6, W: 2, N: 2}, players=4, whist=(W, N)))
    consolations = {w.seat: w.amount for w in record.writes if w.reason is Reason.CONSOLATION}
    assert consolations == {W: unit, N: unit, E: unit}
    assert s.whists(E, S) == unit


# item: whister's shortfall → his gora per missing trick — price in all three presets
@pytest.mark.parametrize("variant", VARIANTS)
def test_lone_whister_shortfall(variant: str) -> None:
    s = sheet(variant)
    s.apply(game("6♠", S, {S: 8, W: 2, E: 0}, whist=(W,), passed=(E,)))
    assert s.gora(W) == 2 * 2  # short 2 tricks × price 2
    assert s.pulya(S) == 2


def test_responsibility_conventions_scale_the_shortfall() -> None:
    full = sheet("leningrad", responsibility="responsible")
    full.apply(game("6♠", S, {S: 8, W: 2, E: 0}, whist=(W,), passed=(E,)))
    assert full.gora(W) == 2 * 4  # responsible at the doubled rate
    half = sheet("sochi", responsibility="half_responsible")
    half.apply(game("6♠", S, {S: 8, W: 2, E: 0}, whist=(W,), passed=(E,)))
    assert half.gora(W) == 2 * 1


# item: one whists, one passes, declarer fails — greedy | gentleman's | greedy
@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        # 6♠ down 1 (5 tricks), defence 5: whister W, passer E.
        ("sochi", {(W, S): 5 * 2 + 2, (E, S): 2}),
        ("leningrad", {(W, S): 5 * 4 // 2 + 4, (E, S): 5 * 4 // 2 + 4}),
        ("rostov", {(W, S): 5 * 2 + 2, (E, S): 2}),
    ],
)
def test_one_whister_declarer_fails(variant: str, expected: dict[tuple[Seat, Seat], int]) -> None:
    s = sheet(variant)
    record = s.apply(game("6♠", S, {S: 5, W: 3, E: 2}, whist=(W,), passed=(E,)))
    assert whist_table(s) == expected
    if variant == "leningrad":
        assert "(gentleman's split)" in record.lines()[1]
        assert "5 tricks × 4 × 1/2 = 10 whists on S" in record.lines()[1]


def test_gentleman_split_is_a_convention() -> None:
    s = sheet("sochi", whist_style="gentleman")
    s.apply(game("6♠", S, {S: 5, W: 3, E: 2}, whist=(W,), passed=(E,)))
    assert whist_table(s) == {(W, S): 5 + 2, (E, S): 5 + 2}


# item: contract made, one whister — he writes all the defence's tricks (same everywhere)
@pytest.mark.parametrize(("variant", "unit"), [("sochi", 2), ("leningrad", 4), ("rostov", 2)])
def test_contract_made_one_whister_writes_all(variant: str, unit: int) -> None:
    s = sheet(variant)
    s.apply(game("6♠", S, {S: 6, W: 1, E: 3}, whist=(W,), passed=(E,)))
    assert whist_table(s) == {(W, S): 4 * unit}


# item: misère failed — gora per trick taken 10 | 20 | 10
@pytest.mark.parametrize(("variant", "unit"), [("sochi", 10), ("leningrad", 20), ("rostov", 10)])
def test_misere(variant: str, unit: int) -> None:
    s = sheet(variant)
    s.apply(misere(S, 2))
    assert s.gora(S) == 2 * unit
    assert not whist_table(s)
    s.apply(misere(W, 0, dealer=S))
    assert s.pulya(W) == 10


# item: raspasy written to gora (×progression) or whists (Rostov)
@pytest.mark.parametrize("variant", ["sochi", "leningrad"])
def test_raspasy_to_gora_with_amnesty(variant: str) -> None:
    rate = 2 if variant == "leningrad" else 1
    s = sheet(variant)
    s.apply(raspasy({S: 2, W: 5, E: 3}))
    assert s.goras == {S: 0, W: 3 * rate, E: 1 * rate}


def test_raspasy_progression_and_run() -> None:
    s = sheet("sochi")
    s.apply(raspasy({S: 2, W: 5, E: 3}))
    s.apply(raspasy({S: 1, W: 5, E: 4}, dealer=S))
    assert s.raspasy_run == 2
    s.apply(raspasy({S: 1, W: 6, E: 3}, dealer=W))
    # runs 1, 2, 3: multipliers 1, 2, 3 after amnesties 2, 1, 1
    assert s.gora(W) == 3 * 1 + 4 * 2 + 5 * 3
    assert s.gora(E) == 1 * 1 + 3 * 2 + 2 * 3
    s.apply(game("6♠", S, {}, dealer=E))
    assert s.raspasy_run == 0
    record = s.apply(raspasy({S: 2, W: 5, E: 3}, dealer=S))
    assert record.raspasy_run == 1


def test_leningrad_progression_is_two_four_six() -> None:
    s = sheet("leningrad")
    for i, dealer in enumerate((E, S, W)):
        record = s.apply(raspasy({S: 0, W: 6, E: 4}, dealer=dealer))
        zero = [w for w in record.writes if w.reason is Reason.RASPASY_ZERO]
        assert zero[0].amount == 2 * (i + 1)
    assert s.gora(W) == 6 * (2 + 4 + 6)


def test_rostov_raspasy_in_whists() -> None:
    s = sheet("rostov")
    record = s.apply(raspasy({S: 2, W: 5, E: 3}))
    assert whist_table(s) == {(S, W): 25, (S, E): 15}
    assert not any(s.goras.values())
    assert record.lines()[0] == (
        "S: raspasy: 5 tricks × 5 = 25 whists on W; raspasy: 3 tricks × 5 = 15 whists on E"
    )


def test_rostov_two_minimums_split() -> None:
    s = sheet("rostov")
    s.apply(raspasy({S: 3, W: 4, E: 3}))
    assert whist_table(s) == {(S, W): 10, (E, W): 10}
    s2 = sheet("rostov")
    s2.apply(raspasy({S: 2, W: 6, E: 2}))
    assert whist_table(s2) == {(S, W): 15, (E, W): 15}


# item: zero tricks on raspasy — price of one trick into pulya | same | 1 (4p: dealer too)
@pytest.mark.parametrize(("variant", "point"), [("sochi", 1), ("leningrad", 2), ("rostov", 1)])
def test_zero_tricks_on_raspasy(variant: str, point: int) -> None:
    s = sheet(variant)
    s.apply(raspasy({S: 0, W: 6, E: 4}))
    assert s.pulyas == {S: point, W: 0, E: 0}


def test_rostov_four_players_dealer_writes_one() -> None:
    s = sheet("rostov", players=4)
    s.apply(raspasy({W: 0, N: 6, E: 4}, dealer=S, players=4))
    assert s.pulyas == {S: 1, W: 1, N: 0, E: 0}
    assert whist_table(s) == {(W, N): 30, (W, E): 20}


def test_four_players_amnesty_counts_the_dealers_talon_tricks() -> None:
    s = sheet("sochi", players=4)
    s.apply(raspasy({W: 3, N: 4, E: 3}, dealer=S, players=4, talon=0))
    assert s.goras == {S: 0, W: 3, N: 4, E: 3}  # the dealer took nothing: no amnesty
    t = sheet("sochi", players=4)
    t.apply(raspasy({W: 3, N: 3, E: 2}, dealer=S, players=4, talon=2))
    assert t.goras == {S: 0, W: 1, N: 1, E: 0}
    assert not any(t.pulyas.values())  # the sitting-out dealer earns no zero point


@pytest.mark.parametrize(("variant", "k"), [("sochi", 2), ("leningrad", 1), ("rostov", F(4, 3))])
def test_rating_coefficient(variant: str, k: F) -> None:
    assert VARIANT_K[variant] == k
