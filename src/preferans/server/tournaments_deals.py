"""Where a tournament table's deals come from: the round's committed secret.

A tournament table's secret is its round's (``tournament_rounds.secret``, committed when
the tournament is created) and its deals are ``fairness.fair_deal`` with no player seeds
and the *deal id* of ``preferans.tournament.deals`` in place of the table id: one id for
every table of a duplicate round (the same deals everywhere), one per table in a Swiss
round. The table's row names the id (``tables.deal_source``, JSON ``{"deal_id": …}``), so
a table replayed after a crash, on any process, deals exactly what it dealt before, and
its record (``TableId`` = the deal id) is checked by ``check_fairness`` like any other.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from preferans import fairness
from preferans.errors import PreferansError
from preferans.game import Deal
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["DealSource", "deal_spec", "resolve_deal_source"]

DealSource = Callable[[Rules, Seat, int], Deal]


def deal_spec(deal_id: str) -> str:
    """The ``tables.deal_source`` text of a tournament table."""
    return json.dumps({"deal_id": deal_id})


def resolve_deal_source(spec: str | None, secret: str) -> tuple[str, DealSource] | None:
    """The deal id and the deal source a table's row names, or None for the table's own
    fair deals (its id and its players' seeds).

    A spec that cannot be read raises (the table is quarantined: dealing other cards than
    the round's would silently break the comparison of the tables)."""
    if spec is None:
        return None
    data: Any = json.loads(spec)
    deal_id = data.get("deal_id") if isinstance(data, dict) else None
    if not isinstance(deal_id, str) or not deal_id:
        raise PreferansError(f"unknown deal source {spec[:80]!r}")
    return deal_id, fairness.deal_source(bytes.fromhex(secret), deal_id, {})
