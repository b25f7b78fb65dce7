"""``foresee_raspasy``: a pass while nobody has bid is priced with the raspasy it leads to
in the drawn deals where the players still to speak would pass too."""

from __future__ import annotations

import random

import pytest

from preferans.actions import Call, CallKind
from preferans.bots.decision import Option
from preferans.bots.sampling import SamplingBot, _table_passes
from preferans.cards import CardSet
from preferans.errors import PreferansError
from preferans.game import Deal, View, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat


def _first_bid(seed: int) -> View:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.S, random.Random(seed)))
    assert state.actor is not None
    return state.view(state.actor)


def _pass_option(bot: SamplingBot, view: View) -> Option:
    return next(o for o in bot.decide(view).options if o.action == Call(CallKind.PASS))


def _pass_value(bot: SamplingBot, view: View) -> float:
    return _pass_option(bot, view).value


def test_a_hand_full_of_honours_opens_rather_than_pass_into_raspasy() -> None:
    """♠K98 ♣AKQ ♦J ♥KQJ: no six by the old pricing (a pass is worth nothing while others
    may bid), but on raspasy its honours take tricks: foreseeing them, it bids."""
    view = _first_bid(44)
    assert str(view.hand) == "♠K ♠9 ♠8 ♣A ♣K ♣Q ♦J ♥K ♥Q ♥J"
    old = SamplingBot(seed=1, bid_samples=48, foresee_raspasy=False)
    foreseeing = SamplingBot(seed=1, bid_samples=48)
    assert _pass_value(old, view) == 0.0
    assert _pass_value(foreseeing, view) < -1.0
    assert old.decide(view).action == Call(CallKind.PASS)
    assert foreseeing.decide(view).action != Call(CallKind.PASS)


def test_the_table_passes_weak_hands_and_opens_strong_ones() -> None:
    weak = CardSet.parse("♠Q ♠9 ♠8 ♣J ♣9 ♦10 ♦8 ♥K ♥10 ♥9")
    strong = CardSet.parse("♠A ♠K ♠Q ♠J ♠10 ♣A ♦A ♦K ♥8 ♥7")
    clean = CardSet.parse("♠7 ♠8 ♠9 ♣7 ♣8 ♦7 ♦9 ♥7 ♥8 ♥9")
    assert _table_passes(weak.mask, own_lead=False)
    assert not _table_passes(strong.mask, own_lead=False)
    assert not _table_passes(clean.mask, own_lead=True)  # a misère


def test_the_setting_is_a_yes_or_no() -> None:
    with pytest.raises(PreferansError, match="foresee_raspasy"):
        SamplingBot(foresee_raspasy="often")  # type: ignore[arg-type]


def test_the_raspasy_optimism_is_taken_off_the_raspasy_share_of_a_pass() -> None:
    """The pass keeps its raspasy share; only the raspasy it foresees is priced lower."""
    view = _first_bid(44)
    before = _pass_option(SamplingBot(seed=1, bid_samples=48), view)
    after = _pass_option(SamplingBot(seed=1, bid_samples=48, raspasy_optimism=2.0), view)
    assert before.chance is not None and before.chance > 0.0
    assert after.chance == before.chance
    assert after.value == pytest.approx(before.value - 2.0 * before.chance)
    with pytest.raises(PreferansError, match="raspasy_optimism"):
        SamplingBot(raspasy_optimism=-1.0)


def test_the_raspasy_forecast_is_solved_over_as_many_deals_as_asked() -> None:
    """The share of deals that end in raspasy is the same; the raspasy priced in them is
    solved over one deal or over many, and one deal's raspasy is not the many's."""
    view = _first_bid(44)
    alone = _pass_option(SamplingBot(seed=1, bid_samples=48, raspasy_deals=1), view)
    spread = _pass_option(SamplingBot(seed=1, bid_samples=48, raspasy_deals=24), view)
    assert alone.chance is not None and alone.chance > 0.0
    assert spread.chance == alone.chance
    assert spread.value != alone.value
    assert alone.tricks is not None and float(alone.tricks).is_integer()
    assert spread.tricks is not None and not float(spread.tricks).is_integer()
    with pytest.raises(PreferansError, match="raspasy_deals"):
        SamplingBot(raspasy_deals=0)


def test_the_deals_where_another_would_bid_carry_the_price_of_his_game() -> None:
    """An early pass is priced at ``others_bid_value`` where a player still to speak
    would bid, weighed by the share of such deals; the raspasy part stays as it was."""
    view = _first_bid(44)
    before = _pass_option(SamplingBot(seed=1, bid_samples=48), view)
    after = _pass_option(SamplingBot(seed=1, bid_samples=48, others_bid_value=-6.0), view)
    assert before.chance is not None and 0.0 < before.chance < 1.0
    assert after.chance == before.chance
    assert after.value == pytest.approx(before.value - 6.0 * (1.0 - before.chance))
    for wrong in (-60.0, 51.0):
        with pytest.raises(PreferansError, match="others_bid_value"):
            SamplingBot(others_bid_value=wrong)
