"""The web client end to end: a real server, real chromium, people clicking."""

from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.e2e.helpers import (
    Person,
    cards_in,
    frames_by_version,
    open_person,
    play_step,
    sheet_on_page,
    unique,
)

pytestmark = pytest.mark.slow


def _play_until(people: list[Person], done: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "the game did not get there in time"
        acted = False
        for person in people:
            acted = play_step(person.page) or acted
        people[0].page.wait_for_timeout(40 if acted else 80)


def test_one_person_and_two_bots_play_a_whole_game(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    me = open_person(browser, contexts, server)
    page = me.page
    page.goto("/")
    # Register through the page.
    page.get_by_role("button", name="New here? Register").click()
    page.fill("input[name=name]", unique("solo"))
    page.fill("input[name=password]", "secret-pass")
    page.locator("form.auth button[type=submit]").click()
    # Open a short table: two novice (heuristic) bots, pulya to 2, ending on the total.
    page.wait_for_selector("form.create")
    page.select_option("select[name=bot-level]", "novice")
    page.fill("input[name=target]", "2")
    page.locator("form.create details summary").click()
    page.check("input[name=end_on_total]")
    page.locator("form.create button[type=submit]").click()
    page.wait_for_url("**/#/table/*")
    table_id = int(page.url.rsplit("/", 1)[1])
    page.wait_for_selector(".pos-bottom .cards.big .card-slot")

    def finished() -> bool:
        return bool(page.locator(".final .settlement").count() > 0)

    _play_until([me], finished, timeout=150)
    summary = httpx.get(f"{server}/api/games/{table_id}").json()
    page.wait_for_selector(".breakdown li ul li")  # the writes with their reasons arrived
    assert sheet_on_page(page) == summary["sheet"]["totals"]
    columns = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.settlement tbody tr')]
            .map(r => [r.dataset.seat, Object.fromEntries([...r.querySelectorAll('td')]
                .map(td => [td.dataset.column, td.textContent]))]))"""
    )
    settlement = summary["settlement"]
    expected = {
        seat: ("+" if not value.startswith(("-", "0")) else "") + value
        for seat, value in settlement["rounded"].items()
    }
    assert {seat: row["rounded"] for seat, row in columns.items()} == expected
    # Every column equals its figure: the sheet's pulya and gora as drawn, then the gora
    # after closing the pulyas (the difference is shown in its own column, explained).
    totals = summary["sheet"]["totals"]
    for seat, row in columns.items():
        assert row["pulya"] == totals[seat]["pulya"] == settlement["pulya"][seat]
        assert row["gora_written"] == totals[seat]["gora"]
        assert row["gora"] == settlement["gora"][seat]
        closing = sum(Fraction(w["amount"]) for w in settlement["closing"] if w["seat"] == seat)
        assert Fraction(row["gora_written"]) + closing == Fraction(row["gora"])
    assert page.locator(".settlement-explain").is_visible()
    page.locator(".table-side").screenshot(path=str(artifacts / "sheet.png"))
    page.screenshot(path=str(artifacts / "table-finished.png"))
    # The replay viewer steps through the recorded deals.
    page.goto(f"/#/replay/{table_id}")
    page.wait_for_selector(".replay-board")
    page.get_by_role("button", name="Forward").click()
    assert "Step 1" in page.locator(".step").inner_text()
    assert not me.errors


def test_three_people_play_a_deal_and_a_spectator_sees_no_hidden_card(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    people = [open_person(browser, contexts, server, name=unique(f"p{i}")) for i in range(3)]
    host = people[0].context.request
    response = host.post("/api/tables", data={"players": 3, "preset": "leningrad", "target": 10})
    assert response.status == 201, response.text()
    table_id = response.json()["id"]
    people[0].page.goto("/")
    people[0].page.wait_for_selector(f'.table-row[data-table="{table_id}"]')
    people[0].page.screenshot(path=str(artifacts / "lobby.png"))
    for person, seat in zip(people[1:], ("W", "E"), strict=True):
        reply = person.context.request.post(f"/api/tables/{table_id}/sit", data={"seat": seat})
        assert reply.status == 200, reply.text()
    watcher = open_person(browser, contexts, server)
    watcher.page.goto(f"/#/table/{table_id}")
    for person in people:
        person.page.goto(f"/#/table/{table_id}")
        person.page.wait_for_selector(".pos-bottom .cards.big svg.face")

    shot_taken = False

    def deal_over() -> bool:
        nonlocal shot_taken
        if not shot_taken and people[0].page.locator(".trick .trick-card").count() >= 2:
            people[0].page.screenshot(path=str(artifacts / "table-mid-play.png"))
            shot_taken = True
        return any(f.get("kind") == "deal_end" for f in people[0].frames)

    _play_until(people, deal_over, timeout=90)
    for person in people:
        # A locator, not a string predicate: the page's CSP refuses to eval one.
        person.page.locator(".breakdown li").first.wait_for(state="attached")
    totals = [sheet_on_page(p.page) for p in people]
    assert totals[0] == totals[1] == totals[2] and totals[0]
    watcher.page.locator(".breakdown li").first.wait_for(state="attached")
    assert sheet_on_page(watcher.page) == totals[0]

    # Every card the spectator was sent was known to all three players at that version.
    seen = [frames_by_version(p.frames) for p in people]
    checked = 0
    for frame in watcher.frames:
        if frame.get("type") not in ("event", "snapshot"):
            continue
        v = frame["v"]
        if not all(v in s for s in seen):
            continue
        public = set.intersection(*(s[v] for s in seen))
        hidden = cards_in(frame) - public
        assert not hidden, f"v{v}: the spectator got hidden cards {hidden}"
        checked += 1
    assert checked >= 20
    # And the page shows no face-up card outside what the spectator was last sent.
    last = cards_in([f for f in watcher.frames if f.get("type") in ("event", "snapshot")][-1])
    shown = set(
        watcher.page.evaluate(
            "() => [...document.querySelectorAll('svg.face')].map(c => c.dataset.card)"
        )
    )
    assert shown <= last
    assert not any(p.errors for p in [*people, watcher])


def test_a_reload_mid_deal_resumes_the_game(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    me = open_person(browser, contexts, server, name=unique("reload"))
    response = me.context.request.post(
        "/api/tables",
        data={"players": 3, "target": 10, "bots": {"W": "random", "E": "random"}},
    )
    assert response.status == 201, response.text()
    table_id = response.json()["id"]
    page = me.page
    page.goto(f"/#/table/{table_id}")
    page.wait_for_selector(".pos-bottom .cards.big svg.face")

    def some_cards_played() -> bool:
        return any(
            f.get("view") and len(f["view"].get("completed_tricks", [])) >= 2 for f in me.frames
        ) or any(f.get("kind") == "deal_end" for f in me.frames)

    _play_until([me], some_cards_played, timeout=60)
    before = page.evaluate(
        "() => [...document.querySelectorAll('.pos-bottom svg.face')].map(c => c.dataset.card)"
    )
    frames_before = len(me.frames)
    page.reload()
    page.wait_for_selector(".pos-bottom .cards.big .card-slot")
    assert any(f.get("type") == "snapshot" for f in me.frames[frames_before:])
    after = page.evaluate(
        "() => [...document.querySelectorAll('.pos-bottom svg.face')].map(c => c.dataset.card)"
    )
    assert set(after) <= set(before) or not before
    # The game goes on from where it was: one more of my actions is accepted.
    acks = sum(1 for f in me.frames if f.get("type") == "ack")
    _play_until([me], lambda: sum(1 for f in me.frames if f.get("type") == "ack") > acks, 30)
    assert not me.errors


def test_phone_layout_and_russian(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    me = open_person(browser, contexts, server, viewport=(390, 844), name=unique("phone"))
    response = me.context.request.post(
        "/api/tables",
        data={"players": 4, "target": 10, "bots": {"W": "random", "N": "random", "E": "random"}},
    )
    assert response.status == 201, response.text()
    page = me.page
    page.goto(f"/#/table/{response.json()['id']}")
    page.wait_for_selector(".pos-bottom .cards.big .card-slot")
    page.locator("#language").click()
    page.wait_for_selector("text=Лобби")
    page.wait_for_selector(".pos-bottom .cards.big .card-slot")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    page.screenshot(path=str(artifacts / "phone-table-ru.png"))
    page.keyboard.press("?")
    page.wait_for_selector(".overlay .keys")
    page.keyboard.press("Escape")
    assert not me.errors
