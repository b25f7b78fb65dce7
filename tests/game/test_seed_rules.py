"""Rules items checked against the seeds; each test names the seed's own words."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from preferans.actions import HERE, parse_action
from preferans.contracts import Contract, bid_ladder
from preferans.errors import InputSyntaxError, PreferansError
from preferans.game import Deal, new_deal
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import find_rules
from preferans.scoring import Sheet, SheetError
from preferans.seats import Seat

from ._helpers import run

S, W, N, E = Seat.S, Seat.W, Seat.N, Seat.E


# --- seed 000: «здесь» when «правая рука спасовала (или находится на прикупе…)» ---------


def test_здесь_для_которого_правая_рука_спасовала_not_for_the_dummy_with_2_players() -> None:
    """Two players: South's right-hand neighbour is the dummy, which neither passed nor
    sits out dealing; so South may not say "here" unless the table agrees otherwise."""
    rules = find_rules("sochi", players=2)
    dealt = Deal.random(rules, Seat.E, random.Random(4))
    state = new_deal(rules, dealt)
    assert state.to_move is S
    # South bids, South (whose right neighbour is the dummy) is asked to raise or pass.
    state = run(state, "6♠")
    assert state.to_move is W
    state = run(state, "6♣")
    assert state.to_move is S and HERE not in state.legal_actions()
    agreed = find_rules("sochi", players=2, here_over_dummy=True)
    state = run(new_deal(agreed, dealt), "6♠, 6♣")
    assert HERE in state.legal_actions()


def test_здесь_находится_на_прикупе_при_игре_на_четверых_still_holds() -> None:
    rules = find_rules("sochi", players=4)
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(2)))
    # East deals and sits out: first hand South's right-hand neighbour is on the talon.
    state = run(state, "6♠, 6♣")
    assert state.to_move is N
    state = run(state, "pass")
    assert state.to_move is S and HERE in state.legal_actions()


def test_here_over_dummy_is_a_two_player_convention() -> None:
    with pytest.raises(PreferansError, match="2-player"):
        find_rules("sochi", here_over_dummy=True)
    assert "here_over_dummy" not in find_rules("sochi", players=2).to_dict()


# --- RULES §3 / seed 002: bids «без прикупа» ----------------------------------------------


def test_без_прикупа_each_bid_just_above_the_same_bid_with_the_talon() -> None:
    ladder = [str(c) for c in bid_ladder(True)]
    assert ladder[:4] == ["6♠", "6♠бп", "6♣", "6♣бп"]
    assert ladder.index("7♠бп") == ladder.index("7♠") + 1
    assert ladder.index("мизер") == ladder.index("8БКбп") + 1
    assert ladder.index("9БКбп") == ladder.index("9БК") + 1


def test_мизер_без_прикупа_перебивается_только_десятерной_без_прикупа() -> None:
    misere = Contract.misere(without_talon=True)
    beaters = [c for c in bid_ladder(True) if c > misere]
    assert beaters and all(c.level == 10 and c.without_talon for c in beaters)
    assert all(c < misere for c in bid_ladder(True) if c.level == 10 and not c.without_talon)


def test_без_прикупа_action_indices_stay_as_they_were() -> None:
    """Stored records name actions by index: the new ladder order must not renumber."""
    assert parse_action("6♠").index == 32
    assert parse_action("6БК").index == 36
    assert parse_action("6♠бп").index == 37
    assert parse_action("7♠").index == 42


# --- seed 001: «если сумма пули всех игроков больше чем это значение, умноженное …» -------


def _result(kind: DealKind, dealer: Seat, **fields: Any) -> DealResult:
    """A deal's result at a three-player table (S, W and E hold cards)."""
    return DealResult(kind=kind, dealer=dealer, active=(S, W, E), **fields)


def _raspasy(dealer: Seat, tricks: dict[Seat, int]) -> DealResult:
    return _result(DealKind.RASPASY, dealer, played=True, tricks=tricks)


def _game(declarer: Seat, dealer: Seat, level: int) -> DealResult:
    contract = Contract.parse(f"{level}♠")
    return _result(
        DealKind.GAME,
        dealer,
        declarer=declarer,
        bid=contract,
        contract=contract,
        defenders={d: WhistChoice.PASS for d in (S, W, E) if d != declarer},
    )


def test_сумма_пули_больше_чем_target_times_players_ends_the_pulya() -> None:
    rules = find_rules("sochi", end_on_total=True)
    sheet = Sheet(rules, 4)
    # Six-spade games write 2 each: S 8, W 4, E 0 is 12 = 4 × 3, which is not more.
    for declarer in (S, S, S, S, W, W):
        sheet.apply(_game(declarer, E, 6))
    assert sum(sheet.pulyas.values()) == 12 and not sheet.is_complete
    sheet.apply(_game(S, E, 6))
    assert sum(sheet.pulyas.values()) == 14 and sheet.is_complete


# --- the sheet refuses impossible results -------------------------------------------------


def test_в_сдаче_десять_взяток_raspasy_7_7_7_is_refused() -> None:
    sheet = Sheet(find_rules("sochi"), 10)
    with pytest.raises(SheetError, match="ten") as caught:
        sheet.apply(_raspasy(E, {S: 7, W: 7, E: 7}))
    assert "десять" in caught.value.message("ru")
    assert sheet.deals_played == 0
    sheet.apply(_raspasy(E, {S: 2, W: 3, E: 5}))
    assert sheet.deals_played == 1


def test_объявленная_игра_не_может_быть_ниже_заказа() -> None:
    """Seed 002: «Объявленная игра не может быть ниже той, которую он назвал»."""
    result = replace(_game(S, E, 7), contract=Contract.parse("6♥"))
    with pytest.raises(SheetError, match="below the bid"):
        Sheet(find_rules("sochi"), 10).apply(result)


def test_вистующий_must_be_one_of_the_defenders() -> None:
    result = replace(_game(S, E, 6), whisters=(W,), played=True, tricks={S: 6, W: 2, E: 2})
    with pytest.raises(SheetError, match="whister"):
        Sheet(find_rules("sochi"), 10).apply(result)


def test_запись_очков_edited_in_a_stored_sheet_is_refused_without_writes() -> None:
    sheet = Sheet(find_rules("sochi"), 10)
    sheet.apply(_raspasy(E, {S: 2, W: 3, E: 5}))
    sheet.apply(_game(S, S, 7))
    data = json.loads(sheet.to_json())
    for deal in data["deals"]:
        del deal["writes"]
    assert Sheet.from_dict(data).to_dict() == sheet.to_dict()
    data["deals"][0]["result"]["tricks"] = {"S": 5, "W": 3, "E": 2}
    with pytest.raises(SheetError, match="edited"):
        Sheet.from_dict(data)


# --- «шесть» is the lowest Russian bid: 5♠ at a Russian table --------------------------


def test_5_пик_in_a_russian_variant_says_bids_start_at_six() -> None:
    rules = find_rules("sochi")
    with pytest.raises(InputSyntaxError) as caught:
        Contract.parse("5♠", rules)
    assert "six to ten tricks" in str(caught.value)
    assert "от шести до десяти взяток" in caught.value.message("ru")
    assert "Balkan" not in str(caught.value)
    with pytest.raises(InputSyntaxError, match="six to ten"):
        parse_action("5♠", rules)
    with pytest.raises(InputSyntaxError, match="six to ten"):
        Contract.parse("3♦", rules)  # a Balkan game, not a Sochi bid
    assert Contract.parse("3♦", find_rules("balkan")) == Contract.balkan_game(3)
