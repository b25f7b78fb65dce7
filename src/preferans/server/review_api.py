"""The review of a game in the club: after each deal for the player's own decisions, and
after the game for the whole pulya.

Grading prices every decision with the sampling bot, about a second of solver work per
deal, so it runs on the club's worker processes (:mod:`preferans.server.thinking`), one
deal per task: a pulya's deals are reviewed on every core at once and the page shows each
deal as it comes back (``status: running`` with the deals done so far). A finished review
is stored in its own table, keyed by the game and the review's scope, so it is computed
once per game; the table is derived data and is created here on first use rather than by
the club's migrations.

A deal's review for one seat is given only to the person sitting there, only once the deal
is over, and holds only that seat's decisions: nothing about another seat's hidden cards
reaches anybody before the deal has ended.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from preferans.server import models
from preferans.server.auth import ERRORS, CurrentUser
from preferans.server.club import Club
from preferans.server.lookups import club_of, stored_record
from preferans.server.path_params import DealNumber, TableId
from preferans.server.refusals import Refusal
from preferans.server.tournaments_privacy import check_open

__all__ = ["REVIEW_SEED", "reviews", "router"]

log = logging.getLogger(__name__)
router = APIRouter(prefix="/api", tags=["review"], responses=ERRORS)

#: Every club review uses this seed, so the grades of a game never change.
REVIEW_SEED = 1

_metadata = MetaData()
reviews = Table(
    "reviews",
    _metadata,
    Column("table_id", Integer, nullable=False),
    Column("scope", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("body", Text, nullable=False),
    PrimaryKeyConstraint("table_id", "scope"),
)
_ready: set[int] = set()


async def _table_ready(engine: AsyncEngine) -> None:
    if id(engine) in _ready:
        return
    async with engine.begin() as connection:
        await connection.run_sync(_metadata.create_all, checkfirst=True)
    _ready.add(id(engine))


async def _cached(engine: AsyncEngine, table_id: int, scope: str) -> dict[str, Any] | None:
    await _table_ready(engine)
    async with engine.connect() as connection:
        row = (
            await connection.execute(
                select(reviews.c.body).where(
                    reviews.c.table_id == table_id, reviews.c.scope == scope
                )
            )
        ).first()
    if row is None:
        return None
    body: dict[str, Any] = json.loads(row.body)
    return body


async def _store(engine: AsyncEngine, table_id: int, scope: str, body: dict[str, Any]) -> None:
    text = json.dumps(body, ensure_ascii=False)
    try:
        async with engine.begin() as connection:
            await connection.execute(
                reviews.insert().values(
                    table_id=table_id, scope=scope, created_at=time.time(), body=text
                )
            )
    except IntegrityError:
        pass  # another process stored the same review first: the grades are the same


async def _finished_notation(club: Club, table_id: int) -> str | None:
    async with club.engine.connect() as connection:
        record = await stored_record(connection, table_id)
    if record is None:
        return None
    notation: str = record.get("notation", "")
    return notation


# --- the whole pulya ---------------------------------------------------------------------


@dataclass
class _Job:
    """A pulya's review in progress: the deals done so far."""

    head: dict[str, Any]
    total: int
    deals: dict[int, dict[str, Any]] = field(default_factory=dict)
    failed: str | None = None
    task: asyncio.Task[None] | None = None

    def snapshot(self, status: str) -> dict[str, Any]:
        from preferans.review.jsonform import merge

        body = merge(list(self.deals.values()), self.head)
        body.pop("deal_numbers", None)
        return {"status": status, "done": len(self.deals), "total": self.total, **body}


_jobs: dict[int, _Job] = {}


async def _run_job(club: Club, table_id: int, notation: str, job: _Job) -> None:
    from preferans.review.worker import review_deal_json

    numbers: list[int] = job.head["deal_numbers"]

    async def one(number: int) -> None:
        job.deals[number] = await club.thinking.run(
            review_deal_json, notation, number, None, REVIEW_SEED
        )

    try:
        await asyncio.gather(*(one(n) for n in numbers))
        await _store(club.engine, table_id, "game", job.snapshot("done"))
    except Exception as error:
        log.exception("table %s: the review failed", table_id)
        job.failed = str(error) or type(error).__name__
    finally:
        if job.failed is None:
            _jobs.pop(table_id, None)


