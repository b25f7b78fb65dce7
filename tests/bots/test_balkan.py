"""The bots in the Balkan game: legal actions, bids on strong hands, bula-equivalent payoffs."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from preferans.actions import Action, Bid, Call, CallKind
from preferans.balkan.payoff import balkan_value
from preferans.bots import Bot, make_bot
from preferans.bots.payoff import deal_value
from preferans.cards import CardSet
from preferans.game import Deal, View, new_deal
from preferans.game.deal import active_seats
from preferans.rules import find_rules
from preferans.seats import Seat

from .conftest import play, seat_bots

RULES = find_rules("balkan")


def _mixed(seed: int) -> Callable[[int], Bot]:
    def make(i: int) -> Bot:
        return make_bot(("random", "heuristic")[(i + seed) % 2], seed)

    return make


def _heuristic(seed: int) -> Callable[[int], Bot]:
    def make(i: int) -> Bot:
        return make_bot("heuristic", seed + i)

    return make


def _sampling(seed: int) -> Callable[[int], Bot]:
    def make(i: int) -> Bot:
        return make_bot("sampling", seed, samples=4) if i != 1 else make_bot("heuristic", seed)

    return make


def _legal(view: View, action: Action) -> None:
    assert action in view.legal_actions, f"{action} is not legal for {view.seat} in {view.phase}"


def test_random_and_heuristic_bots_play_balkan_legally() -> None:
    for seed in range(60):
        bots = seat_bots(RULES, _mixed(seed))
        state = play(RULES, seed, bots, _legal)
        assert state.is_over
        values = deal_value(state.result(), RULES)
        assert sum(values.values()) == pytest.approx(0.0)


def test_heuristic_bots_play_balkan_games_not_only_refe() -> None:
    kinds = []
    for seed in range(60):
        bots = seat_bots(RULES, _heuristic(seed))
        kinds.append(play(RULES, seed, bots, _legal).result().kind.value)
    assert kinds.count("refe") < 45


def test_sampling_bot_plays_balkan_legally() -> None:
    for seed in range(8):
        bots = seat_bots(RULES, _sampling(seed))
        assert play(RULES, seed, bots, _legal).is_over


def _first_hand_view(hand: str) -> View:
    dealer = Seat.S
    first, second, third = active_seats(3, dealer)
    mine = CardSet.parse(hand)
    rest = [c for c in CardSet.parse("♠789TJQKA ♣789TJQKA ♦789TJQKA ♥789TJQKA").sorted()]
    rest = [c for c in rest if c not in mine]
    hands = {
        first: mine,
        second: CardSet(rest[0:10]),
        third: CardSet(rest[10:20]),
    }
    deal = Deal(dealer, hands, CardSet(rest[20:22]))
    state = new_deal(RULES, deal)
    assert state.actor == first
    return state.view(first)


def test_heuristic_bids_a_strong_balkan_hand() -> None:
    view = _first_hand_view("♠AKQJT ♥AK ♦AK ♣A")
    action = make_bot("heuristic").choose(view)
    assert isinstance(action, Bid)


def test_heuristic_passes_a_weak_balkan_hand() -> None:
    view = _first_hand_view("♠8TQ ♥9JK ♦8T ♣9J")
    action = make_bot("heuristic").choose(view)
    assert action == Call(CallKind.PASS)


def test_balkan_value_is_bula_times_ten_shared_plus_whists() -> None:
    bots = seat_bots(RULES, lambda i: make_bot("heuristic", i))
    for seed in range(40):
        result = play(RULES, seed, bots).result()
        if result.declarer is None or not result.played:
            continue
        values = balkan_value(result, RULES)
        assert sum(values.values()) == pytest.approx(0.0)
        assert values[result.declarer] != 0.0
        return
    pytest.fail("no played game in 40 deals")
