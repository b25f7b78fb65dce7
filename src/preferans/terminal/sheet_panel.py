"""The sheet as it stands, in a width that fits a screen.

The full sheet writes every running total (``0.2.4.6…``), which after twenty deals is wider
than any terminal; the panel shows only the current totals per player (pulya, gora, whists
and what the player would win or pay if the game stopped now). The full history stays one
command away (``sheet all``; a key in the table).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, Protocol, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from preferans.scoring import Sheet
from preferans.scoring.writes import format_number
from preferans.seats import Seat
from preferans.terminal.i18n import Lang, deals_text, plain_minus

__all__ = ["SHEET_ALL", "totals_lines", "totals_rows", "totals_table"]

#: ``sheet all`` / ``пуля вся``: the whole history instead of the totals.
SHEET_ALL: Final = frozenset({"all", "full", "вся", "все", "всё", "полностью"})


class _BulaTotals(Protocol):
    """What the panel reads of a bula sheet (the Balkan family's; the terminal does not
    import the Balkan rooms, so that a Russian game runs without them)."""

    def bula(self, seat: Seat) -> Fraction: ...

    def refes(self, seat: Seat) -> int: ...


def _n(value: Fraction) -> str:
    return plain_minus(format_number(value))


def totals_rows(sheet: Sheet, lang: Lang) -> tuple[list[str], list[list[str]]]:
    """Column heads and one row per player: the figures a player reads at a glance."""
    ru = lang == "ru"
    standing = sheet.settle()
    result = "итог" if ru else "now"
    rows = []
    letter = {s: (s.russian_letter if ru else s.name) for s in sheet.seats}
    if sheet.rules.is_balkan:
        bula = cast(_BulaTotals, sheet)
        head = ["", "була" if ru else "bula", "рефе" if ru else "refe", result]
        for seat in sheet.seats:
            rows.append(
                [
                    letter[seat],
                    _n(bula.bula(seat)),
                    str(bula.refes(seat)),
                    _signed(standing.rounded[seat]),
                ]
            )
        return head, rows
    head = ["", "пуля" if ru else "pulya", "гора" if ru else "gora", "висты" if ru else "whists"]
    head.append(result)
    for seat in sheet.seats:
        written = sum((sheet.whists(seat, o) for o in sheet.seats if o != seat), Fraction(0))
        rows.append(
            [
                letter[seat],
                _n(sheet.pulya(seat)),
                _n(sheet.gora(seat)),
                _n(written),
                _signed(standing.rounded[seat]),
            ]
        )
    return head, rows


def _signed(value: Fraction) -> str:
    return ("+" if value > 0 else "") + _n(value)


def _title(sheet: Sheet, lang: Lang) -> str:
    target = "—" if sheet.target is None else str(sheet.target)
    if sheet.rules.is_balkan:
        word = "Була с" if lang == "ru" else "Bula from"
    else:
        word = "Пуля до" if lang == "ru" else "Pulya to"
    return f"{word} {target} · {deals_text(sheet.deals_played, lang)}"


def totals_lines(sheet: Sheet, lang: Lang) -> list[str]:
    """The totals as plain lines (line mode and screen readers)."""
    head, rows = totals_rows(sheet, lang)
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = [_title(sheet, lang)]
    for row in [head, *rows]:
        lines.append("  ".join(cell.rjust(widths[i]) for i, cell in enumerate(row)).rstrip())
    more = "(вся пуля: пуля вся)" if lang == "ru" else "(the whole sheet: sheet all)"
    lines.append(more)
    return lines


def totals_table(sheet: Sheet, lang: Lang) -> RenderableType:
    """The totals as a rich table for the screen's side panel, under its title."""
    head, rows = totals_rows(sheet, lang)
    table = Table(box=None, padding=(0, 1), expand=False)
    for index, name in enumerate(head):
        table.add_column(name, justify="left" if index == 0 else "right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    return Group(Text(" " + _title(sheet, lang), style="italic"), table)
