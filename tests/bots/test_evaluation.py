"""Seed 002's trick table and misère holes, case by case."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from preferans.bots.evaluation import (
    TRICK_TABLE,
    best_misere_discard,
    defence_estimate,
    hand_tricks,
    misere_catch,
    misere_holes,
    seed_misere_catch,
    should_bid_misere,
    should_open_bidding,
    suit_tricks,
    suit_tricks_range,
)
from preferans.cards import CardSet, Rank, Suit


def spades(text: str) -> CardSet:
    return CardSet.parse("♠" + text) if text else CardSet()


@pytest.mark.parametrize(
    ("holding", "tricks"),
    [
        ("A", 1),
        ("AK", 2),
        ("AKQ", 3),
        ("AKQJ", 4),
        ("AKQJ7", 5),
        ("AKQJ87", 6),
        ("AKQJ987", 7),
        ("AKQJ10987", 8),
        ("AK87", 3),
        ("AK987", 4.5),
        ("AK10987", 6),
        ("AQJ8", 2.5),
        ("AQJ10987", 7),
        ("AJ987", 4.5),
        ("A987", 1.5),
        ("A10987", 2.5),
        ("K", 0),
        ("KQJ7", 3),
        ("KQ87", 3),
        ("KQ10987", 5),
        ("KJ987", 2.5),
        ("QJ987", 3),
        ("J87", 0),
    ],
)
def test_suit_tricks_follow_the_seed_table(holding: str, tricks: float) -> None:
    assert suit_tricks(spades(holding), Suit.SPADES) == tricks


@pytest.mark.parametrize(
    ("holding", "low", "high"),
    [("KQ", 0.7, 1), ("KQJ", 1.5, 2), ("KJ87", 0.5, 2), ("QJ8", 0, 0.3), ("10987", 0, 2)],
)
def test_ranges_are_kept(holding: str, low: float, high: float) -> None:
    assert suit_tricks_range(spades(holding), Suit.SPADES) == (low, high)
    assert suit_tricks(spades(holding), Suit.SPADES) == (low + high) / 2


def test_every_table_row_is_read_back() -> None:
    smalls = ["7", "8", "9", "10"]
    for (honours, n), (low, high) in TRICK_TABLE.items():
        cards = spades(honours + "".join(smalls[:n]))
        assert suit_tricks_range(cards, Suit.SPADES) == (low, high)


def test_holdings_outside_the_table_are_never_below_a_weaker_row() -> None:
    # A K Q with a small card is at least A K Q (3), and adding a card never lowers it.
    assert suit_tricks(spades("AKQ7"), Suit.SPADES) >= 3
    assert suit_tricks(spades("AKQJ9"), Suit.SPADES) >= suit_tricks(spades("AKQJ"), Suit.SPADES)
    assert suit_tricks(CardSet(), Suit.SPADES) == 0


def test_hand_estimate_and_opening_rule() -> None:
    strong = CardSet.parse("♠AKQJ7 ♣AK ♦A ♥87")
    assert hand_tricks(strong, Suit.SPADES) >= 8
    assert should_open_bidding(strong)
    weak = CardSet.parse("♠K87 ♣Q98 ♦J107 ♥7")
    assert not should_open_bidding(weak)
    # More than 4 tricks in two suits: A K x x (3) + A K (2).
    assert should_open_bidding(CardSet.parse("♠AK87 ♣AK ♦987 ♥87"))


@pytest.mark.parametrize(
    ("holding", "own_lead", "catch"),
    [
        ("7 10", True, 0.5),
        ("7 9", True, 0.05),
        ("7 J", True, 0.8),
        ("7 Q", False, 0.95),
        ("8", True, 0.05),
        ("8", False, 0.3),
        ("8 9", True, 0.8),
        ("9", True, 0.15),
        ("9", False, 0.85),
        ("7 8 Q", True, 0.2),
        ("7 9 K", True, 0.7),
        ("7 8 A", True, 0.98),
        ("7 9 J A", True, 0.1),
        ("7 8 10 Q A", True, 0.0),
        ("7", True, 0.0),
    ],
)
def test_seed_misere_catch_follows_seed_002(holding: str, own_lead: bool, catch: float) -> None:
    ranks = [Rank.parse(t) for t in holding.split()]
    assert seed_misere_catch(ranks, own_lead=own_lead) == catch


@pytest.mark.parametrize(
    ("holding", "own_lead", "catch"),
    [
        ("7 10", True, 0.19),
        ("7 10", False, 0.28),
        ("8", False, 0.13),
        ("9", True, 0.44),
        ("7 8 A", True, 0.79),
        ("7 8 10 Q A", True, 0.0),
        ("7 J Q", True, 0.8),
    ],
)
def test_misere_catch_takes_the_measured_rates(holding: str, own_lead: bool, catch: float) -> None:
    """The holdings the seed lists read the simulated rates; the others the seed's rule."""
    ranks = [Rank.parse(t) for t in holding.split()]
    assert misere_catch(ranks, own_lead=own_lead) == catch


