"""The end of a pulya: the settlement, ratings, and a downloadable record with the secret.

All of it is written in one transaction, and only once: a table replayed after a crash
that happened while finishing simply finishes again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from preferans import notation
from preferans.notation.replay import record_from_game
from preferans.seats import Seat
from preferans.server import models, views
from preferans.server.presence import stand_ins
from preferans.server.pulya import Pulya
from preferans.server.rating_rule import judge, moves_by_seat
from preferans.server.seating import SeatInfo, TableInfo
from preferans.server.sheet import rate
from preferans.server.tournaments_rating import DEFERRED, deferred

__all__ = ["RECORD_FORMAT", "build_record", "finish_game"]

RECORD_FORMAT = "preferans-club-record/1"


def build_record(
    summary: Mapping[str, Any], pulya: Pulya, auto: set[tuple[int, int]]
) -> dict[str, Any]:
    """Every deal as dealt and played, the sheet, and the standard text record.

    ``auto`` holds (deal number, position in the deal's history) of the actions a bot
    played for an absent player; they are marked in the deals and in the text form
    (a ``*`` after the move). The text form
    (``preferans.notation``) carries the secret and the seeds, so ``check_fairness`` can
    verify every deal from it.
    """
    deals = []
    for number, (deal, history, result) in enumerate(
        zip(pulya.deals, pulya.histories, pulya.results, strict=False), start=1
    ):
        actions = []
        for index, (seat, action) in enumerate(history):
            entry: dict[str, Any] = {"seat": seat.name, "action": str(action)}
            if (number, index) in auto:
                entry["auto"] = True
            actions.append(entry)
        deals.append(
            {
                "number": number,
                "dealer": deal.dealer.name,
                "hands": {seat.name: str(cards) for seat, cards in deal.hands.items()},
                "talon": str(deal.talon),
                "actions": actions,
                "result": views.result_json(result),
            }
        )
    players = {Seat[s]: p["name"] for s, p in summary["players"].items()}
    game = record_from_game(
        pulya.rules,
        pulya.finals,
        pulya.sheet.sheet,
        substituted=auto,
        players=players,
        stake=str(summary["stake"]),
        table_id=str(summary.get("deal_id") or summary["table"]),
        commitment=summary["commitment"],
        secret=summary["secret"],
        seeds={Seat[s]: v for s, v in summary["seeds"].items()},
        tags={"Event": f"Preferans club table {summary['table']}"},
    )
    return {
        "format": RECORD_FORMAT,
        "summary": dict(summary),
        "deals": deals,
        "sheet": pulya.sheet.full(),
        "notation": notation.dumps(game),
    }


async def finish_game(
    engine: AsyncEngine,
    info: TableInfo,
    seats: Mapping[Seat, SeatInfo],
    pulya: Pulya,
    auto: set[tuple[int, int]],
    auto_counts: Mapping[Seat, int] | None = None,
) -> dict[str, Any]:
    async with engine.begin() as connection:
        existing = (
            await connection.execute(
                select(models.games.c.summary_json).where(models.games.c.table_id == info.id)
            )
        ).first()
        if existing is not None:
            loaded: dict[str, Any] = json.loads(existing.summary_json)
            return loaded
        exact = pulya.sheet.whists()
        whists = {seat: float(value) for seat, value in exact.items()}
        humans = {s: i for s, i in seats.items() if i.user_id is not None}
        ratings: dict[Seat, float] = {}
        if humans:
            rows = (
                await connection.execute(
                    select(models.users.c.id, models.users.c.rating).where(
                        models.users.c.id.in_([i.user_id for i in humans.values()])
                    )
                )
            ).all()
            by_user = {row.id: row.rating for row in rows}
            ratings = {s: by_user[i.user_id] for s, i in humans.items() if i.user_id in by_user}
        # The stated rule (rating_rule): people only, each mostly playing his own seat.
        moves, stand_in = moves_by_seat(pulya.histories, auto)
        people = {s: s in ratings for s in seats}
        verdict = judge(people, moves, stand_in, info.rules.variant)
        deltas = None
        # A duplicate round's table is rated with the round, on the duplicate score.
        later = verdict.rated and await deferred(connection, info.id)
        if verdict.rated and not later:
            # A tournament round of a fixed number of deals is rated as a pulya of that
            # length (docs/tournaments.md): such a table has no pulya target.
            length = info.target if info.max_deals is None else info.max_deals
            deltas = rate(ratings, exact, info.rules.variant, length, pulya.sheet.deals)
        rated = deltas is not None
        changes: dict[str, Any] = {}
        now = time.time()
        for seat, seat_info in humans.items():
            assert seat_info.user_id is not None
            before = ratings.get(seat, 0.0)
            delta = float(deltas[seat]) if deltas is not None else 0.0
            changes[seat.name] = {"before": before, "after": before + delta, "delta": delta}
            await connection.execute(
                insert(models.rating_changes).values(
                    table_id=info.id,
                    user_id=seat_info.user_id,
                    seat=seat.name,
                    whists=whists.get(seat, 0.0),
                    before=before,
                    after=before + delta,
                )
            )
            await connection.execute(
                update(models.users)
                .where(models.users.c.id == seat_info.user_id)
                .values(
                    rating=models.users.c.rating + delta,
                    games_played=models.users.c.games_played + int(seat in verdict.counted),
                )
            )
        summary: dict[str, Any] = {
            "table": info.id,
            "rules": info.rules.to_dict(),
            "target": info.target,
            "stake": info.stake,
            "players": {s.name: i.public() for s, i in seats.items()},
            "deals": pulya.deal_number,
            "sheet": pulya.sheet.to_dict(),
            "settlement": pulya.sheet.settlement(info.stake),
            "whists": {s.name: w for s, w in whists.items()},
            "money": {s.name: w * info.stake for s, w in whists.items()},
            "rated": rated,
            "rating_rule": {
                "reason": DEFERRED if later else verdict.reason,
                "counted": sorted(s.name for s in verdict.counted),
                "deferred": later,
            },
            "ratings": changes,
            "commitment": info.commitment,
            # A tournament table's secret is its round's: shown with the round's end
            # (the tournament's page and record), never at one table's end.
            "secret": None if info.deal_id else info.secret,
            # A tournament table deals by its deal id, without seeds (tournaments_deals).
            "seeds": {} if info.deal_id else {s.name: i.client_seed for s, i in seats.items()},
            "deal_id": info.deal_id,
            "substituted_actions": [list(mark) for mark in sorted(auto)],
            "stand_ins": stand_ins(seats, auto_counts or {}),
        }
        record = build_record(summary, pulya, auto)
        await connection.execute(
            insert(models.games).values(
                table_id=info.id,
                finished_at=now,
                summary_json=json.dumps(summary, ensure_ascii=False),
                record=json.dumps(record, ensure_ascii=False, indent=1),
            )
        )
        await connection.execute(
            update(models.tables)
            .where(models.tables.c.id == info.id)
            .values(status="finished", finished_at=now)
        )
    return summary