@router.get("/games/{table_id}/review")
async def game_review(table_id: TableId, request: Request) -> dict[str, Any]:
    """The review of a finished game, every player's decisions: ``status`` is ``running``
    (with the deals done so far, ``done`` of ``total``) until every deal is graded, then
    ``done``; ask again to follow it. Totals, ``cumulative`` losses per deal for the graph
    and the ``costliest`` decisions in words are in both states."""
    club = club_of(request)
    await check_open(club.engine, table_id)
    stored = await _cached(club.engine, table_id, "game")
    if stored is not None:
        return stored
    job = _jobs.get(table_id)
    if job is None:
        notation = await _finished_notation(club, table_id)
        if notation is None:
            raise HTTPException(404, "no finished game at this table")
        from preferans.review.worker import review_head

        head = await asyncio.to_thread(review_head, notation, REVIEW_SEED)
        job = _jobs.setdefault(table_id, _Job(head, len(head["deal_numbers"])))
        if job.task is None:
            job.task = asyncio.create_task(_run_job(club, table_id, notation, job))
    if job.failed is not None:
        _jobs.pop(table_id, None)
        raise HTTPException(500, f"the review failed: {job.failed}")
    return job.snapshot("running")


# --- one deal, one player ----------------------------------------------------------------


async def _live_notation(club: Club, table_id: int, deal: int) -> tuple[str, dict[str, int]]:
    """The finished deals of a game in progress as a record, and who sits where."""
    from preferans import notation
    from preferans.notation.replay import record_from_game

    actor = await club.ensure_actor(table_id)
    if actor is None or actor.pulya is None:
        raise HTTPException(409, "the table is played by another process; try again")
    pulya = actor.pulya
    if deal > len(pulya.finals):
        if pulya.over:
            raise _no_such_deal(deal, len(pulya.finals))
        raise _not_over(deal)
    record = record_from_game(
        pulya.rules, pulya.finals[:deal], pulya.sheet.sheet, target=pulya.target
    )
    seats = {s.name: i.user_id for s, i in actor.seats.items() if i.user_id is not None}
    return notation.dumps(record), seats


def _not_over(deal: int) -> Refusal:
    """The deal asked for is being played or not dealt yet: its review comes once it ends."""
    return Refusal(
        "deal_not_over",
        f"deal {deal} is not over yet (or not dealt yet): its review comes once it ends",
        f"сдача {deal} ещё не закончена (или ещё не сдана): разбор будет, когда она кончится",
        409,
    )


def _no_such_deal(deal: int, last: int) -> Refusal:
    """The game is over and never reached the deal asked for."""
    return Refusal(
        "no_such_deal",
        f"the game ended after deal {last}: it has no deal {deal}",
        f"партия закончилась после сдачи {last}: сдачи {deal} в ней нет",
        404,
    )


async def _seated(club: Club, table_id: int) -> dict[str, int]:
    async with club.engine.connect() as connection:
        rows = (
            await connection.execute(
                select(models.table_seats.c.seat, models.table_seats.c.user_id).where(
                    models.table_seats.c.table_id == table_id
                )
            )
        ).all()
    return {r.seat: r.user_id for r in rows if r.user_id is not None}


@router.get("/tables/{table_id}/deals/{deal}/review")
async def deal_review(
    table_id: TableId,
    deal: DealNumber,
    request: Request,
    user: CurrentUser,
) -> dict[str, Any]:
    """The review of one finished deal for the asking player's own decisions (the player
    must sit at the table): each decision's price from the player's own knowledge, the
    double-dummy line, the loss and the mark, and the deal's totals."""
    club = club_of(request)
    await check_open(club.engine, table_id)
    seats = await _seated(club, table_id)
    mine = next((s for s, u in seats.items() if u == user.id), None)
    if mine is None:
        raise HTTPException(403, "only a player of this table sees its reviews")
    scope = f"deal:{deal}:{mine}"
    stored = await _cached(club.engine, table_id, scope)
    if stored is not None:
        return stored
    text = await _finished_notation(club, table_id)
    finished = text is not None
    if text is None:
        text, _ = await _live_notation(club, table_id, deal)
    from preferans.review.worker import review_deal_json, review_head

    head = await asyncio.to_thread(review_head, text, REVIEW_SEED)
    if deal not in head["deal_numbers"]:
        last = max(head["deal_numbers"], default=0)
        raise _no_such_deal(deal, last) if finished else _not_over(deal)
    body = await club.thinking.run(review_deal_json, text, deal, (mine,), REVIEW_SEED)
    head.pop("deal_numbers", None)
    result = {**head, "seat": mine, "deal": body}
    await _store(club.engine, table_id, scope, result)
    return result
