"""Where the club's bots and hints think: a pool of worker processes.

The sampling level spends most of its time in Python (drawing and weighing deals) around
the solver. In threads of the server process that work holds the interpreter lock, so a
few tables of sampling bots would slow every other table's replies and leave the other
cores idle. Worker processes use every core and keep the event loop free. Only the
seat's view crosses to a worker (the same information a bot has in-process), and the
action comes back as its index, so the table applies its own legal action.

``processes=0`` thinks in threads of the server process instead (small machines, tests).

The workers run at a lower CPU priority (:data:`WORKER_NICENESS`): when the cores are
short, a person's move is acknowledged and sent to the table before a bot thinks on,
and a bot that waits a few milliseconds more is not noticed within its think time.

For the same reason the pool takes work in order of who waits: a hint (a person looks
at the screen for it) goes before the bots' moves that are queued, so in a club
full of bot tables a hint waits for at most the moves already being thought, not for
every table's next move. Only as many jobs as there are workers are handed to the pool;
the rest wait here, where their order can still change.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool, ProcessPoolExecutor
from functools import cache
from typing import Any

from preferans.actions import Action
from preferans.game.errors import IllegalActionError
from preferans.server.club_errors import SettingsError
from preferans.server.lifeline import die_with_parent

__all__ = ["BOT", "PERSON", "THREADS", "WORKER_NICENESS", "Thinking"]

log = logging.getLogger(__name__)

#: How much lower the workers' CPU priority is than the server's (``nice``).
WORKER_NICENESS = 10

#: Threads that think when the club runs without worker processes.
THREADS = 4

#: Who waits for a job, first served first: a person asking for a hint, then the rest.
PERSON, BOT = 0, 1

#: A hint slower than this is logged with the queue it met (a club short of workers).
SLOW_HINT_SECONDS = 2.0


def _start_worker(parent: int, niceness: int) -> None:
    """Run in each worker as it starts: die with the server, yield the cores to it."""
    die_with_parent(parent)
    if niceness:
        os.nice(niceness)


@cache
def _bot(level: str) -> Any:
    import random

    from preferans.bots.levels import make_bot

    return make_bot(level, seed=random.SystemRandom().getrandbits(32))


def _choose_index(level: str, view: Any) -> int:
    """In a worker: the bot's action for ``view``, as its stable index."""
    action: Action = _bot(level).choose(view)
    return action.index


def _hint(view: Any, level: str) -> Any:
    """In a worker: the hint for ``view`` (the heuristic's if the level fails)."""
    from preferans.bots.hints import hint

    try:
        return hint(view, level)
    except Exception:
        if level == "heuristic":
            raise
        log.exception("the %s hint failed; falling back to the heuristic", level)
        return hint(view, "heuristic")


class Thinking:
    """The executors bots and hints run in, made on first use and shut down with the club."""

    def __init__(self, processes: int) -> None:
        if processes < 0:
            raise SettingsError(
                f"processes must be 0 (threads) or more, not {processes}",
                ru=f"число процессов — 0 (потоки) или больше, а не {processes}",
            )
        self.processes = processes
        self._pool: Executor | None = None
        self._running = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @property
    def capacity(self) -> int:
        """Jobs handed to the executor at once: one per worker."""
        return self.processes or THREADS

    @property
    def queued(self) -> int:
        """Jobs waiting for a worker (not counting the ones being thought)."""
        return sum(not ticket.done() for _, _, ticket in self._waiting)

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.processes:
                # Spawned, not forked: the server process runs threads and an event loop.
                context = multiprocessing.get_context("spawn")
                # Each worker dies with this process, even after a kill -9 (lifeline).
                self._pool = ProcessPoolExecutor(
                    self.processes,
                    mp_context=context,
                    initializer=_start_worker,
                    initargs=(os.getpid(), WORKER_NICENESS),
                )
            else:
                self._pool = ThreadPoolExecutor(THREADS, thread_name_prefix="think")
        return self._pool

    async def _run(self, function: Any, *args: Any, who: int = BOT) -> Any:
        """``function(*args)`` in a worker once one is free for ``who``'s turn in the queue."""
        await self._take_a_worker(who)
        try:
            return await self._execute(function, *args)
        finally:
            self._running -= 1
            self._hand_out()

    async def _take_a_worker(self, who: int) -> None:
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (who, next(self._order), ticket))
        self._hand_out()
        try:
            await ticket
        except asyncio.CancelledError:
            # Cancelled after the worker was handed over: give it to the next in line.
            if ticket.done() and not ticket.cancelled():
                self._running -= 1
                self._hand_out()
            raise

    def _hand_out(self) -> None:
        """Give the free workers to the first in line (cancelled waiters are skipped)."""
        while self._running < self.capacity and self._waiting:
            _, _, ticket = heapq.heappop(self._waiting)
            if not ticket.done():
                ticket.set_result(None)
                self._running += 1

    async def _execute(self, function: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), function, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool and try once more.
            log.warning("a thinking process died; starting a new pool")
            self._pool = None
            return await loop.run_in_executor(self._executor(), function, *args)

    async def choose(self, level: str, view: Any) -> Action:
        """The bot's action, one of ``view.legal_actions`` (IllegalActionError if not)."""
        index = await self._run(_choose_index, level, view)
        for action in view.legal_actions:
            if action.index == index:
                legal: Action = action
                return legal
        raise IllegalActionError(
            f"bot {level} chose action {index}, which is not legal here",
            ru=f"бот {level} выбрал ход {index}, а здесь так нельзя",
        )

    async def hint(self, view: Any, level: str) -> Any:
        """The ``preferans.bots.hints.Hint`` for ``view``, before the bots' queued moves."""
        started = time.monotonic()
        queued, busy = self.queued, self._running
        advice = await self._run(_hint, view, level, who=PERSON)
        took = time.monotonic() - started
        if took > SLOW_HINT_SECONDS:
            log.warning(
                "a %s hint took %.1f s; when asked, %d of %d workers were busy, %d jobs queued",
                level,
                took,
                busy,
                self.capacity,
                queued,
            )
        return advice

    async def run(self, function: Any, *args: Any) -> Any:
        """Any other heavy work (a game review): ``function(*args)`` in a worker.

        In line with the bots' moves, not before them: a review of a whole game is many
        jobs at once, and the tables must not stop while it runs."""
        return await self._run(function, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
