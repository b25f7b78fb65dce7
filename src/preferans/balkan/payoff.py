"""What a finished Balkan deal is worth to each player, in bula-equivalent whists."""

from __future__ import annotations

from preferans.balkan.sheet import score_balkan
from preferans.bots.payoff import Ledger
from preferans.result import DealResult
from preferans.rules import Rules
from preferans.scoring.writes import Column
from preferans.seats import Seat

__all__ = ["balkan_value"]


def balkan_value(
    result: DealResult, rules: Rules, *, refe: bool = False, raspasy_run: int = 1
) -> dict[Seat, float]:
    """Bula-equivalent whists each player gains by a Balkan deal (bula points × 10 shared
    as at the settlement, plus written whists); the values sum to zero. ``refe``: the
    declarer held an open refe (every figure doubles). ``raspasy_run`` has no meaning here
    (the family protocol passes it to every family)."""
    del raspasy_run
    ledger = Ledger(rules)
    for write in score_balkan(rules, result, refe=refe):
        amount = float(write.amount)
        if write.column is Column.BULA:
            ledger.gora[write.seat] += amount
        elif write.on is not None:
            ledger.write_whists(write.seat, write.on, amount)
    return ledger.values()
