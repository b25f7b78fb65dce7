"""The pulya sheet as the server needs it, on top of ``preferans.scoring``.

Four calls only (add a deal, is it over, settle, show), so the table actor does not depend
on the sheet's internals.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from preferans.result import DealResult
from preferans.rules import Rules
from preferans.scoring import Sheet, rate_pulya, sheet_seats
from preferans.seats import Seat

__all__ = ["ServerSheet", "rate"]


class ServerSheet:
    """The table's sheet and its settlement."""

    def __init__(self, rules: Rules, target: int) -> None:
        self.rules = rules
        self.target = target
        self.sheet = Sheet(rules, target)
        self.seats: tuple[Seat, ...] = sheet_seats(rules)

    def add(self, result: DealResult) -> None:
        self.sheet.apply(result)

    @property
    def is_over(self) -> bool:
        return self.sheet.is_complete

    @property
    def deals(self) -> int:
        return self.sheet.deals_played

    def whists(self) -> dict[Seat, Fraction]:
        """Each seat's settled result in whists (rounded by the table's rule; sums to 0)."""
        return dict(self.sheet.settle().rounded)

    def settlement(self, stake: float) -> dict[str, Any]:
        value = Fraction(stake).limit_denominator(1000) if stake else None
        result: dict[str, Any] = self.sheet.settle(stake=value).to_dict()
        return result

    def to_dict(self) -> dict[str, Any]:
        """The running totals (pulya, gora, whists written) for the table's display."""
        totals: dict[str, Any] = self.sheet.to_dict()["totals"]
        return {"target": self.target, "deals": self.deals, "totals": totals}

    def full(self) -> dict[str, Any]:
        """Every deal with every write and why (for the record)."""
        data: dict[str, Any] = self.sheet.to_dict()
        return data


def rate(
    ratings: Mapping[Seat, float],
    whists: Mapping[Seat, Fraction],
    variant: str,
    target: int,
    deals: int,
) -> dict[Seat, int] | None:
    """Seed 000's rating change per player, or None when the table is not rated."""
    return rate_pulya(
        {s: Fraction(r).limit_denominator(1000) for s, r in ratings.items()},
        {s: whists[s] for s in ratings},
        variant,
        target,
        deals,
    )
