"""Clocks, absence and reconnection: a missed clock plays one move; a player gone past the
grace is away (a bot plays for him) until he says he is back; a table of absent people
pauses; a returning client gets exactly what it missed, or a snapshot."""

from __future__ import annotations

import asyncio
import random

from server_harness import Client, ServerProcess, three_at_a_table


async def test_reconnect_gets_the_missed_events_in_order(server: ServerProcess) -> None:
    person = Client(server, f"back{random.randrange(10**6)}")
    await person.register()
    table = (await person.create(players=3, target=10, bots={"W": "random", "E": "random"}))["id"]
    watcher = Client(server)
    await watcher.connect(table)
    await person.connect()
    await person.expect(lambda m: m.get("type") == "snapshot")
    await asyncio.sleep(0.3)
    if not person.on_turn():
        await person.expect(lambda m: bool(m.get("legal")))
    await person.disconnect()
    # South is on turn, so nothing happens while he is gone: resuming gives a bare "synced".
    seen = person.v
    await person.connect(resume=True)
    synced = await person.expect(lambda m: m.get("type") == "synced")
    assert synced["v"] == seen

    # Now act, drop the connection before reading further, and resume from an older version.
    assert person.latest is not None
    await person.act(person.latest["legal"][0]["index"])
    await person.disconnect()
    old_v = seen
    person.v = old_v
    await person.connect(resume=True)
    synced = await person.expect(lambda m: m.get("type") == "synced")
    replayed = [
        m["v"] for m in person.messages[-(synced["v"] - old_v) - 1 : -1] if m.get("type") == "event"
    ]
    assert replayed == list(range(old_v + 1, synced["v"] + 1))
    # A client from another epoch (or an unknown one) gets a full snapshot.
    await person.disconnect()
    person.epoch = "feedbeef"
    await person.connect(resume=True)
    snapshot = await person.expect(lambda m: m.get("type") == "snapshot")
    assert snapshot["you"] == "S" and snapshot["view"]["hand"]
    await person.close()
    await watcher.close()


async def test_a_missed_clock_plays_one_move_and_a_lost_connection_waits_for_the_grace(
    server: ServerProcess,
) -> None:
    people, table = await three_at_a_table(server, "clk", clock_seconds=1)
    south, west, east = people
    for person in people:
        await person.connect()
    # Nobody moves: after a second South's clock runs out and one move is played for him,
    # without marking him away.
    auto = await west.expect(lambda m: m.get("kind") in ("action", "presence"), timeout=10)
    assert auto["kind"] == "action" and auto["seat"] == "S" and auto["auto"] is True
    # Three missed clocks in a row make a silent player away; "back" returns him. (Each
    # missed clock is a second plus a stand-in's move, which on a loaded machine may take
    # seconds in the auction: the wait is generous.)
    away = await west.expect(
        lambda m: m.get("kind") == "presence" and m["seat"] == "S" and m["away"], timeout=90
    )
    assert away["away"] is True
    await south.send({"type": "back", "id": "b"})
    back = await west.expect(lambda m: m.get("kind") == "presence" and m["seat"] == "S")
    assert back["away"] is False
    for person in people:
        await person.disconnect()
    # Without a clock: East disconnects; the 2-second grace passes; a bot plays for him.
    table = (await south.create(players=3, target=10))["id"]
    await west.sit(table, "W")
    await east.sit(table, "E")
    for person in people:
        await person.connect(table)
        await person.expect(lambda m: m.get("type") == "snapshot" and m["table"] == table)
    await east.disconnect()
    gone = await west.expect(
        lambda m: (
            m.get("kind") == "presence" and m["table"] == table and m["seat"] == "E" and m["away"]
        ),
        timeout=20,
    )
    assert gone["away"] is True
    # Reconnecting is not coming back (a background tab may reconnect by itself): "back" is.
    await east.connect(resume=True)
    await east.send({"type": "back", "id": "e"})
    returned = await west.expect(
        lambda m: (
            m.get("kind") == "presence"
            and m["table"] == table
            and m["seat"] == "E"
            and not m["away"]
        ),
        timeout=10,
    )
    assert returned["away"] is False
    for person in people:
        await person.close()


async def test_a_table_where_every_person_is_away_pauses(server: ServerProcess) -> None:
    idle = Client(server, f"lone{random.randrange(10**6)}")
    await idle.register()
    table = (await idle.create(players=3, target=10, bots={"W": "random", "E": "random"}))["id"]
    await idle.connect()
    await idle.expect(lambda m: m.get("type") == "snapshot")
    await idle.disconnect()
    # The 2-second grace passes: South is away, and as the only person the table pauses.
    await asyncio.sleep(4)
    await idle.connect(table, resume=True)
    state = await idle.expect(lambda m: m.get("type") in ("snapshot", "synced"), timeout=10)
    if state["type"] == "synced":
        await idle.send({"type": "sync", "since": 0, "epoch": "x"})
        state = await idle.expect(lambda m: m.get("type") == "snapshot", timeout=10)
    assert state["seats"]["S"]["away"] is True and state["paused"] is True
    version = state["v"]
    await asyncio.sleep(1.5)
    await idle.send({"type": "sync", "since": 0, "epoch": "x"})
    again = await idle.expect(lambda m: m.get("type") == "snapshot", timeout=10)
    assert again["v"] == version  # nobody played while the only person was away
    await idle.send({"type": "back", "id": "b"})
    back = await idle.expect(lambda m: m.get("kind") == "presence")
    assert back["away"] is False and back["paused"] is False
    await idle.close()


async def test_the_record_marks_every_move_a_bot_played_for_an_absent_player(
    server: ServerProcess,
) -> None:
    from preferans.notation import loads

    idle = Client(server, f"idle{random.randrange(10**6)}")
    await idle.register()
    table = (
        await idle.create(players=3, target=2, clock_seconds=1, bots={"W": "random", "E": "random"})
    )["id"]
    await idle.connect()
    # South misses his clock once (one move is played for him), then leaves the game: the
    # stand-in plays his seat to the end.
    await idle.expect(lambda m: m.get("kind") == "action" and m["auto"], timeout=20)
    left = await idle.http.post(f"/api/tables/{table}/quit")
    assert left.status_code == 200, left.text
    # the master stand-in thinks for every move of a whole pulya: on a loaded machine
    # that took 108 s of the 120 this wait allowed, so it waits longer (not a speed check)
    await idle.expect(lambda m: m.get("kind") == "game_end", timeout=300)
    record = (await idle.http.get(f"/api/games/{table}/record")).json()
    game = loads(record["notation"])
    south_moves = {
        (deal.number, i)
        for deal in game.deals
        for i, (seat, _) in enumerate(deal.moves)
        if seat.name == "S"
    }
    marked = {(deal.number, i) for deal in game.deals for i in deal.substituted}
    # South's moves are the bot's (a mark may also sit on a partner's card that South, a
    # lone open whister, played for him); the JSON list says the same.
    assert marked & south_moves
    assert {tuple(m) for m in record["summary"]["substituted_actions"]} == marked
    assert "*" in record["notation"]
    # The result says who had a stand-in and who left (the rating rule reads it).
    stand_in = record["summary"]["stand_ins"]["S"]
    assert stand_in["left"] is True and stand_in["auto_moves"] == len(marked)  # all his
    await idle.close()
