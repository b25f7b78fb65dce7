"""Helpers shared by the bot tests: play deals with bots, keep every view a bot was given."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from preferans.actions import Action
from preferans.bots import make_bot
from preferans.bots.base import Bot
from preferans.game import Deal, DealState, View, new_deal
from preferans.rules import Rules, find_rules
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


def heuristic_views(
    variant: str, players: int, deals: int, wanted: Callable[[View], bool], *, first: bool = False
) -> Iterator[View]:
    """Views that ``wanted`` picks in seeded deals played by heuristic bots (with ``first``,
    only the first such view of each deal)."""
    rules = find_rules(variant, players=players)
    heuristic = make_bot("heuristic")
    seats = player_seats(rules.players)
    for seed in range(deals):
        state = new_deal(rules, Deal.random(rules, seats[seed % len(seats)], random.Random(seed)))
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            if wanted(view):
                yield view
                if first:
                    break
            state = state.apply(heuristic.choose(view))
