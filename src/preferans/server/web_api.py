"""Routes the web page needs beyond the lobby: the sheet as SVG and the solver's analysis.

Both are derived data. The SVG is drawn from the live table (or, once the game is over,
from the stored record), so a link to it can be shared or printed at any moment. The
analysis replays a finished deal through the engine and asks the solver for the value of
every legal card at every card step, reusing the analysis room (preferans.analysis); it is heavy
(the solver), so it runs in a worker thread and each deal's answer is cached.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response

from preferans.notation import NotationError, ReplayError
from preferans.rules import Rules
from preferans.scoring import Sheet, new_sheet, render_svg, sheet_from_dict
from preferans.server.auth import ERRORS
from preferans.server.lookups import club_of, stored_record, table_row
from preferans.server.path_params import DealNumber, TableId
from preferans.server.tournaments_privacy import check_open

__all__ = ["deal_analysis", "router"]

router = APIRouter(prefix="/api", responses=ERRORS)
CACHE_SIZE = 256
_cache: OrderedDict[tuple[int, int], list[dict[str, Any]]] = OrderedDict()
_lock = asyncio.Lock()


async def _stored_record(request: Request, table_id: int) -> dict[str, Any] | None:
    async with club_of(request).engine.connect() as connection:
        return await stored_record(connection, table_id)


def deal_analysis(notation_text: str, deal: int) -> list[dict[str, Any]] | None:
    """Every card step of deal ``deal``: the mover and each legal card's solver value.

    ``step`` is the number of actions played before it (the replay's position); values
    mean what ``preferans.analysis.values.CardValues.meaning`` says. Steps the solver
    cannot answer (the dummy on raspasy) are left out. None when the
    record has no such deal."""
    from preferans.analysis.positions import positions_of
    from preferans.analysis.values import analyse_state
    from preferans.game import Phase
    from preferans.notation import loads

    positions = [p for p in positions_of(loads(notation_text)) if p.deal == deal]
    if not positions:
        return None
    out: list[dict[str, Any]] = []
    for position in positions:
        state = position.state
        if state.is_over or state.phase is not Phase.PLAY:
            continue
        try:
            values = analyse_state(state)
        except Exception:  # a position outside the solver's model: no values, no failure
            values = None
        if values is None:
            continue
        out.append(
            {
                "step": position.move,
                "seat": values.mover.name,
                "meaning": values.meaning,
                "remaining": values.remaining,
                "values": {str(card): value for card, value in values.values.items()},
            }
        )
    return out


@router.get("/games/{table_id}/deals/{deal}/analysis", tags=["history"])
async def analysis(table_id: TableId, deal: DealNumber, request: Request) -> list[dict[str, Any]]:
    """The solver's value of each legal card at every card step of a finished deal.

    ``[{"step": k, "seat": "W", "meaning": "side", "remaining": 7, "values": {"♠A": 6}}]``:
    ``side`` counts the tricks the mover's side takes from here (more is better); ``own``
    the mover's own tricks on raspasy or his misère, and ``declarer`` the misère player's
    tricks seen by a catcher."""
    await check_open(club_of(request).engine, table_id)
    key = (table_id, deal)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    record = await _stored_record(request, table_id)
    if record is None:
        raise HTTPException(404, "no finished game at this table")
    async with _lock:  # one analysis at a time: the solver is heavy, the cache fills
        cached = _cache.get(key)
        if cached is not None:
            return cached
        try:
            result = await asyncio.to_thread(deal_analysis, record.get("notation", ""), deal)
        except (NotationError, ReplayError) as problem:
            # A record stored before the door refused line breaks in seeds.
            raise HTTPException(409, f"this game's record cannot be read: {problem}") from None
        if result is None:
            raise HTTPException(404, f"the game has no deal {deal}")
        _cache[key] = result
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return result


@router.get(
    "/tables/{table_id}/sheet.svg",
    tags=["history"],
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}},
)
async def sheet_svg(
    table_id: TableId,
    request: Request,
    lang: Annotated[Literal["ru", "en"], Query()] = "ru",
) -> Response:
    """The table's sheet (pulya or bula) as SVG, as it stands now, for sharing and printing."""
    club = club_of(request)
    sheet: Sheet | None = None
    record = await _stored_record(request, table_id)
    if record is not None:
        data = record["sheet"]
        sheet = sheet_from_dict(data)
    else:
        async with club.engine.connect() as connection:
            row = await table_row(connection, table_id)
        if row.status == "quarantined":
            raise HTTPException(409, "this table is quarantined; an operator will look at it")
        if row.status == "playing":
            actor = await club.ensure_actor(table_id)
            if actor is None or actor.pulya is None:
                raise HTTPException(409, "the table is played by another process; try again")
            sheet = actor.pulya.sheet.sheet
        else:
            sheet = new_sheet(Rules.from_json(row.rules_json), row.target)
    svg = render_svg(sheet, lang)
    return Response(
        svg,
        media_type="image/svg+xml",
        headers={"Content-Disposition": f'inline; filename="sheet-{table_id}.svg"'},
    )
