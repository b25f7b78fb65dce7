"""What the lobby and a tournament's page show, read from the database.

A round's secret is shown only once the round is ``done`` (its commitment from the
moment the tournament is created); the standings are the director's after the last
finished round, and each table of the running round shows its whists once it finishes.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.server import models
from preferans.server.refusals import Refusal
from preferans.server.tournaments_store import round_games
from preferans.tournament.settings import TournamentSettings

__all__ = ["detail", "summaries"]


def _summary(row: Any, players: int, director: str) -> dict[str, Any]:
    settings = TournamentSettings.parse(json.loads(row.settings_json))
    return {
        "id": row.id,
        "name": row.name,
        "kind": row.kind,
        "status": row.status,
        "director": director,
        "settings": settings.to_dict(),
        "describe": {"en": settings.describe("en"), "ru": settings.describe("ru")},
        "start_at": row.start_at,
        "started_at": row.started_at,
        "finished_at": row.finished_at,
        "has_password": row.password_hash is not None,
        "players": players,
        "rounds_done": row.rounds_done,
        "note": json.loads(row.note) if row.note else None,
    }


async def summaries(
    connection: AsyncConnection, status: str | None, limit: int
) -> list[dict[str, Any]]:
    t = models.tournaments
    p = models.tournament_players
    count = (
        select(p.c.tournament_id, func.count().label("n")).group_by(p.c.tournament_id).subquery()
    )
    query = (
        select(t, models.users.c.name.label("director"), count.c.n)
        .join(models.users, models.users.c.id == t.c.director_id)
        .outerjoin(count, count.c.tournament_id == t.c.id)
        .order_by(t.c.start_at.desc(), t.c.id.desc())
        .limit(limit)
    )
    if status is not None:
        query = query.where(t.c.status == status)
    rows = (await connection.execute(query)).all()
    return [_summary(row, row.n or 0, row.director) for row in rows]


async def detail(
    connection: AsyncConnection, tournament_id: int, viewer: int | None
) -> dict[str, Any]:
    """The whole tournament as its page shows it (``viewer``: whether he is registered)."""
    t = models.tournaments
    row = (
        await connection.execute(
            select(t, models.users.c.name.label("director"))
            .join(models.users, models.users.c.id == t.c.director_id)
            .where(t.c.id == tournament_id)
        )
    ).first()
    if row is None:
        raise Refusal("no_tournament", "no such tournament", "такого турнира нет", 404)
    p = models.tournament_players
    players = (
        await connection.execute(
            select(models.users.c.id, models.users.c.name, models.users.c.rating)
            .join(p, p.c.user_id == models.users.c.id)
            .where(p.c.tournament_id == tournament_id)
            .order_by(p.c.registered_at, p.c.user_id)
        )
    ).all()
    names = {player.id: player.name for player in players}
    out = _summary(row, len(players), row.director)
    out["registered"] = [{"name": x.name, "rating": x.rating} for x in players]
    out["you_registered"] = viewer is not None and viewer in names
    r = models.tournament_rounds
    round_rows = (
        await connection.execute(
            select(r).where(r.c.tournament_id == tournament_id).order_by(r.c.number)
        )
    ).all()
    games = await round_games(connection, tournament_id)
    rounds = []
    for round_row in round_rows:
        done = round_row.status == "done"
        # A running duplicate round's games are shown to nobody (tournaments_privacy).
        sealed = row.kind == "duplicate" and not done and round_row.status == "playing"
        shown = {} if sealed else {g.table_id: g.summary for g in games.get(round_row.number, [])}
        plan = json.loads(round_row.plan_json) if round_row.plan_json else None
        tables = [
            {
                "number": g.number,
                "table": g.table_id,
                "rotation": g.rotation,
                "status": g.status,
                "seats": {
                    seat.name: names.get(user) if user is not None else None
                    for seat, user in g.seats.items()
                },
                "whists": summary["whists"] if summary else None,
                "game": f"/api/games/{g.table_id}" if summary else None,
                "record": f"/api/games/{g.table_id}/record.txt" if summary else None,
                "replay": f"#/replay/{g.table_id}" if summary else None,
            }
            for g in games.get(round_row.number, [])
            for summary in (shown.get(g.table_id),)
        ]
        rounds.append(
            {
                "number": round_row.number,
                "status": round_row.status,
                "sealed": sealed,
                "commitment": round_row.commitment,
                "secret": round_row.secret if done else None,
                "byes": plan.get("byes", []) if plan else [],
                "tables": tables,
                "results": json.loads(round_row.results_json) if round_row.results_json else None,
            }
        )
    out["rounds"] = rounds
    out["standings"] = json.loads(row.standings_json) if row.standings_json else None
    return out
