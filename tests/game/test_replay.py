"""Replaying a view's history in one placement of the hidden cards (what reading the
others' cards needs): the true placement gives back the deal as it was played, move by
move; a placement that does not fit the view is refused."""

from __future__ import annotations

import random

import pytest

from preferans.actions import Action
from preferans.bots import make_bot
from preferans.errors import PreferansError
from preferans.game import Deal, DealState, View, new_deal, replay
from preferans.rules import find_rules
from preferans.seats import Seat, player_seats


def _playout_states(variant: str, players: int, seed: int) -> list[DealState]:
    rules = find_rules(variant, players=players)
    bot = make_bot("heuristic", seed)
    seats = player_seats(players)
    state = new_deal(rules, Deal.random(rules, seats[seed % players], random.Random(seed)))
    states = [state]
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        state = state.apply(bot.choose(state.view(actor)))
        states.append(state)
    return states


def _seen(history: tuple[tuple[Seat, Action | None], ...], view: View) -> list[object]:
    """The history with the moves the view does not show (a hidden discard's order)
    left out."""
    return [
        entry
        for entry, shown in zip(history, view.history[: len(history)], strict=True)
        if shown[1] is not None
    ]


def _true_placement(state: DealState, view: View) -> tuple[dict[Seat, int], int, int]:
    hands = {seat: state.hand(seat).mask for seat in state.active}
    known_talon = view.talon.mask if view.talon is not None else 0
    talon = state.deal.talon.mask & ~known_talon
    discard = state.discard.mask if view.discard is None else 0
    return hands, talon, discard


@pytest.mark.parametrize(("variant", "players"), [("sochi", 3), ("rostov", 3), ("leningrad", 4)])
def test_the_true_placement_replays_the_deal_as_played(variant: str, players: int) -> None:
    checked = 0
    for seed in range(6):
        states = _playout_states(variant, players, seed)
        for state in states[:: max(1, len(states) // 6)]:
            for seat in state.active:
                view = state.view(seat)
                steps = list(replay(view, *_true_placement(state, view)))
                last = state
                for k, (before, action) in enumerate(steps):
                    done = len(before.history)
                    assert _seen(before.history, view) == _seen(state.history[:done], view)
                    if view.history[done][1] is not None:
                        assert action == state.history[done][1]
                    assert k == 0 or done > len(steps[k - 1][0].history)
                if steps:
                    before, action = steps[-1]
                    last = before.apply(action)
                assert last.view(seat) == view
                assert all(last.hand(s) == state.hand(s) for s in state.active)
                checked += 1
    assert checked > 50


def test_a_placement_that_does_not_fit_the_view_is_refused() -> None:
    states = _playout_states("sochi", 3, 2)
    state = next(s for s in states if s.completed_tricks)
    seat = state.active[0]
    view = state.view(seat)
    hands, talon, discard = _true_placement(state, view)
    others = [s for s in state.active if s != seat and s not in view.known_hands]
    # One card taken from a hidden hand and given to nobody.
    card = hands[others[0]] & -hands[others[0]]
    short = dict(hands)
    short[others[0]] ^= card
    with pytest.raises(PreferansError):
        list(replay(view, short, talon, discard))
    # A card already played put back into a hidden hand.
    played = state.completed_tricks[0].cards[0][1].bit
    extra = dict(hands)
    extra[others[0]] = hands[others[0]] ^ card | played
    with pytest.raises(PreferansError):
        list(replay(view, extra, talon, discard))
