"""Random legal games survive text and JSON unchanged, and replay to the same sheet."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation_games import random_game

from preferans.notation import dumps, from_json, loads, to_json
from preferans.notation.fair import check_fairness
from preferans.notation.replay import replay

GAMES = st.builds(
    random_game,
    variant=st.sampled_from(["sochi", "leningrad", "rostov"]),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(min_value=0, max_value=2**32),
    max_deals=st.integers(min_value=1, max_value=6),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=GAMES, ascii=st.booleans())
def test_text_round_trip(record: object, ascii: bool) -> None:
    text = dumps(record, ascii=ascii)  # type: ignore[arg-type]
    back = loads(text)
    assert back == record
    assert dumps(back, ascii=ascii) == text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=GAMES)
def test_json_round_trip(record: object) -> None:
    assert from_json(to_json(record)) == record  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=GAMES)
def test_replay_reproduces_the_sheet_and_deals_are_fair(record: object) -> None:
    from preferans.notation import GameRecord

    assert isinstance(record, GameRecord)
    played = replay(record)
    # the sheet written while playing is the one the replay writes
    assert [d.sheet for d in record.deals] == [r.writes for r in played.sheet.records]
    again = replay(loads(dumps(record)))
    assert again.sheet.to_dict() == played.sheet.to_dict()
    for deal, state in zip(record.deals, again.states, strict=True):
        assert state.history == deal.moves
        assert state.is_over
    assert check_fairness(record).ok


def test_conventions_survive() -> None:
    record = random_game(
        "sochi", 4, 7, 3, throw_talon=True, no_talon_bids=True, raspasy_progression=(1, 2, 4)
    )
    back = loads(dumps(record))
    assert back.rules == record.rules
    assert back == record
