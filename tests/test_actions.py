"""Action indices and parsing; the constants are the indexed instances."""

from __future__ import annotations

from preferans.actions import (
    ACTION_COUNT,
    PASS,
    WHIST,
    Bid,
    Claim,
    Declare,
    action_from_index,
    parse_action,
)
from preferans.cards import Card
from preferans.contracts import Contract


def test_indices_roundtrip() -> None:
    for index in range(ACTION_COUNT):
        assert action_from_index(index).index == index


def test_constants_are_shared_instances() -> None:
    assert action_from_index(PASS.index) is PASS
    assert parse_action("вист") is WHIST and parse_action("pass") is PASS


def test_parse() -> None:
    assert parse_action("♠9").card is Card.parse("♠9")  # type: ignore[union-attr]
    assert parse_action("7♣") == Bid(Contract.parse("7♣"))
    assert parse_action("play 7♣") == Declare(Contract.parse("7♣"))
    assert parse_action("claim 3") == Claim(3)