def test_clean_misere_has_no_holes_and_is_bid() -> None:
    hand = CardSet.parse("♠7 ♠8 ♠10 ♣7 ♣9 ♣J ♣K ♦7 ♥7 ♥8")
    assert misere_holes(hand, own_lead=False) == []
    assert should_bid_misere(hand, own_lead=False)


def test_misere_rules_of_seed_002() -> None:
    # One hole 7-10 (50%): bid.
    one_hole = CardSet.parse("♠7 ♠10 ♣7 ♣8 ♣J ♦7 ♦9 ♥7 ♥8 ♥10")
    assert should_bid_misere(one_hole, own_lead=False)
    # Two holes 7-10 and 7-J: 130% "in sum", too much.
    two = CardSet.parse("♠7 ♠10 ♣7 ♣J ♦7 ♦9 ♦10 ♥7 ♥8 ♥10")
    assert not should_bid_misere(two, own_lead=False)
    # No seven with other cards of the suit: never.
    no_seven = CardSet.parse("♠8 ♠9 ♣7 ♣8 ♣10 ♦7 ♦9 ♥7 ♥8 ♥10")
    assert not should_bid_misere(no_seven, own_lead=True)
    # A lone eight is the exception, but only on one's own lead.
    lone_eight = CardSet.parse("♠8 ♣7 ♣8 ♣10 ♦7 ♦9 ♦J ♥7 ♥8 ♥10")
    assert should_bid_misere(lone_eight, own_lead=True)
    assert not should_bid_misere(lone_eight, own_lead=False)


def test_misere_discard_closes_a_hole() -> None:
    twelve = CardSet.parse("♠7 ♠Q ♣7 ♣8 ♣10 ♦7 ♦9 ♦J ♥7 ♥8 ♥10 ♥A")
    (a, b), risk = best_misere_discard(twelve, own_lead=False)
    assert {str(a), str(b)} == {"♠Q", "♥A"}
    assert risk == 0.0


@pytest.mark.parametrize(
    ("hand", "trump", "tricks"),
    [
        ("♥AK", Suit.SPADES, 1.9),  # a side ace and king
        ("♥K7", Suit.SPADES, 0.5),  # a guarded king without the ace
        ("♥K", Suit.SPADES, 0.0),  # a bare king falls to the ace
        ("♥Q87", Suit.SPADES, 0.15),  # a twice-guarded queen, no ace or king
        ("♠AKQJ10", Suit.SPADES, 3.7),  # trumps: honours and length
        ("♦AKQJ10", None, 2.65),  # a long suit runs without trumps
        ("♦AKQJ10", Suit.SPADES, 2.15),  # ... and is ruffed beside a trump
        ("♠A ♣A ♦A ♥A", None, 4.0),
    ],
)
def test_defence_estimate_prices_a_defenders_holdings(
    hand: str, trump: Suit | None, tricks: float
) -> None:
    assert defence_estimate(CardSet.parse(hand), trump) == pytest.approx(tricks)


@given(
    st.sets(st.integers(0, 31), max_size=11),
    st.integers(0, 31),
    st.sampled_from([None, *Suit]),
)
def test_defence_estimate_never_drops_when_a_card_is_added(
    cards: set[int], extra: int, trump: Suit | None
) -> None:
    hand = CardSet.from_mask(sum(1 << c for c in cards))
    more = CardSet.from_mask(hand.mask | 1 << extra)
    assert defence_estimate(more, trump) >= defence_estimate(hand, trump)


@given(st.sets(st.integers(0, 31), max_size=12), st.sampled_from([None, *Suit]))
def test_defence_estimate_is_the_sum_of_its_suits(cards: set[int], trump: Suit | None) -> None:
    hand = CardSet.from_mask(sum(1 << c for c in cards))
    suits = [CardSet.from_mask(hand.mask & 0xFF << 8 * suit) for suit in Suit]
    assert defence_estimate(hand, trump) == pytest.approx(
        sum(defence_estimate(part, trump) for part in suits)
    )
