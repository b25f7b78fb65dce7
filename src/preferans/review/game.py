"""A whole record reviewed: every deal's grades and the totals per player.

The accuracy figure is the share of a player's graded decisions that lost less than an
inaccuracy's threshold: "accuracy 92%" reads as "92 decisions in 100 were as good as the
best, give or take the small change of a trick".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from preferans.errors import RecordError
from preferans.review.deal import DEFAULT_SAMPLES, review_deal
from preferans.review.grade import Grade, Mark
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import DealState
    from preferans.notation import GameRecord

__all__ = [
    "DealReview",
    "GameReview",
    "Totals",
    "deal_starts",
    "review_record",
    "table_seats",
    "totals",
]


@dataclass(frozen=True, slots=True)
class Totals:
    """One player's figures over a set of decisions."""

    decisions: int
    """Decisions with a price (the others are listed but not counted)."""
    lost: float
    marks: Mapping[Mark, int]

    @property
    def accuracy(self) -> float | None:
        """Percent of graded decisions without a mark; None without graded decisions."""
        if not self.decisions:
            return None
        good = self.decisions - sum(n for m, n in self.marks.items() if m is not Mark.GOOD)
        return 100.0 * good / self.decisions


def totals(grades: Iterable[Grade], seats: Iterable[Seat]) -> dict[Seat, Totals]:
    """Totals per seat (every seat named, with zeros when it decided nothing)."""
    counts: dict[Seat, dict[Mark, int]] = {s: dict.fromkeys(Mark, 0) for s in seats}
    lost: dict[Seat, float] = dict.fromkeys(counts, 0.0)
    decided: dict[Seat, int] = dict.fromkeys(counts, 0)
    for grade in grades:
        if not grade.graded or grade.seat not in counts:
            continue
        decided[grade.seat] += 1
        lost[grade.seat] += grade.loss
        counts[grade.seat][grade.mark] += 1
    return {s: Totals(decided[s], lost[s], MappingProxyType(counts[s])) for s in counts}


@dataclass(frozen=True, slots=True)
class DealReview:
    """One deal's grades, in the order the decisions were made."""

    number: int
    grades: tuple[Grade, ...]
    seats: tuple[Seat, ...]

    def totals(self) -> dict[Seat, Totals]:
        return totals(self.grades, self.seats)


@dataclass(frozen=True, slots=True)
class GameReview:
    """Every reviewed deal of a record and how it was reviewed."""

    record: GameRecord
    deals: tuple[DealReview, ...]
    seats: tuple[Seat, ...]
    seed: int
    samples: int
    players: Mapping[Seat, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def grades(self) -> tuple[Grade, ...]:
        return tuple(g for d in self.deals for g in d.grades)

    def totals(self) -> dict[Seat, Totals]:
        return totals(self.grades, self.seats)

    def costliest(self, count: int = 3, seat: Seat | None = None) -> list[Grade]:
        """The decisions that lost the most, costliest first (ties: earlier first)."""
        graded = [g for g in self.grades if g.loss > 0 and (seat is None or g.seat == seat)]
        graded.sort(key=lambda g: (-g.loss, g.deal, g.move))
        return graded[:count]


def deal_starts(record: GameRecord) -> list[DealState]:
    """Each deal's state before its first move, after replaying the record (which raises
    :class:`preferans.notation.ReplayError` on the first illegal move)."""
    from preferans.game import new_deal
    from preferans.notation.replay import engine_deal, replay

    finals = replay(record, allow_unfinished=True).states
    return [
        new_deal(
            record.rules,
            engine_deal(deal),
            raspasy_run=final.raspasy_run,
            # Only a Balkan deal has a refe (the seats that held one when it began).
            refe=getattr(final, "refe", ()),
        )
        for deal, final in zip(record.deals, finals, strict=False)
    ]


def table_seats(record: GameRecord) -> tuple[Seat, ...]:
    from preferans.seats import seats_for

    seats = seats_for(record.rules.players)
    if record.rules.players == 2:
        return tuple(s for s in seats if s != Seat.E) or seats
    return seats


def review_record(
    record: GameRecord,
    *,
    deals: Sequence[int] | None = None,
    seats: Iterable[Seat] | None = None,
    seed: int = 1,
    samples: int = DEFAULT_SAMPLES,
    progress: Callable[[int], None] | None = None,
) -> GameReview:
    """Review the numbered deals (all finished ones when None) for ``seats`` (all).

    The same record, seed and samples always give the same grades."""
    starts = deal_starts(record)
    chosen = set(deals) if deals is not None else None
    known = {d.number for d in record.deals}
    if chosen is not None:
        missing = sorted(chosen - known)
        if missing:
            raise RecordError(
                f"the record has no deal {missing[0]}", ru=f"в записи нет сдачи {missing[0]}"
            )
    wanted = tuple(seats) if seats is not None else None
    seats_here = table_seats(record)
    out: list[DealReview] = []
    for deal, start in zip(record.deals, starts, strict=False):
        if chosen is not None and deal.number not in chosen:
            continue
        grades = review_deal(
            deal, start, seats=wanted, seed=seed, samples=samples, progress=progress
        )
        out.append(DealReview(deal.number, grades, seats_here))
    return GameReview(
        record,
        tuple(out),
        seats_here,
        seed,
        samples,
        MappingProxyType(dict(record.players)),
    )
