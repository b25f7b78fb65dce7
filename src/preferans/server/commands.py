"""The commands a table actor handles, one frozen value each.

They come from a websocket (``ws``), another process (``cluster``, which carries them as
JSON), the club (``Reload``) or the actor's own timers (``Tick``); a reply to the sender
goes to its ``Address``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from preferans.errors import InputSyntaxError
from preferans.seats import Seat

__all__ = [
    "Act",
    "Address",
    "Back",
    "Chat",
    "Command",
    "HintRequest",
    "Leave",
    "Reload",
    "Stop",
    "Subscribe",
    "Tick",
    "command_from_json",
    "command_to_json",
]

Address = tuple[str, str]
"""(node id, connection id): where a direct reply goes."""


@dataclass(frozen=True, slots=True)
class Act:
    address: Address
    user_id: int | None
    action: int | str
    request_id: str | int | None = None


@dataclass(frozen=True, slots=True)
class Subscribe:
    address: Address
    user_id: int | None
    since: int | None = None
    epoch: str | None = None
    request_id: str | int | None = None


@dataclass(frozen=True, slots=True)
class Back:
    address: Address
    user_id: int | None
    request_id: str | int | None = None


@dataclass(frozen=True, slots=True)
class HintRequest:
    """The player to move asks what to do; only his own connection hears the answer."""

    address: Address
    user_id: int | None
    request_id: str | int | None = None
    lang: str | None = None


@dataclass(frozen=True, slots=True)
class Chat:
    """A line of table talk from a player or a logged-in spectator (``name`` is his)."""

    address: Address
    user_id: int | None
    name: str
    text: str
    request_id: str | int | None = None


@dataclass(frozen=True, slots=True)
class Leave:
    address: Address


@dataclass(frozen=True, slots=True)
class Reload:
    """The seats changed in the database (someone sat down, left, or a bot was added)."""


@dataclass(frozen=True, slots=True)
class Tick:
    kind: str  # "bot", "timeout", "grace", "idle" or "finish"
    seat: Seat
    seq: int


@dataclass(frozen=True, slots=True)
class Stop:
    pass


Command = Act | Subscribe | Back | HintRequest | Chat | Leave | Reload | Tick | Stop


def _from_user(kind: str, command: Act | Subscribe | Back | HintRequest | Chat) -> dict[str, Any]:
    """The fields every command sent on a user's behalf carries."""
    return {
        "c": kind,
        "a": list(command.address),
        "u": command.user_id,
        "i": command.request_id,
    }


def command_to_json(command: Command) -> dict[str, Any]:
    if isinstance(command, Act):
        return {**_from_user("act", command), "x": command.action}
    if isinstance(command, Subscribe):
        return {**_from_user("sub", command), "s": command.since, "e": command.epoch}
    if isinstance(command, Back):
        return _from_user("back", command)
    if isinstance(command, HintRequest):
        return {**_from_user("hint", command), "l": command.lang}
    if isinstance(command, Chat):
        return {**_from_user("chat", command), "n": command.name, "t": command.text}
    if isinstance(command, Leave):
        return {"c": "leave", "a": list(command.address)}
    if isinstance(command, Reload):
        return {"c": "reload"}
    raise TypeError(f"{command!r} is not routed between processes")


def command_from_json(data: dict[str, Any]) -> Command:
    kind = data["c"]
    if kind == "reload":
        return Reload()
    address = (str(data["a"][0]), str(data["a"][1]))
    if kind == "act":
        return Act(address, data["u"], data["x"], data["i"])
    if kind == "sub":
        return Subscribe(address, data["u"], data["s"], data["e"], data["i"])
    if kind == "back":
        return Back(address, data["u"], data["i"])
    if kind == "hint":
        return HintRequest(address, data["u"], data["i"], data["l"])
    if kind == "chat":
        return Chat(address, data["u"], str(data["n"]), str(data["t"]), data["i"])
    if kind == "leave":
        return Leave(address)
    raise InputSyntaxError(
        f"unknown routed command {kind!r}", ru=f"неизвестная команда между процессами {kind!r}"
    )
