"""The club's review of one deal: refused in both languages until the deal is over (409),
and for a deal a finished game never reached (404); given only to the person sitting
there, with only that seat's decisions."""

from __future__ import annotations

import random
from typing import Any

from server_harness import Client, ServerProcess, autoplay, my_turn


async def _until_deal_end(client: Client, rng: random.Random) -> int:
    """South answers every turn at random until a deal ends; that deal's number."""
    while True:
        message = await client.next(timeout=60)
        if message.get("type") == "event" and message.get("kind") == "deal_end":
            number: int = message["deal"]
            return number
        if my_turn(client, message):
            await client.send({"type": "action", "action": rng.choice(message["legal"])["index"]})


def _refusal(body: dict[str, Any], code: str) -> dict[str, str]:
    assert body["code"] == code, body
    assert body["detail"] == body["messages"]["en"], body
    messages: dict[str, str] = body["messages"]
    return messages


async def test_the_next_deal_is_refused_until_it_is_over(server: ServerProcess) -> None:
    me = Client(server, f"learner{random.randrange(10**6)}")
    await me.register()
    table = (await me.create(players=3, target=10, bots={"W": "heuristic", "E": "heuristic"}))["id"]
    await me.connect()
    ended = await _until_deal_end(me, random.Random(3))
    assert ended == 1
    # Deal 2 is being dealt or played: the same refusal either way, in both languages.
    early = await me.http.get(f"/api/tables/{table}/deals/2/review")
    assert early.status_code == 409, early.text
    words = _refusal(early.json(), "deal_not_over")
    assert words["en"].startswith("deal 2 is not over yet"), words
    assert words["ru"].startswith("сдача 2 ещё не закончена"), words
    # Deal 10 is not dealt yet: refused the same way.
    later = await me.http.get(f"/api/tables/{table}/deals/10/review")
    assert later.status_code == 409, later.text
    assert _refusal(later.json(), "deal_not_over")["en"].startswith("deal 10 is not over")
    # Deal 1 is over: its review holds South's own decisions only.
    done = await me.http.get(f"/api/tables/{table}/deals/1/review", timeout=120)
    assert done.status_code == 200, done.text
    decisions = done.json()["deal"]["decisions"]
    assert {d["seat"] for d in decisions} <= {"S"}
    await me.close()


async def test_a_deal_the_finished_game_never_reached_is_not_found(
    server: ServerProcess,
) -> None:
    me = Client(server, f"finisher{random.randrange(10**6)}")
    await me.register()
    table = (await me.create(players=3, target=2, bots={"W": "heuristic", "E": "heuristic"}))["id"]
    await me.connect()
    await autoplay(me, random.Random(5))
    record = await me.http.get(f"/api/games/{table}/record")
    assert record.status_code == 200, record.text
    last = len(record.json()["deals"])
    missing = await me.http.get(f"/api/tables/{table}/deals/{last + 1}/review")
    assert missing.status_code == 404, missing.text
    words = _refusal(missing.json(), "no_such_deal")
    assert words == {
        "en": f"the game ended after deal {last}: it has no deal {last + 1}",
        "ru": f"партия закончилась после сдачи {last}: сдачи {last + 1} в ней нет",
    }
    await me.close()
