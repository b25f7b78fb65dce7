"""Moves a stand-in bot played for an absent player are marked and survive every form."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation_games import random_game

from preferans.notation import DealRecord, GameRecord, dumps, from_json, loads, to_json
from preferans.notation.errors import NotationError
from preferans.notation.replay import replay


def _mark(record: GameRecord, picks: list[int]) -> GameRecord:
    """Mark moves of each deal as substituted, chosen by ``picks`` (any integers)."""
    deals = []
    for number, deal in enumerate(record.deals):
        moves = len(deal.moves)
        marks = frozenset(p % moves for p in picks[number::3]) if moves else frozenset()
        deals.append(dataclasses.replace(deal, substituted=marks))
    return dataclasses.replace(record, deals=tuple(deals))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.sampled_from([2, 3, 4]),
    picks=st.lists(st.integers(min_value=0, max_value=500), max_size=12),
    ascii=st.booleans(),
)
def test_marks_survive_text_and_json(
    seed: int, players: int, picks: list[int], ascii: bool
) -> None:
    record = _mark(random_game("sochi", players, seed, 3), picks)
    assert loads(dumps(record, ascii=ascii)) == record
    assert from_json(to_json(record)) == record
    played = replay(loads(dumps(record)))  # the marks change nothing that is replayed
    assert [state.history for state in played.states] == [deal.moves for deal in record.deals]


def test_a_marked_move_reads_with_a_star() -> None:
    record = random_game("sochi", 3, 5, 1)
    deal = record.deals[0]
    last = len(deal.moves) - 1
    marked = dataclasses.replace(record, deals=(dataclasses.replace(deal, substituted={last}),))
    text = dumps(marked)
    seat, _ = deal.moves[last]
    line = next(row for row in text.splitlines() if row.startswith("Trick 10:"))
    assert line.endswith("*")
    assert line.count("*") == 1
    assert f"{seat.name} " in line.rsplit(",", 1)[-1]
    assert "*" not in dumps(record)


def test_a_mark_outside_the_moves_is_refused() -> None:
    deal = random_game("sochi", 3, 5, 1).deals[0]
    with pytest.raises(ValueError, match="substituted move 400"):
        DealRecord(deal.number, deal.dealer, deal.hands, deal.talon, deal.moves, substituted={400})


def test_a_lone_star_is_not_a_move() -> None:
    text = dumps(random_game("sochi", 3, 5, 1))
    broken = text.replace("Trick 10: ", "Trick 10: *, ", 1)
    with pytest.raises(NotationError, match="not a move"):
        loads(broken)
