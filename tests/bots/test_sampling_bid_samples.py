"""The sampling bot's setting for the auction (bids, the declarer's plan, whist calls):
half its deals unless told, and told in matches (``sampling:bid_samples=32``) and in
``benchmarks/bots.py --bid-samples``."""

from __future__ import annotations

import random

import pytest

from preferans.actions import CallKind
from preferans.bots import make_bot
from preferans.bots.sampling import SamplingBot
from preferans.errors import PreferansError
from preferans.game import Deal, Phase, View, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat

from .conftest import heuristic_views


def _first_bid(variant: str) -> View:
    rules = find_rules(variant)
    state = new_deal(rules, Deal.random(rules, Seat.S, random.Random(5)))
    assert state.actor is not None
    view = state.view(state.actor)
    assert view.phase is Phase.BIDDING and len(view.legal_actions) > 1
    return view


@pytest.mark.parametrize("variant", ["sochi", "balkan"])
def test_a_bid_is_weighed_on_the_deals_asked_for(variant: str) -> None:
    view = _first_bid(variant)
    plain = make_bot("sampling", seed=1)
    more = make_bot("sampling", seed=1, bid_samples=24)
    assert isinstance(plain, SamplingBot) and isinstance(more, SamplingBot)
    assert plain.decide(view).samples == plain.samples // 2
    assert more.decide(view).samples == 24


def test_no_deals_for_a_bid_is_refused() -> None:
    with pytest.raises(PreferansError, match="at least 1"):
        SamplingBot(bid_samples=0)


def test_whist_calls_are_weighed_on_the_auctions_deals() -> None:
    def whist_call(view: View) -> bool:
        kinds = {getattr(a, "kind", None) for a in view.legal_actions}
        return view.phase is Phase.WHISTING and CallKind.WHIST in kinds

    views = list(heuristic_views("sochi", 3, 30, whist_call, first=True))
    assert views
    plain = SamplingBot(seed=1)
    more = SamplingBot(seed=1, bid_samples=24)
    drawn = [(plain.decide(v), more.decide(v)) for v in views]
    assert all(p.samples <= plain.bid_samples for p, _ in drawn)
    assert any(not m.exact and m.samples > plain.bid_samples for _, m in drawn)
