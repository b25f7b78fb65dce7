"""The lobby REST API: tables, seats, bots, presets, profiles, the leaderboard, history."""

from __future__ import annotations

import json
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans import fairness
from preferans.errors import RulesError
from preferans.rules import PRESETS, Rules, find_rules
from preferans.seats import Seat, player_seats
from preferans.server import bots, door, models
from preferans.server.adjourn import votes_of as _votes
from preferans.server.auth import ERRORS, CurrentUser, User, hash_password, verify_password
from preferans.server.club import Club
from preferans.server.limits import check_bot_tables, check_password_guess
from preferans.server.lookups import club_of, finished_game, table_in, table_row
from preferans.server.path_params import TableId
from preferans.server.refusals import Refusal
from preferans.server.seat_change import seat_change
from preferans.server.tournaments_privacy import check_open

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["lobby"], responses=ERRORS)
SeatName = Literal["S", "W", "N", "E"]


class SeatOut(BaseModel):
    seat: SeatName
    user_id: int | None = None
    name: str | None = None
    bot: str | None = None
    left: bool = False


class TableOut(BaseModel):
    id: int
    variant: str
    players: int
    rules: dict[str, Any]
    conventions: dict[str, Any] = Field(description="conventions that differ from the preset")
    target: int
    stake: float
    clock_seconds: int | None
    has_password: bool
    status: str
    creator_id: int
    commitment: str
    created_at: float
    seats: list[SeatOut]
    free_seats: list[SeatName]
    away_seconds: float | None = None
    adjourn_votes: list[str] = Field(default_factory=list)


class CreateTable(BaseModel):
    preset: str = Field("sochi", max_length=16, description="sochi, leningrad (piter), rostov")
    players: Literal[2, 3, 4] = 3
    conventions: dict[str, Any] = Field(
        default_factory=dict, description="Rules fields that differ from the preset"
    )
    target: int = Field(10, ge=2, le=100, description="the pulya target")
    stake: float = Field(0.0, ge=0, le=1000, description="money per whist")
    password: str | None = Field(None, min_length=1, max_length=64)
    clock_seconds: int | None = Field(None, ge=1, le=600, description="per-move limit")
    away_seconds: float | None = Field(
        None, ge=2, le=3600, description="grace before a stand-in bot plays for a player"
    )
    bots: dict[SeatName, str] = Field(
        default_factory=dict, description="seats to fill with bots: seat → level"
    )
    seed: str = Field("", max_length=64, description="your own seed for the fair shuffle")


class SitBody(BaseModel):
    seat: SeatName
    password: str | None = Field(None, max_length=64)
    seed: str = Field("", max_length=64, description="your own seed for the fair shuffle")


class BotBody(BaseModel):
    seat: SeatName
    level: str = Field("random", max_length=32)


class ProfileOut(BaseModel):
    id: int
    name: str
    rating: float
    games_played: int
    history: list[dict[str, Any]]


class LeaderOut(BaseModel):
    name: str
    rating: float
    games_played: int


async def _table_rows(
    connection: AsyncConnection, where: Any = None, limit: int = 200
) -> list[TableOut]:
    query = select(models.tables).order_by(models.tables.c.id.desc()).limit(limit)
    if where is not None:
        query = query.where(where)
    rows = (await connection.execute(query)).all()
    if not rows:
        return []
    ids = [row.id for row in rows]
    seat_rows = (
        await connection.execute(
            select(models.table_seats, models.users.c.name)
            .outerjoin(models.users, models.users.c.id == models.table_seats.c.user_id)
            .where(models.table_seats.c.table_id.in_(ids))
        )
    ).all()
    seats: dict[int, list[SeatOut]] = {}
    for s in seat_rows:
        seats.setdefault(s.table_id, []).append(
            SeatOut(
                seat=s.seat,
                user_id=s.user_id,
                name=s.name,
                bot=s.bot,
                left=getattr(s, "left_at", None) is not None,
            )
        )
    out = []
    for row in rows:
        try:
            rules: Rules | None = Rules.from_json(row.rules_json)
        except RulesError:
            rules = None  # a quarantined table whose rules cannot be read (shown as such)
        taken = {s.seat for s in seats.get(row.id, [])}
        order = player_seats(rules.players) if rules is not None else ()
        out.append(
            TableOut(
                id=row.id,
                variant=rules.variant if rules is not None else "unreadable",
                players=rules.players if rules is not None else len(taken),
                rules=rules.to_dict() if rules is not None else {},
                conventions=rules.differences() if rules is not None else {},
                target=row.target,
                stake=row.stake,
                clock_seconds=row.clock_seconds,
                has_password=row.password_hash is not None,
                status=row.status,
                creator_id=row.creator_id,
                commitment=row.commitment,
                created_at=row.created_at,
                seats=sorted(seats.get(row.id, []), key=lambda s: Seat[s.seat]),
                free_seats=[s.name for s in order if s.name not in taken],  # type: ignore[misc]
                away_seconds=getattr(row, "away_seconds", None),
                adjourn_votes=list(_votes(getattr(row, "adjourn_votes", None))),
            )
        )
    return out


