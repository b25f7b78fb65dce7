"""What a client is sent when it cannot be told only the events it missed: the whole
table as one audience sees it now (the seats, the sheet, the current deal's view and
clock, the recent chat, the finished game's summary)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from preferans.seats import Seat, player_seats
from preferans.server import views
from preferans.server.pulya import Pulya
from preferans.server.seating import SeatInfo, TableInfo
from preferans.server.table_events import EventLog
from preferans.server.views import SPECTATOR

__all__ = ["SheetCache", "public_seats", "snapshot"]


class SheetCache:
    """The sheet and the results as snapshots carry them, built once per finished deal
    (they change only when a deal ends) and shared by every reconnecting client."""

    def __init__(self) -> None:
        self._cached: tuple[Any, dict[str, Any], list[dict[str, Any]]] | None = None

    def of(self, pulya: Pulya) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        key = (pulya, len(pulya.results), pulya.over)
        if self._cached is None or self._cached[0] != key:
            sheet = {**pulya.sheet.to_dict(), "deals_detail": pulya.sheet.deals_detail()}
            results = [views.result_json(r) for r in pulya.results]
            self._cached = (key, sheet, results)
        return self._cached[1], self._cached[2]


def public_seats(
    players: int, seats: Mapping[Seat, SeatInfo], away: Collection[Seat]
) -> dict[str, Any]:
    """Every seat of the table by name: who sits there and whether he is away (None: free)."""
    out: dict[str, Any] = {}
    for seat in player_seats(players):
        info = seats.get(seat)
        entry = None if info is None else info.public()
        if entry is not None:
            entry["away"] = seat in away
        out[seat.name] = entry
    return out


def snapshot(
    log: EventLog,
    audience: str,
    info: TableInfo,
    seats: dict[str, Any],
    *,
    paused: bool,
    pulya: Pulya | None,
    sheets: SheetCache,
    live: Mapping[str, Any],
    chat: Iterable[dict[str, Any]],
    summary: dict[str, Any] | None,
) -> dict[str, Any]:
    """The snapshot for ``audience`` at the log's version; ``seats`` as
    :func:`public_seats` gives them, ``live`` the current deal's view and clock for this
    audience (empty between deals)."""
    message: dict[str, Any] = {
        "type": "snapshot",
        "table": log.table_id,
        "epoch": log.epoch,
        "v": log.version,
        "you": None if audience == SPECTATOR else audience,
        "info": info.public(),
        "seats": seats,
        "status": info.status,
        "paused": paused,
    }
    if pulya is not None:
        message["deal"] = pulya.deal_number
        message["dealer"] = pulya.dealer.name
        message["sheet"], message["results"] = sheets.of(pulya)
        message.update(live)
    message["chat"] = list(chat)
    if summary is not None:
        message["summary"] = summary
        message["secret"] = summary.get("secret")
    return message
