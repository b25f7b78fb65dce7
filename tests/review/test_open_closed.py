"""A lone whister's open/closed choice is graded in whists like every other call: both
options priced by playing the deal out, from the whister's view and as the cards lay."""

from __future__ import annotations

from functools import cache

from tests.review.scripted import play_deal

from preferans.actions import parse_action
from preferans.cards import CardSet
from preferans.game import Deal, new_deal
from preferans.review import explain, review_record
from preferans.review.known import true_world
from preferans.review.openclosed import world_state
from preferans.rules import PRESETS
from preferans.seats import Seat

SOCHI = PRESETS["sochi"]
#: South plays 6♠ with the trumps and three aces; West whists alone, East passes.
HANDS = {
    Seat.S: "♠AKQJ9 ♥AK ♦A ♣A7",
    Seat.W: "♠1087 ♥QJ10 ♦KQ ♣KQ",
    Seat.E: "♥987 ♦J1098 ♣1098",
}
TALON = "♦7 ♣J"
AUCTION = ["6♠", "pass", "pass", "♦7", "♣J", "play 6♠", "whist", "pass"]


def _review_open(choice: str):
    record = play_deal(SOCHI, HANDS, TALON, [*AUCTION, choice])
    review = review_record(record, seats=[Seat.W], samples=8)
    return next(g for g in review.grades if g.kind == "open"), review


#: Each choice reviewed once for the module (the twice-over test reviews again).
_open_grade = cache(_review_open)


def test_the_open_closed_choice_is_graded_in_whists() -> None:
    grade, _ = _open_grade("closed")
    assert grade.actions == (parse_action("closed"),)
    assert grade.graded and grade.own is not None and grade.known is not None
    for line in (grade.own, grade.known):
        assert {o.action for o in line.options} == {parse_action("open"), parse_action("closed")}
        for option in line.options:
            # The declarer's tricks and the chance he makes 6♠, played out.
            assert option.tricks is not None and 0 <= option.tricks <= 10
            assert option.chance is not None and 0.0 <= option.chance <= 1.0
        chosen = next(o.value for o in line.options if o.action == grade.actions[0])
        assert line.chosen == chosen
    assert grade.known.samples == 1 and grade.known.exact
    # As the cards lay, open (every card seen) the trumps and three aces make 6♠ at least.
    shown = next(o for o in grade.known.options if o.action == parse_action("open"))
    assert shown.tricks is not None and shown.tricks >= 8 and shown.chance == 1.0
    assert grade.loss == grade.own.best.value - grade.own.chosen
    english, russian = explain(grade, "en"), explain(grade, "ru")
    assert "closed against 6♠" in english and "The cards lay so that" in english
    assert "втёмную на 6♠" in russian and "Карты легли так" in russian


def test_either_choice_is_priced_over_the_same_deals() -> None:
    closed, _ = _open_grade("closed")
    opened, _ = _open_grade("open")
    assert opened.own is not None and closed.own is not None
    # The same deals and the same play: only which option was taken differs.
    assert opened.own.options == closed.own.options
    assert opened.loss + closed.loss == abs(
        opened.own.options[0].value - opened.own.options[1].value
    )


def test_the_same_open_closed_review_twice_gives_the_same_grade() -> None:
    first, _ = _open_grade("open")
    again, _ = _review_open("open")
    assert first == again


def test_the_true_world_rebuilds_the_deal_as_it_lay() -> None:
    deal = Deal(Seat.E, {s: CardSet.parse(h) for s, h in HANDS.items()}, CardSet.parse(TALON))
    state = new_deal(SOCHI, deal)
    for text in AUCTION:
        state = state.apply(parse_action(text))
    rebuilt = world_state(state, true_world(state, state.view(Seat.W)))
    assert rebuilt is not None
    assert rebuilt.history == state.history
    assert {s: rebuilt.hand(s) for s in state.active} == {s: state.hand(s) for s in state.active}
    assert rebuilt.legal_actions() == state.legal_actions()
