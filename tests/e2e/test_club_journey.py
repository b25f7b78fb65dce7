"""The way from the first visit to the settlement: the create form for every variant, the
creator brought to his table, the contract grid, the two-card discard, a spectator of a
closed table, Hint's refusal in the server's words, the phone sheet, the player's page."""

from __future__ import annotations

import asyncio
import json
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from tests.e2e.helpers import (
    Person,
    create_table,
    move_refused_as_too_fast,
    open_person,
    plain_move,
    play_step,
    sit,
    unique,
)

pytestmark = pytest.mark.slow


def test_every_variant_and_table_size_is_created_with_the_forms_defaults(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    me = open_person(browser, contexts, server, name=unique("form"))
    page = me.page
    page.goto("/")
    form = page.locator("form.create")
    form.wait_for()
    variants = page.eval_on_selector_all(
        "select[name=preset] option", "options => options.map(o => o.value)"
    )
    assert variants == ["sochi", "leningrad", "rostov", "balkan"]  # no aliases, no raw names
    labels = page.eval_on_selector_all(
        "select[name=preset] option", "options => options.map(o => o.textContent)"
    )
    assert labels == ["Sochi", "Leningrad", "Rostov", "Balkan"]
    created: list[tuple[str, int, int]] = []
    for variant in variants:
        page.select_option("select[name=preset]", variant)
        sizes = page.eval_on_selector_all(
            "select[name=players] option", "options => options.map(o => Number(o.value))"
        )
        assert sizes == ([3] if variant == "balkan" else [3, 4, 2])
        for players in sizes:
            page.select_option("select[name=players]", str(players))
            before = form.get_attribute("data-created") or ""
            form.locator("button[type=submit]").click()
            page.wait_for_function(
                "(before) => (document.querySelector('form.create').dataset.created || '')"
                " !== before"
                " || document.querySelector('form.create .form-error').textContent",
                arg=before,
            )
            assert not form.locator(".form-error").inner_text(), (variant, players)
            created.append((variant, players, int(form.get_attribute("data-created") or 0)))
        if variant == "balkan":
            form.locator("details.conventions-box summary").click()
            refe = form.locator("input[name=refe]")
            assert refe.input_value() == "2" and refe.get_attribute("min") == "0"
            item = form.locator('[data-convention="refe"]')
            assert "default: 2" in item.inner_text() and "refe" in item.inner_text().lower()
            assert form.locator("input[name=walk_away]").is_disabled()  # fixed in Balkan
            form.screenshot(path=str(artifacts / "create-balkan.png"))
    for variant, players, table_id in created:
        table = httpx.get(f"{server}/api/tables/{table_id}").json()
        assert "variant" in table, (variant, players, table_id, table)
        assert (table["variant"], table["players"]) == (variant, players)
        # The defaults are the variant's own (the table size is not a convention).
        assert {k: v for k, v in table["conventions"].items() if k != "players"} == {}
        assert table["away_seconds"] == 60
    # A Balkan table is a "bula from", not a "pulya to".
    page.goto("/")
    balkan = next(t for v, _, t in created if v == "balkan")
    row = page.locator(f'.table-row[data-table="{balkan}"]')
    assert "Bula from 10" in row.inner_text() and "Pulya to" not in row.inner_text()
    assert not me.errors, me.errors


def test_the_creator_is_brought_to_his_table_when_it_fills(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    host = open_person(browser, contexts, server, name=unique("host"))
    guests = [open_person(browser, contexts, server, name=unique(f"g{i}")) for i in range(2)]
    page = host.page
    page.goto("/")
    page.locator("#sound").uncheck()  # the player turned the sound off: the title still tells
    page.locator("form.create button[type=submit]").click()
    page.wait_for_function("() => document.querySelector('form.create').dataset.created")
    table_id = int(page.locator("form.create").get_attribute("data-created") or 0)
    page.locator(f'.table-row[data-table="{table_id}"]').wait_for()
    sit(guests[0], table_id, "W")
    sit(guests[1], table_id, "E")
    page.wait_for_url(f"**/#/table/{table_id}", timeout=10_000)
    assert page.evaluate("() => document.body.dataset.notified") == "title"
    assert "is full" in page.title() or "begins" in page.title()
    page.wait_for_selector(".pos-bottom .cards.big .card-slot")
    page.screenshot(path=str(artifacts / "brought-to-table.png"))
    assert not host.errors, host.errors


def test_a_spectator_is_told_when_the_table_is_closed(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    host = open_person(browser, contexts, server, name=unique("closer"))
    viewer = open_person(browser, contexts, server)
    table_id = create_table(host, players=3, target=10)
    viewer.page.goto(f"/#/table/{table_id}")
    viewer.page.locator(".status-line", has_text="Waiting for players").wait_for()
    left = host.context.request.post(f"/api/tables/{table_id}/leave")
    assert left.status == 200, left.text()
    viewer.page.locator(".notice.closed").wait_for()
    assert "closed" in viewer.page.locator(".centre").inner_text()
    viewer.page.screenshot(path=str(artifacts / "spectator-closed.png"))
    assert not viewer.errors, viewer.errors


def _my_turn(person: Person) -> dict[str, Any] | None:
    for frame in reversed(person.frames):
        if frame.get("type") in ("event", "snapshot") and "legal" in frame:
            return frame if frame.get("turn") == "S" and frame["legal"] else None
    return None


def test_the_grid_the_two_card_discard_and_hints_in_the_servers_words(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    me = open_person(browser, contexts, server, name=unique("grid"))
    table_id = create_table(me, players=3, target=10, bots={"W": "random", "E": "random"})
    page = me.page
    page.goto(f"/#/table/{table_id}")
    page.wait_for_selector(".pos-bottom .cards.big .card-slot")
    assert page.locator(".sheet-svg").count() == 1  # the sheet from the first moment
    hinted = False
    discarded = False
    deadline = time.monotonic() + 90
    while not discarded:
        assert time.monotonic() < deadline, "South never got to discard"
        frame = _my_turn(me)
        if frame is None:
            page.wait_for_timeout(60)
            continue
        phase = frame["view"]["phase"]
        grid = page.locator(".contract-grid")
        if phase in ("bidding", "contract") and grid.count():
            lit = page.eval_on_selector_all(
                ".contract-grid button.grid-cell.lit", "cells => cells.map(c => c.dataset.text)"
            )
            bids = sorted(
                a["text"] for a in frame["legal"] if a["text"] not in ("pass", "here", "мизер")
            )
            assert sorted(t for t in lit if t != "мизер") == bids
            if not hinted:
                # Hints are limited: the server's own words are shown, not "not available".
                for _ in range(5):
                    page.locator("button.hint-button").click()
                page.locator(".hint-line", has_text="limited").wait_for(timeout=5000)
                hinted = True
            # Bid the lowest lit contract (never misère), so South wins the auction.
            cells = page.locator(".contract-grid button.grid-cell.lit:not([data-grid=мизер])")
            if cells.count():
                page.screenshot(path=str(artifacts / "bidding-grid.png"))
                cells.first.click()
            else:
                play_step(page)
            page.wait_for_timeout(150)
            continue
        if phase == "discard":
            slots = page.locator(".pos-bottom .card-slot:has(svg.playable)")
            first, second, third = (slots.nth(i).get_attribute("data-card") for i in range(3))
            for text in (first, second):
                page.locator(f'.pos-bottom .card-slot[data-card="{text}"]').click(
                    position={"x": 6, "y": 40}
                )
            confirm = page.locator("button.discard-confirm")
            assert confirm.is_enabled()
            assert len(_events_after(me, frame)) == 0  # nothing was sent before confirming
            # Change of mind: put the first back, choose the third instead.
            page.locator(f'.pos-bottom .card-slot[data-card="{first}"]').click(
                position={"x": 6, "y": 40}
            )
            assert not confirm.is_enabled()
            page.locator(f'.pos-bottom .card-slot[data-card="{third}"]').click(
                position={"x": 6, "y": 40}
            )
            page.screenshot(path=str(artifacts / "discard-two.png"))
            confirm.click()
            page.wait_for_function(
                "() => !document.querySelector('button.discard-confirm')", timeout=10_000
            )
            mine = [
                f
                for f in me.frames
                if f.get("kind") == "action" and f.get("seat") == "S" and f.get("action")
            ]
            assert [f["action"]["text"] for f in mine[-2:]] == [second, third]
            discarded = True
            continue
        play_step(page)
        page.wait_for_timeout(100)
    # Then the contract is named from the whole ladder: levels × strains, the legal ones lit.
    page.locator(".contract-grid button.grid-cell.lit").first.wait_for(timeout=10_000)
    frame = _my_turn(me)
    assert frame is not None and frame["view"]["phase"] == "contract"
    lit = page.eval_on_selector_all(
        ".contract-grid button.grid-cell.lit", "cells => cells.map(c => c.dataset.text)"
    )
    assert sorted(lit) == sorted(a["text"] for a in frame["legal"] if a["text"].startswith("play"))
    levels = page.eval_on_selector_all(
        ".contract-grid .grid-row:not(.misere) .grid-level",
        "cells => cells.map(c => c.textContent)",
    )
    assert levels == ["6", "7", "8", "9", "10"]  # the whole ladder, the legal part lit
    page.screenshot(path=str(artifacts / "contract-grid.png"))
    page.locator(".contract-grid button.grid-cell.lit").first.click()
    page.wait_for_function("() => !document.querySelector('.contract-grid')")
    assert not me.errors, me.errors


def _events_after(person: Person, frame: dict[str, Any]) -> list[dict[str, Any]]:
    index = person.frames.index(frame)
    return [f for f in person.frames[index + 1 :] if f.get("kind") == "action"]


def test_the_phone_sheet_opens_and_closes_and_the_lobby_fits(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    me = open_person(browser, contexts, server, viewport=(390, 844), name=unique("thumb"))
    table_id = create_table(me, players=3, target=10, bots={"W": "random", "E": "random"})
    page = me.page
    page.goto("/")
    page.locator(f'.table-row[data-table="{table_id}"]').wait_for()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "phone-lobby.png"))
    page.goto(f"/#/table/{table_id}")
    page.wait_for_selector(".pos-bottom .cards.big .card-slot")
    side = page.locator(".table-side")
    assert not side.is_visible()
    page.locator("button.sheet-toggle").click()
    side.wait_for(state="visible")
    assert page.locator(".sheet-svg").is_visible()
    page.screenshot(path=str(artifacts / "phone-sheet-open.png"))
    page.locator("button.side-close").click()
    side.wait_for(state="hidden")
    page.wait_for_selector(".pos-bottom .cards.big .card-slot")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "phone-sheet-closed.png"))
    # The bidding grid with the hand above it, within the screen's width and height.
    grid = page.locator(".contract-grid")
    grid.wait_for(timeout=15_000)
    box = grid.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["y"] + box["height"] <= 844
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "phone-grid.png"))
    assert not me.errors, me.errors


