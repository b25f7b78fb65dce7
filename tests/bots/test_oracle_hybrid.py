"""The oracle as a laboratory hybrid (``oracle:sees=play+claim``): the true deal only in
the phases named, the sampling level's deals elsewhere."""

from __future__ import annotations

import random

import pytest

from preferans.bots import make_bot
from preferans.bots.oracle import OracleBot
from preferans.bots.sampling import SamplingBot
from preferans.errors import PreferansError
from preferans.game import Deal, DealState, Phase, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat


def _first_bid(seed: int) -> DealState:
    rules = find_rules("sochi")
    return new_deal(rules, Deal.random(rules, Seat.S, random.Random(seed)))


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_an_unseen_phase_is_decided_as_the_sampling_level_decides(seed: int) -> None:
    state = _first_bid(seed)
    assert state.actor is not None and state.phase is Phase.BIDDING
    hybrid = OracleBot(seed=1, sees="play+claim")
    sampling = SamplingBot(seed=1)
    decided = hybrid.choose_state(state)
    expected = sampling.decide(state.view(state.actor))
    assert decided == expected.action
    assert hybrid.samples == sampling.samples


def test_a_seen_phase_weighs_the_one_true_deal() -> None:
    state = _first_bid(5)
    hybrid = OracleBot(seed=1, sees="bidding")
    assert state.actor is not None
    hybrid._state = state
    try:
        decision = hybrid.decide(state.view(state.actor))
    finally:
        hybrid._state = None
    assert decision.samples == 1


def test_the_full_oracle_sees_every_phase() -> None:
    assert OracleBot().sees == frozenset(Phase)
    assert OracleBot().samples == 1


def test_an_unknown_phase_is_named_in_the_error() -> None:
    with pytest.raises(PreferansError, match="unknown phase 'biding'"):
        make_bot("oracle", seed=0, sees="biding+play")
