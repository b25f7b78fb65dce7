"""Grading on constructed deals: a choice that is clearly worse is marked, the clearly best
one is not, and the review only uses what the deciding seat could see."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.review.scripted import play_deal

from preferans.actions import parse_action
from preferans.review import THRESHOLDS, Mark, mark_for, review_record
from preferans.review.grade import Priced, Pricing, plan_pricing
from preferans.rules import PRESETS
from preferans.seats import Seat

SOCHI = PRESETS["sochi"]
LENINGRAD = PRESETS["leningrad"]

#: South holds ten sure tricks in spades.
SURE = {
    Seat.S: "♠AKQJ10987 ♥AK",
    Seat.W: "♣AKQJ ♦AKQ ♥QJ10",
    Seat.E: "♣10987 ♦J1098 ♥98",
}
SURE_TALON = "♦7 ♥7"


def _first(record, seat: Seat, kind: str):
    review = review_record(record, seats=[seat], samples=8)
    return next(g for g in review.grades if g.kind == kind)


def test_passing_a_sure_ten_is_a_blunder() -> None:
    record = play_deal(SOCHI, SURE, SURE_TALON, ["pass"])
    grade = _first(record, Seat.S, "bid")
    assert grade.actions == (parse_action("pass"),)
    assert grade.mark is Mark.BLUNDER
    assert grade.own is not None and grade.own.best.action != parse_action("pass")
    # Ten tricks in spades by force: the deal as it lay says so too.
    assert grade.known is not None and grade.known.loss >= THRESHOLDS[0][1]


def test_bidding_the_sure_hand_loses_nothing() -> None:
    record = play_deal(SOCHI, SURE, SURE_TALON, ["6♠"])
    grade = _first(record, Seat.S, "bid")
    assert grade.mark is Mark.GOOD
    assert grade.loss < 1.0


#: Raspasy, Leningrad (no talon leads). South leads ♠K, West follows ♠8, East holds ♠A
#: and ♠7: the ace takes the trick by force, the seven cannot.
RASPASY = {
    Seat.S: "♠K ♣AKQ ♦AKQ ♥AKQ",
    Seat.W: "♠8 ♣J109 ♦J109 ♥J109",
    Seat.E: "♠A7 ♣87 ♦87 ♥87 ♠109",
}
RASPASY_TALON = "♠QJ"


@pytest.mark.parametrize(("card", "marked"), [("♠A", True), ("♠7", False)])
def test_a_card_that_takes_a_raspasy_trick_by_force_is_marked(card: str, marked: bool) -> None:
    script = ["pass", "pass", "pass", "♠K", "♠8", card]
    record = play_deal(LENINGRAD, RASPASY, RASPASY_TALON, script)
    grade = _first(record, Seat.E, "card")
    assert grade.trick == 1 and grade.actions == (parse_action(card),)
    assert (grade.mark is not Mark.GOOD) is marked, grade
    if marked:
        assert grade.own is not None and grade.own.best.action != parse_action("♠A")
        assert grade.known is not None and grade.known.loss > 0


def test_the_grade_uses_only_the_seats_own_view() -> None:
    """West's and East's cards swapped: South's first bid sees the same, so it is priced
    the same; only the double-dummy line may change."""
    swapped = {Seat.S: SURE[Seat.S], Seat.W: SURE[Seat.E], Seat.E: SURE[Seat.W]}
    one = _first(play_deal(SOCHI, SURE, SURE_TALON, ["pass"]), Seat.S, "bid")
    other = _first(play_deal(SOCHI, swapped, SURE_TALON, ["pass"]), Seat.S, "bid")
    assert one.own == other.own


def test_a_seat_filter_keeps_only_that_seats_decisions() -> None:
    record = play_deal(LENINGRAD, RASPASY, RASPASY_TALON, ["pass", "pass", "pass"])
    review = review_record(record, seats=[Seat.W], samples=6)
    assert review.grades and {g.seat for g in review.grades} == {Seat.W}


@given(st.floats(min_value=0, max_value=500), st.floats(min_value=0, max_value=500))
def test_marks_grow_with_the_loss(a: float, b: float) -> None:
    order = [Mark.GOOD, Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER]
    low, high = sorted((a, b))
    assert order.index(mark_for(low)) <= order.index(mark_for(high))


def test_the_thresholds_as_stated() -> None:
    assert mark_for(1.99) is Mark.GOOD
    assert mark_for(2.0) is Mark.INACCURACY
    assert mark_for(5.0) is Mark.MISTAKE
    assert mark_for(12.0) is Mark.BLUNDER


def test_a_discard_costs_what_the_best_plan_loses_with_it() -> None:
    first_card = parse_action("♦7")
    free = Pricing(
        (Priced(parse_action("♥7"), 10.0),),
        10.0,
        Priced(parse_action("♥7"), 10.0),
        8,
        False,
        parse_action("♥7"),
    )
    after = Pricing(
        (Priced(parse_action("play 6♠"), 4.0),), 4.0, Priced(parse_action("play 6♠"), 4.0), 8, False
    )
    priced = plan_pricing(free, after, (first_card, parse_action("♦8")))
    assert priced.loss == pytest.approx(6.0)
    assert priced.best.action == parse_action("♥7")
    better = plan_pricing(after, free, (first_card, parse_action("♦8")))
    assert better.loss == 0.0
