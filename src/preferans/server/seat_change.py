"""A change of a table's seats or status made through the REST API: one transaction, and
only once it is committed is the table's owner told (``Reload``), wherever it runs, so
no table ever reloads a change that was rolled back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.ext.asyncio import AsyncConnection

from preferans.server.club import Club

__all__ = ["seat_change"]


@asynccontextmanager
async def seat_change(club: Club, table_id: int) -> AsyncIterator[AsyncConnection]:
    """The connection to change ``table_id`` in; a refusal raised inside changes nothing
    and tells nobody."""
    async with club.engine.begin() as connection:
        yield connection
    await club.seats_changed(table_id)
