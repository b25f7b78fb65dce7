"""``declarer_reads``: whether the declarer reads the defenders' cards as they play them
(the defenders and raspasy players read either way)."""

from __future__ import annotations

import pytest

from preferans.bots.sampling import SamplingBot
from preferans.errors import PreferansError
from preferans.game import Phase, View

from .conftest import heuristic_views


def _game_play(view: View) -> bool:
    """A card decision in a game with tricks already played, so there is play to read."""
    return (
        view.phase is Phase.PLAY
        and view.contract is not None
        and view.declarer is not None
        and len(view.hand) <= 7
        and len(view.legal_actions) > 1
    )


def test_only_the_declarer_stops_reading() -> None:
    reading = SamplingBot(seed=4)
    not_reading = SamplingBot(seed=4, read_pool=0)
    defenders_only = SamplingBot(seed=4, declarer_reads=False)
    declarer_views = defender_views = 0
    for view in heuristic_views("sochi", 3, 30, _game_play):
        worlds, _ = defenders_only.card_worlds(view, 8)
        if view.seat == view.declarer:
            declarer_views += 1
            assert worlds == not_reading.card_worlds(view, 8)[0]
        else:
            defender_views += 1
            assert worlds == reading.card_worlds(view, 8)[0]
    assert declarer_views >= 5 and defender_views >= 5


def test_reading_and_not_reading_draw_differently_for_the_declarer() -> None:
    """The first test would pass with reading ignored everywhere: here it is not."""
    reading = SamplingBot(seed=4)
    not_reading = SamplingBot(seed=4, read_pool=0)
    views = [v for v in heuristic_views("sochi", 3, 30, _game_play) if v.seat == v.declarer]
    assert any(reading.card_worlds(v, 8)[0] != not_reading.card_worlds(v, 8)[0] for v in views)


def test_the_setting_is_a_yes_or_no() -> None:
    with pytest.raises(PreferansError, match="declarer_reads"):
        SamplingBot(declarer_reads="maybe")  # type: ignore[arg-type]
