"""A tournament's record (``preferans.tournament.record``), built from the database, for
``preferans verify``: the settings, the players, every started round's commitment and
plan, and for every finished round its revealed secret, every table's game record (the
text notation the table stored, with the table's deal id, completed with the round's
secret) and the scores, then the standings."""

from __future__ import annotations

import json
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans import notation
from preferans.server import models
from preferans.server.refusals import Refusal
from preferans.server.tournaments_store import round_games
from preferans.tournament.plan import RoundPlan
from preferans.tournament.record import RoundRecord, TournamentRecord
from preferans.tournament.settings import TournamentSettings

__all__ = ["tournament_record"]


async def tournament_record(connection: AsyncConnection, tournament_id: int) -> TournamentRecord:
    t, r, p = models.tournaments, models.tournament_rounds, models.tournament_players
    row = (await connection.execute(select(t).where(t.c.id == tournament_id))).first()
    if row is None:
        raise Refusal("no_tournament", "no such tournament", "такого турнира нет", 404)
    players = (
        await connection.execute(
            select(models.users.c.name)
            .join(p, p.c.user_id == models.users.c.id)
            .where(p.c.tournament_id == tournament_id)
            .order_by(p.c.registered_at, p.c.user_id)
        )
    ).scalars()
    rounds = []
    games = await round_games(connection, tournament_id, records=True)
    started = (
        await connection.execute(
            select(r)
            .where(r.c.tournament_id == tournament_id, r.c.status.in_(("playing", "done")))
            .order_by(r.c.number)
        )
    ).all()
    for stored in started:
        plan = RoundPlan.from_dict(json.loads(stored.plan_json))
        if stored.status != "done":
            rounds.append(RoundRecord(stored.number, stored.commitment, plan))
            continue
        results = json.loads(stored.results_json)
        # Each table stored its record without the secret (a table's end is not the
        # round's); the round's revealed secret completes it.
        tables = [
            replace(notation.loads(game.record["notation"]), secret=stored.secret)
            for game in sorted(games.get(stored.number, []), key=lambda g: g.number)
            if game.record is not None
        ]
        rounds.append(
            RoundRecord(
                stored.number,
                stored.commitment,
                plan,
                stored.secret,
                tuple(tables),
                results["scores"],
            )
        )
    return TournamentRecord(
        str(tournament_id),
        TournamentSettings.parse(json.loads(row.settings_json)),
        tuple(players),
        tuple(rounds),
        json.loads(row.standings_json) if row.standings_json else {},
    )
