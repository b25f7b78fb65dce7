"""A table's events as its clients receive them: each event gets the table's next version
and one JSON text per audience (every seat, and spectators while someone watches), and
the last few are kept so a client that reconnects with ``since`` hears only what it
missed.

The part of an event every audience shares is encoded once and each audience's own part
(its view, what it may see of the action) once per audience, then the two are joined:
the same text as encoding each whole message, without repeating the sheet or a summary.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from preferans.seats import Seat, player_seats
from preferans.server.seating import SeatInfo
from preferans.server.views import SPECTATOR

__all__ = ["Event", "EventLog", "audiences", "join"]


@dataclass
class Event:
    v: int
    texts: dict[str, str]
    """The event as JSON text for each audience (strings keep the garbage collector idle)."""


class EventLog:
    """The versions and the recent events of one incarnation (``epoch``) of a table."""

    def __init__(self, table_id: int, epoch: str, kept: int) -> None:
        self.table_id = table_id
        self.epoch = epoch
        self.version = 0
        self.events: deque[Event] = deque(maxlen=kept)

    def record(
        self,
        kind: str,
        body: dict[str, Any],
        audiences: Iterable[str],
        own_part: Callable[[str], dict[str, Any]],
    ) -> Event:
        """The next event: ``body`` for everyone, ``own_part(audience)`` added for each."""
        self.version += 1
        shared = {
            "type": "event",
            "table": self.table_id,
            "epoch": self.epoch,
            "v": self.version,
            "kind": kind,
            **body,
        }
        head = json.dumps(shared, ensure_ascii=False)
        texts: dict[str, str] = {}
        for audience in audiences:
            own = own_part(audience)
            if not own:
                texts[audience] = head
            elif own.keys() & shared.keys():  # an audience's field replaces a shared one
                texts[audience] = json.dumps({**shared, **own}, ensure_ascii=False)
            else:
                texts[audience] = join(head, json.dumps(own, ensure_ascii=False))
        event = Event(self.version, texts)
        self.events.append(event)
        return event

    def catch_up(
        self, since: int | None, epoch: str | None, audience: str
    ) -> list[dict[str, Any]] | None:
        """The messages that bring a client of ``audience`` back from version ``since``:
        each missed event's text, then ``synced``; None when it needs a snapshot."""
        missed = self.missed(since, epoch, audience)
        if missed is None:
            return None
        replies: list[dict[str, Any]] = [
            {"type": "_event", "epoch": self.epoch, "v": e.v, "text": e.texts[audience]}
            for e in missed
        ]
        replies.append(
            {
                "type": "synced",
                "table": self.table_id,
                "epoch": self.epoch,
                "v": self.version,
                "you": None if audience == SPECTATOR else audience,
            }
        )
        return replies

    def missed(self, since: int | None, epoch: str | None, audience: str) -> list[Event] | None:
        """The events after version ``since`` of ``epoch`` as ``audience`` hears them, or
        None when they cannot be told (another epoch, too old, or built while nobody
        watched as that audience) and the client needs a snapshot instead."""
        if since is None or epoch != self.epoch or since > self.version:
            return None
        if since == self.version:
            return []
        if not self.events or self.events[0].v > since + 1:
            return None
        missed = [e for e in self.events if e.v > since]
        if any(audience not in e.texts for e in missed):
            return None  # built while nobody watched as a spectator: send a snapshot
        return missed


def audiences(
    players: int, seats: Mapping[Seat, SeatInfo], watchers: Iterable[int | None]
) -> list[str]:
    """Who an event is written for: every seat, and spectators only while someone who
    does not play here (a user, or nobody logged in) watches, on any process."""
    out = [s.name for s in player_seats(players)]
    seated = {i.user_id for i in seats.values() if i.user_id is not None and not i.left}
    if any(user is None or user not in seated for user in watchers):
        out.append(SPECTATOR)
    return out


def join(head: str, own: str) -> str:
    """Two encoded JSON objects with distinct keys as one (``{a} + {b}`` -> ``{a, b}``);
    ``head`` always has the event's envelope, so it is never empty."""
    return f"{head[:-1]}, {own[1:]}"
