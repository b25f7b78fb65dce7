"""The tournament director: starts tournaments at their time, watches every round's
tables to their end, scores the round and seats the next one.

It keeps nothing in memory that matters: each step reads the tournament from the
database and writes its outcome in one transaction, guarded by the state it expects
(``upcoming`` → ``running``; a round ``playing`` → ``done``), so a director killed at
any moment is replaced by the next one (this process after a restart, or another process
once the lease of ``server/tournaments_lease.py`` expires) and no round is opened twice.
The tables themselves are club tables: the club replays them after a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.server import models
from preferans.server.cluster import RedisCluster
from preferans.server.tournaments_lease import DirectorLease
from preferans.server.tournaments_rating import rate_round
from preferans.server.tournaments_scores import next_plan, score_round, standings_of
from preferans.server.tournaments_store import create_tables, round_games
from preferans.tournament.settings import TournamentSettings

if TYPE_CHECKING:
    from preferans.server.club import Club

__all__ = ["CANCELLED", "Director"]

log = logging.getLogger(__name__)
POLL_SECONDS = 1.0
"""How often the director looks at the database when no game ended meanwhile."""
CANCELLED = {
    "en": "cancelled: fewer players registered than the minimum",
    "ru": "отменён: зарегистрировалось меньше игроков, чем нужно",
}


class Director:
    """One per process; only the holder of the lease acts."""

    def __init__(self, club: Club) -> None:
        self.club = club
        redis = club.cluster.redis if isinstance(club.cluster, RedisCluster) else None
        self.lease = DirectorLease(
            redis, club.settings.redis_prefix, club.node, club.settings.lease_seconds
        )
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.club.game_end_listeners.append(self._on_game_end)
        self._task = asyncio.create_task(self._run(), name="tournament-director")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.lease.release()

    def _on_game_end(self, _table_id: int) -> None:
        self._wake.set()

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL_SECONDS)
            self._wake.clear()
            try:
                if await self.lease.hold():
                    await self.step()
            except Exception:
                # A database that does not answer now: the next look tries again.
                log.exception("the tournament director's step failed")

    async def step(self) -> None:
        """Start every tournament whose time has come and advance every running one."""
        now = time.time()
        t = models.tournaments
        async with self.club.engine.connect() as connection:
            rows = (
                await connection.execute(
                    select(t.c.id, t.c.status).where(
                        ((t.c.status == "upcoming") & (t.c.start_at <= now))
                        | (t.c.status == "running")
                    )
                )
            ).all()
        for row in rows:
            if row.status == "upcoming":
                opened = await self._start(row.id)
            else:
                opened = await self._advance(row.id)
            # A round's tables start together (each replays its empty log and deals).
            await asyncio.gather(*(self._load(table_id) for table_id in opened))

    async def _load(self, table_id: int) -> None:
        try:
            await self.club.ensure_actor(table_id)
        except Exception:
            # The club's scan (or the next connection) loads it later.
            log.exception("tournament table %s could not be loaded now", table_id)

    async def _start(self, tournament_id: int) -> list[int]:
        t = models.tournaments
        async with self.club.engine.begin() as connection:
            claimed = await connection.execute(
                update(t)
                .where(t.c.id == tournament_id, t.c.status == "upcoming")
                .values(status="running", started_at=time.time())
            )
            if claimed.rowcount != 1:
                return []
            row = (await connection.execute(select(t).where(t.c.id == tournament_id))).one()
            settings = TournamentSettings.parse(json.loads(row.settings_json))
            players = await _players(connection, tournament_id)
            await connection.execute(
                update(t)
                .where(t.c.id == tournament_id)
                .values(
                    standings_json=json.dumps(standings_of(settings, list(players), [])),
                )
            )
            if len(players) < settings.min_players:
                await connection.execute(
                    update(t)
                    .where(t.c.id == tournament_id)
                    .values(
                        status="cancelled",
                        finished_at=time.time(),
                        note=json.dumps(CANCELLED, ensure_ascii=False),
                    )
                )
                return []
            return await self._open_round(connection, row, settings, players, 1, [])

    async def _advance(self, tournament_id: int) -> list[int]:
        t = models.tournaments
        r = models.tournament_rounds
        async with self.club.engine.begin() as connection:
            row = (await connection.execute(select(t).where(t.c.id == tournament_id))).one()
            number = row.rounds_done + 1
            games = (await round_games(connection, tournament_id, number)).get(number, [])
            if not games or any(g.summary is None for g in games):
                # Still playing (a quarantined table waits for the operator). A table no
                # process runs now (one that could not be loaded when the round began)
                # is loaded, so that its clocks and bots go on.
                return [
                    g.table_id
                    for g in games
                    if g.status == "playing" and g.table_id not in self.club.actors
                ]
            closed = await connection.execute(
                update(r)
                .where(r.c.tournament_id == tournament_id, r.c.number == number)
                .where(r.c.status == "playing")
                .values(status="done", finished_at=time.time())
            )
            if closed.rowcount != 1:
                return []
            settings = TournamentSettings.parse(json.loads(row.settings_json))
            players = await _players(connection, tournament_id)
            plan = (
                await connection.execute(
                    select(r.c.plan_json).where(
                        r.c.tournament_id == tournament_id, r.c.number == number
                    )
                )
            ).scalar_one()
            games = (await round_games(connection, tournament_id, number, records=True))[number]
            results = score_round(settings, number, json.loads(plan), games)
            if settings.kind == "duplicate":
                names = {user: name for name, user in players.items()}
                scores = {name: Fraction(value) for name, value in results["scores"].items()}
                results["ratings"] = await rate_round(connection, settings, games, names, scores)
            await connection.execute(
                update(r)
                .where(r.c.tournament_id == tournament_id, r.c.number == number)
                .values(results_json=json.dumps(results, ensure_ascii=False))
            )
            done = await _results(connection, tournament_id)
            standings = standings_of(settings, list(players), done)
            finished = number >= settings.rounds
            await connection.execute(
                update(t)
                .where(t.c.id == tournament_id)
                .values(
                    rounds_done=number,
                    standings_json=json.dumps(standings, ensure_ascii=False),
                    status="finished" if finished else "running",
                    finished_at=time.time() if finished else None,
                )
            )
            if finished:
                return []
            return await self._open_round(connection, row, settings, players, number + 1, done)

    async def _open_round(
        self,
        connection: AsyncConnection,
        row: Any,
        settings: TournamentSettings,
        players: dict[str, int],
        number: int,
        done: list[dict[str, Any]],
    ) -> list[int]:
        r = models.tournament_rounds
        secret, commitment = (
            await connection.execute(
                select(r.c.secret, r.c.commitment).where(
                    r.c.tournament_id == row.id, r.c.number == number
                )
            )
        ).one()
        plan, planned = next_plan(settings, players, number, bytes.fromhex(secret), done)
        ids = await create_tables(
            connection,
            tournament_id=row.id,
            director_id=row.director_id,
            round_no=number,
            settings=settings,
            tables=planned,
            bot_level=self.club.settings.tournament_bot,
            secret=secret,
            commitment=commitment,
        )
        await connection.execute(
            update(r)
            .where(r.c.tournament_id == row.id, r.c.number == number)
            .values(
                status="playing",
                plan_json=json.dumps(plan, ensure_ascii=False),
                started_at=time.time(),
            )
        )
        return ids


async def _players(connection: AsyncConnection, tournament_id: int) -> dict[str, int]:
    """The registered players' names and ids, in the order they registered."""
    p = models.tournament_players
    rows = (
        await connection.execute(
            select(models.users.c.name, models.users.c.id)
            .join(p, p.c.user_id == models.users.c.id)
            .where(p.c.tournament_id == tournament_id)
            .order_by(p.c.registered_at, p.c.user_id)
        )
    ).all()
    return {row.name: row.id for row in rows}


async def _results(connection: AsyncConnection, tournament_id: int) -> list[dict[str, Any]]:
    """Every finished round's results, in round order."""
    r = models.tournament_rounds
    rows = (
        await connection.execute(
            select(r.c.results_json)
            .where(r.c.tournament_id == tournament_id, r.c.status == "done")
            .order_by(r.c.number)
        )
    ).scalars()
    return [json.loads(text) for text in rows if text]
