"""The master's opening calls as the early pass's pricing imagines them."""

from __future__ import annotations

import random

import pytest

from preferans.actions import Call, CallKind
from preferans.bots.opener_model import opening_pass_chance
from preferans.bots.sampling import SamplingBot, _table_passes
from preferans.cards import CardSet
from preferans.errors import PreferansError
from preferans.game import Deal, View, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat

WEAK = CardSet.parse("♠Q ♠9 ♠8 ♣J ♣9 ♦10 ♦8 ♥K ♥10 ♥9")
STRONG = CardSet.parse("♠A ♠K ♠Q ♠J ♠10 ♣A ♦A ♦K ♥8 ♥7")
CLEAN = CardSet.parse("♠7 ♠8 ♠9 ♣7 ♣8 ♦7 ♦9 ♥7 ♥8 ♥9")
#: Three aces and a four-card suit (a table estimate of 5.15): the seed's rule passes it,
#: the master mostly bids.
MIDDLING = CardSet.parse("♠A ♠K ♠10 ♠9 ♣A ♣8 ♦A ♦9 ♥10 ♥8")


def test_weak_hands_pass_strong_hands_bid_and_misere_hands_never_pass() -> None:
    assert opening_pass_chance(WEAK, own_lead=False) > 0.9
    assert opening_pass_chance(STRONG, own_lead=False) < 0.05
    assert opening_pass_chance(CLEAN, own_lead=True) == 0.0


def test_the_master_opens_hands_the_seed_passes() -> None:
    assert _table_passes(MIDDLING.mask, own_lead=False)
    assert opening_pass_chance(MIDDLING, own_lead=False) < 0.5


def _first_bid(seed: int) -> View:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.S, random.Random(seed)))
    assert state.actor is not None
    return state.view(state.actor)


def _raspasy_share(bot: SamplingBot, view: View) -> float:
    option = next(o for o in bot.decide(view).options if o.action == Call(CallKind.PASS))
    assert option.chance is not None
    return option.chance


def test_fitted_passes_expect_raspasy_less_often_than_the_seeds_rule() -> None:
    """The others open more hands than the seed's rule does, so a first hand's pass ends
    in raspasy less often."""
    views = [_first_bid(seed) for seed in range(6)]
    fitted = [_raspasy_share(SamplingBot(seed=1, fitted_passes=True), v) for v in views]
    table = [_raspasy_share(SamplingBot(seed=1), v) for v in views]
    assert sum(fitted) < sum(table)


def test_the_settings_are_checked() -> None:
    with pytest.raises(PreferansError, match="fitted_passes"):
        SamplingBot(fitted_passes="often")  # type: ignore[arg-type]
    with pytest.raises(PreferansError, match="raspasy_worlds"):
        SamplingBot(raspasy_worlds=0)
