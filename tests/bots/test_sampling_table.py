"""``table_separates``: a card lying in the trick on the table keeps two of the mover's
cards apart (♦Q and ♦A over a ♦K: one ducks, the other wins), so both are weighed."""

from __future__ import annotations

import pytest

from preferans.actions import CardAction
from preferans.bots.sampling import CardTurn, SamplingBot, card_turn, representatives
from preferans.errors import PreferansError
from preferans.game import Phase, View

from .conftest import heuristic_views


def card_views(deals: int) -> list[View]:
    return list(
        heuristic_views(
            "sochi", 3, deals, lambda v: v.phase is Phase.PLAY and len(v.legal_actions) > 1
        )
    )


def split_by_the_table(view: View) -> bool:
    """Whether the old rule merged two legal cards that a card on the table separates."""
    legal = [a.card for a in view.legal_actions if isinstance(a, CardAction)]
    return representatives(legal, view, table_separates=True) != representatives(
        legal, view, table_separates=False
    )


def test_a_card_on_the_table_between_two_of_the_movers_keeps_them_apart() -> None:
    views = card_views(30)
    split = [v for v in views if split_by_the_table(v)]
    assert len(split) >= 10
    for view in split:
        legal = [a.card for a in view.legal_actions if isinstance(a, CardAction)]
        new = representatives(legal, view, table_separates=True)
        old = representatives(legal, view, table_separates=False)
        assert set(old) <= set(new)
        on_table = {card for _, card in view.current_trick}
        for card in set(new) - set(old):
            # the old rule merged it into the next higher representative of its suit,
            # across a card of the trick on the table
            higher = min((r for r in old if r.suit == card.suit and r > card), key=lambda r: r)
            assert any(card < t < higher and t.suit == card.suit for t in on_table)


def test_a_choice_between_ducking_and_winning_is_weighed_not_handed_to_the_heuristic() -> None:
    """With ♦A ♦Q over a ♦K (or the like), the old rule saw one card and let the heuristic
    play; now both are solved, and the bot's card is one of the weighed options."""
    bot = SamplingBot(seed=3, samples=8, table_separates=True)
    weighed = 0
    for view in card_views(30):
        old = card_turn(view, table_separates=False)
        new = card_turn(view, table_separates=True)
        if isinstance(old, CardTurn) or not isinstance(new, CardTurn):
            continue
        decision = bot.decide(view)
        assert decision.method != "forced"
        assert {o.action for o in decision.options} >= {CardAction(c) for c in new.reps}
        weighed += 1
    assert weighed >= 1


def test_the_setting_is_a_yes_or_no() -> None:
    with pytest.raises(PreferansError, match="table_separates"):
        SamplingBot(table_separates="maybe")  # type: ignore[arg-type]
