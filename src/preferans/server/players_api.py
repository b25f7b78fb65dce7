"""A player's page: his finished games, his rating over time, and what he did at the table.

Everything is derived from the stored games (their summaries and records), so the page
needs no table of its own and agrees with the replay and the record it links to.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as ApiPath
from sqlalchemy import select

from preferans.contracts import Contract
from preferans.server import models
from preferans.server.auth import ERRORS
from preferans.server.door import name_key
from preferans.server.lookups import club_of

__all__ = ["deal_statistics", "router"]

router = APIRouter(prefix="/api", tags=["accounts"], responses=ERRORS)
GAMES_SHOWN = 200


def _made(result: dict[str, Any], contract: Contract) -> bool:
    tricks = int(result.get("tricks", {}).get(result["declarer"], 0))
    if result["kind"] == "misere":
        return tricks == 0
    if not result.get("played", False):
        return True  # both defenders passed or half-whisted: the contract is written
    needed = 6 if contract.balkan else contract.level
    return tricks >= needed


def deal_statistics(seat: str, results: list[dict[str, Any]]) -> dict[str, int]:
    """Counts for one seat over a game's deal results (``result_to_dict`` form)."""
    out = {
        "deals": 0,
        "contracts": 0,
        "contracts_made": 0,
        "miseres": 0,
        "miseres_made": 0,
        "whists": 0,
        "raspasy": 0,
    }
    for result in results:
        if seat not in result.get("active", []):
            continue
        out["deals"] += 1
        kind = result.get("kind")
        if kind == "raspasy":
            out["raspasy"] += 1
        if seat in result.get("whisters", []):
            out["whists"] += 1
        if result.get("declarer") != seat or not result.get("contract"):
            continue
        contract = Contract.parse(result["contract"])
        made = _made(result, contract)
        if kind == "misere":
            out["miseres"] += 1
            out["miseres_made"] += made
        elif kind == "game":
            out["contracts"] += 1
            out["contracts_made"] += made
    return out


@router.get("/players/{name}")
async def player_page(
    name: Annotated[str, ApiPath(max_length=32)], request: Request
) -> dict[str, Any]:
    """The player's games (newest first), rating after each, and his statistics."""
    async with club_of(request).engine.connect() as connection:
        user = (
            await connection.execute(
                select(models.users).where(models.users.c.name_key == name_key(name))
            )
        ).first()
        if user is None:
            raise HTTPException(404, "no such player")
        rows = (
            await connection.execute(
                select(
                    models.rating_changes,
                    models.games.c.finished_at,
                    models.games.c.summary_json,
                    models.games.c.record,
                )
                .join(models.games, models.games.c.table_id == models.rating_changes.c.table_id)
                .where(models.rating_changes.c.user_id == user.id)
                .order_by(models.games.c.finished_at.desc())
                .limit(GAMES_SHOWN)
            )
        ).all()
    games = []
    totals: dict[str, int] = {}
    for row in rows:
        summary = json.loads(row.summary_json)
        record = json.loads(row.record)
        results = [deal["result"] for deal in record.get("deals", [])]
        stats = deal_statistics(row.seat, results)
        for key, value in stats.items():
            totals[key] = totals.get(key, 0) + value
        rules = summary.get("rules", {})
        stand_in = summary.get("stand_ins", {}).get(row.seat, {})
        games.append(
            {
                "table": row.table_id,
                "seat": row.seat,
                "variant": rules.get("variant"),
                "players": rules.get("players"),
                "finished_at": row.finished_at,
                "deals": summary.get("deals"),
                "whists": row.whists,
                "rated": bool(summary.get("rated")),
                "rating_before": row.before,
                "rating_after": row.after,
                "opponents": [
                    p.get("name")
                    for s, p in summary.get("players", {}).items()
                    if s != row.seat and p is not None
                ],
                "auto_moves": stand_in.get("auto_moves", 0),
                "left": stand_in.get("left", False),
                "statistics": stats,
            }
        )
    return {
        "name": user.name,
        "rating": user.rating,
        "games_played": user.games_played,
        "games": games,
        "rating_history": [
            {"table": g["table"], "at": g["finished_at"], "rating": g["rating_after"]}
            for g in reversed(games)
            if g["rated"]
        ],
        "statistics": totals,
    }
