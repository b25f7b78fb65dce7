"""Deals for the review tests: chosen hands, some moves scripted, the rest by a bot."""

from __future__ import annotations

from collections.abc import Sequence

from preferans.actions import Action, parse_action
from preferans.bots import make_bot
from preferans.cards import CardSet
from preferans.game import Deal, DealState, new_deal
from preferans.notation import GameRecord
from preferans.notation.replay import play_game, record_from_game
from preferans.rules import Rules
from preferans.scoring.pulya import Pulya
from preferans.seats import Seat


def play_deal(
    rules: Rules,
    hands: dict[Seat, str],
    talon: str,
    script: Sequence[str],
    *,
    then: str = "heuristic",
) -> GameRecord:
    """A one-deal record: East deals (deal 1), ``script`` gives the first moves by their
    text (``pass``, ``6♠``, ``♠K``), a bot of level ``then`` plays the rest for everyone."""
    deal = Deal(Seat.E, {s: CardSet.parse(h) for s, h in hands.items()}, CardSet.parse(talon))
    state = new_deal(rules, deal)
    bot = make_bot(then, seed=3)
    for text in script:
        state = state.apply(_legal(state, parse_action(text)))
    while not state.is_over:
        assert state.actor is not None
        state = state.apply(bot.choose(state.view(state.actor)))
    pulya = Pulya(rules, 10)
    pulya.record(state.result())
    return record_from_game(rules, [state], pulya.sheet)


def play_games(rules: Rules, deals: int, level: str, seed: int) -> GameRecord:
    """``deals`` deals of a pulya (which need not be over) played by bots of ``level``."""
    import random

    bot = make_bot(level, seed=seed)

    def policy(state: DealState) -> Action:
        assert state.actor is not None
        return bot.choose(state.view(state.actor))

    return play_game(Pulya(rules, 10, rng=random.Random(seed), max_deals=deals), policy)


def _legal(state: DealState, action: Action) -> Action:
    for legal in state.legal_actions():
        if legal == action:
            return legal
    raise AssertionError(f"{action} is not legal here: {state.legal_actions()}")
