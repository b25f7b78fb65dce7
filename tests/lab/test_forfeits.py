"""Every kind of bad answer forfeits that one decision, is logged and counted; the match goes on."""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Callable

import pytest

from preferans.bots import make_bot
from preferans.game import Deal, new_deal
from preferans.lab.protocol import ForfeitKind
from preferans.lab.runner import MAX_RESTARTS, ExternalBot, fallback
from preferans.match import run_match
from preferans.rules import find_rules
from preferans.seats import Seat, player_seats

KINDS = [
    ("not-json", ForfeitKind.NOT_JSON),
    ("not-an-answer", ForfeitKind.NOT_AN_ANSWER),
    ("unknown-index", ForfeitKind.UNKNOWN_INDEX),
    ("illegal", ForfeitKind.ILLEGAL),
]


def _views(count: int, seat: Seat = Seat.S):  # type: ignore[no-untyped-def]
    """Views of ``seat`` when it is to act, over a few random deals."""
    rules = find_rules("sochi")
    out = []
    for seed in range(20):
        state = new_deal(rules, Deal.random(rules, Seat.E, __import__("random").Random(seed)))
        bot = make_bot("random", seed=seed)
        while not state.is_over and len(out) < count:
            assert state.actor is not None
            if state.actor == seat:
                out.append(state.view(seat))
            state = state.apply(bot.choose(state.view(state.actor)))
        if len(out) >= count:
            break
    return rules, out


@pytest.mark.parametrize(("mode", "kind"), KINDS)
def test_a_malformed_answer_forfeits_the_decision_and_plays_the_fallback(
    engine_cmd: Callable[..., str],
    caplog: pytest.LogCaptureFixture,
    mode: str,
    kind: ForfeitKind,
) -> None:
    rules, views = _views(4)
    bot = ExternalBot(engine_cmd(mode)[4:], rules, player_seats(rules.players), deadline=5.0)
    try:
        with caplog.at_level(logging.WARNING, logger="preferans.lab"):
            for view in views:
                assert bot.choose(view) == fallback(view)
    finally:
        bot.close()
    assert bot.forfeits == {kind: len(views)}
    assert len([r for r in caplog.records if kind.value in r.getMessage()]) == len(views)
    assert all("forfeit" in r.getMessage() and "played" in r.getMessage() for r in caplog.records)


def test_an_answer_past_the_deadline_forfeits_and_the_engine_is_restarted(
    engine_cmd: Callable[..., str], caplog: pytest.LogCaptureFixture
) -> None:
    rules, views = _views(MAX_RESTARTS + 3)
    bot = ExternalBot(engine_cmd("late")[4:], rules, player_seats(rules.players), deadline=0.3)
    try:
        with caplog.at_level(logging.WARNING, logger="preferans.lab"):
            played = [bot.choose(view) for view in views]
    finally:
        bot.close()
    assert played == [fallback(view) for view in views]
    # the first answer and one after each restart came too late; then the engine is given up
    assert bot.forfeits == {
        ForfeitKind.LATE: MAX_RESTARTS + 1,
        ForfeitKind.GAVE_UP: len(views) - MAX_RESTARTS - 1,
    }
    assert sum("restarting the engine" in r.getMessage() for r in caplog.records) == MAX_RESTARTS


def test_a_dying_engine_is_restarted_and_its_good_answers_still_count(
    engine_cmd: Callable[..., str],
) -> None:
    rules, views = _views(10)
    bot = ExternalBot(engine_cmd("dies")[4:], rules, player_seats(rules.players), deadline=5.0)
    try:
        for view in views:
            assert bot.choose(view) in view.legal_actions
    finally:
        bot.close()
    died = bot.forfeits[ForfeitKind.DIED]
    assert 1 <= died <= MAX_RESTARTS + 1
    assert bot.restarts[Seat.S] == MAX_RESTARTS
    assert sum(bot.forfeits.values()) < len(views)


def test_a_program_that_cannot_start_forfeits_without_stopping_anything() -> None:
    rules, views = _views(2)
    bot = ExternalBot(
        f"{sys.executable} -c 'import sys; sys.exit(1)'", rules, (Seat.S,), deadline=2
    )
    try:
        assert [bot.choose(v) for v in views] == [fallback(v) for v in views]
    finally:
        bot.close()
    assert bot.forfeits[ForfeitKind.DIED] >= 1


def test_a_match_with_a_broken_engine_is_played_to_the_end_and_prints_the_forfeits(
    engine_cmd: Callable[..., str],
) -> None:
    spec = engine_cmd("illegal")
    result = run_match([spec, "random"], find_rules("sochi"), 2, seed=1)
    assert result.deals == 2
    assert result.forfeits[0][ForfeitKind.ILLEGAL.value] == result.decisions[0] > 0
    shown = subprocess.run(
        [
            sys.executable,
            "-m",
            "preferans",
            "match",
            "--bots",
            f"{spec},random",
            "--deals",
            "2",
            "--no-progress",
            "--processes",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert (
        f"forfeits of {spec}: {result.decisions[0]} (illegal action {result.decisions[0]})"
        in shown.stdout
    )
    assert "forfeit (illegal action" in shown.stderr
