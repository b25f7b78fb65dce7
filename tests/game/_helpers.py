"""Shared helpers for the engine tests: deals from text, actions from text."""

from __future__ import annotations

from preferans.actions import parse_action
from preferans.cards import CardSet
from preferans.game import Deal, DealState, new_deal
from preferans.rules import Rules
from preferans.seats import Seat


def deal_of(dealer: str, hands: dict[str, str], talon: str) -> Deal:
    """``deal_of("E", {"S": "♠AKQJ …", …}, "♥8 ♥7")``; the talon order is as written."""
    order = tuple(CardSet.parse(c).highest() for c in talon.split())
    return Deal(
        Seat.parse(dealer),
        {Seat.parse(s): CardSet.parse(h) for s, h in hands.items()},
        CardSet(order),
        order,
    )


def run(state: DealState, script: str) -> DealState:
    """Apply comma-separated actions: ``"6♠, pass, pass, ♥7, ♥8, play 6♠"``."""
    for token in script.split(","):
        token = token.strip()
        if token:
            state = state.apply(parse_action(token))
    return state


def start(rules: Rules, deal: Deal, script: str = "", raspasy_run: int = 0) -> DealState:
    return run(new_deal(rules, deal, raspasy_run=raspasy_run), script)


def play_lowest(state: DealState) -> DealState:
    """Finish the deal always taking the first legal action (lowest index)."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state
