"""The bula sheet's numbers for the seed's examples and its special rules (seed 003)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from preferans.balkan.sheet import BulaSheet
from preferans.contracts import Contract
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import find_rules
from preferans.scoring import Pulya, new_sheet, render_svg, render_text
from preferans.scoring.writes import Column, Reason
from preferans.seats import Seat

S, W, E = Seat.S, Seat.W, Seat.E
RULES = find_rules("balkan")
ACTIVE = (S, W, E)


def game(
    contract: str,
    tricks: dict[Seat, int],
    *,
    declarer: Seat = S,
    defenders: dict[Seat, WhistChoice] | None = None,
    invited: Seat | None = None,
    kontra: dict[Seat, int] | None = None,
    played: bool = True,
) -> DealResult:
    c = Contract.parse(contract)
    if defenders is None:
        defenders = {s: WhistChoice.WHIST for s in ACTIVE if s != declarer}
    whisters = tuple(s for s, ch in defenders.items() if ch is WhistChoice.WHIST)
    return DealResult(
        kind=DealKind.MISERE if c.is_misere else DealKind.GAME,
        dealer=E,
        active=ACTIVE,
        declarer=declarer,
        bid=c,
        contract=c,
        defenders=defenders,
        whisters=whisters,
        played=played,
        tricks=tricks if played else {},
        invited=invited,
        kontra=kontra or {},
    )


def test_values_of_the_seed() -> None:
    assert Contract.parse("5♣").value == 10
    assert Contract.parse("5♣бп").value == 12
    assert Contract.parse("betl").value == 12
    assert Contract.parse("betl bp").value == 14
    assert Contract.parse("sans").value == 14


def test_clubs_made_counts_the_bula_down_and_defenders_write_per_trick() -> None:
    sheet = BulaSheet(RULES, 50)
    sheet.apply(game("5♣", {S: 7, W: 2, E: 1}))
    assert sheet.bula(S) == 40
    assert sheet.whists(W, S) == 20 and sheet.whists(E, S) == 10
    # together 3 < 4: E with 1 trick (< 2) is short and adds the value to his bula
    assert sheet.bula(E) == 60 and sheet.bula(W) == 50


def test_clubs_without_the_talon_is_12() -> None:
    sheet = BulaSheet(RULES, 50)
    sheet.apply(game("5♣bp", {S: 6, W: 2, E: 2}))
    assert sheet.bula(S) == 38
    assert sheet.whists(W, S) == 24 and sheet.bula(W) == sheet.bula(E) == 50


def test_failed_contract_and_the_five_trick_cap() -> None:
    sheet = BulaSheet(RULES, 50)
    sheet.apply(game("4♥", {S: 5, W: 3, E: 2}))
    assert sheet.bula(S) == 58
    assert sheet.whists(W, S) == 24 and sheet.whists(E, S) == 16


@pytest.mark.parametrize(("text", "whists", "bula"), [("betl", 60, 12), ("betl bp", 70, 14)])
def test_failed_betl(text: str, whists: int, bula: int) -> None:
    sheet = BulaSheet(RULES, 50)
    sheet.apply(game(text, {S: 1, W: 0, E: 0}))
    assert sheet.whists(W, S) == whists and sheet.whists(E, S) == whists
    assert sheet.bula(S) == 50 + bula


def test_invited_writes_nothing_and_the_inviter_answers_for_four() -> None:
    defenders = {W: WhistChoice.WHIST, E: WhistChoice.PASS}
    sheet = BulaSheet(RULES, 50)
    sheet.apply(game("2♠", {S: 7, W: 1, E: 2}, defenders=defenders, invited=E))
    assert sheet.whists(W, S) == 12 and sheet.whists(E, S) == 0
    assert sheet.bula(W) == 54 and sheet.bula(E) == 50  # inviter short of 4: + value


def test_lone_defender_needs_two() -> None:
    defenders = {W: WhistChoice.WHIST, E: WhistChoice.PASS}
    sheet = BulaSheet(RULES, 50)
    sheet.apply(game("3♦", {S: 8, W: 2, E: 0}, defenders=defenders))
    assert sheet.bula(W) == 50 and sheet.whists(W, S) == 12


def test_kontra_only_between_declarer_and_the_kontra_defender() -> None:
    sheet = BulaSheet(RULES, 50)
    record = sheet.apply(game("5♣", {S: 5, W: 3, E: 2}, kontra={W: 2}))  # re-kontra ×4
    assert sheet.whists(W, S) == 3 * 10 * 4
    assert sheet.whists(E, S) == 2 * 10
    assert sheet.bula(S) == 60
    made = BulaSheet(RULES, 50)
    made.apply(game("5♣", {S: 6, W: 2, E: 2}, kontra={W: 1}))
    assert made.bula(W) == 70 and made.bula(E) == 50  # kontra lost: value × 2
    assert any(w.reason is Reason.KONTRA_LOST for w in made.records[0].writes)
    assert "× 4" in record.breakdown("en") and "контра" in record.breakdown("ru")


def test_won_without_play() -> None:
    sheet = BulaSheet(RULES, 50)
    passed = {W: WhistChoice.PASS, E: WhistChoice.PASS}
    sheet.apply(game("7 sans".replace("7 ", ""), {}, defenders=passed, played=False))
    assert sheet.bula(S) == 36 and not any(sheet.whist_table.values())


def test_hat_and_inverted_hat() -> None:
    sheet = BulaSheet(RULES, 10)
    sheet.apply(game("sans", {S: 6, W: 2, E: 2}))  # 10 − 14 = −4: hat
    assert sheet.under_hat(S) and sheet.hats(S) == [(1, "hat")]
    sheet.apply(game("sans", {S: 5, W: 3, E: 2}))  # −4 + 14 = 10: inverted hat
    assert sheet.hats(S) == [(1, "hat"), (2, "inverted hat")] and not sheet.under_hat(S)
    assert "^" in render_text(sheet) and "<path" in render_svg(sheet)


def test_refe_doubles_the_next_game_of_its_holder() -> None:
    sheet = BulaSheet(RULES, 50)
    sheet.apply(DealResult(kind=DealKind.REFE, dealer=E, active=ACTIVE))
    assert sheet.refe_seats == ACTIVE
    sheet.apply(game("5♣", {S: 6, W: 2, E: 2}))
    assert sheet.bula(S) == 30 and sheet.whists(W, S) == 40
    assert sheet.refe_seats == (W, E)


def test_refe_limit() -> None:
    sheet = BulaSheet(RULES.with_(refe=1), 50)
    for _ in range(3):
        sheet.apply(DealResult(kind=DealKind.REFE, dealer=E, active=ACTIVE))
    assert all(sheet.refes(s) == 1 for s in ACTIVE)
    none = BulaSheet(RULES.with_(refe=0), 50)
    none.apply(DealResult(kind=DealKind.REFE, dealer=E, active=ACTIVE))
    assert none.refe_seats == ()


def test_settlement_bula_points_are_ten_whists_and_sum_to_zero() -> None:
    sheet = BulaSheet(RULES, 30)
    sheet.apply(game("5♣", {S: 6, W: 2, E: 2}))  # S bula 20, W 20 on S, E 20 on S
    result = sheet.settle()
    mean = Fraction(20 + 30 + 30, 3)
    assert result.exact[S] == 10 * (mean - 20) - 40
    assert result.exact[W] == 10 * (mean - 30) + 20
    assert sum(result.exact.values()) == 0 and sum(result.rounded.values()) == 0
    assert result.lines("ru") and result.to_dict()["seats"] == ["S", "W", "E"]


def test_json_round_trip_and_common_interface() -> None:
    sheet = new_sheet(RULES, 40)
    assert isinstance(sheet, BulaSheet)
    sheet.apply(game("betl", {S: 1, W: 0, E: 0}, kontra={E: 1}))
    back = BulaSheet.from_json(sheet.to_json())
    assert back.to_dict() == sheet.to_dict()
    assert sheet.history(S, Column.BULA) == [40, 52]
    assert Pulya(RULES, 40).sheet.target == 40
    with pytest.raises(ValueError):
        BulaSheet(find_rules("sochi"))
