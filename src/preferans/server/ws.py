"""The websocket endpoint: ``/ws/tables/{id}``, one table per connection.

The session cookie says who is connecting (no cookie: a spectator). Frames are bounded
and rate limited; every problem is answered with an ``error`` message and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy import select

from preferans.server import models
from preferans.server.auth import COOKIE, user_from_token
from preferans.server.club import Club
from preferans.server.commands import Act, Back, Chat, HintRequest, Leave
from preferans.server.connections import Connection, RateLimiter
from preferans.server.limits import allow_chat, allow_hint
from preferans.server.protocol import BadMessage, ClientMessage, error, parse_client_message
from preferans.server.quarantine import MESSAGES
from preferans.server.tournaments_privacy import SEALED, may_see

__all__ = ["router"]

router = APIRouter()
log = logging.getLogger(__name__)
CLOSE_POLICY = 1008
CLOSE_NOT_FOUND = 4404
CLOSE_BUSY = 4429


def _same_origin(websocket: WebSocket) -> bool:
    """Browsers send Origin; a page from another site must not use the player's cookie."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc == host


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket, table_id: int, since: int | None = None, epoch: str | None = None
) -> None:
    club: Club = websocket.app.state.club
    if not _same_origin(websocket):
        await websocket.close(CLOSE_POLICY, "cross-origin connections are refused")
        return
    if not 1 <= table_id < 2**31 or (since is not None and not 0 <= since < 2**62):
        await websocket.close(CLOSE_NOT_FOUND, "no such table")
        return
    async with club.engine.connect() as connection:
        exists = (
            await connection.execute(
                select(models.tables.c.status).where(models.tables.c.id == table_id)
            )
        ).first()
    if exists is None:
        await websocket.close(CLOSE_NOT_FOUND, "no such table")
        return
    user = await user_from_token(club.engine, websocket.cookies.get(COOKIE))
    if epoch is not None and len(epoch) > 64:
        epoch = None
    address = websocket.client.host if websocket.client else "?"
    user_id = None if user is None else user.id
    refused = await club.open_sockets.admit(address, user_id)
    await websocket.accept()
    if refused is None and not await may_see(club.engine, table_id, watcher=user_id):
        await websocket.send_json(error("round_sealed", SEALED["en"], None, SEALED["ru"]))
        await websocket.close(CLOSE_POLICY, "a duplicate round's table")
        await club.open_sockets.leave(address, user_id)
        return
    if refused is not None or exists.status == "quarantined":
        if refused is not None:
            await websocket.send_json(error("too_many_connections", refused))
        else:
            await websocket.send_json(
                error("quarantined", MESSAGES["en"], None, MESSAGES["ru"]) | {"table": table_id}
            )
        await websocket.close(CLOSE_BUSY if refused else 1000)
        if refused is None:
            await club.open_sockets.leave(address, user_id)
        return
    try:
        await _serve(websocket, club, table_id, user_id, user, since, epoch)
    finally:
        await club.open_sockets.leave(address, user_id)


async def _serve(
    websocket: WebSocket,
    club: Club,
    table_id: int,
    user_id: int | None,
    user: object,
    since: int | None,
    epoch: str | None,
) -> None:
    conn = Connection(club, table_id, user_id, since, epoch)
    conn.name = getattr(user, "name", None)
    club.register(conn)
    writer = asyncio.create_task(_write(websocket, conn))
    limiter = RateLimiter(club.settings.messages_per_second, club.settings.message_burst)
    conn.hint_limiter = RateLimiter(club.settings.hints_per_second, club.settings.hint_burst)
    conn.chat_limiter = RateLimiter(club.settings.chats_per_second, club.settings.chat_burst)
    try:
        conn.subscribe()
        await _read(websocket, club, conn, limiter)
    except WebSocketDisconnect:
        pass
    finally:
        conn.close()
        club.unregister(conn)
        with contextlib.suppress(Exception):
            await club.route(table_id, Leave(conn.address))
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


async def _write(websocket: WebSocket, conn: Connection) -> None:
    while True:
        text = await conn.out.get()
        if text is None:
            with contextlib.suppress(Exception):
                await websocket.close()
            return
        try:
            await websocket.send_text(text)
        except (UnicodeEncodeError, ValueError):
            # Nothing the server writes should fail to encode; if it does, say so once.
            log.exception("table %s: a message could not be sent", conn.table_id)
            with contextlib.suppress(Exception):
                await websocket.close(1011, "a message could not be sent")
            conn.close()
            return


async def _read(websocket: WebSocket, club: Club, conn: Connection, limiter: RateLimiter) -> None:
    limit = club.settings.max_message_bytes
    while not conn.closed:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        raw = frame.get("text")
        if raw is None:
            raw = frame.get("bytes") or b""
        allowed = limiter.allow()
        if not allowed and limiter.refused > 10 * club.settings.message_burst:
            await websocket.close(CLOSE_POLICY, "message flood")
            return
        try:
            message = parse_client_message(raw, limit)
        except BadMessage as problem:
            if allowed:
                conn.send(error(problem.code, str(problem), problem.request_id))
            else:
                conn.send(error("rate_limited", "too many messages; slow down", problem.request_id))
            continue
        if not allowed:
            # The refusal names the refused request: its id and its type.
            refusal = error("rate_limited", "too many messages; slow down", message.id)
            conn.send(refusal | {"refused": message.type})
            continue
        try:
            await _dispatch(club, conn, message)
        except Exception:
            # Whatever went wrong, the sender hears of it and the connection stays.
            log.exception("table %s: a %s message failed", conn.table_id, message.type)
            conn.send(error("unavailable", "that could not be done now; try again", message.id))


async def _dispatch(club: Club, conn: Connection, message: ClientMessage) -> None:
    if message.type == "ping":
        conn.send({"type": "pong", "id": message.id})
    elif message.type == "sync":
        conn.last_v = message.since if message.since is not None else -1
        conn.epoch = message.epoch
        conn.subscribe()
    elif message.type == "back":
        await club.route(conn.table_id, Back(conn.address, conn.user_id, message.id))
    elif message.type == "hint":
        if conn.user_id is None:
            conn.send(error("not_seated", "only a player at this table gets hints", message.id))
        elif not conn.hint_limiter.allow() or not await allow_hint(club, conn.user_id):
            refusal = error("rate_limited", "hints are limited; wait a little", message.id)
            conn.send(refusal | {"refused": "hint"})
        else:
            command = HintRequest(conn.address, conn.user_id, message.id, message.lang)
            await club.route(conn.table_id, command)
    elif message.type == "chat":
        if conn.user_id is None or conn.name is None:
            conn.send(error("not_seated", "log in to chat", message.id))
        elif not conn.chat_limiter.allow() or not await allow_chat(club, conn.user_id):
            refusal = error("rate_limited", "too many chat lines; wait a little", message.id)
            conn.send(refusal | {"refused": "chat"})
        else:
            assert message.text is not None
            chat = Chat(conn.address, conn.user_id, conn.name, message.text, message.id)
            await club.route(conn.table_id, chat)
    elif message.type == "action":
        if conn.user_id is None:
            conn.send(error("not_seated", "spectators cannot act; log in and sit", message.id))
            return
        assert message.action is not None
        await club.route(conn.table_id, Act(conn.address, conn.user_id, message.action, message.id))
