"""The heuristic counts the card when every card is placed: against an open whist the
declarer sees all thirty-two cards, and then never plays a card that loses a trick. On
raspasy it counts further than in a contract."""

from __future__ import annotations

import random

import pytest

from preferans.actions import CardAction
from preferans.bots import counted_play
from preferans.bots.counted_play import counted_card, limits
from preferans.bots.heuristic import HeuristicBot, heuristic_action
from preferans.bots.inference import enumerate_worlds, hidden_slots
from preferans.game import Deal, Phase, View, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat, player_seats
from preferans.solver import Position, analyse


def test_declarer_against_an_open_whist_plays_double_dummy_best() -> None:
    rules = find_rules("sochi")
    bot = HeuristicBot()
    checked = 0
    improved = 0
    for seed in range(30):
        seats = player_seats(rules.players)
        state = new_deal(rules, Deal.random(rules, seats[seed % 3], random.Random(seed)))
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            action = bot.choose(view)
            legal = [a for a in view.legal_actions if isinstance(a, CardAction)]
            declarer = view.declarer
            contract = view.contract
            if (
                view.phase is Phase.PLAY
                and view.defence_open
                and declarer is not None
                and view.to_move == declarer
                and contract is not None
                and not contract.is_misere
                and len(legal) > 1
            ):
                order = view.active
                trick = view.current_trick
                position = Position.make(
                    [state.hand(s) for s in order],
                    leader=order.index(trick[0][0] if trick else declarer),
                    trump=None if contract.trump is None else int(contract.trump),
                    played=[card for _, card in trick],
                )
                values = analyse(position, "tricks", declarer=order.index(declarer))
                assert isinstance(action, CardAction)
                assert values[action.card.index] == max(values.values())
                rule = heuristic_action(view)
                assert isinstance(rule, CardAction)
                improved += values[rule.card.index] < max(values.values())
                checked += 1
            state = state.apply(action)
    assert checked > 20
    # The rules of thumb alone would have given tricks away in some of these positions.
    assert improved > 0


def _play_views() -> list[View]:
    """Card decisions with a choice in seeded Rostov deals of heuristic bots."""
    rules = find_rules("rostov")
    bot = HeuristicBot()
    found = []
    for seed in range(25):
        state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(seed)))
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
                found.append(view)
            state = state.apply(bot.choose(view))
    return found


def _beyond(view: View, limit: int) -> bool:
    """Whether the unseen cards lie more than ``limit`` ways."""
    slots = hidden_slots(view)
    return slots is not None and enumerate_worlds(slots, limit) is None


def _counted(view: View) -> bool:
    cards = [a.card for a in view.legal_actions if isinstance(a, CardAction)]
    return counted_card(view, cards, cards[0]) is not None


def test_raspasy_is_counted_further_than_a_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    views = _play_views()
    contract = counted_play.COUNT_LIMIT, counted_play.SOLVE_LIMIT
    raspasy = counted_play.RASPASY_COUNT_LIMIT, counted_play.RASPASY_SOLVE_LIMIT
    assert raspasy[0] > contract[0] and raspasy[1] > contract[1]
    assert all(limits(v) == (contract if v.contract is not None else raspasy) for v in views)
    # Raspasy decisions whose unseen cards lie more ways than a contract's count allows:
    # some of them are counted now, none would be with a contract's limits.
    wide = [v for v in views if v.contract is None and _beyond(v, counted_play.COUNT_LIMIT)]
    assert wide
    assert any(_counted(v) for v in wide)
    monkeypatch.setattr(counted_play, "RASPASY_COUNT_LIMIT", contract[0])
    monkeypatch.setattr(counted_play, "RASPASY_SOLVE_LIMIT", contract[1])
    assert not any(_counted(v) for v in wide)
