"""The bot protocol, version 1: JSON lines between a runner and an engine (docs/protocol.md).

One JSON object per line, UTF-8, in both directions. The runner sends ``hello`` once (the
engine answers ``ready``), ``decide`` for every decision of the engine's seat (the engine
answers ``{"action": INDEX}``), ``deal_over`` after every deal and ``quit`` at the end.
Everything here is pure: building messages and judging answers; the processes are in
:mod:`preferans.lab.runner` and :mod:`preferans.lab.engine`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from preferans.actions import ACTION_COUNT, Action, action_from_index
from preferans.lab.views import view_message
from preferans.rules import Rules
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import View
    from preferans.result import DealResult

__all__ = [
    "PROTOCOL_VERSION",
    "Forfeit",
    "ForfeitKind",
    "Reply",
    "deal_over_message",
    "decide_message",
    "encode",
    "hello_message",
    "parse_reply",
    "quit_message",
]

PROTOCOL_VERSION = 1
#: Longest reason kept from an answer (a reason is for logs, not for essays).
REASON_LIMIT = 200


class ForfeitKind(Enum):
    """Why a decision was forfeited."""

    NOT_JSON = "not JSON"
    NOT_AN_ANSWER = "not an answer"
    UNKNOWN_INDEX = "unknown index"
    ILLEGAL = "illegal action"
    LATE = "past the deadline"
    DIED = "engine died"
    GAVE_UP = "engine given up"
    """The engine died too often; its remaining decisions are forfeited unasked."""


class Forfeit(Exception):
    """A bad answer: the decision is forfeited and the fallback is played."""

    def __init__(self, kind: ForfeitKind, detail: str) -> None:
        super().__init__(f"{kind.value}: {detail}")
        self.kind = kind
        self.detail = detail


@dataclass(frozen=True)
class Reply:
    """A valid answer: the action and the engine's optional reason."""

    action: Action
    reason: str | None = None


def encode(message: dict[str, Any]) -> str:
    """One protocol line (no newline inside: JSON escapes it)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def hello_message(rules: Rules, seat: Seat, seats: tuple[Seat, ...]) -> dict[str, Any]:
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "variant": rules.variant,
        "rules": rules.to_dict(),
        "seat": seat.name,
        "players": rules.players,
        "seats": [s.name for s in seats],
    }


def decide_message(view: View, *, deal: int, seed: int, deadline_ms: int) -> dict[str, Any]:
    """One decision: the seat's view (legal actions included) and the time it may take."""
    return {
        "type": "decide",
        "deal": deal,
        "seed": seed,
        "deadline_ms": deadline_ms,
        "view": view_message(view),
    }


def deal_over_message(
    result: DealResult, values: dict[Seat, float], final: View, *, deal: int
) -> dict[str, Any]:
    """The deal's full result, each seat's whists, and the seat's view of the end."""
    from preferans.scoring import result_to_dict

    return {
        "type": "deal_over",
        "deal": deal,
        "result": result_to_dict(result),
        "values": {s.name: v for s, v in values.items()},
        "view": view_message(final),
    }


def quit_message() -> dict[str, Any]:
    return {"type": "quit"}


def parse_reply(line: str, legal: tuple[Action, ...]) -> Reply:
    """The engine's answer to a ``decide``, or :class:`Forfeit` saying what is wrong."""
    text = line.strip()
    try:
        data = json.loads(text)
    except ValueError:
        raise Forfeit(ForfeitKind.NOT_JSON, _clip(text)) from None
    if not isinstance(data, dict) or "action" not in data:
        raise Forfeit(ForfeitKind.NOT_AN_ANSWER, f'expected {{"action": INDEX}}, got {_clip(text)}')
    index = data["action"]
    if not isinstance(index, int) or isinstance(index, bool):
        raise Forfeit(ForfeitKind.NOT_AN_ANSWER, f"the action must be an integer, got {index!r}")
    if not 0 <= index < ACTION_COUNT:
        raise Forfeit(ForfeitKind.UNKNOWN_INDEX, f"no action has index {index}")
    action = action_from_index(index)
    if action not in legal:
        raise Forfeit(ForfeitKind.ILLEGAL, f"{action} (index {index}) is not legal now")
    reason = data.get("reason")
    return Reply(action, reason[:REASON_LIMIT] if isinstance(reason, str) else None)


def _clip(text: str, limit: int = 80) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")