async def _one_table(connection: AsyncConnection, table_id: TableId) -> TableOut:
    found = await _table_rows(connection, models.tables.c.id == table_id, 1)
    if not found:
        raise HTTPException(404, "no such table")
    return found[0]


@router.get("/tables", response_model=list[TableOut], tags=["lobby"])
async def list_tables(
    request: Request,
    status: Annotated[Literal["open", "playing", "finished", "all"], Query()] = "all",
    limit: Annotated[int, Query(ge=1, le=500)] = 200,
) -> list[TableOut]:
    """Tables with their variant, conventions, target, stake and who sits where."""
    where = None if status == "all" else models.tables.c.status == status
    async with club_of(request).engine.connect() as connection:
        return await _table_rows(connection, where, limit)


@router.get("/tables/{table_id}", response_model=TableOut)
async def get_table(table_id: TableId, request: Request) -> TableOut:
    async with club_of(request).engine.connect() as connection:
        return await _one_table(connection, table_id)


def _check_bot(level: str) -> None:
    if level not in bots.levels():
        raise HTTPException(400, f"unknown bot level {level!r}; levels: {', '.join(bots.levels())}")


async def _check_limit(connection: AsyncConnection, club: Club, user: User) -> None:
    count = (
        await connection.execute(
            select(func.count())
            .select_from(models.table_seats.join(models.tables))
            .where(
                models.table_seats.c.user_id == user.id,
                models.table_seats.c.left_at.is_(None),
                models.tables.c.status.in_(("open", "playing")),
            )
        )
    ).scalar_one()
    if count >= club.settings.max_tables_per_user:
        raise HTTPException(429, "you sit at too many unfinished tables already")


def _players_with(row: Any, seat: str) -> int:
    """The table's number of players; 400 if it has no such seat."""
    players = Rules.from_json(row.rules_json).players
    if Seat[seat] not in player_seats(players):
        raise HTTPException(400, f"there is no seat {seat} at a {players}-player table")
    return players


async def _take_seat(
    connection: AsyncConnection,
    table_id: TableId,
    seat: str,
    players: int,
    *,
    user_id: int | None = None,
    bot: str | None = None,
    seed: str = "",
) -> None:
    """Seat a person or a bot (409 if someone was quicker), then start a full table."""
    try:
        async with connection.begin_nested():
            await connection.execute(
                insert(models.table_seats).values(
                    table_id=table_id, seat=seat, user_id=user_id, bot=bot, client_seed=seed
                )
            )
    except IntegrityError:
        raise HTTPException(409, f"the seat {seat} is taken") from None
    await _start_if_full(connection, table_id, players)


async def _start_if_full(connection: AsyncConnection, table_id: TableId, players: int) -> bool:
    taken = (
        await connection.execute(
            select(func.count())
            .select_from(models.table_seats)
            .where(models.table_seats.c.table_id == table_id)
        )
    ).scalar_one()
    if taken < len(player_seats(players)):
        return False
    await connection.execute(
        update(models.tables)
        .where(models.tables.c.id == table_id, models.tables.c.status == "open")
        .values(status="playing", started_at=time.time())
    )
    return True


