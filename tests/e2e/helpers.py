"""Helpers for the browser tests: people, pages, a simple way of playing, card checks."""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error as PlaywrightError

CARD_RE = re.compile(r"[♠♣♦♥](?:10|[AKQJ987])")
LANGUAGE = "en"


@dataclass
class Person:
    """One browser context (its own cookies) and its page, with every websocket frame."""

    context: Any
    page: Any
    frames: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def open_person(
    browser: Any,
    opened: list[Any],
    base: str,
    *,
    viewport: tuple[int, int] = (1400, 900),
    name: str | None = None,
) -> Person:
    context = browser.new_context(
        base_url=base, viewport={"width": viewport[0], "height": viewport[1]}, locale="en-US"
    )
    context.add_init_script(f"localStorage.setItem('pref.lang', '{LANGUAGE}')")
    opened.append(context)
    page = context.new_page()
    person = Person(context, page)
    page.on("pageerror", lambda e: person.errors.append(str(e)))

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: person.frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    if name is not None:
        response = context.request.post(
            "/api/register", data={"name": name, "password": "secret-pass"}
        )
        assert response.status == 201, response.text()
    return person


def create_table(person: Person, **body: Any) -> int:
    """The person opens a table (``body`` as the create form posts it); its id."""
    response = person.context.request.post("/api/tables", data=body)
    assert response.status == 201, response.text()
    return int(response.json()["id"])


def sit(person: Person, table_id: int, seat: str) -> None:
    response = person.context.request.post(f"/api/tables/{table_id}/sit", data={"seat": seat})
    assert response.status == 200, response.text()


def open_table(person: Person, table_id: int) -> None:
    """The person's page shows the table with his hand dealt."""
    person.page.goto(f"/#/table/{table_id}")
    person.page.wait_for_selector(".pos-bottom .cards.big .card-slot")


def alone_at_a_table(
    browser: Any, opened: list[Any], base: str, name: str, bot: str = "random", **body: Any
) -> tuple[Person, int]:
    """One person with the table open: he opened it and sits South, bots of level ``bot``
    West and East (``body`` adds to the create form's fields)."""
    person = open_person(browser, opened, base, name=unique(name))
    table_id = create_table(person, players=3, target=10, bots={"W": bot, "E": bot}, **body)
    open_table(person, table_id)
    return person, table_id


def two_at_a_table(
    browser: Any, opened: list[Any], base: str, names: tuple[str, str], **body: Any
) -> tuple[Person, Person, int]:
    """Two people with the table open: the first opened it and sits South, the second
    sits West, a random bot East (``body`` adds to the create form's fields)."""
    first = open_person(browser, opened, base, name=unique(names[0]))
    second = open_person(browser, opened, base, name=unique(names[1]))
    table_id = create_table(first, players=3, target=10, bots={"E": "random"}, **body)
    sit(second, table_id, "W")
    open_table(first, table_id)
    open_table(second, table_id)
    return first, second, table_id


def events_of(person: Person, kind: str, **match: Any) -> list[dict[str, Any]]:
    """The table events of ``kind`` the person's page received, with these fields."""
    return [
        f
        for f in person.frames
        if f.get("kind") == kind and all(f.get(k) == v for k, v in match.items())
    ]


def plain_move(rng: random.Random, legal: list[dict[str, Any]]) -> int:
    """A random legal action's index, claims and accepted claims aside where another move
    exists (so deals end with a card, as the solver and the review want)."""
    plain = [a for a in legal if not a["text"].startswith(("claim", "accept"))]
    index: int = rng.choice(plain or legal)["index"]
    return index


def move_refused_as_too_fast(message: dict[str, Any]) -> bool:
    """The club's message limit refused an action (a script plays faster than a person):
    the client waits a little and sends the move again."""
    return message.get("code") == "rate_limited" and message.get("refused") == "action"


def unique(prefix: str) -> str:
    return f"{prefix}{int(time.time() * 1000) % 10_000_000}"


def play_step(page: Any) -> bool:
    """Take one action if it is this page's turn: whist, else pass, else accept, else the
    first playable card, else the first call. True if something was clicked."""
    try:
        confirm = page.locator("button.discard-confirm:not([disabled])")
        if confirm.count():
            confirm.first.click(timeout=1500)
            return True
        if page.locator("button.discard-confirm").count():
            # Discarding: choose a card not chosen yet (two, then confirm).
            page.locator(".pos-bottom .card-slot:not(.picked):has(svg.playable)").first.click(
                position={"x": 6, "y": 40}, timeout=1500
            )
            return True
        for text in ("whist", "pass", "accept"):
            button = page.locator(f'button.call[data-text="{text}"]')
            if button.count():
                button.first.click(timeout=1500)
                return True
        playable = page.locator(".card-slot:has(svg.playable)")
        if playable.count():
            # Cards overlap: click the visible strip at the card's left edge.
            playable.first.click(position={"x": 6, "y": 40}, timeout=1500)
            return True
        lit = page.locator("button.grid-cell.lit")
        if lit.count():
            lit.first.click(timeout=1500)
            return True
        calls = page.locator("button.call")
        if calls.count():
            calls.first.click(timeout=1500)
            return True
    except PlaywrightError:
        return False  # the page re-rendered under the click: try again next round
    return False


def cards_in(value: Any) -> set[str]:
    return set(CARD_RE.findall(json.dumps(value, ensure_ascii=False)))


def frames_by_version(frames: list[dict[str, Any]]) -> dict[int, set[str]]:
    """Cards each table message of version v showed (events and snapshots)."""
    out: dict[int, set[str]] = {}
    for frame in frames:
        if frame.get("type") in ("event", "snapshot") and "v" in frame:
            out.setdefault(frame["v"], set()).update(cards_in(frame))
    return out


def sheet_on_page(page: Any) -> dict[str, dict[str, Any]]:
    """The totals written on the page's sheet picture, per seat, as the server words them."""
    data = page.evaluate(
        """() => [...document.querySelectorAll('.sheet-seat')].map(g => ({
            seat: g.dataset.seat,
            totals: [...g.querySelectorAll('.sheet-total')].map(t => t.textContent)}))"""
    )
    out: dict[str, dict[str, Any]] = {}
    for entry in data:
        if not entry["totals"]:
            continue
        row: dict[str, Any] = {"whists": {}}
        for text in entry["totals"]:
            label, value = text.split(": ")
            if label.startswith("on "):
                row["whists"][label[3:]] = value
            else:
                row[label] = value
        out[entry["seat"]] = row
    return out
