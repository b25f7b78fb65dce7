"""Cards and card sets: parsing, masks, set operations."""

from __future__ import annotations

import pytest

from preferans.cards import DECK, Card, CardSet, Rank, Suit
from preferans.errors import InputSyntaxError


def test_parse_and_aliases() -> None:
    assert Card.parse("♥Q") is Card(Suit.HEARTS, Rank.QUEEN)
    assert Card.parse("DT") is Card.parse("♦10") is Card.parse("D10")
    assert Card.parse("S9").index == 2
    with pytest.raises(InputSyntaxError):
        Card.parse("7♣x")


def test_cardset_roundtrip_and_ops() -> None:
    hand = CardSet.parse("♠AK10 ♥7")
    assert len(hand) == 4 and eval(repr(hand)) == hand
    assert hand.format(by_suit=True) == "♠AK10 ♥7"
    assert hand.suit(Suit.SPADES) == CardSet.parse("♠A ♠K ♠10")
    assert hand.highest() == Card.parse("♥7") and hand.lowest() == Card.parse("♠10")
    assert (hand | CardSet.parse("♣7")) - hand == CardSet.parse("♣7")
    assert len(DECK) == 32 and DECK.mask == 0xFFFFFFFF
    with pytest.raises(InputSyntaxError):
        CardSet.parse("♠A ♠A")
