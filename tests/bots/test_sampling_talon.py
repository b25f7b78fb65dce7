"""Raspasy tricks led by talon cards: the sampling bot decides them with the solver."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from preferans.actions import CardAction
from preferans.bots.hints import hint
from preferans.bots.sampling import TALON_TRICK_MARGIN, SamplingBot
from preferans.errors import PreferansError
from preferans.game import Phase, View

from .conftest import heuristic_views


def talon_led_views(variant: str, players: int, deals: int) -> Iterator[View]:
    """Views of seats deciding a raspasy trick led by a talon card (heuristic play)."""
    return heuristic_views(
        variant, players, deals, lambda v: v.phase is Phase.PLAY and v.lead_talon_card is not None
    )


@pytest.mark.parametrize(
    ("variant", "players"), [("sochi", 3), ("leningrad", 4), ("sochi", 2)], ids=str
)
def test_talon_led_tricks_are_decided_on_sampled_deals(variant: str, players: int) -> None:
    bot = SamplingBot(seed=5, samples=6)
    weighed = 0
    for view in talon_led_views(variant, players, 12):
        decision = bot.decide(view)
        assert decision.action in view.legal_actions
        assert decision.method in ("sampling", "exact", "forced")
        if decision.method == "forced":
            continue
        weighed += 1
        cards = {o.action for o in decision.options}
        assert decision.action in cards
        assert all(isinstance(a, CardAction) for a in cards)
        # every option's trick figure is a share of the tricks still to play
        left = len(view.hand)
        won = view.tricks_won.get(view.seat, 0)
        assert all(won <= (o.tricks or 0) <= won + left for o in decision.options)
        best = max(o.value for o in decision.options)
        chosen = next(o for o in decision.options if o.action == decision.action)
        # the heuristic's card stands unless the solver finds one clearly better
        assert chosen.value >= best - TALON_TRICK_MARGIN
    assert weighed >= 5


def test_talon_led_hint_names_tricks_not_rules_of_thumb() -> None:
    texts = [hint(v) for v in talon_led_views("sochi", 3, 6) if len(v.legal_actions) > 1]
    weighed = [t for t in texts if t.samples]
    assert weighed
    for text in texts:
        assert "outside the solver" not in text.text_en
    for text in weighed:
        assert "raspasy" in text.text_en and "распас" in text.text_ru


def test_trick_one_draws_the_face_down_talon_card_per_world() -> None:
    """Different seeds imagine different second talon cards, yet each decision repeats."""
    view = next(
        v
        for v in talon_led_views("sochi", 3, 20)
        if not v.completed_tricks and not v.current_trick and len(v.legal_actions) > 2
    )
    first = SamplingBot(seed=11, samples=8).decide(view)
    again = SamplingBot(seed=11, samples=8).decide(view)
    assert first == again
    assert first.method == "sampling" and first.samples == 4  # early raspasy: half the deals


def test_the_talon_margin_is_a_setting_of_the_bot() -> None:
    """With ``talon_margin=0`` the solver's best card is played in talon-led tricks; the
    default lets the heuristic's card stand within the margin, which here it does."""
    free, default = SamplingBot(seed=5, samples=6, talon_margin=0), SamplingBot(seed=5, samples=6)
    kept_heuristic = 0
    for view in talon_led_views("sochi", 3, 12):
        chosen = free.decide(view)
        if chosen.method == "forced":
            continue
        assert next(o for o in chosen.options if o.action == chosen.action).value == max(
            o.value for o in chosen.options
        )
        held = default.decide(view)
        best = max(o.value for o in held.options)
        kept_heuristic += next(o for o in held.options if o.action == held.action).value < best
    assert kept_heuristic > 0
    with pytest.raises(PreferansError):
        SamplingBot(talon_margin=-1.0)
