"""Leaving a started game and adjourning it: the REST side of a seat's life after the start.

Leaving: the player's seat keeps his name, a stand-in bot plays it to the end for good,
and the result marks him as having left (the rating rule for stand-ins reads it).
Adjourning: every person still in the game agrees (see :mod:`preferans.server.adjourn`);
any of them resumes it later from the lobby. Each change is written to the database first
and then the table's owner is told (``Reload``), wherever it runs.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.server import adjourn, models
from preferans.server.auth import ERRORS, CurrentUser, User
from preferans.server.lookups import club_of, table_in, table_row
from preferans.server.path_params import TableId
from preferans.server.seat_change import seat_change

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["lobby"], responses=ERRORS)


class AdjournBody(BaseModel):
    agree: bool = True


class SeatChange(BaseModel):
    table: int
    status: str
    adjourn_votes: list[str]
    people: list[str]


async def _people(connection: AsyncConnection, table_id: int) -> dict[str, int]:
    """Seat → user of the persons still in the game."""
    rows = (
        await connection.execute(
            select(models.table_seats.c.seat, models.table_seats.c.user_id).where(
                models.table_seats.c.table_id == table_id,
                models.table_seats.c.user_id.is_not(None),
                models.table_seats.c.left_at.is_(None),
            )
        )
    ).all()
    return {r.seat: r.user_id for r in rows}


def _my_seat(people: dict[str, int], user: User) -> str:
    for seat, user_id in people.items():
        if user_id == user.id:
            return seat
    raise HTTPException(409, "you do not play at this table")


async def _answer(connection: AsyncConnection, table_id: int) -> SeatChange:
    row = await table_row(connection, table_id)
    people = await _people(connection, table_id)
    return SeatChange(
        table=table_id,
        status=row.status,
        adjourn_votes=list(adjourn.votes_of(row.adjourn_votes)),
        people=sorted(people),
    )


@router.post("/tables/{table_id}/quit", response_model=SeatChange)
async def quit_game(table_id: TableId, request: Request, user: CurrentUser) -> SeatChange:
    """Leave a started game for good: a bot plays your seat to the end."""
    club = club_of(request)
    async with seat_change(club, table_id) as connection:
        row = await table_in(
            connection,
            table_id,
            ("playing", "adjourned"),
            "only a started game is left this way; use leave",
        )
        seat = _my_seat(await _people(connection, table_id), user)
        await connection.execute(
            update(models.table_seats)
            .where(models.table_seats.c.table_id == table_id, models.table_seats.c.seat == seat)
            .values(bot=club.settings.substitute_bot, left_at=time.time())
        )
        votes = [v for v in adjourn.votes_of(row.adjourn_votes) if v != seat]
        await connection.execute(
            update(models.tables)
            .where(models.tables.c.id == table_id)
            .values(adjourn_votes=adjourn.votes_json(votes))
        )
        answer = await _answer(connection, table_id)
    return answer


@router.post("/tables/{table_id}/adjourn", response_model=SeatChange)
async def adjourn_game(
    table_id: TableId,
    body: AdjournBody,
    request: Request,
    user: CurrentUser,
) -> SeatChange:
    """Agree to adjourn (or decline, which withdraws the proposal). When every person in
    the game has agreed, the game stops and waits in the lobby to be resumed."""
    async with seat_change(club_of(request), table_id) as connection:
        row = await table_in(
            connection, table_id, ("playing",), "only a game in progress can be adjourned"
        )
        people = await _people(connection, table_id)
        seat = _my_seat(people, user)
        votes = adjourn.agree(adjourn.votes_of(row.adjourn_votes), seat) if body.agree else ()
        values: dict[str, Any] = {"adjourn_votes": adjourn.votes_json(votes)}
        if adjourn.complete(votes, people):
            values = {"adjourn_votes": None, "status": "adjourned"}
        await connection.execute(
            update(models.tables).where(models.tables.c.id == table_id).values(**values)
        )
        answer = await _answer(connection, table_id)
    return answer


@router.post("/tables/{table_id}/resume", response_model=SeatChange)
async def resume_game(table_id: TableId, request: Request, user: CurrentUser) -> SeatChange:
    """Resume an adjourned game: the log is replayed and play goes on where it stopped."""
    async with seat_change(club_of(request), table_id) as connection:
        await table_in(connection, table_id, ("adjourned",), "this game is not adjourned")
        _my_seat(await _people(connection, table_id), user)
        await connection.execute(
            update(models.tables)
            .where(models.tables.c.id == table_id, models.tables.c.status == "adjourned")
            .values(status="playing", adjourn_votes=None)
        )
        answer = await _answer(connection, table_id)
    return answer
