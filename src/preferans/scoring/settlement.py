"""Settling a pulya (расписать пулю): from pulya, gora and whists to whists won and money.

RULES §9.4: (1) unfinished pulyas to gora (× rate), (2) amnesty of the smallest gora,
(3) each gora × 10 ÷ players written as whists on its owner by every other player, (4)
pairwise netting; exact fractions throughout, and the table's rounding applied visibly at
the end so that the rounded results still sum to zero. :func:`average_gora_results` is the
second, shorter method (10 × (mean gora − own gora) plus the whist balance); both agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from preferans.rules import Rules
from preferans.seats import Seat

from .writes import Column, Language, Reason, Write, format_number, seat_letter

__all__ = [
    "WHISTS_PER_GORA_POINT",
    "Settled",
    "Settlement",
    "average_gora_results",
    "outcome_dict",
    "outcome_lines",
    "pair_figures",
    "round_results",
    "seat_figures",
    "settle_totals",
    "signed",
]

#: One gora point is worth 10 whists at settlement (RULES §9).
WHISTS_PER_GORA_POINT: Final = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class Settled:
    """What every family's settlement ends with: each player's exact result, the table's
    rounding and the money (the pulya's :class:`Settlement`, the Balkan bula settlement)."""

    seats: tuple[Seat, ...]
    exact: Mapping[Seat, Fraction]
    """Each player's result in whists, exactly; the results sum to zero."""
    rounded: Mapping[Seat, Fraction]
    """Results after the table's rounding (whole whists, still summing to zero)."""
    rounding: str
    adjusted: Seat | None
    """The seat whose rounded result was moved so that the sum is zero (None if none)."""
    adjustment: Fraction
    stake: Fraction | None
    """Money per whist, if given."""

    @property
    def money(self) -> Mapping[Seat, Fraction] | None:
        """Rounded result × stake per whist (exact), or None without a stake."""
        if self.stake is None:
            return None
        return {s: self.rounded[s] * self.stake for s in self.seats}


@dataclass(frozen=True, slots=True)
class Settlement(Settled):
    """Every step of a settlement, so each number can be shown and checked."""

    pulya: Mapping[Seat, Fraction]
    gora_written: Mapping[Seat, Fraction]
    """Gora as written on the sheet."""
    closing: tuple[Write, ...]
    """Step 1: unfinished pulyas into gora (surpluses, with end_on_total, off it)."""
    gora: Mapping[Seat, Fraction]
    """Gora after step 1."""
    amnesty: Fraction
    """Step 2: the smallest gora, taken off everybody's."""
    gora_left: Mapping[Seat, Fraction]
    gora_whists: Mapping[Seat, Fraction]
    """Step 3: whists every other player writes on this seat for its remaining gora."""
    whists: Mapping[tuple[Seat, Seat], Fraction]
    """Whists written on the sheet, (writer, on)."""
    total_whists: Mapping[tuple[Seat, Seat], Fraction]
    """Sheet whists plus the gora whists of step 3."""
    balances: Mapping[tuple[Seat, Seat], Fraction]
    """Step 4: (a, b) → what a wins from b (total_whists[a, b] − total_whists[b, a])."""

    def lines(self, language: Language = "en") -> list[str]:
        """The settlement step by step, for the text sheet and the breakdown."""
        ru = language == "ru"

        def L(seat: Seat) -> str:
            return seat_letter(seat, language)

        def n(value: Fraction) -> str:
            return format_number(value)

        out: list[str] = []
        for write in self.closing:
            out.append(f"{L(write.seat)}: {write.describe(language)}")
        gora = ", ".join(f"{L(s)} {n(self.gora[s])}" for s in self.seats)
        out.append(("гора: " if ru else "gora: ") + gora)
        out.append(
            (f"амнистия: −{n(self.amnesty)}" if ru else f"amnesty: −{n(self.amnesty)}")
            + " → "
            + ", ".join(f"{L(s)} {n(self.gora_left[s])}" for s in self.seats)
        )
        players = len(self.seats)
        for s in self.seats:
            if self.gora_left[s]:
                each = n(self.gora_whists[s])
                if ru:
                    out.append(
                        f"гора {L(s)}: {n(self.gora_left[s])} × 10 ÷ {players} = {each} "
                        f"вистов на {L(s)} от каждого"
                    )
                else:
                    out.append(
                        f"gora of {L(s)}: {n(self.gora_left[s])} × 10 ÷ {players} = {each} "
                        f"whists on {L(s)} from each other player"
                    )
        for i, a in enumerate(self.seats):
            for b in self.seats[i + 1 :]:
                out.append(
                    f"{L(a)}–{L(b)}: {n(self.total_whists[a, b])} − "
                    f"{n(self.total_whists[b, a])} = {n(self.balances[a, b])}"
                )
        return out + outcome_lines(self, language, adjustment_note=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [s.name for s in self.seats],
            "pulya": seat_figures(self.pulya),
            "gora_written": seat_figures(self.gora_written),
            "closing": [w.to_dict() for w in self.closing],
            "gora": seat_figures(self.gora),
            "amnesty": format_number(self.amnesty),
            "gora_left": seat_figures(self.gora_left),
            "gora_whists": seat_figures(self.gora_whists),
            "whists": pair_figures(self.whists),
            "total_whists": pair_figures(self.total_whists),
            "balances": pair_figures(self.balances),
            **outcome_dict(self),
        }


def outcome_lines(
    outcome: Settled, language: Language = "en", *, adjustment_note: bool = False
) -> list[str]:
    """The last lines of a settlement: the result, the rounded result when rounding changed
    it (with the seat that took the difference when ``adjustment_note``), the money."""
    ru = language == "ru"
    seats = outcome.seats

    def row(values: Mapping[Seat, Fraction]) -> str:
        return ", ".join(f"{seat_letter(s, language)} {signed(values[s])}" for s in seats)

    out = [("итог: " if ru else "result: ") + row(outcome.exact)]
    if outcome.rounding != "exact" and any(outcome.exact[s] != outcome.rounded[s] for s in seats):
        note = ""
        if adjustment_note and outcome.adjusted is not None and outcome.adjustment:
            who, by = seat_letter(outcome.adjusted, language), signed(outcome.adjustment)
            note = (
                f" (поправка {by} у {who}, сумма 0)" if ru else f" (adjusted {by} on {who}, sum 0)"
            )
        out.append(("округлено: " if ru else "rounded: ") + row(outcome.rounded) + note)
    money = outcome.money
    if money is not None:
        out.append(("деньги: " if ru else "money: ") + row(money))
    return out


def outcome_dict(outcome: Settled) -> dict[str, Any]:
    """The JSON of :func:`outcome_lines`' figures."""
    return {
        "exact": seat_figures(outcome.exact),
        "rounded": seat_figures(outcome.rounded),
        "rounding": outcome.rounding,
        "adjusted": None if outcome.adjusted is None else outcome.adjusted.name,
        "adjustment": format_number(outcome.adjustment),
        "stake": None if outcome.stake is None else format_number(outcome.stake),
    }


def seat_figures(values: Mapping[Seat, Fraction]) -> dict[str, str]:
    """``{"N": "12", …}``: one figure per seat, as JSON keeps it."""
    return {s.name: format_number(v) for s, v in values.items()}


def pair_figures(values: Mapping[tuple[Seat, Seat], Fraction]) -> dict[str, str]:
    """``{"NE": "4", …}``: one figure per (writer, on) pair, as JSON keeps it."""
    return {f"{a.name}{b.name}": format_number(v) for (a, b), v in values.items()}


def signed(value: Fraction) -> str:
    """``+3``, ``-2``, ``0``: a result with its sign."""
    return ("+" if value > 0 else "") + format_number(value)


def _fraction(value: Fraction | int | Decimal | str) -> Fraction:
    return Fraction(value)


def closing_writes(
    rules: Rules, seats: Sequence[Seat], pulya: Mapping[Seat, Fraction], target: int | None
) -> list[Write]:
    """Step 1: a pulya short of the target puts the missing points × rate into gora; a pulya
    past it (possible only with end_on_total) takes the surplus × rate off gora."""
    if target is None:
        return []
    rate = Fraction(rules.rate)
    out: list[Write] = []
    for seat in seats:
        gap = target - Fraction(pulya[seat])
        if gap > 0:
            count = int(gap) if gap.denominator == 1 else None
            out.append(
                Write(
                    seat,
                    Column.GORA,
                    gap * rate,
                    Reason.UNFINISHED,
                    count=count,
                    unit=rate if count is not None else None,
                )
            )
        elif gap < 0:
            out.append(Write(seat, Column.GORA, gap * rate, Reason.OVERFLOW))
    return out


def _closed_gora(
    rules: Rules,
    seats: Sequence[Seat],
    pulya: Mapping[Seat, Fraction],
    gora: Mapping[Seat, Fraction],
    target: int | None,
) -> tuple[list[Write], dict[Seat, Fraction]]:
    """Step 1 and the gora it leaves: the closing writes, and each seat's gora after them."""
    closing = closing_writes(rules, seats, pulya, target)
    final = {s: Fraction(gora.get(s, 0)) for s in seats}
    for write in closing:
        final[write.seat] += write.amount
    return closing, final


def settle_totals(
    rules: Rules,
    seats: Sequence[Seat],
    pulya: Mapping[Seat, Fraction],
    gora: Mapping[Seat, Fraction],
    whists: Mapping[tuple[Seat, Seat], Fraction],
    *,
    target: int | None = None,
    stake: Fraction | int | Decimal | str | None = None,
) -> Settlement:
    """The settlement of bare totals (RULES §9.4 steps 1–5)."""
    seats = tuple(seats)
    players = len(seats)
    closing, final = _closed_gora(rules, seats, pulya, gora, target)
    amnesty = min(final.values())
    left = {s: final[s] - amnesty for s in seats}
    per = {s: left[s] * WHISTS_PER_GORA_POINT / players for s in seats}
    written = {(a, b): Fraction(whists.get((a, b), 0)) for a in seats for b in seats if a != b}
    total = {(a, b): written[a, b] + per[b] for (a, b) in written}
    balances = {(a, b): total[a, b] - total[b, a] for (a, b) in written}
    exact = {a: sum((balances[a, b] for b in seats if b != a), Fraction(0)) for a in seats}
    rounded, adjusted, adjustment = round_results(exact, rules.rounding)
    return Settlement(
        seats=seats,
        pulya={s: Fraction(pulya[s]) for s in seats},
        gora_written={s: Fraction(gora.get(s, 0)) for s in seats},
        closing=tuple(closing),
        gora=final,
        amnesty=amnesty,
        gora_left=left,
        gora_whists=per,
        whists=written,
        total_whists=total,
        balances=balances,
        exact=exact,
        rounded=rounded,
        rounding=rules.rounding,
        adjusted=adjusted,
        adjustment=adjustment,
        stake=None if stake is None else _fraction(stake),
    )


def average_gora_results(
    rules: Rules,
    seats: Sequence[Seat],
    pulya: Mapping[Seat, Fraction],
    gora: Mapping[Seat, Fraction],
    whists: Mapping[tuple[Seat, Seat], Fraction],
    *,
    target: int | None = None,
) -> dict[Seat, Fraction]:
    """The "average gora" method: 10 × (mean gora − own gora) + whists won − whists lost.

    No amnesty and no pairwise table are needed: a constant added to every gora cancels.
    """
    _, final = _closed_gora(rules, seats, pulya, gora, target)
    mean = sum(final.values(), Fraction(0)) / len(seats)
    out: dict[Seat, Fraction] = {}
    for a in seats:
        won = sum((Fraction(whists.get((a, b), 0)) for b in seats if b != a), Fraction(0))
        lost = sum((Fraction(whists.get((b, a), 0)) for b in seats if b != a), Fraction(0))
        out[a] = WHISTS_PER_GORA_POINT * (mean - final[a]) + won - lost
    return out


def _round_half_away(value: Fraction) -> Fraction:
    sign = -1 if value < 0 else 1
    magnitude = abs(value)
    whole = magnitude.numerator // magnitude.denominator
    if magnitude - whole >= Fraction(1, 2):
        whole += 1
    return Fraction(sign * whole)


def round_results(
    exact: Mapping[Seat, Fraction], rounding: str = "half_away"
) -> tuple[dict[Seat, Fraction], Seat | None, Fraction]:
    """Round each result half away from zero, then move the largest result (in absolute
    value; the first such seat on a tie) by whatever makes the sum zero again.

    Returns the rounded results, the adjusted seat and the adjustment. ``rounding="exact"``
    keeps the fractions.
    """
    if rounding == "exact":
        return dict(exact), None, Fraction(0)
    rounded = {s: _round_half_away(v) for s, v in exact.items()}
    drift = sum(rounded.values(), Fraction(0))
    if not drift:
        return rounded, None, Fraction(0)
    largest = max(exact, key=lambda s: (abs(exact[s]), -int(s)))
    rounded[largest] -= drift
    return rounded, largest, -drift
