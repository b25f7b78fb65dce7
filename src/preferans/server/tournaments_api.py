"""The tournaments' REST API: create, register, unregister, list and show.

Everything is stored before it is answered; every refusal is in both languages
(``server/refusals.py``) and changes nothing. The director loop
(``server/tournaments_director.py``) runs what is created here.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field
from sqlalchemy import delete, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans import fairness
from preferans.errors import PreferansError
from preferans.server import models
from preferans.server.auth import (
    ERRORS,
    CurrentUser,
    User,
    hash_password,
    optional_user,
    verify_password,
)
from preferans.server.club import Club
from preferans.server.door import check_conventions, check_table_password
from preferans.server.limits import check_password_guess
from preferans.server.path_params import TournamentId
from preferans.server.refusals import Refusal
from preferans.server.tournaments_record import tournament_record
from preferans.server.tournaments_view import detail, summaries
from preferans.tournament.settings import TournamentSettings

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["tournaments"], responses=ERRORS)
MAX_TEXT = 300


def _club(request: Request) -> Club:
    club: Club = request.app.state.club
    return club


class CreateTournament(BaseModel):
    name: str = Field(min_length=1, max_length=64, description="shown in the lobby")
    settings: dict[str, Any] = Field(
        description="kind, variant, conventions, table_size, rounds, pulya_target or deals, "
        "move_seconds, bank_seconds, start_at (ISO 8601 with a zone), min_players, "
        "max_players (docs/tournaments.md)"
    )
    password: str | None = Field(None, min_length=1, max_length=64)


class RegisterBody(BaseModel):
    password: str | None = Field(None, max_length=64)


def _check_name(name: str) -> str:
    text = " ".join(name.split())
    if not text or not text.isprintable():
        raise Refusal(
            "bad_name",
            "a tournament's name is one line of printable characters",
            "название турнира — одна строка печатных символов",
        )
    return text


def _parse_settings(data: dict[str, Any], password: bool) -> TournamentSettings:
    if "password" in data:
        raise Refusal(
            "bad_settings",
            "the password is given beside the settings, not in them",
            "пароль указывается рядом с настройками, а не в них",
        )
    conventions = data.get("conventions", {})
    if isinstance(conventions, dict):
        check_conventions(conventions)
    try:
        return TournamentSettings.parse({**data, "password": password}, now=datetime.now(UTC))
    except PreferansError as problem:
        raise Refusal(
            "bad_settings", str(problem)[:MAX_TEXT], problem.message("ru")[:MAX_TEXT]
        ) from None


def _may_direct(club: Club, user: User) -> None:
    allowed = club.settings.tournament_directors
    if allowed and user.name.casefold() not in {name.casefold() for name in allowed}:
        raise Refusal(
            "not_a_director",
            "only the club's directors may create tournaments here",
            "создавать турниры здесь могут только директора клуба",
            403,
        )


@router.post("/tournaments", status_code=201)
async def create_tournament(
    body: CreateTournament, request: Request, user: CurrentUser
) -> dict[str, Any]:
    """Create a tournament; its creator is its director. Every round's commitment is
    published at once (the secrets are shown after each round)."""
    club = _club(request)
    _may_direct(club, user)
    name = _check_name(body.name)
    check_table_password(body.password)
    settings = _parse_settings(body.settings, body.password is not None)
    password = await hash_password(body.password) if body.password else None
    now = time.time()
    async with club.engine.begin() as connection:
        result = await connection.execute(
            insert(models.tournaments).values(
                director_id=user.id,
                name=name,
                kind=settings.kind,
                settings_json=json.dumps(settings.to_dict(), ensure_ascii=False),
                password_hash=password,
                status="upcoming",
                start_at=settings.start_at.timestamp(),
                created_at=now,
                rounds_done=0,
            )
        )
        tournament_id = int(result.inserted_primary_key[0])  # type: ignore[index]
        rounds = []
        for number in range(1, settings.rounds + 1):
            secret = fairness.new_secret()
            rounds.append(
                {
                    "tournament_id": tournament_id,
                    "number": number,
                    "secret": secret.hex(),
                    "commitment": fairness.commitment(secret),
                    "status": "pending",
                }
            )
        await connection.execute(insert(models.tournament_rounds), rounds)
        return await detail(connection, tournament_id, user.id)


async def _upcoming(connection: AsyncConnection, tournament_id: int) -> Any:
    """The tournament's row, locked for this transaction; refused once it has started."""
    row = (
        await connection.execute(
            select(models.tournaments)
            .where(models.tournaments.c.id == tournament_id)
            .with_for_update()
        )
    ).first()
    if row is None:
        raise Refusal("no_tournament", "no such tournament", "такого турнира нет", 404)
    if row.status != "upcoming" or row.start_at <= time.time():
        raise Refusal(
            "registration_closed",
            "registration is closed: the tournament has started",
            "регистрация закрыта: турнир уже начался",
            409,
        )
    return row


