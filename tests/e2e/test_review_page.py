"""The game review in the browser: after a deal at the table (the player's own decisions),
after the game on the replay page (the graph of cumulative losses and the marked
decisions)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.e2e.helpers import open_person, unique
from websockets.sync.client import connect

pytestmark = pytest.mark.slow


def _play(server: str, cookie: str, table_id: int, *, until: str) -> int:
    """South plays random legal actions over the websocket until ``until`` (``deal_end``
    or ``game_end``) arrives; the number of deals ended so far."""
    rng = random.Random(11)
    url = server.replace("http", "ws") + f"/ws/tables/{table_id}"
    ended = 0
    with connect(url, additional_headers={"Cookie": f"pref_session={cookie}"}) as ws:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=30))
            kind = message.get("kind")
            if kind == "deal_end":
                ended = int(message["deal"])
                if until == "deal_end":
                    return ended
            if kind == "game_end" or message.get("status") == "finished":
                return ended
            if message.get("legal") and message.get("turn") == "S":
                choice = rng.choice(message["legal"])
                ws.send(json.dumps({"type": "action", "action": choice["index"]}))
    raise AssertionError(f"no {until} arrived")


def _new_game(http: httpx.Client) -> int:
    """A three-handed table for two of random bots and the caller at South, to 2."""
    created = http.post(
        "/api/tables",
        json={"players": 3, "target": 2, "bots": {"W": "random", "E": "random"}},
    )
    assert created.status_code == 201, created.text
    return int(created.json()["id"])


def _review_when_done(http: httpx.Client, table_id: int) -> dict[str, Any]:
    """The finished game's review, asked for until it is done."""
    deadline = time.monotonic() + 400
    while time.monotonic() < deadline:
        review: dict[str, Any] = http.get(f"/api/games/{table_id}/review").json()
        if review["status"] == "done":
            return review
        time.sleep(1)
    raise AssertionError(f"the review of game {table_id} did not finish")


def _marked_card(review: dict[str, Any]) -> dict[str, Any] | None:
    """The first card decision of the game graded worse than good, if any."""
    return next(
        (
            d
            for deal_review in review["deals"]
            for d in deal_review["decisions"]
            if d["kind"] == "card" and d["mark"] != "good"
        ),
        None,
    )


def _game_with_a_marked_card(
    server: str, http: httpx.Client, cookie: str, table_id: int
) -> tuple[int, dict[str, Any]]:
    """``table_id`` if its finished game has a marked card decision, else a fresh game of
    random play that has one, with that card decision. A short game can end with no card
    played at all (a game declared and not whisted), so it has nothing to put a badge on."""
    for _ in range(8):
        card = _marked_card(_review_when_done(http, table_id))
        if card is not None:
            return table_id, card
        table_id = _new_game(http)
        _play(server, cookie, table_id, until="game_end")
    raise AssertionError("eight games of random play without a marked card")


def _log_in(person: Any, http: httpx.Client) -> None:
    person.context.add_cookies(
        [
            {
                "name": "pref_session",
                "value": http.cookies["pref_session"],
                "url": str(http.base_url),
            }
        ]
    )


