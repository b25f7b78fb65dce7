"""Raspasy cards chosen without seeing the hidden hands at the mover's next card."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from preferans.bots.fused_play import fused_values
from preferans.bots.sampling import FUSED_CARDS, SamplingBot
from preferans.cards import Card, CardSet
from preferans.errors import PreferansError
from preferans.solver import Position

from .test_sampling_selfish import raspasy_decisions


def fewer_tricks(tricks: int) -> float:
    return -float(tricks)


def position(mine: str, left: str, right: str) -> Position:
    return Position.make([CardSet.parse(mine), CardSet.parse(left), CardSet.parse(right)])


MINE = "♠7 ♠Q ♠A ♦10"
#: Two deals the mover cannot tell apart: ♦9 and ♥K change places between the others.
ONE = position(MINE, "♠9 ♠J ♣A ♦9", "♠8 ♣7 ♦J ♥K")
TWO = position(MINE, "♠9 ♠J ♣A ♥K", "♠8 ♣7 ♦J ♦9")
CARDS = [Card.parse(c).index for c in ("♠7", "♠Q", "♠A", "♦10")]


def test_a_card_that_needs_a_guess_later_is_not_preferred() -> None:
    """Seeing either deal, the queen of spades costs one trick; not knowing which it is,
    the mover's later guess goes wrong in one of them and it costs two, so the ten of
    diamonds (one and a half either way) is the better lead."""
    seen = [
        (a.value + b.value) / 2
        for a, b in zip(
            fused_values([ONE], [1.0], 0, CARDS, fewer_tricks, 0),
            fused_values([TWO], [1.0], 0, CARDS, fewer_tricks, 0),
            strict=True,
        )
    ]
    unseen = [v.value for v in fused_values([ONE, TWO], [1.0, 1.0], 0, CARDS, fewer_tricks, 0)]
    assert seen == [-3.0, -1.0, -1.0, -1.5]
    assert unseen == [-3.0, -2.0, -2.0, -1.5]
    assert max(range(4), key=lambda i: unseen[i]) == 3  # ♦10


def test_tricks_already_taken_count_and_weights_weigh() -> None:
    """Two tricks taken already; the first deal three times as likely: the ten of
    diamonds leaves one trick more in it and two in the other, so 3.25 in all."""
    both = fused_values([ONE, TWO], [3.0, 1.0], 0, CARDS, fewer_tricks, 2)
    one = fused_values([ONE], [1.0], 0, CARDS, fewer_tricks, 2)
    assert [v.tricks for v in both] == [-v.value for v in both]
    assert one[1].tricks == 3.0  # the queen: one trick more than the two taken
    assert both[3].tricks == pytest.approx(3.25)
    assert both[1].tricks == pytest.approx(3.75)


hands = st.permutations(range(32)).map(lambda deck: deck[:12])


@settings(max_examples=25, deadline=None)
@given(hands, st.randoms(use_true_random=False))
def test_not_seeing_the_deal_is_never_worth_more_than_seeing_it(
    deck: list[int], rng: object
) -> None:
    """The mover's next card chosen once for both deals can be no better than chosen in
    each; for one deal twice over, the two are the same."""
    import random

    assert isinstance(rng, random.Random)
    mine, rest = deck[:4], deck[4:]
    other = rest[:]
    rng.shuffle(other)
    one = Position((_mask(mine), _mask(rest[:4]), _mask(rest[4:])), 0)
    two = Position((_mask(mine), _mask(other[:4]), _mask(other[4:])), 0)
    cards = sorted(mine)
    together = fused_values([one, two], [1.0, 1.0], 0, cards, fewer_tricks, 0)
    apart = zip(
        fused_values([one], [1.0], 0, cards, fewer_tricks, 0),
        fused_values([two], [1.0], 0, cards, fewer_tricks, 0),
        strict=True,
    )
    for joint, (a, b) in zip(together, apart, strict=True):
        assert joint.value <= (a.value + b.value) / 2 + 1e-9
    twice = fused_values([one, one], [1.0, 1.0], 0, cards, fewer_tricks, 0)
    alone = fused_values([one], [1.0], 0, cards, fewer_tricks, 0)
    assert [v.value for v in twice] == [v.value for v in alone]


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def test_the_bot_plays_the_last_cards_without_seeing_the_deals() -> None:
    """With ``fused_cards`` the bot's raspasy decisions with three to seven cards value
    every card it weighs, never above the figures of seeing each deal (the others answer
    as in the selfish solve), and some cards change; with more cards in hand, or fewer
    than three, nothing changes."""
    fused = SamplingBot(seed=3, samples=8, selfish_cards=8, fused_cards=7)
    seeing = SamplingBot(seed=3, samples=8, selfish_cards=8)
    compared = changed = untouched = 0
    for view in raspasy_decisions(30, 8):
        mine, theirs = fused.decide(view), seeing.decide(view)
        if mine.method == "forced":
            continue
        if len(view.hand) > 7 or len(view.hand) < 3 or view.lead_talon_card is not None:
            assert mine == theirs
            untouched += 1
            continue
        compared += 1
        expected = {o.action: o.value for o in theirs.options}
        assert {o.action for o in mine.options} <= set(expected) | {mine.action}
        for option in mine.options:
            if option.action in expected:
                assert option.value <= expected[option.action] + 1e-6
        changed += mine.action != theirs.action
    assert compared >= 20
    assert untouched >= 5
    assert changed >= 1


@pytest.mark.parametrize("cards", [-1, 11])
def test_the_fused_cards_setting_is_checked(cards: int) -> None:
    with pytest.raises(PreferansError, match="fused_cards"):
        SamplingBot(fused_cards=cards)
    assert SamplingBot().fused_cards == FUSED_CARDS


def test_the_master_chooses_its_next_raspasy_card_without_seeing_the_deals() -> None:
    """The master level fuses every raspasy decision from eight cards (measured better
    over 2,000 Leningrad deals); the bot's own default does not."""
    from preferans.bots.levels import MASTER_FUSED_CARDS, make_bot

    master = make_bot("master")
    assert isinstance(master, SamplingBot)
    assert master.fused_cards == MASTER_FUSED_CARDS == 8
    assert SamplingBot().fused_cards == FUSED_CARDS == 0
