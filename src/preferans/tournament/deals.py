"""Where a tournament table's cards come from: the round's committed secret.

A deal is :func:`preferans.fairness.fair_deal` with the round's secret, no player seeds
(the players of a round sit at many tables; the commitment is published before the round
starts) and a *deal id* in place of the table id: in a duplicate round every table shares
the round's id, so every table gets the same deals; in a Swiss round each table has its
own. A table's game record carries the deal id as its ``TableId`` and the round's
commitment and secret, so ``preferans verify`` checks each table's record by itself too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from preferans.fairness import deal_source

if TYPE_CHECKING:
    from preferans.game import Deal
    from preferans.rules import Rules
    from preferans.seats import Seat

__all__ = ["deal_id", "round_deal_source", "table_deal_source"]

DealSource = Callable[["Rules", "Seat", int], "Deal"]


def deal_id(tournament_id: str, round_no: int, table: int | None = None) -> str:
    """``T/round-2`` (a duplicate round: all tables) or ``T/round-2/table-5`` (Swiss)."""
    base = f"{tournament_id}/round-{round_no}"
    return base if table is None else f"{base}/table-{table}"


def round_deal_source(secret: bytes, tournament_id: str, round_no: int) -> DealSource:
    """The same deals at every table of a duplicate round (a ``Pulya`` deal source)."""
    return deal_source(secret, deal_id(tournament_id, round_no), {})


def table_deal_source(secret: bytes, tournament_id: str, round_no: int, table: int) -> DealSource:
    """One Swiss table's own deals (a ``Pulya`` deal source)."""
    return deal_source(secret, deal_id(tournament_id, round_no, table), {})