@router.post("/tables", response_model=TableOut, status_code=201)
async def create_table(body: CreateTable, request: Request, user: CurrentUser) -> TableOut:
    """Open a table; the creator sits South; listed seats get bots; full tables start."""
    club = club_of(request)
    conventions = door.check_conventions(body.conventions)
    door.check_seed(body.seed)
    door.check_stake(body.stake)
    door.check_table_password(body.password)
    try:
        rules = find_rules(body.preset, **{**conventions, "players": body.players})
    except (RulesError, TypeError) as problem:
        text = str(problem)[:300]
        raise Refusal("bad_convention", text, f"такие правила невозможны: {text}") from None
    seats = player_seats(rules.players)
    for seat_name, level in body.bots.items():
        if Seat[seat_name] not in seats or seat_name == "S":
            raise HTTPException(400, f"a bot cannot sit at {seat_name} at this table")
        _check_bot(level)
    secret = fairness.new_secret()
    password = await hash_password(body.password) if body.password else None
    async with club.engine.begin() as connection:
        await _check_limit(connection, club, user)
        if body.bots:
            await check_bot_tables(connection, club, user.id)
        result = await connection.execute(
            insert(models.tables).values(
                creator_id=user.id,
                rules_json=rules.to_json(),
                target=body.target,
                stake=body.stake,
                password_hash=password,
                clock_seconds=body.clock_seconds,
                away_seconds=body.away_seconds,
                status="open",
                created_at=time.time(),
                seed=secret.hex(),
                commitment=fairness.commitment(secret),
            )
        )
        table_id = int(result.inserted_primary_key[0])  # type: ignore[index]
        rows = [
            {
                "table_id": table_id,
                "seat": "S",
                "user_id": user.id,
                "bot": None,
                "client_seed": body.seed,
            }
        ]
        rows += [
            {"table_id": table_id, "seat": s, "user_id": None, "bot": level, "client_seed": ""}
            for s, level in body.bots.items()
        ]
        await connection.execute(insert(models.table_seats), rows)
        started = await _start_if_full(connection, table_id, rules.players)
        table = await _one_table(connection, table_id)
    if started:
        await club.seats_changed(table_id)
    return table


@router.post("/tables/{table_id}/sit", response_model=TableOut)
async def sit(table_id: TableId, body: SitBody, request: Request, user: CurrentUser) -> TableOut:
    """Take a free seat. One account never sits twice at one table."""
    club = club_of(request)
    door.check_seed(body.seed)
    async with seat_change(club, table_id) as connection:
        row = await table_in(connection, table_id, ("open",), "this table has already started")
        players = _players_with(row, body.seat)
        if row.password_hash is not None:
            address = request.client.host if request.client else "?"
            await check_password_guess(club, user.id, address)
            if not (body.password and await verify_password(row.password_hash, body.password)):
                raise HTTPException(403, "wrong table password")
        mine = (
            await connection.execute(
                select(models.table_seats.c.seat).where(
                    models.table_seats.c.table_id == table_id,
                    models.table_seats.c.user_id == user.id,
                )
            )
        ).first()
        if mine is not None:
            raise HTTPException(
                409,
                f"you already sit at this table ({Seat[mine.seat].english}); "
                "one account cannot take two seats at one table",
            )
        await _check_limit(connection, club, user)
        await _take_seat(connection, table_id, body.seat, players, user_id=user.id, seed=body.seed)
        table = await _one_table(connection, table_id)
    return table


@router.post("/tables/{table_id}/leave", response_model=TableOut)
async def leave(table_id: TableId, request: Request, user: CurrentUser) -> TableOut:
    """Leave a table that has not started; the creator's leaving closes it."""
    async with seat_change(club_of(request), table_id) as connection:
        row = await table_in(
            connection,
            table_id,
            ("open",),
            "a started table cannot be left; a bot plays while away",
        )
        removed = await connection.execute(
            delete(models.table_seats).where(
                models.table_seats.c.table_id == table_id,
                models.table_seats.c.user_id == user.id,
            )
        )
        if not removed.rowcount:
            raise HTTPException(409, "you do not sit at this table")
        if row.creator_id == user.id:
            await connection.execute(
                update(models.tables)
                .where(models.tables.c.id == table_id)
                .values(status="closed", finished_at=time.time())
            )
        table = await _one_table(connection, table_id)
    return table


@router.post("/tables/{table_id}/bots", response_model=TableOut)
async def add_bot(
    table_id: TableId, body: BotBody, request: Request, user: CurrentUser
) -> TableOut:
    """The creator fills a free seat with a bot."""
    club = club_of(request)
    _check_bot(body.level)
    async with seat_change(club, table_id) as connection:
        row = await table_row(connection, table_id)
        if row.creator_id != user.id:
            raise HTTPException(403, "only the table's creator seats bots")
        if row.status != "open":
            raise HTTPException(409, "this table has already started")
        await check_bot_tables(connection, club, user.id, table_id)
        players = _players_with(row, body.seat)
        await _take_seat(connection, table_id, body.seat, players, bot=body.level)
        table = await _one_table(connection, table_id)
    return table