async def _play_rated_game(server: str, cookies: dict[str, str], table_id: int) -> None:
    """People play random legal moves (no claims) over their sockets to the end."""
    rng = random.Random(3)
    url = server.replace("http", "ws") + f"/ws/tables/{table_id}"

    async def seat(cookie: str) -> None:
        you = None
        move = -1
        async with websockets.connect(
            url, additional_headers={"Cookie": f"pref_session={cookie}"}
        ) as ws:
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                if message.get("kind") == "game_end" or message.get("summary"):
                    return
                if message.get("type") == "snapshot":
                    you = message["you"]
                if move_refused_as_too_fast(message):
                    await asyncio.sleep(1)
                    await ws.send(json.dumps({"type": "action", "action": move}))
                if you and message.get("legal") and message.get("turn") == you:
                    move = plain_move(rng, message["legal"])
                    await ws.send(json.dumps({"type": "action", "action": move}))

    await asyncio.wait_for(asyncio.gather(*(seat(c) for c in cookies.values())), 120)


def test_the_players_page_from_the_leaderboard_and_the_table(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    names = [unique(f"r{i}") for i in range(2)]
    clients = []
    for name in names:
        client = httpx.Client(base_url=server)
        assert client.post("/api/register", json={"name": name, "password": "secret-pass"})
        clients.append(client)
    # Two people (against the dummy) with "end on total": a rated game in a few deals.
    created = clients[0].post(
        "/api/tables", json={"players": 2, "target": 2, "conventions": {"end_on_total": True}}
    )
    table_id = created.json()["id"]
    for client, seat in zip(clients[1:], ("W",), strict=True):
        assert client.post(f"/api/tables/{table_id}/sit", json={"seat": seat}).status_code == 200
    cookies = {n: c.cookies["pref_session"] for n, c in zip(names, clients, strict=True)}
    # The browser driver owns this thread's event loop: the sockets play in another thread.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _play_rated_game(server, cookies, table_id)).result()
    game = clients[0].get(f"/api/games/{table_id}").json()
    assert game["rated"] is True
    me = open_person(browser, contexts, server)
    page = me.page
    page.goto("/")
    page.locator(".leaders a.player-link", has_text=names[0]).click()
    page.wait_for_url(f"**/#/player/{names[0]}")
    page.locator(".player-page").wait_for()
    assert page.locator(".rating-chart .chart-point").count() == 2  # 1500, then this game
    after = game["ratings"]["S"]["after"]
    last = page.locator(".rating-chart .chart-point").last.get_attribute("data-rating")
    assert abs(float(last or 0) - after) < 0.01
    stats = page.locator(".stats").inner_text()
    assert "Contracts played" in stats and "Misères" in stats and "Whists" in stats
    row = page.locator(f'table.games tr[data-table="{table_id}"]')
    assert row.locator("a.replay-link").get_attribute("href") == f"#/replay/{table_id}"
    assert row.locator("a.record-link").get_attribute("href") == f"/api/games/{table_id}/record"
    page.screenshot(path=str(artifacts / "player-page.png"), full_page=True)
    # From the table: a player's name leads to his page.
    page.goto(f"/#/table/{table_id}")
    page.locator(".seat-head a.player-link", has_text=names[1]).click()
    page.wait_for_url(f"**/#/player/{names[1]}")
    page.locator(".player-page").wait_for()
    for client in clients:
        client.close()
    assert not me.errors, me.errors
