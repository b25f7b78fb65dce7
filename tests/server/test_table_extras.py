"""Hints, chat, the deal's writes, turn deadlines, the solver's analysis, the sheet as SVG,
and whole Balkan games: what the web page needs from the club beyond playing."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

from server_harness import Client, ServerProcess, autoplay, balkan_choice

from preferans.analysis.positions import positions_of
from preferans.analysis.values import analyse_state
from preferans.game import Phase
from preferans.notation import loads


async def _request(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    """Send a message with an id and wait for the answer carrying that id."""
    await client.send(message)
    answer: dict[str, Any] = await client.expect(
        lambda m: m.get("id") == message["id"] and m.get("type") != "event", timeout=30
    )
    return answer


async def test_hint_chat_writes_deadline_analysis_and_svg(server: ServerProcess) -> None:
    south = Client(server, f"extra{random.randrange(10**6)}")
    await south.register()
    table = await south.create(
        players=3, target=2, clock_seconds=120, bots={"W": "random", "E": "random"}
    )
    tid = table["id"]
    watcher = Client(server, f"watch{random.randrange(10**6)}")
    await watcher.register()
    anonymous = Client(server)
    await anonymous.connect(tid)
    await watcher.connect(tid)
    await south.connect()
    snapshot = await south.expect(lambda m: m["type"] == "snapshot")
    assert snapshot["turn"] == "S" and snapshot["legal"]
    # The clock of the turn, from the server's clock.
    assert snapshot["deadline"] > 0 and 0 < snapshot["seconds_left"] <= 120

    # A hint: a legal action and a reason, to the asker only.
    hint = await _request(south, {"type": "hint", "id": "h1", "lang": "en"})
    assert hint["type"] == "hint", hint
    assert hint["action"]["index"] in {a["index"] for a in snapshot["legal"]}
    assert hint["reason"] and hint["reason"] == hint["reasons"]["en"]
    both = await _request(south, {"type": "hint", "id": "h2"})
    assert both["reasons"]["ru"] in both["reason"] and both["reasons"]["en"] in both["reason"]
    refused = await _request(watcher, {"type": "hint", "id": "h3"})
    assert refused["code"] == "not_seated"
    assert not any(m.get("type") == "hint" for m in watcher.messages + anonymous.messages)

    # Chat reaches every spectator as a table event; it is bounded.
    ack = await _request(south, {"type": "chat", "id": "c1", "text": "  hello\x07 table  "})
    assert ack["type"] == "ack"
    line = await anonymous.expect(lambda m: m.get("kind") == "chat")
    assert (line["seat"], line["name"], line["text"]) == ("S", south.name, "hello table")
    await watcher.expect(lambda m: m.get("kind") == "chat" and m["name"] == south.name)
    await _request(watcher, {"type": "chat", "id": "c2", "text": "hi from the rail"})
    said = await south.expect(lambda m: m.get("kind") == "chat" and m["seat"] is None)
    assert said["name"] == watcher.name
    too_long = await _request(south, {"type": "chat", "id": "c3", "text": "x" * 301})
    assert too_long["code"] == "bad_message"
    mute = await _request(anonymous, {"type": "chat", "id": "c4", "text": "boo"})
    assert mute["code"] == "not_seated"

    # A reconnecting client sees the talk in its snapshot.
    late = Client(server)
    await late.connect(tid)
    fresh = await late.expect(lambda m: m["type"] == "snapshot")
    assert [c["text"] for c in fresh["chat"]] == ["hello table", "hi from the rail"]
    await late.close()

    # Play the game out; every deal_end carries its writes with their reasons.
    await autoplay(south, random.Random(5))
    await anonymous.expect(lambda m: m.get("kind") == "game_end", timeout=60)
    ends = [m for m in anonymous.messages if m.get("kind") == "deal_end"]
    assert ends and all("writes" in m for m in ends)
    writes = [w for m in ends for w in m["writes"]]
    assert writes and all(w["reason"] for w in writes)
    turns = [m for m in south.messages if m.get("type") == "event" and m.get("turn") == "S"]
    assert turns and all("deadline" in m and "seconds_left" in m for m in turns)

    # The solver's values in the replay equal the solver's own answer for the position.
    record = (await south.http.get(f"/api/games/{tid}/record")).json()
    positions = positions_of(loads(record["notation"]))
    played = next(
        p.deal
        for p in positions
        if p.state.phase is Phase.PLAY and not p.state.is_over and analyse_state(p.state)
    )
    response = await south.http.get(f"/api/games/{tid}/deals/{played}/analysis")
    assert response.status_code == 200, response.text
    steps = response.json()
    assert steps
    by_step = {s["step"]: s for s in steps}
    for position in positions:
        if position.deal != played or position.move not in by_step:
            continue
        values = analyse_state(position.state)
        assert values is not None
        entry = by_step[position.move]
        assert entry["seat"] == values.mover.name
        assert entry["values"] == {str(c): v for c, v in values.values.items()}
        legal = {str(a.card) for a in position.state.legal_actions() if hasattr(a, "card")}
        assert set(entry["values"]) == legal
    again = await south.http.get(f"/api/games/{tid}/deals/{played}/analysis")
    assert again.json() == steps  # the cached answer
    missing = await south.http.get(f"/api/games/{tid}/deals/999/analysis")
    assert missing.status_code == 404

    # The sheet as SVG: valid XML with an <svg> root, in either language.
    for lang in ("ru", "en"):
        svg = await south.http.get(f"/api/tables/{tid}/sheet.svg?lang={lang}")
        assert svg.status_code == 200
        assert svg.headers["content-type"].startswith("image/svg+xml")
        assert ET.fromstring(svg.text).tag.endswith("svg")
    for client in (south, watcher, anonymous):
        await client.close()


async def test_a_balkan_game_with_bots(server: ServerProcess) -> None:
    south = Client(server, f"balkan{random.randrange(10**6)}")
    await south.register()
    presets = (await south.http.get("/api/presets")).json()
    assert "balkan" in presets
    table = await south.create(
        preset="balkan", players=3, target=4, bots={"W": "heuristic", "E": "heuristic"}
    )
    assert table["variant"] == "balkan" and table["status"] == "playing"
    listed = (await south.http.get("/api/tables?status=playing")).json()
    assert any(t["id"] == table["id"] and t["variant"] == "balkan" for t in listed)
    live = await south.http.get(f"/api/tables/{table['id']}/sheet.svg")
    assert live.status_code == 200 and ET.fromstring(live.text).tag.endswith("svg")
    await south.connect()
    snapshot = await south.expect(lambda m: m["type"] == "snapshot")
    assert snapshot["sheet"]["kind"] == "bula"
    await autoplay(south, random.Random(11), choose=balkan_choice)
    ends = [m for m in south.messages if m.get("kind") == "deal_end"]
    assert ends and all(m["sheet"]["kind"] == "bula" for m in ends)
    game = (await south.http.get(f"/api/games/{table['id']}")).json()
    assert game["rated"] is False
    settlement = game["settlement"]
    assert "bula" in settlement, settlement
    assert sum(game["whists"].values()) == 0
    record = (await south.http.get(f"/api/games/{table['id']}/record")).json()
    assert record["sheet"]["sheet"] == "bula"
    svg = await south.http.get(f"/api/tables/{table['id']}/sheet.svg")
    assert ET.fromstring(svg.text).tag.endswith("svg")
    await south.close()
