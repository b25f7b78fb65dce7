"""Helpers shared by the bot tests: play deals with bots, keep every view a bot was given."""

from __future__ import annotations

import random
from collections.abc import Callable

from preferans.actions import Action
from preferans.bots.base import Bot
from preferans.game import Deal, DealState, View, new_deal
from preferans.rules import Rules
from preferans.seats import Seat, player_seats


def play(
    rules: Rules,
    seed: int,
    bots: dict[Seat, Bot],
    check: Callable[[View, Action], None] | None = None,
    dealer: Seat | None = None,
) -> DealState:
    """Play one deal to the end; every decision goes through ``check`` if given. The
    dealer turns with the seed unless ``dealer`` is given."""
    seats = player_seats(rules.players)
    if dealer is None:
        dealer = seats[seed % len(seats)]
    state = new_deal(rules, Deal.random(rules, dealer, random.Random(seed)))
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        action = bots[actor].choose(view)
        if check is not None:
            check(view, action)
        state = state.apply(action)
    return state


def seat_bots(rules: Rules, make: Callable[[int], Bot]) -> dict[Seat, Bot]:
    seats = player_seats(rules.players)
    bots = {seat: make(i) for i, seat in enumerate(seats)}
    if rules.players == 2:
        bots[Seat.E] = bots[seats[0]]
    return bots
