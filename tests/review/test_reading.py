"""What the calls showed and how the cards lay, on constructed deals, in both languages."""

from __future__ import annotations

from tests.review.scripted import play_deal

from preferans.actions import parse_action
from preferans.cards import Card, CardSet, Suit
from preferans.game import Deal, new_deal
from preferans.review import explain, review_record, review_to_dict
from preferans.review.deal import grading_bot
from preferans.review.known import true_world
from preferans.review.reading import Lay, Reading, Shown, read
from preferans.review.reading_words import lay_text, showed_text
from preferans.rules import PRESETS
from preferans.seats import Seat

SOCHI = PRESETS["sochi"]
#: South names 7♥ with ♥KQJ1098 and the side aces; the ♥A is East's, who passed.
HANDS = {
    Seat.S: "♥KQJ1098 ♠AK ♣A ♦A",
    Seat.W: "♠QJ10 ♣KQJ ♦KQJ ♥7",
    Seat.E: "♥A ♠987 ♣10987 ♦109",
}
TALON = "♦8 ♦7"
AUCTION = ["6♠", "pass", "pass", "♦7", "♦8", "play 7♥"]


def _west_to_whist() -> Reading:
    deal = Deal(Seat.E, {s: CardSet.parse(h) for s, h in HANDS.items()}, CardSet.parse(TALON))
    state = new_deal(SOCHI, deal)
    for text in AUCTION:
        state = state.apply(parse_action(text))
    view = state.view(Seat.W)
    worlds, exact = grading_bot(1, 8)._worlds(view, 6)
    reading = read(view, worlds, exact, true_world(state, view))
    assert reading is not None
    return reading


def test_the_declarers_game_shows_his_trumps_and_the_ace_lay_against_it() -> None:
    reading = _west_to_whist()
    declarer, passer = reading.shown
    assert declarer.seat is Seat.S and declarer.role == "declarer"
    assert declarer.suit is Suit.HEARTS
    assert {Card.parse("♥K"), Card.parse("♥Q")} <= set(declarer.honours)
    assert declarer.length is not None and declarer.length >= 4
    assert passer.seat is Seat.E and passer.role == "passer"
    # The deals that fit the calls give South the ♥A; it was East's.
    ace = Card.parse("♥A")
    assert [(lay.card, lay.slot) for lay in reading.lay] == [(ace, int(Seat.E))]
    assert reading.lay[0].expected == int(Seat.S) and reading.lay[0].share > 0.5
    english = showed_text(reading, "en")
    assert english.startswith("What the calls showed (in the 6 deals that fit them): ")
    assert "the declarer's bidding (South: 6♠, play 7♥) showed ♥AKQ" in english
    assert "hearts" in english and "East's pass in the auction showed" in english
    russian = showed_text(reading, "ru")
    assert "торговля разыгрывающего (Юг: 6♠, игра 7♥) показала ♥AKQ" in russian
    assert "червей" in russian and "пас Востока в торговле показал" in russian
    assert lay_text(reading, "en").startswith("♥A was with East (")
    assert "have it with South" in lay_text(reading, "en")
    assert lay_text(reading, "ru").startswith("♥A — у Востока (")
    assert lay_text(reading, "ru").endswith("— у Юга)")


def test_voids_misere_and_kontra_in_words() -> None:
    reading = Reading(
        12,
        False,
        (
            Shown(Seat.S, "misere", (parse_action("мизер"),), strength=0.4),
            Shown(Seat.W, "passer", (parse_action("pass"),), strength=1.1, voids=(Suit.CLUBS,)),
            Shown(Seat.E, "kontra", (parse_action("kontra"),), strength=3.2),
        ),
        (Lay(Card.parse("♠K"), int(Seat.W), int(Seat.E), 0.75),),
    )
    english = showed_text(reading, "en")
    assert "South's misère showed a hand without tricks (0.4 aces and kings on average)" in english
    assert "West's pass in the auction showed a weak hand (1.1 aces" in english
    assert "East's kontra showed 3.2 aces and kings on average" in english
    assert english.endswith("; West showed out of ♣.")
    russian = showed_text(reading, "ru")
    assert "мизер Юга показал руку без взяток (в среднем 0,4 туза и короля)" in russian
    assert "пас Запада в торговле показал слабую руку" in russian
    assert "контра Востока показала в среднем 3,2 туза и короля" in russian
    assert russian.endswith("; у Запада нет ♣.")
    assert lay_text(reading, "en") == (
        "♠K was with West (75% of the deals that fit the calls have it with East)"
    )
    assert (
        lay_text(reading, "ru")
        == "♠K — у Запада (в 75% раскладов, согласных с заявками, — у Востока)"
    )
    # Nobody has called yet: nothing to say.
    assert showed_text(Reading(6, True, ()), "en") == ""


#: West holds ten sure tricks in spades and passes after South.
SURE = {
    Seat.W: "♠AKQJ10987 ♥AK",
    Seat.S: "♣AKQJ ♦AKQ ♥QJ10",
    Seat.E: "♣10987 ♦J1098 ♥98",
}


def test_a_marked_decision_says_what_the_calls_showed() -> None:
    record = play_deal(SOCHI, SURE, "♦7 ♥7", ["pass", "pass"])
    review = review_record(record, seats=[Seat.W], samples=8)
    marked = [g for g in review.grades if g.graded and g.loss >= 2.0]
    assert marked, [(g.kind, g.loss) for g in review.grades]
    for grade in review.grades:
        assert (grade.reading is not None) == (grade in marked)
    costliest = review.costliest(1)[0]
    assert costliest.kind == "bid" and costliest.move == 1
    english, russian = explain(costliest, "en"), explain(costliest, "ru")
    assert "What the calls showed (in the " in english
    assert "South's pass in the auction showed" in english
    assert "Что показали заявки (в " in russian and "пас Юга в торговле показал" in russian
    data = review_to_dict(review)
    shown = next(d for d in data["deals"][0]["decisions"] if d["move"] == costliest.move)
    assert shown["reading"]["shown"][0] == {
        **shown["reading"]["shown"][0],
        "seat": "S",
        "role": "passer",
        "calls": ["pass"],
    }
    assert data["costliest"][0]["text"]["en"] == english
