"""The heuristic counts the card when every card is placed: against an open whist the
declarer sees all thirty-two cards, and then never plays a card that loses a trick."""

from __future__ import annotations

import random

from preferans.actions import CardAction
from preferans.bots.heuristic import HeuristicBot, heuristic_action
from preferans.game import Deal, Phase, new_deal
from preferans.rules import find_rules
from preferans.seats import player_seats
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
