"""Duplicate rounds: the same deals at every table, each player measured against the
others who held the same cards in the same seat.

**Rotation.** The players in the order of a fair draw, padded with bots to fill whole
tables (``T`` tables of ``n``), are cut into ``n`` *lines* of ``T``; the bots, if any, end
the last line. Table ``t`` (from 0) has rotation ``r = t mod n`` and seats line ``j``'s
``t``-th player in seat ``(j + r) mod n``. So the players who hold one seat's cards come
from different lines at different tables, and the bots (at most one per table) hold
different seats.

**Scores.** For each deal and seat, the *group* is everybody who held that seat's cards in
that deal, one per table; a player's score for the deal is his whists (see
:mod:`~.results`) minus the group's mean, and his round score is the sum over the deals.
The scores of a group sum to zero exactly (fractions). With four at a table the dealer
holds no cards: his seat is not compared (it scores 0 for that deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from preferans.errors import RecordError
from preferans.notation.fair import expected_dealers
from preferans.seats import player_seats

from .deals import round_deal_source
from .draw import fair_order
from .pairing import check_players
from .plan import RoundPlan, TablePlan
from .results import TableResult

__all__ = ["duplicate_round", "duplicate_scores", "round_deal_source"]


def duplicate_round(
    players: Sequence[str], table_size: int, secret: bytes, round_no: int
) -> RoundPlan:
    """Every player at one table, bots filling the short places, no byes."""
    check_players(players, table_size)
    order: list[str | None] = list(fair_order(secret, "duplicate", round_no, list(players)))
    count = -(-len(order) // table_size)
    order.extend([None] * (count * table_size - len(order)))
    lines = [order[j * count : (j + 1) * count] for j in range(table_size)]
    tables = []
    for t in range(count):
        rotation = t % table_size
        seats = tuple(lines[(s - rotation) % table_size][t] for s in range(table_size))
        tables.append(TablePlan(t + 1, seats, rotation))
    return RoundPlan(tuple(tables))


def duplicate_scores(tables: Sequence[TableResult]) -> dict[str, Fraction]:
    """Each seat's sum over the deals of (its whists − the mean of its group), by name
    (bots included, by their bot names); every table must have played the same deals."""
    if not tables:
        return {}
    size = len(tables[0].table.seats)
    counts = {len(t.deals) for t in tables}
    if len(counts) != 1 or any(len(t.table.seats) != size for t in tables):
        raise RecordError(
            "the tables of a duplicate round must play the same number of deals at "
            "tables of one size",
            ru="столы дубликатного тура должны сыграть одинаковое число сдач за столами "
            "одного размера",
        )
    deals = counts.pop()
    names = [list(t.table.by_seat.values()) for t in tables]
    scores = {name: Fraction(0) for row in names for name in row}
    seats = player_seats(size)
    dealers = expected_dealers(size, deals)
    for k in range(deals):
        for s, seat in enumerate(seats):
            if size == 4 and seat == dealers[k]:
                continue
            group = [t.deals[k][s] for t in tables]
            mean = sum(group, Fraction(0)) / len(group)
            for row, value in zip(names, group, strict=True):
                scores[row[s]] += value - mean
    return scores