@router.get("/presets", tags=["rules"])
async def presets() -> dict[str, dict[str, Any]]:
    """The variant presets and every convention's default (Rules JSON)."""
    return {name: rules.to_dict() for name, rules in PRESETS.items()}


@router.get("/bots", tags=["rules"])
async def bot_levels() -> list[str]:
    """Bot levels a seat can be filled with."""
    return list(bots.offered())


@router.get("/users/{name}", response_model=ProfileOut, tags=["accounts"])
async def profile(name: Annotated[str, Field(max_length=32)], request: Request) -> ProfileOut:
    """A player's rating and finished games."""
    if len(name) > 32:
        raise HTTPException(404, "no such player")
    async with club_of(request).engine.connect() as connection:
        row = (
            await connection.execute(
                select(models.users).where(models.users.c.name_key == door.name_key(name))
            )
        ).first()
        if row is None:
            raise HTTPException(404, "no such player")
        changes = (
            await connection.execute(
                select(models.rating_changes, models.games.c.finished_at)
                .join(models.games, models.games.c.table_id == models.rating_changes.c.table_id)
                .where(models.rating_changes.c.user_id == row.id)
                .order_by(models.games.c.finished_at.desc())
                .limit(100)
            )
        ).all()
    history = [
        {
            "table": c.table_id,
            "seat": c.seat,
            "whists": c.whists,
            "rating_before": c.before,
            "rating_after": c.after,
            "finished_at": c.finished_at,
        }
        for c in changes
    ]
    return ProfileOut(
        id=row.id,
        name=row.name,
        rating=row.rating,
        games_played=row.games_played,
        history=history,
    )


@router.get("/leaderboard", response_model=list[LeaderOut], tags=["accounts"])
async def leaderboard(
    request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 100
) -> list[LeaderOut]:
    """Players by rating (those with at least one finished game)."""
    async with club_of(request).engine.connect() as connection:
        rows = (
            await connection.execute(
                select(models.users)
                .where(models.users.c.games_played > 0)
                .order_by(models.users.c.rating.desc(), models.users.c.id)
                .limit(limit)
            )
        ).all()
    return [LeaderOut(name=r.name, rating=r.rating, games_played=r.games_played) for r in rows]


@router.get("/games/{table_id}", tags=["history"])
async def game(table_id: TableId, request: Request) -> dict[str, Any]:
    """A finished game: players, sheet, settlement, ratings and the revealed secret."""
    await check_open(club_of(request).engine, table_id)
    async with club_of(request).engine.connect() as connection:
        row = await finished_game(connection, table_id)
    summary: dict[str, Any] = json.loads(row.summary_json)
    summary["finished_at"] = row.finished_at
    # A tournament table's secret is revealed with its round (docs/tournaments.md).
    secret = summary.get("secret")
    summary["commitment_ok"] = (
        fairness.check_commitment(summary["commitment"], bytes.fromhex(secret)) if secret else None
    )
    return summary


@router.get("/games/{table_id}/record", tags=["history"])
async def record(table_id: TableId, request: Request) -> Response:
    """The whole game as a downloadable JSON record (every deal, every action, the sheet)."""
    await check_open(club_of(request).engine, table_id)
    async with club_of(request).engine.connect() as connection:
        row = await finished_game(connection, table_id, models.games.c.record)
    return Response(
        row.record,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="pulya-{table_id}.json"'},
    )


@router.get(
    "/games/{table_id}/record.txt",
    tags=["history"],
    response_class=PlainTextResponse,
    responses={200: {"content": {"text/plain": {}}}},
)
async def record_text(table_id: TableId, request: Request) -> PlainTextResponse:
    """The game in the text notation (``preferans.notation``), with the revealed secret
    and the seeds, so that every deal can be checked (``check_fairness``)."""
    await check_open(club_of(request).engine, table_id)
    async with club_of(request).engine.connect() as connection:
        row = await finished_game(connection, table_id, models.games.c.record)
    text = json.loads(row.record).get("notation", "")
    return PlainTextResponse(
        text,
        headers={"Content-Disposition": f'attachment; filename="pulya-{table_id}.txt"'},
    )
