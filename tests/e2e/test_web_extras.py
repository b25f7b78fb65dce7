"""The page with what the club added for it: hints, chat, the bula sheet of a Balkan table,
and the solver's values in the replay."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.e2e.helpers import (
    create_table,
    move_refused_as_too_fast,
    open_person,
    plain_move,
    play_step,
    sit,
    unique,
)
from websockets.sync.client import connect

pytestmark = pytest.mark.slow


def test_hint_shows_a_reason_and_chat_reaches_another_person(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    anna = open_person(browser, contexts, server, name=unique("anna"))
    boris = open_person(browser, contexts, server, name=unique("boris"))
    table_id = create_table(anna, players=3, preset="sochi", target=10, bots={"E": "random"})
    sit(boris, table_id, "W")
    for person in (anna, boris):
        person.page.goto(f"/#/table/{table_id}")
    page = anna.page
    page.wait_for_selector("button.hint-button:not([disabled])")
    page.locator("button.hint-button").click()
    line = page.locator(".hint-line")
    line.wait_for()
    # The advice and its reason, or (on failure) what the player saw instead: a refusal,
    # "no answer" after the client's wait.
    deadline = time.monotonic() + 30
    while len(line.inner_text().partition(" — ")[2]) <= 3 and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert len(line.inner_text().partition(" — ")[2]) > 3, line.inner_text()
    page.screenshot(path=str(artifacts / "table-hint.png"))

    page.locator("button.tab", has_text="Chat").click()
    page.fill(".chat-input", "good luck, Boris")
    page.locator(".chat-form button[type=submit]").click()
    other = boris.page
    other.locator("button.tab", has_text="Chat").click()
    other.locator(".chat-log li", has_text="good luck, Boris").wait_for()
    other.fill(".chat-input", "thanks!")
    other.locator(".chat-form button[type=submit]").click()
    page.locator(".chat-log li", has_text="thanks!").wait_for()
    other.screenshot(path=str(artifacts / "table-chat.png"))
    assert not anna.errors and not boris.errors, anna.errors + boris.errors


def test_a_balkan_table_shows_the_bula_sheet(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    me = open_person(browser, contexts, server, name=unique("vuk"))
    table_id = create_table(
        me, players=3, preset="balkan", target=10, bots={"W": "heuristic", "E": "heuristic"}
    )
    page = me.page
    page.goto(f"/#/table/{table_id}")
    page.wait_for_selector(".pos-bottom .cards.big .card-slot")
    sheet = page.locator("img.bula-sheet")
    sheet.wait_for()
    page.wait_for_function("() => document.querySelector('img.bula-sheet')?.naturalWidth > 0")
    assert page.locator(".sheet-link a").get_attribute("href", timeout=5000) is not None
    calls = page.locator("button.call").all_inner_texts()
    assert any(text.strip().startswith("2♠") or "Pass" in text for text in calls), calls
    page.screenshot(path=str(artifacts / "balkan-table.png"))
    # A few moves of a Balkan deal, clicked like a person.
    deadline = time.monotonic() + 20
    moves = 0
    while moves < 6 and time.monotonic() < deadline:
        moves += play_step(page)
        page.wait_for_timeout(120)
    page.screenshot(path=str(artifacts / "balkan-play.png"))
    assert not me.errors, me.errors


def _play_by_socket(server: str, cookie: str, table_id: int) -> None:
    """South plays random legal actions over the websocket until the game ends."""
    rng = random.Random(7)
    url = server.replace("http", "ws") + f"/ws/tables/{table_id}"
    move = -1
    with connect(url, additional_headers={"Cookie": f"pref_session={cookie}"}) as ws:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=30))
            if message.get("kind") == "game_end" or message.get("status") == "finished":
                return
            if move_refused_as_too_fast(message):
                time.sleep(1)
                ws.send(json.dumps({"type": "action", "action": move}))
            if message.get("legal") and message.get("turn") == "S":
                # No claims and no accepted claims: the deals end with a card, for the solver.
                move = plain_move(rng, message["legal"])
                ws.send(json.dumps({"type": "action", "action": move}))
    raise AssertionError("the game did not end")


def test_the_replay_shows_the_solvers_values(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    name = unique("solver")
    played: int | None = None
    with httpx.Client(base_url=server) as http:
        http.post("/api/register", json={"name": name, "password": "secret-pass"})
        # A short game may have no deal played out (a walk-away, both defenders passing):
        # play another until one ends with a card.
        for _ in range(5):
            created = http.post(
                "/api/tables",
                json={"players": 3, "target": 2, "bots": {"W": "random", "E": "random"}},
            )
            table_id = created.json()["id"]
            _play_by_socket(server, http.cookies["pref_session"], table_id)
            record = http.get(f"/api/games/{table_id}/record").json()
            played = next(
                (
                    i
                    for i, deal in enumerate(record["deals"])
                    if deal["actions"][-1]["action"][0] in "♠♣♦♥"
                ),
                None,
            )
            if played is not None:
                break
    assert played is not None, "five games without a deal played out"
    me = open_person(browser, contexts, server)
    page = me.page
    page.goto(f"/#/replay/{table_id}")
    page.wait_for_selector(".replay-board")
    page.select_option(".replay-controls select", str(played))
    # Step back to the last card of the deal, where the solver surely has values.
    page.locator(".replay-controls button", has_text="End").click()
    page.keyboard.press("ArrowLeft")
    page.locator(".solver-value").first.wait_for(timeout=30_000)
    assert "Solver" in page.locator(".solver-note").inner_text()
    page.screenshot(path=str(artifacts / "replay-solver.png"))
    assert not me.errors, me.errors
