"""Selfish raspasy: every seat avoids its own tricks, as raspasy is played."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import preferans.solver as solver
from preferans.cards import Card, CardSet
from preferans.solver import Position, PositionError, legal_cards, play, reference


def brute(position: Position, declarer: int) -> tuple[int, int, int]:
    """Every seat's tricks by plain max-n over every legal card: each seat takes the card
    that leaves it the fewest tricks; a defender's tie goes to the card loading the
    declarer, the declarer's to the card loading the seat after him."""
    if not any(position.hands):
        return (0, 0, 0)
    seat = position.to_move()
    tie = declarer if seat != declarer else (declarer + 1) % 3
    outcomes = []
    for card in legal_cards(position):
        after, winner = play(position, card)
        tricks = list(brute(after, declarer))
        if winner is not None:
            tricks[winner] += 1
        outcomes.append((tricks[0], tricks[1], tricks[2]))
    return min(outcomes, key=lambda t: (t[seat], -t[tie]))


def random_ending(rng: random.Random, tricks: int) -> Position:
    """Three hands of ``tricks`` cards, any leader, possibly mid-trick."""
    cards = rng.sample(range(32), 3 * tricks)
    hands = [sum(1 << c for c in cards[i * tricks : (i + 1) * tricks]) for i in range(3)]
    position = Position((hands[0], hands[1], hands[2]), rng.randrange(3))
    for _ in range(rng.randrange(3)):
        position, _winner = play(position, rng.choice(legal_cards(position)))
    return position


def test_a_defender_does_not_take_a_trick_to_load_the_mover() -> None:
    # S leads ♠8. Against two who load him (paranoid raspasy) W covers with ♠K and leads
    # ♠7, so S's ♠J takes the second trick; but W will not take a trick himself to hand
    # one to S: he ducks with ♠7, E's ♠Q takes it and E's ♦7 the last one.
    hands = [CardSet.parse("♠J ♠8"), CardSet.parse("♠K ♠7"), CardSet.parse("♠Q ♦7")]
    position = Position.make(hands, leader=0)
    assert solver.solve(position, "raspasy", 0) == 1
    assert solver.solve(position, "selfish", 0) == 0
    assert reference.solve(position, "selfish", 0) == 0
    assert solver.analyse(position, "selfish", 0) == {
        Card.parse("♠J").index: 0,
        Card.parse("♠8").index: 0,
    }


def test_endings_match_brute_force() -> None:
    rng = random.Random("selfish-endings")
    for _ in range(1500):
        position = random_ending(rng, rng.randint(1, 4))
        declarer = rng.randrange(3)
        expected = brute(position, declarer)[declarer]
        assert solver.solve(position, "selfish", declarer) == expected, position
        assert reference.solve(position, "selfish", declarer) == expected, position


def test_per_card_analysis_matches_brute_force() -> None:
    rng = random.Random("selfish-analyse")
    for _ in range(300):
        position = random_ending(rng, rng.randint(1, 3))
        declarer = rng.randrange(3)
        expected = {}
        for card in legal_cards(position):
            after, winner = play(position, card)
            expected[card] = (winner == declarer) + brute(after, declarer)[declarer]
        assert solver.analyse(position, "selfish", declarer) == expected, position
        assert reference.analyse(position, "selfish", declarer) == expected, position


def test_six_card_deals_c_matches_reference() -> None:
    """Deeper than brute force reaches: the C core's equivalent-card pruning and table
    against the reference's plain search over every card."""
    rng = random.Random("selfish-six")
    positions = [random_ending(rng, 6) for _ in range(12)]
    seats = [rng.randrange(3) for _ in positions]
    expected = [reference.solve(p, "selfish", s) for p, s in zip(positions, seats, strict=True)]
    assert solver.solve_many(positions, "selfish", seats, threads=2) == expected


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), tricks=st.integers(1, 7))
def test_never_more_than_against_two_who_load_the_mover(seed: int, tricks: int) -> None:
    rng = random.Random(seed)
    position = random_ending(rng, tricks)
    for seat in range(3):
        selfish = solver.solve(position, "selfish", seat)
        assert 0 <= selfish <= solver.solve(position, "raspasy", seat)


@pytest.mark.parametrize(
    ("position", "message"),
    [
        (Position((0b11, 0b1100, None), 0), "three hands"),
        (Position((0b1, 0b100, 0b10000), 0, 0), "without trumps"),
        (Position((0b11, 0b1100, 0b110000), 0, None, (), (31,)), "no talon trick"),
    ],
)
def test_positions_it_cannot_take_are_refused(position: Position, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        solver.solve(position, "selfish", 0)
    with pytest.raises(PositionError, match=message):
        reference.solve(position, "selfish", 0)


def test_every_seats_tricks_are_the_max_n_vector() -> None:
    """``selfish_tricks`` gives each seat's tricks of the declarer's search: the brute
    force's vector, the declarer's entry ``solve``'s figure, the three the tricks left."""
    rng = random.Random("selfish-vectors")
    positions = [random_ending(rng, rng.randint(1, 4)) for _ in range(40)]
    seats = [rng.randrange(3) for _ in positions]
    vectors = solver.selfish_tricks(positions, seats, threads=2)
    for position, seat, vector in zip(positions, seats, vectors, strict=True):
        assert vector == brute(position, seat) == reference.selfish_tricks(position, seat)
        assert vector[seat] == solver.solve(position, "selfish", seat)
        assert sum(vector) == solver.remaining_tricks(position)


def test_every_seats_tricks_refuse_what_selfish_cannot_take() -> None:
    with pytest.raises(PositionError, match="three hands"):
        solver.selfish_tricks([Position((0b11, 0b1100, None), 0)])
    with pytest.raises(PositionError, match="threads"):
        solver.selfish_tricks([Position((0b11, 0b1100, 0b110000), 0)], threads=0)
