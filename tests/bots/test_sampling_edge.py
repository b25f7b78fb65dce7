"""``declarer_edge``: the declarer prices his own game a share of a trick above its
double-dummy count (the defenders, who cannot see each other's cards, lose more to that
than he does), so a hand on the edge of a six bids it."""

from __future__ import annotations

import random

import pytest

from preferans.actions import Bid, Call, CallKind
from preferans.bots import make_bot
from preferans.bots.sampling import DECLARER_EDGE, SamplingBot
from preferans.errors import PreferansError
from preferans.game import Deal, View, new_deal
from preferans.game.phase import Phase
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
    plain = SamplingBot(seed=1, bid_samples=16, declarer_edge=0.0).decide(view)
    edged = SamplingBot(seed=1, bid_samples=16).decide(view)  # the default edge
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


def _whist_call(seed: int, skipped: int) -> View:
    """A whist call of a Sochi deal the heuristic bids and plays to it, after
    ``skipped`` calls."""
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.S, random.Random(seed)))
    bot = make_bot("heuristic", seed=0)
    while True:
        assert state.actor is not None
        view = state.view(state.actor)
        if view.phase is Phase.WHISTING:
            if not skipped:
                return view
            skipped -= 1
        state = state.apply(bot.choose(view))


def test_a_defender_who_grants_the_declarer_his_edge_passes_a_thin_whist() -> None:
    # South passed first, West half-whisted: South may still whist 6♣
    view = _whist_call(17, skipped=2)
    assert (str(view.contract), str(view.hand)) == ("6♣", "♠Q ♣10 ♣8 ♣7 ♦K ♦Q ♦8 ♥K ♥Q ♥7")
    plain = SamplingBot(seed=1, bid_samples=16, whist_edge=0.0).decide(view)
    edged = SamplingBot(seed=1, bid_samples=16, whist_edge=0.3).decide(view)
    assert (str(plain.action), str(edged.action)) == ("whist", "pass")
    before = {str(o.action): o for o in plain.options}
    after = {str(o.action): o for o in edged.options}
    # the declarer is granted tricks: his contract more likely made, the whist dearer
    assert after["whist"].value < before["whist"].value - 2.0
    assert (after["pass"].chance or 0.0) > (before["pass"].chance or 0.0)
    assert (after["pass"].tricks or 0.0) > (before["pass"].tricks or 0.0)
    for wrong in (-0.1, 1.5):
        with pytest.raises(PreferansError, match="whist_edge"):
            SamplingBot(whist_edge=wrong)
