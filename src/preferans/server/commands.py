"""The commands a table actor handles, one frozen value each.

They come from a websocket (``ws``), another process (``cluster``, which carries them as
JSON), the club (``Reload``) or the actor's own timers (``Tick``); a reply to the sender
goes to its ``Address``.
"""

from __future__ import annotations

from dataclasses import dataclass

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