@router.post("/tournaments/{tournament_id}/register")
async def register(
    tournament_id: TournamentId,
    body: RegisterBody,
    request: Request,
    user: CurrentUser,
) -> dict[str, Any]:
    """Register for a tournament that has not started (with its password, if it has one)."""
    club = _club(request)
    async with club.engine.begin() as connection:
        row = await _upcoming(connection, tournament_id)
        players = models.tournament_players
        mine = (
            await connection.execute(
                select(players.c.user_id).where(
                    players.c.tournament_id == tournament_id, players.c.user_id == user.id
                )
            )
        ).first()
        if mine is not None:
            raise Refusal(
                "already_registered",
                "you are already registered for this tournament",
                "вы уже зарегистрированы в этом турнире",
                409,
            )
        count = (
            await connection.execute(
                select(func.count())
                .select_from(players)
                .where(players.c.tournament_id == tournament_id)
            )
        ).scalar_one()
        limit = int(json.loads(row.settings_json)["max_players"])
        if count >= limit:
            raise Refusal(
                "tournament_full",
                f"the tournament is full ({limit} players)",
                f"мест в турнире больше нет ({limit} игроков)",
                409,
            )
        if row.password_hash is not None:
            if body.password:  # each guess is an argon2 check: counted like a table's
                address = request.client.host if request.client else "?"
                await check_password_guess(club, user.id, address)
            if not (body.password and await verify_password(row.password_hash, body.password)):
                raise Refusal(
                    "wrong_password",
                    "wrong tournament password",
                    "неверный пароль турнира",
                    403,
                )
        try:
            async with connection.begin_nested():
                await connection.execute(
                    insert(players).values(
                        tournament_id=tournament_id, user_id=user.id, registered_at=time.time()
                    )
                )
        except IntegrityError:
            raise Refusal(
                "already_registered",
                "you are already registered for this tournament",
                "вы уже зарегистрированы в этом турнире",
                409,
            ) from None
        return await detail(connection, tournament_id, user.id)


@router.post("/tournaments/{tournament_id}/unregister")
async def unregister(
    tournament_id: TournamentId, request: Request, user: CurrentUser
) -> dict[str, Any]:
    """Withdraw a registration before the start."""
    async with _club(request).engine.begin() as connection:
        await _upcoming(connection, tournament_id)
        removed = await connection.execute(
            delete(models.tournament_players).where(
                models.tournament_players.c.tournament_id == tournament_id,
                models.tournament_players.c.user_id == user.id,
            )
        )
        if not removed.rowcount:
            raise Refusal(
                "not_registered",
                "you are not registered for this tournament",
                "вы не зарегистрированы в этом турнире",
                409,
            )
        return await detail(connection, tournament_id, user.id)


@router.get("/tournaments")
async def list_tournaments(
    request: Request,
    status: Annotated[
        Literal["upcoming", "running", "finished", "cancelled", "all"], Query()
    ] = "all",
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[dict[str, Any]]:
    """Tournaments, newest first: name, kind, settings, start, players registered."""
    async with _club(request).engine.connect() as connection:
        return await summaries(connection, None if status == "all" else status, limit)


@router.get("/tournaments/{tournament_id}")
async def get_tournament(tournament_id: TournamentId, request: Request) -> dict[str, Any]:
    """Settings, players, every round (commitment; the secret once the round is over;
    tables with their players, status and game), byes, and the standings so far."""
    club = _club(request)
    user = await optional_user(request)
    async with club.engine.connect() as connection:
        return await detail(connection, tournament_id, user.id if user else None)


@router.get("/tournaments/{tournament_id}/record")
async def record(tournament_id: TournamentId, request: Request) -> Response:
    """The tournament's record for ``preferans verify``: every started round's commitment
    and plan; every finished round's secret, tables' game records and scores; the
    standings (``docs/tournaments.md``)."""
    async with _club(request).engine.connect() as connection:
        found = await tournament_record(connection, tournament_id)
    return Response(
        found.to_json(indent=1),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="tournament-{tournament_id}.json"'},
    )
