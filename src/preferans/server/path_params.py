"""The numbers the REST paths carry, each bounded once, so every route refuses the same
out-of-range table, deal or tournament number the same way (422 before any lookup)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path

__all__ = ["DealNumber", "TableId", "TournamentId"]

_LARGEST_ID = 2**31 - 1

TableId = Annotated[int, Path(ge=1, le=_LARGEST_ID, description="the table's number")]
TournamentId = Annotated[int, Path(ge=1, le=_LARGEST_ID, description="the tournament's number")]
DealNumber = Annotated[int, Path(ge=1, le=10_000, description="the deal's number, from 1")]
