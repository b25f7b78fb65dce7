"""Raspasy tricks led by talon cards: both backends against a minimax built on the engine.

The oracle here does not use ``Position.play``: it resolves every trick with the engine's
own :func:`preferans.game.trick.trick_winner` (the truth for RULES §8), so a mistake shared
by the solver's two backends still shows.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import preferans.solver as solver
from preferans.cards import Card
from preferans.game.trick import trick_winner
from preferans.seats import Seat
from preferans.solver import Objective, Position, legal_cards, play, reference

HAS_C = solver.BACKEND == "c"
needs_c = pytest.mark.skipif(not HAS_C, reason="C extension not built")
DEALER = Seat.E  # the sitting-out dealer of the 4-player flavour: not one of seats 0–2


def _follow(hand: int, suit: int | None) -> list[int]:
    if suit is not None and hand >> (8 * suit) & 0xFF:
        hand &= 0xFF << (8 * suit)
    return [i for i in range(32) if hand >> i & 1]


def _engine_winner(
    trick: list[tuple[int, int]], talon_card: int | None, talon_wins: bool
) -> int | None:
    cards = tuple((Seat(seat), Card.from_index(card)) for seat, card in trick)
    named = None if talon_card is None else Card.from_index(talon_card)
    seat = trick_winner(cards, -1, named, DEALER if talon_wins and named else None)
    return None if seat == DEALER else int(seat)


def oracle(
    hands: list[int],
    leader: int,
    trick: list[tuple[int, int]],
    talon: tuple[int, ...],
    talon_wins: bool,
    declarer: int,
) -> int:
    """Plain minimax: the declarer minimises its tricks, the two others maximise them."""
    if not any(hands) and not trick:
        return 0
    seat = (leader + len(trick)) % 3
    named = talon[0] if talon else None
    led = named >> 3 if named is not None else (trick[0][1] >> 3 if trick else None)
    values = []
    for card in _follow(hands[seat], led):
        hands[seat] ^= 1 << card
        played = [*trick, (seat, card)]
        if len(played) < 3:
            v = oracle(hands, leader, played, talon, talon_wins, declarer)
        else:
            winner = _engine_winner(played, named, talon_wins)
            nxt = leader if talon else winner
            assert nxt is not None
            gain = int(winner == declarer)
            v = gain + oracle(hands, nxt, [], talon[1:], talon_wins, declarer)
        hands[seat] ^= 1 << card
        values.append(v)
    return min(values) if seat == declarer else max(values)


def random_talon_position(rng: random.Random, talon_wins: bool) -> Position:
    """Small 3-hand position with 1 or 2 talon tricks to come, possibly mid-trick."""
    tricks = rng.randint(1, 4)
    talon_count = rng.randint(1, min(2, tricks))
    cards = rng.sample(range(32), 3 * tricks + talon_count)
    hands = [sum(1 << c for c in cards[i * tricks : (i + 1) * tricks]) for i in range(3)]
    talon = tuple(cards[3 * tricks :])
    position = Position.make(hands, leader=rng.randrange(3), talon=talon, talon_wins=talon_wins)
    for _ in range(rng.randrange(3)):
        position, _ = play(position, rng.choice(legal_cards(position)))
    return position


def oracle_value(position: Position, declarer: int) -> int:
    order = position.order()
    trick = list(zip(order, position.played, strict=False))
    hands = [h or 0 for h in position.hands]
    return oracle(hands, position.leader, trick, position.talon, position.talon_wins, declarer)


@pytest.mark.parametrize("talon_wins", [False, True], ids=["3 players", "4 players"])
def test_talon_positions_match_the_engine_minimax(talon_wins: bool) -> None:
    rng = random.Random(f"talon-{talon_wins}")
    seen_talon_trick_mid = 0
    for _ in range(400):
        position = random_talon_position(rng, talon_wins)
        declarer = rng.randrange(3)
        expected = oracle_value(position, declarer)
        assert reference.solve(position, "raspasy", declarer) == expected, position
        assert solver.solve(position, "misere", declarer) == expected, position
        seen_talon_trick_mid += bool(position.talon and position.played)
    assert seen_talon_trick_mid > 50  # the middle of a talon trick is covered


@needs_c
@pytest.mark.parametrize("talon_wins", [False, True], ids=["3 players", "4 players"])
def test_c_analyse_matches_reference_on_talon_tricks(talon_wins: bool) -> None:
    rng = random.Random(f"talon-analyse-{talon_wins}")
    for _ in range(300):
        position = random_talon_position(rng, talon_wins)
        declarer = rng.randrange(3)
        assert solver.analyse(position, "raspasy", declarer) == reference.analyse(
            position, "raspasy", declarer
        ), position


@needs_c
def test_full_deal_with_talon_leads_c_matches_reference() -> None:
    """Six-card hands from trick 1 with two talon tricks: the reference is still quick."""
    rng = random.Random("talon-deal")
    for _ in range(6):
        deck = rng.sample(range(32), 20)
        hands = [sum(1 << c for c in deck[i * 6 : (i + 1) * 6]) for i in range(3)]
        wins = rng.random() < 0.5
        position = Position.make(hands, leader=rng.randrange(3), talon=deck[18:], talon_wins=wins)
        for seat in range(3):
            assert solver.solve(position, "raspasy", seat) == reference.solve(
                position, "raspasy", seat
            )


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    talon_wins=st.booleans(),
)
def test_play_takes_talon_tricks_as_the_engine_does(seed: int, talon_wins: bool) -> None:
    rng = random.Random(seed)
    position = random_talon_position(rng, talon_wins)
    first = position.leader
    named = position.talon[0]
    order = position.order()
    trick = list(zip(order, position.played, strict=False))
    while True:
        card = rng.choice(legal_cards(position))
        trick.append((position.to_move(), card))
        position, winner = play(position, card)
        if not position.played:
            break
    assert winner == _engine_winner(trick, named, talon_wins)
    assert position.leader == first  # first hand plays first in the next trick either way


def test_talon_card_must_be_followed_by_first_hand_too() -> None:
    spade_ace, spade_seven, club_seven = Card.parse("♠A"), Card.parse("♠7"), Card.parse("♣7")
    hands = [
        spade_seven.bit | club_seven.bit,
        Card.parse("♦7").bit | Card.parse("♦8").bit,
        Card.parse("♥7").bit | Card.parse("♥8").bit,
    ]
    position = Position.make(hands, leader=0, talon=[spade_ace])
    assert legal_cards(position) == [spade_seven.index]
    with pytest.raises(ValueError, match="must follow"):
        Position.make(
            [spade_seven.bit, hands[1], hands[2]], leader=0, played=[club_seven], talon=[spade_ace]
        )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"talon": ["♠7"]}, "also held"),
        ({"talon": ["♠A"], "trump": 1}, "no trumps"),
        ({"talon": ["♠A", "♠K", "♠Q"]}, "at most 2"),
        ({"talon": ["♠A", "♠K"]}, "trick\\(s\\) left"),
        ({"talon_wins": True}, "no talon card"),
    ],
)
def test_bad_talon_positions_are_rejected(kwargs: dict[str, object], message: str) -> None:
    args = dict(kwargs)
    if "talon" in args:
        args["talon"] = [Card.parse(str(c)) for c in args["talon"]]  # type: ignore[attr-defined]
    hands = [Card.parse("♠7").bit, Card.parse("♣7").bit, Card.parse("♦7").bit]
    with pytest.raises(ValueError, match=message):
        Position.make(hands, **args)  # type: ignore[arg-type]


def test_talon_needs_three_hands_and_a_raspasy_objective() -> None:
    ace = Card.parse("♠A")
    with pytest.raises(ValueError, match="three hands"):
        Position.make([Card.parse("♠7").bit, None, Card.parse("♣7").bit], talon=[ace])
    position = Position.make(
        [Card.parse("♠7").bit, Card.parse("♣7").bit, Card.parse("♦7").bit], talon=[ace]
    )
    with pytest.raises(ValueError, match="not a game"):
        solver.solve(position, Objective.TRICKS, 0)
    with pytest.raises(ValueError, match="not a game"):
        reference.solve(position, Objective.TRICKS, 0)
