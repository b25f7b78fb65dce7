"""The sheet as plain text for the terminal: running totals as a scorer writes them."""

from __future__ import annotations

from fractions import Fraction

from preferans.families import family_of

from .sheet import Sheet
from .writes import Column, Language, format_number, seat_letter

__all__ = ["render_pulya_text", "render_text", "sheet_tail"]

_VARIANT = {
    "sochi": ("Sochi", "Сочи"),
    "leningrad": ("Leningrad", "Ленинград"),
    "rostov": ("Rostov", "Ростов"),
}


def _chain(values: list[Fraction]) -> str:
    """``2.6.10``: the running totals, as on a paper sheet ("-" when empty)."""
    return ".".join(format_number(v) for v in values) if values else "-"


def render_text(
    sheet: Sheet,
    language: Language = "en",
    *,
    breakdown: bool = False,
    settle: bool = True,
) -> str:
    """The sheet as text, as its family writes it (a bula sheet as the Balkan one)."""
    return family_of(sheet.rules).sheet.text(sheet, language, breakdown=breakdown, settle=settle)


def render_pulya_text(
    sheet: Sheet,
    language: Language = "en",
    *,
    breakdown: bool = False,
    settle: bool = True,
) -> str:
    """A table of pulya, gora and whists per player, then (optionally) the deal breakdown
    and the settlement as it stands."""
    ru = language == "ru"
    variant = _VARIANT[sheet.rules.variant][1 if ru else 0]
    target = "—" if sheet.target is None else str(sheet.target)
    players = len(sheet.seats)
    title = (
        f"Пуля до {target} · {variant} · игроков: {players} · сыграно сдач: {sheet.deals_played}"
        if ru
        else f"Pulya to {target} · {variant} · {players} players · {sheet.deals_played} deal"
        + ("" if sheet.deals_played == 1 else "s")
    )
    rows: list[list[str]] = []
    head = ["", "пуля" if ru else "pulya", "гора" if ru else "gora", "висты" if ru else "whists"]
    for seat in sheet.seats:
        whists = []
        for other in sheet.seats:
            if other == seat:
                continue
            chain = _chain(sheet.history(seat, Column.WHISTS, other))
            total = format_number(sheet.whists(seat, other))
            word = "на" if ru else "on"
            whists.append(f"{word} {seat_letter(other, language)}: {chain} = {total}")
        rows.append(
            [
                seat_letter(seat, language),
                f"{_chain(sheet.history(seat, Column.PULYA))} = {format_number(sheet.pulya(seat))}",
                f"{_chain(sheet.history(seat, Column.GORA))} = {format_number(sheet.gora(seat))}",
                "; ".join(whists),
            ]
        )
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(3)]
    lines = [title, ""]
    for row in [head, *rows]:
        cells = [row[i].ljust(widths[i]) for i in range(3)]
        lines.append("  ".join([*cells, row[3]]).rstrip())
    return "\n".join(lines + sheet_tail(sheet, language, breakdown=breakdown, settle=settle))


def sheet_tail(sheet: Sheet, language: Language, *, breakdown: bool, settle: bool) -> list[str]:
    """What every family's text sheet ends with: the deal-by-deal breakdown and the
    settlement as it stands."""
    ru = language == "ru"
    lines: list[str] = []
    if breakdown and sheet.records:
        lines += ["", "Записи по сдачам:" if ru else "Deal by deal:", sheet.breakdown(language)]
    if settle:
        lines += ["", "Расчёт:" if ru else "Settlement:"]
        lines += ["  " + line for line in sheet.settle().lines(language)]
    return lines
