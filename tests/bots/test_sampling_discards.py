"""The declarer's plan weighs more discards when asked to: on the same drawn deals a
wider choice is never worth less, and sometimes changes the discard."""

from __future__ import annotations

import pytest

from preferans.bots.sampling import SamplingBot, game_discards
from preferans.cards import CardSet
from preferans.contracts import Strain
from preferans.errors import PreferansError
from preferans.game import Phase

from .conftest import heuristic_views


def test_more_discards_never_plan_worse_and_sometimes_discard_otherwise() -> None:
    narrow = SamplingBot(seed=5, bid_samples=12, discard_options=1)
    wide = SamplingBot(seed=5, bid_samples=12, discard_options=8)
    views = heuristic_views(
        "sochi", 3, 60, lambda v: v.phase is Phase.DISCARD and v.discard is None
    )
    weighed = changed = 0
    for view in views:
        few, many = narrow.decide(view), wide.decide(view)
        if few.method == "heuristic" or many.method == "heuristic":
            continue
        weighed += 1
        # the walk-away call, where offered, is priced the same by both plans
        assert max(o.value for o in many.options) >= max(o.value for o in few.options) - 1e-9
        changed += few.action != many.action
    assert weighed >= 8
    assert changed >= 1


def test_the_discards_weighed_are_the_best_by_the_table_and_keep_the_first_card() -> None:
    twelve = CardSet.parse("♠AKQ7 ♣A98 ♦K7 ♥J87").mask
    first = CardSet.parse("♦7").mask
    three, eight = (game_discards(twelve, Strain.SPADES, first, keep) for keep in (3, 8))
    assert eight[:3] == three and len(eight) == 8
    assert all(drop & first and drop.bit_count() == 2 for drop in eight)


@pytest.mark.parametrize("bad", [0, 67])
def test_a_discard_count_out_of_range_is_refused(bad: int) -> None:
    with pytest.raises(PreferansError, match="discard_options"):
        SamplingBot(discard_options=bad)
