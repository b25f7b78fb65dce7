"""Duplicate rounds are rated on the duplicate score, when the round is over.

A duplicate round deals the same cards at every table, so a table's raw whists measure
the cards as much as the play; the score that measures the play is the duplicate score
(the player's whists minus the mean of everybody who held the same cards, per deal),
known only once every table of the round has finished. So a duplicate table changes no
rating at its own end (``history.finish_game`` asks :func:`deferred`); when the director
closes the round, every table the club's rule would rate (``rating_rule``: people in
every seat, the stand-in at most a quarter of any seat's moves) is rated by seed 000's
formula with ``n`` the player's duplicate score of the round, ``L`` and ``S`` the round's
deals (docs/tournaments.md, "Rating: the proposal"). Swiss tables are rated at their end
on their whists, like any club game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.scoring.rating import rate_pulya
from preferans.server import models
from preferans.server.tournaments_store import TableGame
from preferans.tournament.settings import TournamentSettings

__all__ = ["DEFERRED", "deferred", "duplicate_deltas", "rate_round"]

DEFERRED: Final = {
    "en": "a duplicate round is rated when the round is over, on the duplicate score",
    "ru": "дубль-тур идёт в рейтинг после окончания тура, по дубль-счёту",
}


async def deferred(connection: AsyncConnection, table_id: int) -> bool:
    """Whether the table belongs to a duplicate round (rated with the round, not alone)."""
    tt, t = models.tournament_tables, models.tournaments
    kind = (
        await connection.execute(
            select(t.c.kind).join(tt, tt.c.tournament_id == t.c.id).where(tt.c.table_id == table_id)
        )
    ).scalar()
    return kind == "duplicate"


def duplicate_deltas(
    variant: str,
    deals: int,
    ratings: Mapping[str, float],
    scores: Mapping[str, Fraction],
) -> dict[str, int] | None:
    """One table's rating changes: seed 000's formula with each player's duplicate score
    as ``n`` (None when the table's ratings spread too far, as for any pulya)."""
    return rate_pulya(
        {name: Fraction(value).limit_denominator(1000) for name, value in ratings.items()},
        {name: scores[name] for name in ratings},
        variant,
        deals,
        deals,
    )


async def rate_round(
    connection: AsyncConnection,
    settings: TournamentSettings,
    games: Sequence[TableGame],
    names: Mapping[int, str],
    scores: Mapping[str, Fraction],
) -> dict[str, dict[str, float]]:
    """Rate every rateable table of a finished duplicate round on the duplicate scores;
    the changes by player name (``before``, ``after``, ``delta``), written to the players'
    ratings, their ``rating_changes`` rows and each game's summary."""
    changes: dict[str, dict[str, float]] = {}
    for game in games:
        summary = game.summary
        if summary is None or not summary.get("rating_rule", {}).get("deferred"):
            continue
        users = {user: names[user] for user in game.seats.values() if user is not None}
        rows = (
            await connection.execute(
                select(models.users.c.id, models.users.c.rating).where(
                    models.users.c.id.in_(list(users))
                )
            )
        ).all()
        ratings = {users[row.id]: float(row.rating) for row in rows}
        assert settings.deals is not None  # a duplicate round is a fixed number of deals
        deltas = duplicate_deltas(settings.rules.variant, settings.deals, ratings, scores)
        if deltas is None:
            continue
        table: dict[str, Any] = {}
        for user, name in users.items():
            before = ratings[name]
            delta = float(deltas[name])
            entry = {"before": before, "after": before + delta, "delta": delta}
            changes[name] = entry
            seat = next(s for s, u in game.seats.items() if u == user)
            table[seat.name] = entry
            await connection.execute(
                update(models.users)
                .where(models.users.c.id == user)
                .values(rating=models.users.c.rating + delta)
            )
            await connection.execute(
                update(models.rating_changes)
                .where(
                    models.rating_changes.c.table_id == game.table_id,
                    models.rating_changes.c.user_id == user,
                )
                .values(before=before, after=before + delta)
            )
        rated = {**summary, "rated": True, "ratings": table}
        await connection.execute(
            update(models.games)
            .where(models.games.c.table_id == game.table_id)
            .values(summary_json=json.dumps(rated, ensure_ascii=False))
        )
    return changes
