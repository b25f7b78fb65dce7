"""Raspasy play solved as raspasy is played: every seat avoids its own tricks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from preferans.bots.sampling import SamplingBot
from preferans.errors import PreferansError
from preferans.game import Phase, View

from .conftest import heuristic_views


def raspasy_decisions(deals: int, wanted: int) -> Iterator[View]:
    """Sochi raspasy card decisions with a choice, at most ``wanted`` cards in hand."""
    return heuristic_views(
        "sochi",
        3,
        deals,
        lambda v: (
            v.phase is Phase.PLAY
            and v.contract is None
            and len(v.hand) <= wanted
            and len(v.legal_actions) > 1
        ),
    )


def compare(views: Iterator[View], cards: int) -> tuple[int, int]:
    """How many decisions were weighed and in how many the card changed, with the selfish
    solve from ``cards`` against the paranoid solve on the same sampled deals; on each
    card the selfish figure is never above the paranoid one (two others who load the
    mover are the worst case)."""
    selfish = SamplingBot(seed=3, samples=8, selfish_cards=cards)
    paranoid = SamplingBot(seed=3, samples=8, selfish_cards=0)
    compared = changed = 0
    for view in views:
        mine, theirs = selfish.decide(view), paranoid.decide(view)
        if mine.method == "forced":
            continue
        compared += 1
        expected = {o.action: o.tricks or 0.0 for o in theirs.options}
        for option in mine.options:
            # the card chosen may stand in for its equivalent representative in one list
            if option.action in expected:
                assert (option.tricks or 0.0) <= expected[option.action] + 1e-9
        changed += mine.action != theirs.action
    return compared, changed


def test_the_last_tricks_are_solved_selfishly_and_some_cards_change() -> None:
    compared, changed = compare(raspasy_decisions(40, 7), 7)
    assert compared >= 30
    assert changed >= 1


def test_talon_tricks_count_off_the_cards_a_hand_holds() -> None:
    """From eight cards, Sochi's first tricks (ten cards in hand, eight after the two talon
    tricks) are solved selfishly too; from seven they are not."""
    first = [
        v
        for v in raspasy_decisions(30, 10)
        if v.lead_talon_card is not None and not v.completed_tricks
    ]
    compared, changed = compare(iter(first), 8)
    assert compared >= 10
    assert changed >= 1
    assert compare(iter(first), 7)[1] == 0


@pytest.mark.parametrize("cards", [-1, 11])
def test_the_selfish_cards_setting_is_checked(cards: int) -> None:
    with pytest.raises(PreferansError, match="selfish_cards"):
        SamplingBot(selfish_cards=cards)


def test_the_master_plays_raspasy_every_seat_for_himself() -> None:
    """The master level solves every Sochi and Leningrad raspasy trick selfish (measured
    better over 1,000 Leningrad deals); the bot's own default stays paranoid."""
    from preferans.bots.levels import MASTER_SELFISH_CARDS, make_bot
    from preferans.bots.sampling import SELFISH_CARDS

    master = make_bot("master")
    assert isinstance(master, SamplingBot)
    assert master.selfish_cards == MASTER_SELFISH_CARDS == 8
    assert SamplingBot().selfish_cards == SELFISH_CARDS == 0
