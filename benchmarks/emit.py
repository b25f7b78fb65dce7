"""CPU per action of the server's hot path without the network: apply, build the views,
encode the event for every audience, and a snapshot now and then (a reconnect).

One table actor plays seeded random games with a spectator watching; nothing is written
to a database and nothing is sent, so the figure is the same on a quiet or a busy machine
(``process_time``) and two versions of the server can be compared by running this with
each on ``PYTHONPATH``:

    .venv/bin/python benchmarks/emit.py --actions 20000
"""

from __future__ import annotations

import argparse
import json
import random
import time
from types import SimpleNamespace
from typing import Any

from preferans.rules import PRESETS
from preferans.seats import player_seats
from preferans.server.broadcast import Broadcast
from preferans.server.seating import SeatInfo, TableInfo
from preferans.server.tables import TableActor


class _Club:
    """What an actor asks of its club on this path: settings and somewhere to send."""

    def __init__(self) -> None:
        self.settings = SimpleNamespace(event_buffer=32)
        self.node = "bench"
        self.sent = 0

    def broadcast(self, event: Broadcast) -> None:
        self.sent += sum(len(t) for t in event.texts.values())


def _actor(club: _Club, table_id: int) -> TableActor:
    actor = TableActor(club, table_id)  # type: ignore[arg-type]
    rules = PRESETS["sochi"]
    actor.info = TableInfo(table_id, 1, rules, 10, 0.0, None, False, "playing", "", "00" * 32, 0.0)
    seats = player_seats(rules.players)
    actor.seats = {s: SeatInfo(s, i + 1, f"p{i}", None) for i, s in enumerate(seats)}
    actor.watchers = {("bench", "spectator"): None}
    actor._begin_pulya()
    return actor


def run(actions: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    club = _Club()
    table = 1
    actor = _actor(club, table)
    snapshots = 0
    started = time.process_time()
    for done in range(actions):
        pulya = actor.pulya
        if pulya is None or pulya.over or pulya.state is None:
            table += 1
            actor = _actor(club, table)
            continue
        state = pulya.state
        action = rng.choice(list(state.legal_actions()))
        assert state.actor is not None
        actor._apply(state.actor, action, False)
        if done % 10 == 0:  # a client reconnects: a snapshot for a seat
            json.dumps(actor._snapshot("S"), ensure_ascii=False)
            snapshots += 1
    seconds = time.process_time() - started
    return {
        "actions": actions,
        "snapshots": snapshots,
        "tables": table,
        "cpu_seconds": round(seconds, 3),
        "cpu_us_per_action": round(1e6 * seconds / actions, 1),
        "bytes_sent": club.sent,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    print(json.dumps(run(arguments.actions, arguments.seed), indent=2))
