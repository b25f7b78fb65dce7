"""Bots and hints think in worker processes: the action that comes back is the table's own
legal action, hints arrive in both languages and before queued bot moves, and a killed
worker is replaced."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import threading

import pytest

from preferans.game import Deal, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat
from preferans.server.thinking import THREADS, WORKER_NICENESS, Thinking


def _views(variant: str, count: int) -> list[object]:
    rules = find_rules(variant)
    state = new_deal(rules, Deal.random(rules, Seat.S, random.Random(3)))
    rng = random.Random(4)
    views = []
    while not state.is_over and len(views) < count:
        assert state.actor is not None
        view = state.view(state.actor)
        views.append(view)
        state = state.apply(rng.choice(view.legal_actions))
    return views


@pytest.mark.parametrize("processes", [0, 1])
async def test_bots_answer_with_the_tables_own_legal_action(processes: int) -> None:
    thinking = Thinking(processes)
    try:
        for view in _views("sochi", 12) + _views("balkan", 6):
            action = await thinking.choose("sampling", view)
            assert any(action is legal for legal in view.legal_actions)  # type: ignore[attr-defined]
        advice = await thinking.hint(_views("sochi", 1)[0], "sampling")
        assert advice.action in _views("sochi", 1)[0].legal_actions  # type: ignore[attr-defined]
        assert advice.text_en and advice.text_ru
    finally:
        thinking.close()


async def test_a_killed_worker_is_replaced() -> None:
    thinking = Thinking(1)
    try:
        view = _views("sochi", 1)[0]
        await thinking.choose("heuristic", view)
        pool = thinking._pool
        assert pool is not None
        for pid in list(pool._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        action = await thinking.choose("heuristic", view)
        assert action in view.legal_actions  # type: ignore[attr-defined]
        assert thinking._pool is not pool
    finally:
        thinking.close()


def _worker_niceness(_: object) -> int:
    return os.nice(0)


async def test_workers_think_at_a_lower_priority_than_the_server() -> None:
    """A person's move is answered before a bot thinks on when the cores are short."""
    thinking = Thinking(1)
    try:
        worker = await thinking.run(_worker_niceness, None)
        assert worker == min(19, os.nice(0) + WORKER_NICENESS) > os.nice(0)
    finally:
        thinking.close()


def test_a_negative_pool_is_refused() -> None:
    with pytest.raises(ValueError, match="processes"):
        Thinking(-1)


def _blocked_until(event: threading.Event) -> None:
    assert event.wait(30), "the test never released this worker"


async def test_a_hint_goes_before_the_bots_moves_that_wait_for_a_worker() -> None:
    """In a club full of bot tables a person's hint waits for one worker to finish, not
    for every queued bot move."""
    thinking = Thinking(0)
    releases = [threading.Event() for _ in range(THREADS)]
    started: list[str] = []
    try:
        blockers = [asyncio.create_task(thinking.run(_blocked_until, event)) for event in releases]
        bots = [asyncio.create_task(thinking.run(started.append, name)) for name in ("b1", "b2")]
        await asyncio.sleep(0.05)
        hint = asyncio.create_task(thinking.hint(_views("sochi", 1)[0], "heuristic"))
        await asyncio.sleep(0.05)
        assert thinking.queued == 3 and not started
        releases[0].set()
        advice = await asyncio.wait_for(hint, 30)
        assert advice.text_en
        # One worker came free: the hint took it; the second bot move still waits.
        assert "b2" not in started
        for event in releases:
            event.set()
        await asyncio.gather(*blockers, *bots)
        assert started == ["b1", "b2"] and thinking.queued == 0
    finally:
        for event in releases:
            event.set()
        thinking.close()


async def test_a_cancelled_wait_gives_its_worker_to_the_next_in_line() -> None:
    thinking = Thinking(0)
    releases = [threading.Event() for _ in range(THREADS)]
    started: list[str] = []
    try:
        blockers = [asyncio.create_task(thinking.run(_blocked_until, event)) for event in releases]
        await asyncio.sleep(0.05)
        gone = asyncio.create_task(thinking.run(started.append, "gone"))
        kept = asyncio.create_task(thinking.run(started.append, "kept"))
        await asyncio.sleep(0.05)
        gone.cancel()
        releases[0].set()
        await asyncio.wait_for(kept, 30)
        assert started == ["kept"]
        for event in releases:
            event.set()
        await asyncio.gather(*blockers)
        assert thinking.queued == 0 and thinking._running == 0
    finally:
        for event in releases:
            event.set()
        thinking.close()
