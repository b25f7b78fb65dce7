"""Seed 002's misère table by simulation: the deals are the holding the seed prices, and
the solved rates order the holdings the way a misère player would."""

from __future__ import annotations

import random

import pytest

from preferans.bots.evaluation import seed_misere_catch
from preferans.bots.misere_table import HOLDINGS, Holding, deal_for, measure
from preferans.cards import CardSet, Rank, Suit
from preferans.errors import PreferansError


def _holding(label: str) -> Holding:
    return next(h for h in HOLDINGS if h.label == label)


@pytest.mark.parametrize("holding", HOLDINGS, ids=lambda h: h.label)
def test_the_deal_holds_the_holding_and_clean_suits_elsewhere(holding: Holding) -> None:
    rng = random.Random(3)
    for _ in range(5):
        hands = deal_for(holding, rng)
        declarer, first, second = (CardSet.from_mask(m) for m in hands)
        assert [len(declarer), len(first), len(second)] == [10, 10, 10]
        assert not (declarer & first) and not (declarer & second) and not (first & second)
        assert sorted(c.rank for c in declarer.suit(Suit.SPADES)) == sorted(holding.ranks)
        for suit in Suit:
            if suit is Suit.SPADES:
                continue
            ranks = [c.rank for c in declarer.suit(suit)]
            assert seed_misere_catch(ranks, own_lead=True) == 0
            assert seed_misere_catch(ranks, own_lead=False) == 0


def test_a_lone_eight_is_caught_more_on_the_catchers_lead() -> None:
    measured = measure(_holding("8"), 40, seed=1)
    assert measured.theirs > measured.own


def test_a_bare_ace_over_the_pads_is_caught_more_than_one_guarded_by_a_ten() -> None:
    bare = measure(_holding("7 8 A"), 30, seed=1)
    guarded = measure(_holding("7 8 10 A"), 30, seed=1)
    assert bare.own > guarded.own + 0.3


def test_a_clean_suit_is_never_caught() -> None:
    clean = Holding("7 8", (Rank.SEVEN, Rank.EIGHT), 0.0, 0.0)
    measured = measure(clean, 20, seed=1)
    assert measured.own == 0 and measured.theirs == 0


def test_no_deals_is_refused_in_both_languages() -> None:
    with pytest.raises(PreferansError) as error:
        measure(_holding("7 10"), 0)
    assert "deal" in str(error.value) and "сдача" in error.value.message("ru")
