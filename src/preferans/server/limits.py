"""Limits per person and per address, not per connection.

A connection is cheap to open, so a limit kept per connection is no limit: 20 sockets
get 20 times the hints. Here every costly request is counted against the account (and,
for anonymous or password requests, the client address), in the club's token buckets
(``throttle``: shared by every process through Redis when there is one):

- open websockets: ``connections_per_address`` per address, ``connections_per_user`` per
  account (counted by this process; a cluster's load balancer spreads one address);
- hints and chat lines: the per-connection rates of ``Settings`` apply to the account;
- table passwords: ``password_guesses_per_second`` per account and per address;
- tables: ``max_tables_per_user`` unfinished seats, ``max_bot_tables_per_user``
  unfinished tables with a bot seat that the account opened.
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from sqlalchemy import and_, exists, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.server import models
from preferans.server.config import Settings
from preferans.server.refusals import Refusal
from preferans.server.throttle import LocalBuckets, RedisBuckets

__all__ = ["Connections", "allow_chat", "allow_hint", "check_bot_tables", "check_password_guess"]

UNFINISHED = ("open", "playing")


class ClubLimits(Protocol):
    """What the limits read of the club: its settings and its token buckets."""

    settings: Settings
    buckets: LocalBuckets | RedisBuckets


class Connections:
    """Open websockets per address and per account in this process."""

    def __init__(self, per_address: int, per_user: int) -> None:
        self.per_address = per_address
        self.per_user = per_user
        self.addresses: Counter[str] = Counter()
        self.users: Counter[int] = Counter()

    def admit(self, address: str, user_id: int | None) -> str | None:
        """Count a new connection in, or say why it is refused (nothing is counted then)."""
        if self.addresses[address] >= self.per_address:
            return "too many connections from your address; close some tabs"
        if user_id is not None and self.users[user_id] >= self.per_user:
            return "too many connections of your account; close some tabs"
        self.addresses[address] += 1
        if user_id is not None:
            self.users[user_id] += 1
        return None

    def leave(self, address: str, user_id: int | None) -> None:
        self.addresses[address] -= 1
        if self.addresses[address] <= 0:
            del self.addresses[address]
        if user_id is not None:
            self.users[user_id] -= 1
            if self.users[user_id] <= 0:
                del self.users[user_id]


async def allow_hint(club: ClubLimits, user_id: int) -> bool:
    settings = club.settings
    return await club.buckets.allow(
        f"hint:u{user_id}", settings.hints_per_second, settings.hint_burst
    )


async def allow_chat(club: ClubLimits, user_id: int) -> bool:
    settings = club.settings
    return await club.buckets.allow(
        f"chat:u{user_id}", settings.chats_per_second, settings.chat_burst
    )


async def check_password_guess(club: ClubLimits, user_id: int, address: str) -> None:
    """Before each table-password check: per account and per address (429 beyond)."""
    settings = club.settings
    rate, burst = settings.password_guesses_per_second, settings.password_guess_burst
    for key in (f"tablepw:u{user_id}", f"tablepw:a{address}"):
        if not await club.buckets.allow(key, rate, burst):
            raise Refusal(
                "rate_limited",
                "too many table-password attempts; wait a little",
                "слишком много попыток ввести пароль стола; подождите немного",
                429,
            )


async def check_bot_tables(
    connection: AsyncConnection, club: ClubLimits, user_id: int, adding_to: int | None = None
) -> None:
    """An account may have opened only so many unfinished tables with a bot seat
    (``adding_to``: the table a bot joins, which does not count against itself)."""
    with_bot = exists().where(
        and_(
            models.table_seats.c.table_id == models.tables.c.id,
            models.table_seats.c.bot.is_not(None),
        )
    )
    count = (
        await connection.execute(
            select(func.count())
            .select_from(models.tables)
            .where(
                models.tables.c.creator_id == user_id,
                models.tables.c.status.in_(UNFINISHED),
                with_bot,
                models.tables.c.id != (adding_to or 0),
            )
        )
    ).scalar_one()
    limit = club.settings.max_bot_tables_per_user
    if count >= limit:
        raise Refusal(
            "too_many_tables",
            f"you have {limit} unfinished tables with bots already; finish one first",
            f"у вас уже {limit} незаконченных столов с ботами; сначала доиграйте один",
            429,
        )
