"""The view tensor: the documented layout, and no tensor holds a hidden card.

The leak test is independent of the view code: it decides from the rules alone which
cards a seat cannot see (in the auction: every other hand and the talon; in a closed
trick game or on raspasy: the other players' unplayed cards, the talon never included),
exchanges two such cards between their holders (same suit in play, so every card played
stays legal), replays the same actions on the changed deal, and asks for the very same
vector (and the same OpenSpiel information-state text). Exchanging one of the seat's own
cards must change it (the test can fail)."""

from __future__ import annotations

import random

from preferans.cards import Card, CardSet
from preferans.contracts import Contract
from preferans.env.core import player_seats, refe_of
from preferans.env.spiel import information_text
from preferans.game import Deal, DealState, Phase, new_deal
from preferans.game.tensor import (
    HISTORY_BLOCKS,
    HISTORY_SIZE,
    LAYOUT,
    TENSOR_SIZE,
    block,
    relative_seats,
    view_tensor,
)
from preferans.rules import find_rules
from preferans.seats import Seat

from .conftest import TABLES


def test_layout_sizes_add_up() -> None:
    assert sum(size for _, size, _ in LAYOUT) == TENSOR_SIZE
    assert TENSOR_SIZE + sum(size for _, size, _ in HISTORY_BLOCKS) == HISTORY_SIZE
    assert len({name for name, _, _ in LAYOUT + HISTORY_BLOCKS}) == len(LAYOUT) + 1


def test_blocks_say_what_the_seat_sees() -> None:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(2)))
    view = state.view(Seat.W)
    vector = view.tensor()
    assert vector == view_tensor(view)
    assert [i for i, x in enumerate(block(vector, "hand")) if x] == [c.index for c in view.hand]
    assert not any(block(vector, "open_hands")) and not any(block(vector, "talon"))
    assert block(vector, "phase")[0] == 1.0
    rel = relative_seats(3, Seat.W)
    assert rel == {Seat.W: 0, Seat.E: 1, Seat.S: 2}
    roles = block(vector, "roles")
    assert roles[rel[Seat.E] * 10 + 0] == 1.0  # East deals
    assert roles[rel[Seat.S] * 10 + 3] == 1.0  # South is first to act
    assert len(view.tensor(history=True)) == HISTORY_SIZE


def _random_state(variant: str, players: int, seed: int) -> DealState:
    rules = find_rules(variant, players=players)
    rng = random.Random(seed)
    dealer = rng.choice(player_seats(rules))
    state = new_deal(rules, Deal.random(rules, dealer, rng))
    stop = rng.randint(0, 60)
    for _ in range(stop):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _closed_play(state: DealState) -> bool:
    """No hand is open by the rules: raspasy, or a closed trick game of 3 or 4 players."""
    if state.phase is not Phase.PLAY or state.rules.players == 2:
        return False
    if state.is_raspasy:
        return True
    contract: Contract | None = state.contract
    return contract is not None and not contract.is_misere and not state.defence_open


def _hidden_places(state: DealState, seat: Seat) -> list[tuple[Seat | None, list[Card]]]:
    """Holders of cards ``seat`` cannot see, with those cards (None: the talon)."""
    others = [s for s in state.active if s != seat]
    talon = list(state.deal.talon)
    if state.phase is Phase.BIDDING:
        return [(s, list(state.hand(s))) for s in others] + [(None, talon)]
    if _closed_play(state):
        return [(s, [c for c in state.hand(s) if c not in talon]) for s in others]
    return []


def _exchange(state: DealState, a: Card, b: Card) -> DealState:
    """The same actions replayed on a deal where ``a`` and ``b`` changed places."""
    deal = state.deal

    def swap(cards: list[Card]) -> list[Card]:
        return [b if c is a else a if c is b else c for c in cards]

    hands = {s: swap(list(h)) for s, h in deal.hands.items()}
    order = tuple(swap(list(deal.talon_order)))
    changed = Deal(deal.dealer, {s: CardSet(h) for s, h in hands.items()}, CardSet(order), order)
    replay = new_deal(state.rules, changed, raspasy_run=state.raspasy_run, refe=refe_of(state))
    for _, action in state.history:
        replay = replay.apply(action)
    return replay


def test_no_tensor_contains_a_hidden_card() -> None:
    exchanged = {Phase.BIDDING: 0, Phase.PLAY: 0}
    for k in range(600):
        table = TABLES[k % len(TABLES)]
        state = _random_state(*table, k)
        rng = random.Random(k)
        for seat in state.active:
            places = [(h, cards) for h, cards in _hidden_places(state, seat) if cards]
            pairs = [
                (a, b)
                for i, (_, ca) in enumerate(places)
                for _, cb in places[i + 1 :]
                for a in ca
                for b in cb
                if state.phase is Phase.BIDDING or a.suit == b.suit
            ]
            if not pairs:
                continue
            a, b = rng.choice(pairs)
            other = _exchange(state, a, b)
            mine, theirs = state.view(seat), other.view(seat)
            assert theirs.tensor(history=True) == mine.tensor(history=True)
            assert information_text(theirs) == information_text(mine)
            exchanged[state.phase] += 1
    assert min(exchanged.values()) > 50, exchanged


def test_the_seats_own_cards_do_show() -> None:
    """The control: exchanging a card of the seat's own hand changes its tensor."""
    changed = 0
    for seed in range(30):
        state = _random_state("sochi", 3, seed)
        if state.phase is not Phase.BIDDING:
            continue
        seat = state.active[0]
        other = state.active[1]
        a, b = next(iter(state.hand(seat))), next(iter(state.hand(other)))
        swapped = _exchange(state, a, b)
        assert swapped.view(seat).tensor() != state.view(seat).tensor()
        changed += 1
    assert changed
