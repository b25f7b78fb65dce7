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
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool, ProcessPoolExecutor
from functools import cache
from typing import Any

from preferans.actions import Action
from preferans.game.errors import IllegalActionError
from preferans.server.club_errors import SettingsError
from preferans.server.lifeline import die_with_parent

__all__ = ["WORKER_NICENESS", "Thinking"]

log = logging.getLogger(__name__)

#: How much lower the workers' CPU priority is than the server's (``nice``).
WORKER_NICENESS = 10


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
                self._pool = ThreadPoolExecutor(4, thread_name_prefix="think")
        return self._pool

    async def _run(self, function: Any, *args: Any) -> Any:
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
        """The ``preferans.bots.hints.Hint`` for ``view``."""
        return await self._run(_hint, view, level)

    async def run(self, function: Any, *args: Any) -> Any:
        """Any other heavy work (a game review): ``function(*args)`` in a worker."""
        return await self._run(function, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
