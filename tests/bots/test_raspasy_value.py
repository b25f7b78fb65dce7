"""Raspasy trick counts priced as the sheet writes them, and the bot setting that plays by it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from preferans.actions import Call, CallKind
from preferans.bots.payoff import deal_value, synth_result
from preferans.bots.raspasy_value import raspasy_table
from preferans.bots.sampling import SamplingBot, _bidders_ahead
from preferans.errors import PreferansError
from preferans.game import Deal, Phase, new_deal
from preferans.result import DealKind
from preferans.rules import find_rules
from preferans.seats import Seat, seats_for

from .conftest import heuristic_views

ORDER = tuple(seats_for(3))
DEALER = ORDER[2]
MOVER = ORDER[0]


def test_a_clean_raspasy_is_worth_more_than_a_trick_more() -> None:
    """No trick writes a trick's price into the pulya: in Sochi the step from one trick to
    none is worth half as much again as the next trick; in Leningrad over twice."""
    for variant, ratio in (("sochi", 1.5), ("leningrad", 2.0)):
        table = raspasy_table(find_rules(variant), DEALER, ORDER, MOVER, {}, 1)
        clean, one, two = table[0], table[1], table[2]
        assert clean - one > ratio * (one - two), variant
        assert all(table[t] > table[t + 1] for t in range(10)), variant


def test_in_rostov_fewer_tricks_than_the_others_is_what_pays() -> None:
    """Rostov: the fewest tricks write whists on the others' tricks. The others hold three
    and two: a third trick of the mover's loses the minimum and costs far more than the
    second did."""
    table = raspasy_table(find_rules("rostov"), DEALER, ORDER, MOVER, {ORDER[1]: 3, ORDER[2]: 2}, 1)
    assert table[2] - table[3] > 2 * (table[1] - table[2])
    assert table[2] > 0 > table[4]


def test_a_run_of_raspasy_raises_the_price() -> None:
    rules = find_rules("sochi")  # progression 1-2-3
    first = raspasy_table(rules, DEALER, ORDER, MOVER, {}, 1)
    second = raspasy_table(rules, DEALER, ORDER, MOVER, {}, 2)
    for t in range(11):
        assert second[t] == pytest.approx(2 * first[t])


@given(
    variant=st.sampled_from(["sochi", "leningrad", "rostov"]),
    mine=st.integers(0, 10),
    first=st.integers(0, 10),
)
def test_when_every_trick_is_taken_the_table_is_the_sheet(
    variant: str, mine: int, first: int
) -> None:
    """With all ten tricks taken nothing is guessed: the mover's figure is the sheet's."""
    first = min(first, 10 - mine)
    taken = {ORDER[0]: mine, ORDER[1]: first, ORDER[2]: 10 - mine - first}
    rules = find_rules(variant)
    result = synth_result(rules, DEALER, ORDER, DealKind.RASPASY, tricks=taken)
    expected = deal_value(result, rules)[MOVER]
    table = raspasy_table(rules, DEALER, ORDER, MOVER, taken, 1)
    assert table[mine] == pytest.approx(expected)
    # counts the deal can no longer reach are priced as the one it will reach
    assert table[10 - mine if mine < 5 else 0] == pytest.approx(expected)


def test_a_player_still_clean_ducks_to_stay_clean() -> None:
    """Leningrad, nobody's raspasy run: South has taken no trick and holds ♠J ♠7 ♣10 ♣9 ♣7,
    third to a trick of ♠10 ♠9. Winning it with the jack leaves fewer tricks on average,
    ducking with the seven keeps the clean raspasy (over twice a trick's worth there) in
    more deals: priced by the sheet the bot ducks, at a flat price it wins."""
    view = next(
        heuristic_views(
            "leningrad",
            3,
            15,
            lambda v: (
                v.phase is Phase.PLAY
                and v.contract is None
                and str(v.hand) == "♠J ♠7 ♣10 ♣9 ♣7"
                and not v.tricks_won.get(v.seat, 0)
            ),
        )
    )
    assert [str(card) for _, card in view.current_trick] == ["♠10", "♠9"]
    sheet, flat = (
        SamplingBot(
            seed=3, samples=8, selfish_cards=8, table_separates=True, raspasy_sheet=priced
        ).decide(view)
        for priced in (True, False)
    )
    assert str(flat.action) == "♠J"
    assert str(sheet.action) == "♠7"
    by_card = {str(o.action): o for o in sheet.options}
    assert (by_card["♠7"].tricks or 0) > (by_card["♠J"].tricks or 0)


def test_an_early_pass_in_a_run_of_raspasy_costs_the_run_s_price() -> None:
    """Sochi's second raspasy in a row costs twice the first: priced by the sheet, an
    early pass into it is worth twice as much (same hand, same drawn deals): the hand full
    of honours of the foresee test."""
    rules = find_rules("sochi")
    deal = Deal.random(rules, Seat.S, random.Random(44))
    views = []
    for run in (0, 1):
        state = new_deal(rules, deal, raspasy_run=run)
        assert state.actor is not None
        views.append(state.view(state.actor))
    pass_ = Call(CallKind.PASS)
    values = []
    for sheet in (True, False):
        bot = SamplingBot(seed=1, bid_samples=48, raspasy_sheet=sheet)
        worlds, _ = bot._worlds(views[0], 48)
        values.append(
            [bot._pass_option(pass_, v, worlds, _bidders_ahead(v, worlds)).value for v in views]
        )
    (sheet_first, sheet_second), (flat_first, flat_second) = values
    assert sheet_first < 0
    assert sheet_second == pytest.approx(2 * sheet_first)
    assert flat_second == pytest.approx(flat_first)


def test_the_setting_is_a_yes_or_no() -> None:
    with pytest.raises(PreferansError, match="raspasy_sheet"):
        SamplingBot(raspasy_sheet="sometimes")  # type: ignore[arg-type]