def test_the_review_after_a_deal_and_after_the_game(
    server: str, browser: Any, contexts: list[Any], artifacts: Path
) -> None:
    name = unique("learner")
    with httpx.Client(base_url=server, timeout=60) as http:
        http.post("/api/register", json={"name": name, "password": "secret-pass"})
        table_id = _new_game(http)
        cookie = http.cookies["pref_session"]
        first = _play(server, cookie, table_id, until="deal_end")
        assert first == 1
        # A stranger may not read South's review; the next deal, in progress or not dealt
        # yet, has none: 409 while the game goes on. Only a game that ended with its first
        # deal (a target of 2 can close every pulya at once) answers 404: no deal 2 ever.
        stranger = httpx.get(f"{server}/api/tables/{table_id}/deals/1/review")
        assert stranger.status_code == 401
        early = http.get(f"/api/tables/{table_id}/deals/2/review")
        refusal = early.json()
        assert "deal" not in refusal, early.text
        if early.status_code == 404:
            assert http.get(f"/api/games/{table_id}/record").status_code == 200
            assert refusal["code"] == "no_such_deal", early.text
            assert refusal["messages"] == {
                "en": "the game ended after deal 1: it has no deal 2",
                "ru": "партия закончилась после сдачи 1: сдачи 2 в ней нет",
            }
        else:
            assert early.status_code == 409, early.text
            assert refusal["code"] == "deal_not_over", early.text
            assert refusal["messages"]["en"].startswith("deal 2 is not over yet"), early.text
            assert refusal["messages"]["ru"].startswith("сдача 2 ещё не закончена"), early.text
        with httpx.Client(base_url=server, timeout=30) as other:
            other.post("/api/register", json={"name": unique("kibitz"), "password": "secret-pass"})
            refused = other.get(f"/api/tables/{table_id}/deals/1/review")
            assert refused.status_code == 403, refused.text

        me = open_person(browser, contexts, server)
        _log_in(me, http)
        page = me.page
        page.goto(f"/#/table/{table_id}")
        button = page.locator("button.review-open[data-deal='1']")
        button.wait_for(timeout=60_000)
        button.click()
        page.locator(".overlay .review-deal-totals").wait_for(timeout=120_000)
        items = page.locator(".overlay .review-decision")
        assert items.count() >= 1
        # Only South's own decisions, each with a mark.
        seats = {items.nth(i).get_attribute("data-seat") for i in range(items.count())}
        assert seats == {"S"}, seats
        marks = {items.nth(i).get_attribute("data-mark") for i in range(items.count())}
        assert marks <= {"good", "inaccuracy", "mistake", "blunder"}
        page.screenshot(path=str(artifacts / "review-deal.png"))
        page.locator(".overlay button.close").click()

        _play(server, cookie, table_id, until="game_end")
        table_id, card = _game_with_a_marked_card(server, http, cookie, table_id)
        record = http.get(f"/api/games/{table_id}/record").json()
        deals = len(record["deals"])

    page.goto(f"/#/replay/{table_id}")
    page.wait_for_selector(".review-panel")
    page.locator(".review-progress[data-status='done']").wait_for(timeout=400_000)
    graph = page.locator("svg.review-graph")
    assert graph.locator("polyline.curve").count() == 3
    assert graph.locator("circle.point").count() == 3 * deals
    # Random play leaves marked decisions, and the graph rings the deals where they were.
    ringed = graph.locator("circle.point:not([data-mark='good'])")
    assert ringed.count() >= 1
    costly = page.locator(".review-costliest li")
    assert costly.count() == 3
    text = costly.first.inner_text()
    assert "whist" in text and "Deal" in text, text
    # A costly decision opens its deal at its step, with the decision marked there.
    deal = int(costly.first.get_attribute("data-deal") or 0)
    move = int(costly.first.get_attribute("data-move") or 0)
    costly.first.locator("a").click()
    assert page.locator(".replay-controls select").input_value() == str(deal - 1)
    assert f"{move} /" in page.locator(".replay-controls .step").inner_text()
    here = page.locator(".review-here .review-decision")
    here.wait_for()
    assert here.get_attribute("data-mark") in ("inaccuracy", "mistake", "blunder")
    # A marked card: on the board, the card about to be played carries the mark.
    page.select_option(".replay-controls select", str(card["deal"] - 1))
    page.locator(f".review-deal li[data-move='{card['move']}']").click()
    badge = page.locator(".replay-board .card-slot.next .review-badge")
    badge.wait_for()
    assert badge.inner_text() == {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}[card["mark"]]
    page.screenshot(path=str(artifacts / "review-game.png"), full_page=True)
    # In Russian: the same review, worded in Russian.
    page.locator("#language").click()
    page.locator(".review-panel h3", has_text="Разбор всей партии").wait_for()
    page.locator(".review-costliest li", has_text="Сдача").first.wait_for()
    page.screenshot(path=str(artifacts / "review-game-ru.png"))
    # The review is stored with the game: asked again, the same grades at once.
    again = httpx.get(f"{server}/api/games/{table_id}/review", timeout=30).json()
    assert again["status"] == "done" and len(again["deals"]) == deals
    # And they are the grades `preferans review` gives for the downloaded record.
    from preferans.review.worker import review_deal_json

    assert again["deals"][0] == review_deal_json(record["notation"], 1)
    assert not me.errors, me.errors
