"""``outbid_share``: an opening bid's loss in the drawn deals where a player still to speak
holds a hand the table bids is taken that share of the way up to the pass's price there."""

from __future__ import annotations

import random

import pytest

from preferans.actions import Bid, Call, CallKind
from preferans.bots.decision import Option
from preferans.bots.sampling import SamplingBot
from preferans.errors import PreferansError
from preferans.game import Deal, DealState, View, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat


def _opening(seed: int) -> DealState:
    rules = find_rules("sochi")
    return new_deal(rules, Deal.random(rules, Seat.S, random.Random(seed)))


def _view(state: DealState) -> View:
    assert state.actor is not None
    return state.view(state.actor)


def _bot(share: float) -> SamplingBot:
    return SamplingBot(seed=1, bid_samples=48, outbid_share=share)


def _six(bot: SamplingBot, view: View) -> Option:
    return next(o for o in bot.decide(view).options if isinstance(o.action, Bid))


def test_a_hand_that_meets_a_stronger_one_only_by_being_outbid_opens() -> None:
    """♠K Q 10 8 ♣J 10 ♦8 ♥A J 9, first to speak: priced as if it played its game
    against whoever holds the strong hand, a six loses; the opener who meets that hand
    is outbid or stops, and priced so it opens."""
    view = _view(_opening(201))
    assert str(view.hand) == "♠K ♠Q ♠10 ♠8 ♣J ♣10 ♦8 ♥A ♥J ♥9"
    assert _bot(0.0).decide(view).action == Call(CallKind.PASS)
    assert isinstance(SamplingBot(seed=1, bid_samples=48).decide(view).action, Bid)
    assert isinstance(_bot(1.0).decide(view).action, Bid)


def test_the_share_moves_the_bid_and_not_the_pass() -> None:
    """The bid's value is linear in the share (each losing deal taken that share of the
    way up), and the pass keeps its price."""
    view = _view(_opening(0))
    low, half, high = (_six(_bot(s), view) for s in (0.0, 0.5, 1.0))
    assert low.value < high.value
    assert half.value == pytest.approx((low.value + high.value) / 2)
    passes = {
        next(o for o in _bot(s).decide(view).options if o.action == Call(CallKind.PASS)).value
        for s in (0.0, 1.0)
    }
    assert len(passes) == 1


def test_nobody_left_to_outbid_leaves_the_bid_as_played() -> None:
    """The third to speak after two passes, and anyone after a bid, has nobody who could
    outbid an opening: the share changes nothing there."""
    state = _opening(0)
    state = state.apply(Call(CallKind.PASS)).apply(Call(CallKind.PASS))
    last = _view(state)
    assert _six(_bot(0.0), last).value == _six(_bot(1.0), last).value
    state = _opening(0)
    opened = state.apply(next(a for a in state.legal_actions() if isinstance(a, Bid)))
    second = _view(opened)
    values = [
        [(str(o.action), o.value) for o in _bot(s).decide(second).options] for s in (0.0, 1.0)
    ]
    assert values[0] == values[1]


def test_the_share_is_between_none_and_all() -> None:
    for wrong in (-0.1, 1.5):
        with pytest.raises(PreferansError, match="outbid_share"):
            SamplingBot(outbid_share=wrong)
