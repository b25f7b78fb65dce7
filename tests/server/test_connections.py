"""A connection keeps its player's view whole: what it missed, it asks for again."""

from __future__ import annotations

import asyncio
import json

from preferans.server.commands import Command, Subscribe
from preferans.server.connections import Connection


class Recorder:
    """A process that only writes down what its connections ask of the tables."""

    node = "here"

    def __init__(self) -> None:
        self.routed: list[Command] = []

    async def route(self, table_id: int, command: Command) -> None:
        self.routed.append(command)


async def _synced_at(version: int) -> tuple[Connection, Recorder]:
    """A connection that has its snapshot at ``version`` and the events up to it."""
    router = Recorder()
    connection = Connection(router, 1, 7, None, None)
    connection.subscribe()
    connection.deliver_direct({"type": "snapshot", "epoch": "e1", "v": version})
    await asyncio.sleep(0)
    router.routed.clear()
    return connection, router


def _sent(connection: Connection) -> list[dict[str, object]]:
    texts = []
    while not connection.out.empty():
        text = connection.out.get_nowait()
        assert text is not None
        texts.append(json.loads(text))
    return texts


async def test_an_answer_newer_than_the_last_event_asks_for_the_missed_event() -> None:
    connection, router = await _synced_at(15)
    # The table's event 16 was lost on the way (Redis restarting); its answer came.
    connection.deliver_direct({"type": "ack", "id": 3, "v": 16})
    await asyncio.sleep(0)
    assert router.routed == [Subscribe(connection.address, 7, 15, "e1")]
    assert {"type": "ack", "id": 3, "v": 16} in _sent(connection)  # the player hears it too


async def test_an_answer_after_its_event_asks_for_nothing() -> None:
    connection, router = await _synced_at(15)
    connection.deliver_event("e1", 16, json.dumps({"type": "event", "v": 16}))
    connection.deliver_direct({"type": "ack", "id": 3, "v": 16})
    connection.deliver_direct({"type": "ack", "id": 4})  # an answer without a version
    await asyncio.sleep(0)
    assert router.routed == []
    assert [m.get("v") for m in _sent(connection)] == [15, 16, 16, None]


async def test_an_answer_newer_than_the_resync_in_flight_asks_again_once_it_is_answered() -> None:
    """A resync is in flight (Redis came back: every connection asks) when the answer to a
    move arrives whose event was lost; the resync's answer predates the move, so without
    asking again the player would wait for an event that never comes."""
    connection, router = await _synced_at(15)
    connection.subscribe()
    await asyncio.sleep(0)
    router.routed.clear()
    connection.deliver_direct({"type": "ack", "id": 3, "v": 16})
    connection.deliver_direct({"type": "synced", "epoch": "e1"})  # answered at 15
    await asyncio.sleep(0)
    assert router.routed == [Subscribe(connection.address, 7, 15, "e1")]
    # Answered at 16 this time: nothing more to ask.
    connection.deliver_direct({"type": "_event", "epoch": "e1", "v": 16, "text": "{}"})
    connection.deliver_direct({"type": "synced", "epoch": "e1"})
    await asyncio.sleep(0)
    assert router.routed == [Subscribe(connection.address, 7, 15, "e1")]
