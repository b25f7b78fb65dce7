"""A Balkan record reviewed end to end: the discard graded as one decision, every kontra
and re-kontra (a person's beyond the bot's own bound too) priced like the other calls,
and the double-dummy line beside every grade."""

from __future__ import annotations

import random
from functools import cache

from preferans.actions import Call, CallKind
from preferans.bots import make_bot
from preferans.game import Phase
from preferans.notation import GameRecord, dumps, loads
from preferans.notation.replay import record_from_game
from preferans.review import review_record, review_to_dict
from preferans.review.game import deal_starts
from preferans.rules import PRESETS
from preferans.scoring.pulya import Pulya

BALKAN = PRESETS["balkan"]


@cache
def _kontra_record() -> GameRecord:
    """Balkan deals by the heuristic bot where every seat says kontra while it may, up to a
    sub-kontra (the bots stop at re-kontra), until a deal has had three."""
    pulya = Pulya(BALKAN, 10, rng=random.Random(3))
    bot = make_bot("heuristic", seed=3)
    states = []
    kontras = 0
    while kontras < 3:
        state = pulya.start_deal()
        while not state.is_over:
            assert state.actor is not None
            view = state.view(state.actor)
            kontra = [
                a
                for a in state.legal_actions()
                if isinstance(a, Call) and a.kind is CallKind.KONTRA
            ]
            if kontra and max(view.kontra.values(), default=0) < 3:
                kontras += 1
                state = state.apply(kontra[0])
            else:
                state = state.apply(bot.choose(view))
        pulya.record(state.result())
        states.append(state)
    # Through the text notation, as the club and `preferans review` read records.
    return loads(dumps(record_from_game(BALKAN, states, pulya.sheet)))


def _decisions(record: GameRecord, number: int) -> tuple[list[int], list[int]]:
    """Moves where the person had a choice before the play (the discard once, at its
    first card), and in the play."""
    deal = record.deals[number - 1]
    state = deal_starts(record)[number - 1]
    calls: list[int] = []
    cards: list[int] = []
    discarding = False
    for index, (_, action) in enumerate(deal.moves):
        if state.phase is Phase.DISCARD:
            if not discarding:
                calls.append(index)
            discarding = True
        elif len(state.legal_actions()) > 1:
            (cards if state.phase is Phase.PLAY else calls).append(index)
        state = state.apply(action)
    return calls, cards


def test_a_balkan_deal_is_graded_end_to_end() -> None:
    record = _kontra_record()
    number = record.deals[-1].number
    review = review_record(record, deals=[number], samples=6)
    grades = review.grades
    calls, cards = _decisions(record, number)
    # Every call, the discard and the game named are graded; in the play, moments of
    # touching cards only are no decisions.
    assert [g.move for g in grades if g.kind != "card"] == calls
    played = [g.move for g in grades if g.kind == "card"]
    assert set(played) <= set(cards) and len(played) >= len(cards) // 2
    for grade in grades:
        assert grade.graded, (grade.kind, grade.actions)
        assert grade.known is not None, (grade.kind, grade.actions)
        assert grade.own is not None and len(grade.own.options) >= 1
    discard = next(g for g in grades if g.kind == "discard")
    assert len(discard.actions) == 2
    calls = [g for g in grades if g.kind == "whist"]
    kontras = [g for g in calls if g.actions[0] == Call(CallKind.KONTRA)]
    assert len(kontras) == 3
    for grade in kontras:
        assert grade.own is not None
        offered = {o.action for o in grade.own.options}
        assert Call(CallKind.KONTRA) in offered and Call(CallKind.PASS) in offered
    data = review_to_dict(review)
    for decision in data["deals"][0]["decisions"]:
        assert decision["text"]["en"].startswith(f"Deal {number}, ")
        assert decision["text"]["ru"].startswith(f"Сдача {number}, ")
        assert "not graded" not in decision["text"]["en"]


def test_the_same_balkan_review_twice_gives_the_same_grades() -> None:
    record = _kontra_record()
    number = record.deals[-1].number
    first = review_record(record, deals=[number], samples=6)
    again = review_record(record, deals=[number], samples=6)
    assert first.grades == again.grades
