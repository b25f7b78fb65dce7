"""The websocket protocol: reading client messages (bounded, validated) and shaping events.

Every server message is a JSON object with a ``type``. Table events carry the table's
``epoch`` (one per actor incarnation) and a version ``v`` that grows by one per event; a
recipient who may not see an event's content still receives it with the content removed,
so a gap in ``v`` always means a lost message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from preferans.actions import Action, action_from_index, parse_action
from preferans.errors import InputSyntaxError
from preferans.server.payload import PayloadError, read_json
from preferans.server.refusals import russian

__all__ = [
    "BadMessage",
    "ClientMessage",
    "action_json",
    "error",
    "parse_client_message",
    "resolve_action",
]

MAX_ID = 64
MAX_ACTION_TEXT = 32
MAX_CHAT = 300
"""Characters in one chat line: a table talk, not a letter."""
LANGUAGES = ("ru", "en")


class BadMessage(InputSyntaxError):
    """A client message that cannot be understood; ``code`` names the problem (the client
    shows the code in its player's language)."""

    def __init__(self, code: str, message: str, request_id: str | int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.request_id = request_id
        """The message's id when it could be read, so the client can match the answer."""

    def __reduce__(self) -> tuple[object, ...]:
        return (BadMessage, (self.code, str(self), self.request_id))


@dataclass(frozen=True, slots=True)
class ClientMessage:
    type: str
    id: str | int | None = None
    action: int | str | None = None
    since: int | None = None
    epoch: str | None = None
    text: str | None = None
    lang: str | None = None


def parse_client_message(raw: str | bytes, max_bytes: int) -> ClientMessage:
    """Validate one frame; anything odd raises :class:`BadMessage` with a clear reason."""
    try:
        data = read_json(raw, max_bytes)
    except PayloadError as problem:
        raise BadMessage(problem.code, str(problem)) from None
    if not isinstance(data, dict):
        raise BadMessage("bad_json", "a message must be a JSON object")
    kind = data.get("type")
    request_id = data.get("id")
    if request_id is not None and not (
        (isinstance(request_id, int) and not isinstance(request_id, bool))
        or (isinstance(request_id, str) and len(request_id) <= MAX_ID and _plain(request_id))
    ):
        # The id comes back in the answer: a lone surrogate could not even be sent.
        raise BadMessage(
            "bad_message", f"id must be a number or a string of ≤ {MAX_ID} printable characters"
        )
    if kind == "action":
        action = data.get("action")
        if isinstance(action, bool) or not isinstance(action, (int, str)):
            raise BadMessage("bad_message", "action must be an action index or its text")
        if isinstance(action, str) and (len(action) > MAX_ACTION_TEXT or not _plain(action)):
            raise BadMessage("bad_message", "action text is too long or not printable")
        return ClientMessage("action", request_id, action=action)
    if kind == "sync":
        since = data.get("since", 0)
        epoch = data.get("epoch")
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise BadMessage("bad_message", "since must be a version number ≥ 0")
        if epoch is not None and not (
            isinstance(epoch, str) and len(epoch) <= MAX_ID and _plain(epoch)
        ):
            raise BadMessage("bad_message", "epoch must be the string the server sent")
        return ClientMessage("sync", request_id, since=since, epoch=epoch)
    if kind in ("ping", "back"):
        return ClientMessage(kind, request_id)
    if kind in ("hint", "chat"):
        try:
            return _hint_or_chat(kind, request_id, data)
        except BadMessage as problem:
            raise BadMessage(problem.code, str(problem), request_id) from None
    raise BadMessage("bad_message", "type must be one of: action, sync, back, ping, hint, chat")


def _plain(text: str) -> bool:
    return text.isprintable()


def _hint_or_chat(kind: str, request_id: str | int | None, data: dict[str, Any]) -> ClientMessage:
    if kind == "hint":
        lang = data.get("lang")
        if lang is not None and lang not in LANGUAGES:
            raise BadMessage("bad_message", f"lang must be one of: {', '.join(LANGUAGES)}")
        return ClientMessage("hint", request_id, lang=lang)
    text = data.get("text")
    if not isinstance(text, str):
        raise BadMessage("bad_message", "chat text must be a string")
    # Control characters could forge lines in a log or a terminal; spaces are folded.
    text = " ".join("".join(c for c in text if c.isprintable() or c.isspace()).split())
    if not text:
        raise BadMessage("bad_message", "chat text is empty")
    if len(text) > MAX_CHAT:
        raise BadMessage("bad_message", f"chat lines are at most {MAX_CHAT} characters")
    return ClientMessage("chat", request_id, text=text)


def resolve_action(raw: int | str) -> Action:
    """An action from its stable index or its text (``♠9``, ``7♣``, ``pass``)."""
    if isinstance(raw, int):
        try:
            return action_from_index(raw)
        except ValueError as problem:
            raise BadMessage("bad_action", str(problem)) from None
    try:
        return parse_action(raw)
    except ValueError as problem:
        raise BadMessage("bad_action", str(problem)) from None


def action_json(action: Action) -> dict[str, Any]:
    return {"index": action.index, "text": str(action)}


def error(
    code: str, message: str, request_id: str | int | None = None, ru: str | None = None
) -> dict[str, Any]:
    """An ``error`` answer: ``message`` in English, ``messages`` in both languages."""
    return {
        "type": "error",
        "id": request_id,
        "code": code,
        "message": message,
        "messages": {"en": message, "ru": ru or russian(code, message)},
    }
