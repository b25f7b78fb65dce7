"""A table actor's timers: the turn's (a bot's delay or the move clock) and each absent
person's grace. A timer that runs out does nothing itself: it submits a ``Tick`` to the
actor, which handles it in turn like any other command (and drops a stale one)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from preferans.seats import Seat
from preferans.server.commands import Command, Tick

__all__ = ["TableTimers"]


class TableTimers:
    def __init__(self, submit: Callable[[Command], None]) -> None:
        self._submit = submit
        self._turn: asyncio.TimerHandle | None = None
        self._grace: dict[Seat, asyncio.TimerHandle] = {}
        self._deadline: tuple[tuple[int, int], float] | None = None
        """(deal number, log position) of the current turn and when its clock runs out."""

    def turn(self, kind: str, seat: Seat, seq: int, delay: float) -> None:
        """The turn's one timer, in place of any earlier one."""
        self.cancel_turn()
        loop = asyncio.get_running_loop()
        self._turn = loop.call_later(delay, self._submit, Tick(kind, seat, seq))

    def cancel_turn(self) -> None:
        if self._turn is not None:
            self._turn.cancel()
            self._turn = None

    def deadline(self, turn: tuple[int, int], seconds: float) -> float:
        """When the move clock of ``turn`` (deal number, log position) runs out: fixed the
        first time the turn asks, so every event and snapshot of one turn names the same
        moment and a reload does not restart the count."""
        if self._deadline is None or self._deadline[0] != turn:
            self._deadline = (turn, time.time() + seconds)
        return self._deadline[1]

    def restart_clock(self) -> None:
        """The current turn's clock starts again the next time it is asked."""
        self._deadline = None

    def grace(self, seat: Seat, seconds: float) -> None:
        """Start the seat's grace unless it runs already."""
        if seat not in self._grace:
            loop = asyncio.get_running_loop()
            self._grace[seat] = loop.call_later(seconds, self._submit, Tick("grace", seat, 0))

    def grace_over(self, seat: Seat) -> None:
        """The seat's grace ran out (its tick arrived)."""
        self._grace.pop(seat, None)

    def cancel_grace(self, seat: Seat) -> None:
        handle = self._grace.pop(seat, None)
        if handle is not None:
            handle.cancel()

    def cancel_all(self) -> None:
        self.cancel_turn()
        for handle in self._grace.values():
            handle.cancel()
        self._grace.clear()
