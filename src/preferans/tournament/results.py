"""What a table of a round leaves for the standings: each deal's whists per seat.

A deal's whists are taken from the settlement: the settlement of the table's sheet after
the deal minus the settlement before it (exact fractions, before the table's rounding).
Pulya, gora and whists enter the settlement linearly (the closing of unfinished pulyas
adds the same target × rate to everyone's gora, which the amnesty takes off again), so
these differences sum, deal by deal, to the pulya's settlement, and each sums to zero
over the seats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from preferans.errors import RecordError
from preferans.scoring import Sheet, new_sheet

from .plan import TablePlan

__all__ = ["TableResult", "deal_whists"]


def deal_whists(sheet: Sheet, seats: Sequence[Any]) -> tuple[tuple[Fraction, ...], ...]:
    """Each deal's whists per seat (in the order of ``seats``) from ``sheet``."""
    fresh = new_sheet(sheet.rules, sheet.target)
    before = fresh.settle().exact
    out = []
    for entry in sheet.records:
        fresh.apply(entry.result)
        after = fresh.settle().exact
        out.append(tuple(after[seat] - before[seat] for seat in seats))
        before = after
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table of a round: its plan and, per deal, the whists of each seat in seat order."""

    table: TablePlan
    deals: tuple[tuple[Fraction, ...], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "deals", tuple(tuple(map(Fraction, d)) for d in self.deals))
        width = len(self.table.seats)
        for number, deal in enumerate(self.deals, start=1):
            if len(deal) != width:
                raise RecordError(
                    f"table {self.table.number}, deal {number}: {len(deal)} figures for "
                    f"{width} seats",
                    ru=f"стол {self.table.number}, сдача {number}: чисел {len(deal)}, "
                    f"а мест {width}",
                )

    @classmethod
    def from_sheet(cls, table: TablePlan, sheet: Sheet) -> TableResult:
        if sheet.rules.players != len(table.seats):
            raise RecordError(
                f"table {table.number} seats {len(table.seats)} but its sheet is for "
                f"{sheet.rules.players} players",
                ru=f"за столом {table.number} мест {len(table.seats)}, а лист на "
                f"{sheet.rules.players} игроков",
            )
        return cls(table, deal_whists(sheet, table.seat_order))

    @property
    def totals(self) -> dict[str, Fraction]:
        """Each seat's whists over the table's deals, by name (bots by their bot name)."""
        names = list(self.table.by_seat.values())
        return {
            name: sum((deal[i] for deal in self.deals), Fraction(0)) for i, name in enumerate(names)
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table.to_dict(),
            "deals": [[str(value) for value in deal] for deal in self.deals],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableResult:
        try:
            table = TablePlan.from_dict(data["table"])
            deals = tuple(tuple(Fraction(v) for v in deal) for deal in data["deals"])
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            raise RecordError(
                "a table's result needs its table and each deal's whists as fractions",
                ru="в результате стола должны быть стол и висты каждой сдачи дробями",
            ) from None
        return cls(table, deals)
