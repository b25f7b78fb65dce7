"""The pulya sheet as the server needs it, on top of ``preferans.scoring``.

A few calls only (is it over, settle, show); the deals are written by the one pulya runner
(:class:`preferans.scoring.Pulya`), so the table actor does not depend on the sheet's
internals. The Balkan game writes on the bula sheet (``new_sheet`` picks it);
everything else here works the same for both.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from preferans.rules import Rules
from preferans.scoring import Sheet, new_sheet, rate_pulya, render_svg, sheet_seats
from preferans.seats import Seat

__all__ = ["ServerSheet", "rate"]


class ServerSheet:
    """The table's sheet and its settlement."""

    def __init__(self, rules: Rules, target: int | None) -> None:
        self.rules = rules
        self.target = target
        self.sheet: Sheet = new_sheet(rules, target)
        self.seats: tuple[Seat, ...] = sheet_seats(rules)

    @property
    def is_bula(self) -> bool:
        return self.rules.is_balkan

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
        kind = "bula" if self.is_bula else "pulya"
        return {"kind": kind, "target": self.target, "deals": self.deals, "totals": totals}

    def last_writes(self) -> list[dict[str, Any]]:
        """The figures the last deal wrote, each with its reason (for ``deal_end``)."""
        deals = self.sheet.to_dict()["deals"]
        return list(deals[-1]["writes"]) if deals else []

    def deals_detail(self) -> list[dict[str, Any]]:
        """Every deal's result and writes so far (for snapshots: the page explains figures)."""
        deals = self.sheet.to_dict()["deals"]
        return [{"result": d["result"], "writes": d["writes"]} for d in deals]

    def svg(self, language: str = "ru") -> str:
        """The sheet drawn as SVG (pulya or bula) for sharing and printing."""
        return render_svg(self.sheet, "en" if language == "en" else "ru")

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
    """Seed 000's rating change per player, or None when the table is not rated (the
    formula is the pulya's; a Balkan game is not rated)."""
    if variant == "balkan":
        return None
    return rate_pulya(
        {s: Fraction(r).limit_denominator(1000) for s, r in ratings.items()},
        {s: whists[s] for s in ratings},
        variant,
        target,
        deals,
    )
