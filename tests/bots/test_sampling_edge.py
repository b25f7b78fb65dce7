"""``declarer_edge``: the declarer prices his own game a share of a trick above its
double-dummy count (the defenders, who cannot see each other's cards, lose more to that
than he does), so a hand on the edge of a six bids it."""

from __future__ import annotations

import random

import pytest

from preferans.actions import Bid, Call, CallKind
from preferans.bots.sampling import DECLARER_EDGE, SamplingBot
from preferans.errors import PreferansError
from preferans.game import Deal, View, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat


def _first_bid(seed: int) -> View:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.S, random.Random(seed)))
    assert state.actor is not None
    return state.view(state.actor)


def test_a_hand_on_the_edge_of_a_six_bids_it_with_the_edge() -> None:
    view = _first_bid(13)
    assert str(view.hand) == "♠10 ♠8 ♣K ♣Q ♣J ♣10 ♣7 ♦A ♦10 ♦9"
    # Priced as played everywhere (``outbid_share=0``), so the edge alone decides.
    plain = SamplingBot(seed=1, bid_samples=16, declarer_edge=0.0, outbid_share=0.0).decide(view)
    edged = SamplingBot(seed=1, bid_samples=16, outbid_share=0.0).decide(view)  # the default edge
    assert plain.action == Call(CallKind.PASS)
    assert isinstance(edged.action, Bid) and edged.action.contract.level == 6
    values = {str(o.action): o.value for o in plain.options}
    edged_values = {str(o.action): o.value for o in edged.options}
    # the game is worth more, the pass and the misère as much as before
    assert edged_values[str(edged.action)] > values[str(edged.action)] + 3.0
    assert edged_values["pass"] == values["pass"]
    assert edged_values["мизер"] == values["мизер"]


def test_a_wider_edge_prices_the_game_higher_and_the_edge_is_a_share() -> None:
    assert DECLARER_EDGE == 0.3  # measured (docs/bots.md)
    view = _first_bid(16)
    games = []
    for edge in (0.0, DECLARER_EDGE, 1.0):
        decision = SamplingBot(seed=1, bid_samples=16, declarer_edge=edge).decide(view)
        games.append(next(o.value for o in decision.options if isinstance(o.action, Bid)))
    assert games[0] < games[1] < games[2]
    for wrong in (-0.1, 1.5):
        with pytest.raises(PreferansError, match="declarer_edge"):
            SamplingBot(declarer_edge=wrong)
