"""Engine speed: full random deals per second and legal-action generations per second.

A full deal is Deal.random, then random legal actions from the first bid to the last
trick (or the deal's end). The ratio is against a naive engine written here with lists
of card objects and a fresh list of legal actions per call, measured in the same run.

    .venv/bin/python benchmarks/engine.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from preferans.actions import CardAction
from preferans.cards import DECK, Card
from preferans.game import Deal, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat


def engine_deals(seconds: float, players: int = 3) -> tuple[float, float]:
    """(deals per second, legal-action generations per second) for the real engine."""
    rules = find_rules("sochi", players=players)
    rng = random.Random(1)
    deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            state = new_deal(rules, Deal.random(rules, Seat.E, rng))
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
                actions += 1
            deals += 1
    elapsed = time.perf_counter() - start
    # Legal-action generation alone, on fresh states in mid-play.
    states = []
    for _ in range(200):
        state = new_deal(rules, Deal.random(rules, Seat.E, rng))
        while not state.is_over and rng.random() < 0.95:
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            states.append(state)
    gens = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds / 2:
        for s in states:
            s._legal = None  # measure generation, not the per-state cache
            s.legal_actions()
        gens += len(states)
    return deals / elapsed, gens / (time.perf_counter() - start)


# --- a naive reference: lists of cards, recomputed lists of actions --------------------


def naive_legal(hand: list[Card], trick: list[Card], trump: int) -> list[CardAction]:
    """Fresh action objects from a list of cards, as a straightforward engine would."""
    if not trick:
        cards = list(hand)
    else:
        led = trick[0].suit
        cards = [c for c in hand if c.suit == led]
        if not cards:
            cards = [c for c in hand if c.suit == trump] or list(hand)
    return sorted((CardAction(c) for c in cards), key=lambda a: a.index)


def naive_deal(rng: random.Random) -> None:
    """A random deal the naive way: list-of-cards hands copied on every action, fresh
    action lists validated by membership, a simple auction, discard, ten tricks."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    talon = cards[30:]
    ladder = list(range(26))
    high = -1
    passed = [False] * 3
    turn = 0
    holder = -1
    while True:
        if passed[turn]:
            turn = (turn + 1) % 3
            continue
        options: list[object] = ["pass", *[b for b in ladder if b > high][:1]]
        choice = rng.choice(options)
        if choice == "pass":
            passed[turn] = True
        else:
            high = int(choice)  # type: ignore[call-overload]
            holder = turn
        alive = [i for i in range(3) if not passed[i]]
        if not alive or (len(alive) == 1 and holder == alive[0]):
            break
        turn = (turn + 1) % 3
    trump = -1
    if holder >= 0 and not passed[holder]:
        hand = hands[holder] + talon
        for _ in range(2):
            hand.remove(rng.choice(hand))
        hands[holder] = hand
        trump = rng.randrange(5)
    leader = 0
    tricks = [0, 0, 0]
    for _ in range(10):
        trick: list[Card] = []
        seats = []
        for k in range(3):
            seat = (leader + k) % 3
            action = rng.choice(naive_legal(hands[seat], trick, trump))
            if action not in naive_legal(hands[seat], trick, trump):  # validate, as apply does
                raise AssertionError("illegal")
            card = action.card
            hands = [list(h) for h in hands]  # immutable states: copy on every action
            hands[seat] = [c for c in hands[seat] if c is not card]
            trick.append(card)
            seats.append(seat)
        best = 0
        for k in range(1, 3):
            a, b = trick[k], trick[best]
            if (a.suit == b.suit and a.rank > b.rank) or (a.suit == trump and b.suit != trump):
                best = k
        leader = seats[best]
        tricks[leader] += 1


def naive_deals(seconds: float) -> float:
    rng = random.Random(1)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            naive_deal(rng)
            deals += 1
    return deals / (time.perf_counter() - start)


def naive_legal_rate(seconds: float) -> float:
    rng = random.Random(2)
    samples = []
    for _ in range(200):
        cards = list(DECK)
        rng.shuffle(cards)
        samples.append((cards[:10], cards[10:11], rng.randrange(5)))
    gens = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds / 2:
        for hand, trick, trump in samples:
            naive_legal(hand, trick, trump)
        gens += len(samples)
    return gens / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    deals, gens = engine_deals(args.seconds)
    naive = naive_deals(args.seconds)
    naive_gens = naive_legal_rate(args.seconds)
    deals4, _ = engine_deals(args.seconds / 2, players=4)
    deals2, _ = engine_deals(args.seconds / 2, players=2)
    print(f"engine: {deals:,.0f} full random deals/s (3 players, sochi)")
    print(f"engine: {deals4:,.0f} deals/s with 4 players, {deals2:,.0f} with 2")
    print(f"naive list-of-cards deals/s: {naive:,.0f}  ratio engine/naive: {deals / naive:.2f}")
    print(f"engine legal-action generations/s: {gens:,.0f}")
    print(f"naive legal-card lists/s: {naive_gens:,.0f}  ratio: {gens / naive_gens:.2f}")


if __name__ == "__main__":
    main()
