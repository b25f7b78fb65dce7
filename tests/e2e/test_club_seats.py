"""A seat belongs to its player, in the browser: a short absence keeps it, a long one hands
it to the strong bot with a banner for everybody and an "I'm back"; a table where every
person is away pauses; a missed clock plays one move; leaving; adjourning and resuming."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.helpers import (
    alone_at_a_table,
    events_of,
    open_table,
    play_step,
    two_at_a_table,
)

pytestmark = pytest.mark.slow


def test_away_after_the_grace_with_a_banner_for_everyone_and_back_at_once(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    anna, boris, table_id = two_at_a_table(
        browser, contexts, server, ("away", "stay"), away_seconds=3
    )
    # A short absence (a reload, a lost connection) is not absence: the seat stays hers.
    anna.page.goto("/api/health")
    boris.page.wait_for_timeout(1000)
    open_table(anna, table_id)
    boris.page.wait_for_timeout(3000)
    assert not events_of(boris, "presence", seat="S", away=True)
    assert boris.page.locator(".notice.away").count() == 0
    # A tab in the background past the grace is not absence either.
    other = anna.context.new_page()
    other.goto("/api/health")
    other.bring_to_front()
    boris.page.wait_for_timeout(4000)
    assert not events_of(boris, "presence", seat="S", away=True)
    other.close()
    anna.page.bring_to_front()
    # Gone past the grace: everybody is told, and the strong bot plays for her.
    anna.page.goto("/api/health")
    banner = boris.page.locator('.notice.away[data-seat="S"]')
    banner.wait_for(timeout=10_000)
    assert "strong bot" in banner.inner_text()
    assert not boris.page.locator(".notice.paused").count()  # Boris is here: play goes on
    boris.page.screenshot(path=str(artifacts / "away-banner.png"))
    # Coming back does not end it by itself; "I'm back" returns the seat at once.
    open_table(anna, table_id)
    mine = anna.page.locator(".notice.away.mine")
    mine.wait_for()
    anna.page.screenshot(path=str(artifacts / "away-im-back.png"))
    anna.page.locator("button.im-back").click()
    mine.wait_for(state="detached")
    banner.wait_for(state="detached")
    assert events_of(boris, "presence", seat="S", away=False)
    assert not anna.errors and not boris.errors, anna.errors + boris.errors


def test_a_table_where_every_person_is_away_pauses(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    solo, table_id = alone_at_a_table(browser, contexts, server, "pause", away_seconds=2)
    solo.page.goto("/api/health")
    time.sleep(3.5)
    solo.frames.clear()
    open_table(solo, table_id)
    notice = solo.page.locator(".notice.paused")
    notice.wait_for()
    snapshot = next(f for f in solo.frames if f.get("type") == "snapshot")
    assert snapshot["paused"] is True
    solo.page.wait_for_timeout(1500)
    assert not events_of(solo, "action"), "bots played on at a table with nobody present"
    solo.page.screenshot(path=str(artifacts / "paused.png"))
    solo.page.locator(".notice.paused button.im-back").click()
    notice.wait_for(state="detached")
    # Play goes on: the bots move or it is South's own turn again.
    solo.page.wait_for_function(
        "() => document.querySelector('.status-line.mine') !== null"
        " || document.querySelectorAll('.trick-card').length > 0"
        " || document.querySelectorAll('[data-seat] .call').length > 0"
    )
    assert not solo.errors, solo.errors


def test_a_missed_clock_plays_one_move_and_the_seat_stays_his(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    slow, _ = alone_at_a_table(browser, contexts, server, "clock", clock_seconds=2)
    page = slow.page
    # South does nothing on his first turn: the clock runs out and one move is his bot's.
    deadline = time.monotonic() + 30
    while not events_of(slow, "action", seat="S", auto=True):
        assert time.monotonic() < deadline, "the clock did not run out"
        page.wait_for_timeout(200)
    assert not events_of(slow, "presence", seat="S", away=True)
    assert page.locator(".notice.away").count() == 0
    # The next turn is his again and his click counts.
    before = len(events_of(slow, "action", seat="S", auto=False))
    deadline = time.monotonic() + 40
    while len(events_of(slow, "action", seat="S", auto=False)) == before:
        assert time.monotonic() < deadline, "South never got his seat back"
        if page.locator(".status-line.mine").count():
            play_step(page)
        page.wait_for_timeout(100)
    page.screenshot(path=str(artifacts / "missed-clock.png"))
    assert not slow.errors, slow.errors


def test_leaving_a_started_game_gives_the_seat_to_a_bot_for_good(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    anna, boris, table_id = two_at_a_table(browser, contexts, server, ("quit", "plays"))
    anna.page.on("dialog", lambda dialog: dialog.accept())
    anna.page.locator(".seat-menu summary").click()
    anna.page.locator("button.quit-game").click()
    # Boris sees her seat kept in her name, played by the stand-in.
    seat = boris.page.locator('.seat-head[data-seat="S"]')
    seat.locator(".badge", has_text="left the game").wait_for()
    assert "stand-in" in seat.inner_text()
    table = boris.context.request.get(f"/api/tables/{table_id}").json()
    south = next(s for s in table["seats"] if s["seat"] == "S")
    assert south["left"] is True and south["bot"] == "master"
    # Her seat is not hers to play any more: she has no calls or playable cards.
    anna.page.wait_for_timeout(500)
    assert anna.page.locator(".seat-menu").count() == 0
    boris.page.screenshot(path=str(artifacts / "left-game.png"))
    assert not anna.errors and not boris.errors, anna.errors + boris.errors


def test_adjourned_by_everybody_and_resumed_from_the_lobby(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    anna, boris, table_id = two_at_a_table(browser, contexts, server, ("adj", "agree"))
    anna.page.locator(".seat-menu summary").click()
    anna.page.locator("button.adjourn-propose").click()
    asked = boris.page.locator(".notice.adjourn")
    asked.wait_for()
    assert "1 of 2" in asked.inner_text()
    boris.page.screenshot(path=str(artifacts / "adjourn-asked.png"))
    boris.page.locator("button.adjourn-agree").click()
    for person in (anna, boris):
        person.page.locator('.notice[data-notice="adjourned"]').wait_for()
    hand = anna.page.locator(".pos-bottom .cards.big").inner_text()
    # Later, from the lobby: "Resume" brings the game back where it stopped.
    anna.page.goto("/#/")
    row = anna.page.locator(f'.table-row[data-table="{table_id}"]')
    row.locator(".status", has_text="adjourned").wait_for()
    anna.page.screenshot(path=str(artifacts / "lobby-adjourned.png"))
    row.locator("button.resume").click()
    anna.page.wait_for_url(f"**/#/table/{table_id}")
    anna.page.wait_for_selector(".pos-bottom .cards.big .card-slot")
    assert anna.page.locator(".notice.adjourned").count() == 0
    assert anna.page.locator(".pos-bottom .cards.big").inner_text() == hand
    table = anna.context.request.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "playing"
    assert not anna.errors and not boris.errors, anna.errors + boris.errors
