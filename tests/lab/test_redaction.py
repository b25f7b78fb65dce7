"""No protocol message carries a card its seat may not see (1,000 random deals, every seat).

The check does not trust the views: :func:`may_see` is written from the rules (RULES §1,
§4–§8, §11) using only the true deal and the public course of play, and every card named
anywhere in a message (hello, decide, deal_over) must be one of them.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from preferans.bots import make_bot
from preferans.cards import Card
from preferans.contracts import Contract
from preferans.game import Deal, DealState, Phase, new_deal
from preferans.lab.protocol import deal_over_message, decide_message, encode, hello_message
from preferans.rules import Rules, find_rules
from preferans.seats import Seat, player_seats

DEALS = 1000
CARD = re.compile(r"^[♠♣♦♥](?:7|8|9|10|J|Q|K|A)$")
TABLES: list[Rules] = [
    find_rules("sochi"),
    find_rules("leningrad", players=4),
    find_rules("rostov", players=2),
    find_rules("balkan"),
    find_rules("sochi", players=4, throw_talon=True),
    find_rules("sochi", misere_open_after_first_trick=True, no_talon_bids=True),
]


def _mask(cards: Any) -> int:
    return cards.mask if cards is not None else 0


def may_see(state: DealState, seat: Seat) -> int:
    """Cards ``seat`` may know now, from the rules alone (a mask)."""
    deal = state.deal
    allowed = _mask(deal.hands.get(seat))
    for trick in state.completed_tricks:
        allowed |= sum(card.bit for _, card in trick.cards)
        if trick.talon_card is not None:
            allowed |= trick.talon_card.bit
    allowed |= sum(card.bit for _, card in state.current_trick)
    if state.lead_talon_card is not None:
        allowed |= state.lead_talon_card.bit
    declarer = state.declarer
    bid: Contract | None = state.bid
    over = state.phase is Phase.OVER
    talon_up = declarer is not None and bid is not None and not bid.without_talon
    if talon_up or over:
        allowed |= deal.talon.mask
    if declarer == seat:
        allowed |= _mask(state.hand(seat)) | state.discard.mask
    contract = state.contract
    defenders = [s for s in state.active if s != declarer]
    if contract is not None and contract.is_misere and declarer is not None and seat != declarer:
        # the catchers see all twelve of the declarer's cards
        allowed |= state.hand(declarer).mask | state.discard.mask
        if talon_up:
            allowed |= deal.talon.mask
    if state.talon_thrown:
        allowed |= state.discard.mask
    if state.defence_open:
        for s in defenders:
            if s != state.out:
                allowed |= state.hand(s).mask
    if state.checked:
        for s in state.active:
            allowed |= state.hand(s).mask
    dummy = state.dummy
    if dummy is not None and state.phase is not Phase.BIDDING:
        allowed |= state.hand(dummy).mask
    return allowed


def cards_in(message: Any) -> set[str]:
    """Every card named anywhere in a JSON message."""
    found: set[str] = set()
    stack = [message]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and CARD.match(item):
            found.add(item)
    return found


def _leaks(message: dict[str, Any], allowed: int) -> set[str]:
    line = json.loads(encode(message))  # exactly what crosses the pipe
    return {c for c in cards_in(line) if not allowed >> Card.parse(c).index & 1}


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_no_message_of_a_thousand_deals_shows_a_card_its_seat_may_not_see(table: int) -> None:
    rules = TABLES[table]
    seats = player_seats(rules.players)
    bot = make_bot("random", seed=table)
    deals = DEALS // len(TABLES) + (table < DEALS % len(TABLES))
    asked = dict.fromkeys(seats, 0)
    for number in range(deals):
        rng = random.Random(f"redaction|{table}|{number}")
        state = new_deal(rules, Deal.random(rules, seats[number % len(seats)], rng))
        for seat in seats:
            assert not _leaks(hello_message(rules, seat, seats), 0)
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            message = decide_message(view, deal=number, seed=number, deadline_ms=1000)
            leaks = _leaks(message, may_see(state, actor))
            assert not leaks, f"deal {number}: {actor.name} was shown {leaks} in {state.phase}"
            asked[actor] += 1
            state = state.apply(bot.choose(view))
        result = state.result()
        for seat in seats:
            message = deal_over_message(result, {}, state.view(seat), deal=number)
            leaks = _leaks(message, may_see(state, seat))
            assert not leaks, f"deal {number}: {seat.name} was shown {leaks} at the end"
    assert all(asked.values())


def test_the_independent_rule_does_catch_a_leak() -> None:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(1)))
    view = state.view(Seat.S).to_dict()
    view["known_hands"]["W"] = [str(c) for c in state.hand(Seat.W)]
    assert _leaks({"view": view}, may_see(state, Seat.S)) == {str(c) for c in state.hand(Seat.W)}
