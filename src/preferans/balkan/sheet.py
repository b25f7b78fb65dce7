"""The Balkan bula sheet (seed 003, docs/balkan.md): a contract column and two whist columns.

Each player has a bula that starts at the agreed number (the sheet's ``target``: 30, 50 …)
and counts down by the value of every game he makes and up by every game he fails or
defence he falls short in; when it crosses zero a hat is drawn (an inverted hat when it
comes back). Beside it, two whist columns (juhe): what he wrote on his left and on his right
opponent. At the end a bula point is worth 10 whists.

:class:`BulaSheet` offers the same interface as the pulya sheet
(:class:`~preferans.scoring.sheet.Sheet`: apply a :class:`~preferans.result.DealResult`,
records with breakdowns in Russian and English, ``settle``, JSON, replay), so a server or a
client picks the sheet with :func:`preferans.scoring.new_sheet` and needs no other special
code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar, Final

from preferans.pasting import fields_repr
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import Rules
from preferans.scoring.render_text import sheet_tail
from preferans.scoring.serial import result_to_dict
from preferans.scoring.settlement import (
    Settled,
    outcome_dict,
    outcome_lines,
    pair_figures,
    round_results,
    seat_figures,
)
from preferans.scoring.sheet import Sheet, SheetEntry, SheetError, check_possible
from preferans.scoring.writes import Column, Language, Reason, Write, format_number, seat_letter
from preferans.seats import Seat, next_seat, seats_for

__all__ = [
    "DEFAULT_BULA",
    "BulaEntry",
    "BulaSettlement",
    "BulaSheet",
    "render_bula_svg",
    "render_bula_text",
    "score_balkan",
]

#: The bula a table starts from when it agrees nothing else (seed 003: "30, 50 or more").
DEFAULT_BULA: Final = 50
#: A declarer holding an open refe plays his next game at double value.
REFE_FACTOR: Final = 2


def score_balkan(rules: Rules, result: DealResult, *, refe: bool = False) -> list[Write]:
    """The figures one deal writes (seed 003); ``refe``: the declarer held an open refe.

    Defenders write the contract's value per trick their side took (at most 5) on the
    declarer, times their kontra multiplier; an invited passer writes nothing (the inviter
    writes for the side); a defender short of his part writes the value into his bula; a
    kontra-ing defender whose side took 4 tricks or fewer writes value × multiplier instead.
    """
    if result.kind is DealKind.REFE:
        return []
    declarer = result.declarer
    contract = result.contract
    if declarer is None or contract is None or not contract.balkan:
        raise SheetError(f"not a Balkan deal: {result!r}")
    value = Fraction(contract.value)
    factor = REFE_FACTOR if refe else 1
    unit = value * factor
    out: list[Write] = []

    def bula(seat: Seat, amount: Fraction, reason: Reason, mult: int) -> None:
        out.append(
            Write(
                seat,
                Column.BULA,
                amount,
                reason,
                unit=value,
                contract=contract,
                multiplier=factor * mult,
            )
        )

    defenders = [s for s in result.active if s != declarer]
    if not result.played:
        bula(declarer, -unit, Reason.CONTRACT, 1)
        return out
    kontra = {s: result.multiplier(s) for s in defenders}
    if contract.is_misere:
        failed = result.declarer_tricks > 0
        if failed:
            bula(declarer, unit, Reason.CONTRACT_FAILED, 1)
            for d in defenders:
                out.append(
                    Write(
                        d,
                        Column.WHISTS,
                        5 * unit * kontra[d],
                        Reason.BETL_FAILED,
                        on=declarer,
                        count=5,
                        unit=value,
                        contract=contract,
                        multiplier=factor * kontra[d],
                    )
                )
        else:
            bula(declarer, -unit, Reason.CONTRACT, 1)
            for d in defenders:
                if kontra[d] > 1:
                    bula(d, unit * kontra[d], Reason.KONTRA_LOST, kontra[d])
        return out
    defence = min(5, sum(result.tricks.get(d, 0) for d in defenders))
    failed = defence >= 5
    if failed:
        bula(declarer, unit, Reason.CONTRACT_FAILED, 1)
    else:
        bula(declarer, -unit, Reason.CONTRACT, 1)
    whisters = [d for d in defenders if result.defenders.get(d) is WhistChoice.WHIST]
    invited = result.invited
    for d in whisters:
        if invited is not None:
            taken = defence
            needed = 4
        elif len(whisters) == 1:
            taken = min(5, result.tricks.get(d, 0))
            needed = 2
        else:
            taken = min(5, result.tricks.get(d, 0))
            needed = 2 if defence < 4 else 0
        mult = kontra[d]
        if taken:
            out.append(
                Write(
                    d,
                    Column.WHISTS,
                    taken * unit * mult,
                    Reason.WHIST_TRICKS,
                    on=declarer,
                    count=taken,
                    unit=value,
                    contract=contract,
                    multiplier=factor * mult,
                )
            )
        if mult > 1 and not failed:
            bula(d, unit * mult, Reason.KONTRA_LOST, mult)
        elif taken < needed:
            bula(d, unit, Reason.SHORTFALL, 1)
    return out


@dataclass(frozen=True, slots=True)
class BulaEntry(SheetEntry):
    """One deal on the bula sheet: its result, what it wrote, and the refes in play (a
    :class:`~.sheet.SheetEntry`, so code written for the pulya sheet reads it too)."""

    refe_used: bool = False
    """The declarer held an open refe: the deal counted double and used it up."""
    refes: tuple[Seat, ...] = ()
    """An all-pass: the seats that got a refe (those below the table's limit)."""

    def __repr__(self) -> str:
        return fields_repr(self)

    def summary(self, language: Language = "en") -> str:
        return _summary(self, language)

    def notes(self, language: Language = "en") -> list[tuple[Seat, str]]:
        """The refes an all-pass gave, each on its seat's line."""
        return [(seat, "рефе" if language == "ru" else "a refe") for seat in self.refes]


@dataclass(frozen=True, slots=True)
class BulaSettlement(Settled):
    """The end of a bula game: 10 × (mean bula − own bula) plus the whist balance."""

    bula: Mapping[Seat, Fraction]
    whists: Mapping[tuple[Seat, Seat], Fraction]
    balances: Mapping[tuple[Seat, Seat], Fraction]
    """(a, b) → what a wins from b: whists a wrote on b − whists b wrote on a, plus
    10 × (bula of b − bula of a) ÷ players."""

    def lines(self, language: Language = "en") -> list[str]:
        ru = language == "ru"

        def L(seat: Seat) -> str:
            return seat_letter(seat, language)

        n = format_number
        out = [
            ("була: " if ru else "bula: ")
            + ", ".join(f"{L(s)} {n(self.bula[s])}" for s in self.seats)
        ]
        mean = sum(self.bula.values(), Fraction(0)) / len(self.seats)
        out.append(
            f"средняя була {n(mean)}; очко булы = 10 вистов"
            if ru
            else f"mean bula {n(mean)}; a bula point = 10 whists"
        )
        for i, a in enumerate(self.seats):
            for b in self.seats[i + 1 :]:
                out.append(f"{L(a)}–{L(b)}: {n(self.balances[a, b])}")
        return out + outcome_lines(self, language)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [s.name for s in self.seats],
            "bula": seat_figures(self.bula),
            "whists": pair_figures(self.whists),
            "balances": pair_figures(self.balances),
            **outcome_dict(self),
        }


class BulaSheet(Sheet):
    """The bula sheet of one Balkan game, starting every bula at ``target`` (the agreed
    start; :data:`DEFAULT_BULA` when None). The game is over when the bulas add up to
    zero or less.

    It is a :class:`~.sheet.Sheet` so that code typed for the pulya sheet (drivers, the
    terminal, the server) takes it unchanged; its pulya and gora stay empty, the figures
    are in :meth:`bula` and :meth:`whists`."""

    #: A bula point is worth 10 whists at the end (seed 003).
    WHISTS_PER_POINT: ClassVar[int] = 10
    #: The version of the stored form (:meth:`to_dict`), apart from the pulya sheet's.
    FORMAT_VERSION: ClassVar[int] = 1

    def __init__(self, rules: Rules, target: int | None = None) -> None:
        if not rules.is_balkan:
            raise SheetError("the bula sheet is for the Balkan game; use Sheet for the others")
        if target is None:
            target = DEFAULT_BULA
        if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
            raise SheetError(f"the bula start must be a positive number, not {target!r}")
        super().__init__(rules, target)
        self.target: int = target
        self.seats = seats_for(rules.players)
        self._brecords: list[BulaEntry] = []
        self._bula: dict[Seat, Fraction] = {s: Fraction(target) for s in self.seats}
        self._whists: dict[tuple[Seat, Seat], Fraction] = {
            (a, b): Fraction(0) for a in self.seats for b in self.seats if a != b
        }
        self._refes: dict[Seat, int] = {s: 0 for s in self.seats}

    # --- feeding deals -------------------------------------------------------------------

    @property
    def records(self) -> tuple[BulaEntry, ...]:
        return tuple(self._brecords)

    @property
    def raspasy_run(self) -> int:
        """No raspasy in the Balkan game (the engine's exit rule never applies)."""
        return 0

    @property
    def refe_seats(self) -> tuple[Seat, ...]:
        """The seats holding an open refe now: pass them to ``new_deal(refe=…)``."""
        return tuple(s for s in self.seats if self._refes[s])

    def refes(self, seat: Seat) -> int:
        return self._refes[seat]

    def apply(self, result: DealResult) -> BulaEntry:
        if result.dealer not in self.seats or (
            result.declarer is not None and result.declarer not in self.seats
        ):
            raise SheetError("the result's seats are not at this table")
        check_possible(result)
        if result.kind is DealKind.REFE:
            got: tuple[Seat, ...] = ()
            if self.rules.refe:
                got = tuple(s for s in self.seats if self._refes[s] < self.rules.refe)
                for seat in got:
                    self._refes[seat] += 1
            record = BulaEntry(len(self._brecords) + 1, result, (), refes=got)
            self._brecords.append(record)
            return record
        declarer = result.declarer
        assert declarer is not None
        used = bool(self._refes[declarer])
        writes = tuple(score_balkan(self.rules, result, refe=used))
        if used:
            self._refes[declarer] -= 1
        for write in writes:
            if write.column is Column.BULA:
                self._bula[write.seat] += write.amount
            else:
                assert write.on is not None
                self._whists[write.seat, write.on] += write.amount
        record = BulaEntry(len(self._brecords) + 1, result, writes, refe_used=used)
        self._brecords.append(record)
        return record

    # --- totals --------------------------------------------------------------------------

    def bula(self, seat: Seat) -> Fraction:
        return self._bula[seat]

    @property
    def bulas(self) -> Mapping[Seat, Fraction]:
        return dict(self._bula)

    def whists(self, writer: Seat, on: Seat) -> Fraction:
        return self._whists[writer, on]

    @property
    def whist_table(self) -> Mapping[tuple[Seat, Seat], Fraction]:
        return dict(self._whists)

    def left_of(self, seat: Seat) -> Seat:
        """The opponent on ``seat``'s left (next clockwise): his left whist column."""
        return next_seat(seat, self.rules.players)

    def right_of(self, seat: Seat) -> Seat:
        return next_seat(self.left_of(seat), self.rules.players)

    def _column_start(self, column: Column) -> Fraction | None:
        """The bula is written from its start, whists from zero."""
        return Fraction(self.target) if column is Column.BULA else None

    def hats(self, seat: Seat) -> list[tuple[int, str]]:
        """(deal number, "hat" or "inverted hat") each time the bula changed sign: below
        zero draws the hat, back above zero the inverted hat."""
        total = Fraction(self.target)
        under = total < 0
        out: list[tuple[int, str]] = []
        for record in self._brecords:
            for write in record.writes:
                if write.seat == seat and write.column is Column.BULA:
                    total += write.amount
                    if total < 0 and not under:
                        out.append((record.number, "hat"))
                        under = True
                    elif total > 0 and under:
                        out.append((record.number, "inverted hat"))
                        under = False
        return out

    def under_hat(self, seat: Seat) -> bool:
        hats = self.hats(seat)
        return bool(hats) and hats[-1][1] == "hat"

    @property
    def deals_played(self) -> int:
        return len(self._brecords)

    @property
    def is_complete(self) -> bool:
        """The bulas add up to zero or less: the table has played its game."""
        return sum(self._bula.values(), Fraction(0)) <= 0

    def settle(  # type: ignore[override]
        self, *, stake: Fraction | int | Decimal | str | None = None
    ) -> BulaSettlement:
        """Each player: 10 × (mean bula − own bula) + whists written − whists written on him;
        exact, then the table's rounding (the sum stays zero)."""
        seats = self.seats
        players = len(seats)
        mean = sum(self._bula.values(), Fraction(0)) / players
        balances: dict[tuple[Seat, Seat], Fraction] = {}
        for a in seats:
            for b in seats:
                if a != b:
                    balances[a, b] = (
                        self._whists[a, b]
                        - self._whists[b, a]
                        + Fraction(self.WHISTS_PER_POINT)
                        * (self._bula[b] - self._bula[a])
                        / players
                    )
        exact = {
            a: self.WHISTS_PER_POINT * (mean - self._bula[a])
            + sum((self._whists[a, b] - self._whists[b, a] for b in seats if b != a), Fraction(0))
            for a in seats
        }
        rounded, adjusted, adjustment = round_results(exact, self.rules.rounding)
        return BulaSettlement(
            seats=seats,
            bula=dict(self._bula),
            whists=dict(self._whists),
            balances=balances,
            exact=exact,
            rounded=rounded,
            rounding=self.rules.rounding,
            adjusted=adjusted,
            adjustment=adjustment,
            stake=None if stake is None else Fraction(stake),
        )

    # --- text ----------------------------------------------------------------------------

    # --- JSON (breakdown and replay are the pulya sheet's) -------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.FORMAT_VERSION,
            "sheet": "bula",
            "rules": self.rules.to_dict(),
            "target": self.target,
            "deals": [
                {
                    "result": result_to_dict(r.result),
                    "writes": [w.to_dict() for w in r.writes],
                    "refe_used": r.refe_used,
                    "refes": [s.name for s in r.refes],
                }
                for r in self._brecords
            ],
            "totals": {
                s.name: {
                    "bula": format_number(self._bula[s]),
                    "refes": self._refes[s],
                    "whists": {
                        o.name: format_number(self._whists[s, o]) for o in self.seats if o != s
                    },
                }
                for s in self.seats
            },
        }

    @classmethod
    def _check_format(cls, data: Mapping[str, Any]) -> None:
        if data.get("version") != cls.FORMAT_VERSION or data.get("sheet") != "bula":
            raise SheetError("not a bula sheet of a known format")


def _summary(record: BulaEntry, language: Language) -> str:
    r = record.result
    ru = language == "ru"

    def L(seat: Seat) -> str:
        return seat_letter(seat, language)

    if r.kind is DealKind.REFE:
        return "все пас, рефе" if ru else "all passed, refe"
    declarer = L(r.declarer) if r.declarer is not None else "?"
    contract = r.contract.format(russian=ru) if r.contract else "?"
    body = f"{contract} {declarer}" if ru else f"{contract} by {declarer}"
    if record.refe_used:
        body += " (рефе ×2)" if ru else " (refe ×2)"
    if not r.played:
        body += ", без игры" if ru else ", won without play"
    else:
        defence = sum(n for s, n in r.tricks.items() if s != r.declarer)
        if r.contract is not None and r.contract.is_misere:
            ok = r.declarer_tricks == 0
        else:
            ok = defence < 5
        word = ("сыграна" if ok else "не сыграна") if ru else ("made" if ok else "failed")
        body += f", {word}"
    calls = []
    for seat, choice in r.defenders.items():
        if r.contract is not None and r.contract.is_misere:
            break
        word = (
            ("вист" if ru else "whist")
            if choice is WhistChoice.WHIST
            else ("пас" if ru else "pass")
        )
        if seat == r.invited:
            word = "приглашён" if ru else "invited"
        elif seat == r.out:
            word += ", карты вне игры" if ru else ", cards out"
        calls.append(f"{L(seat)} {word}")
    for seat, level in r.kontra.items():
        calls.append(f"{L(seat)} {'контра' if ru else 'kontra'} ×{2**level}")
    if calls:
        body += "; " + ", ".join(calls)
    if r.played:
        body += " (" + ", ".join(f"{L(s)} {n}" for s, n in r.tricks.items()) + ")"
    return body


# --- drawings ------------------------------------------------------------------------------


def _chain(values: list[Fraction]) -> str:
    return ".".join(format_number(v) for v in values) if values else "-"


def _bula_chain(sheet: BulaSheet, seat: Seat) -> str:
    """The bula's running totals with the hats drawn where it changed sign (^ hat, v the
    inverted hat), as a scorer writes them."""
    total = Fraction(sheet.target)
    parts = [format_number(total)]
    under = total < 0
    for record in sheet.records:
        for write in record.writes:
            if write.seat == seat and write.column is Column.BULA:
                total += write.amount
                mark = ""
                if total < 0 and not under:
                    mark, under = "^", True
                elif total > 0 and under:
                    mark, under = "v", False
                parts.append(mark + format_number(total))
    return ".".join(parts)


def render_bula_text(
    sheet: BulaSheet, language: Language = "en", *, breakdown: bool = False, settle: bool = True
) -> str:
    """Bula, refes and the two whist columns per player (^ marks the hat, v the inverted
    hat), then the breakdown and the settlement as it stands."""
    ru = language == "ru"
    title = (
        f"Була от {sheet.target} · балканский · сыграно сдач: {sheet.deals_played}"
        if ru
        else f"Bula from {sheet.target} · Balkan · {sheet.deals_played} deal"
        + ("" if sheet.deals_played == 1 else "s")
    )
    lines = [title, ""]
    for seat in sheet.seats:
        left, right = sheet.left_of(seat), sheet.right_of(seat)
        cols = []
        for side, other in (
            ("слева" if ru else "left", left),
            ("справа" if ru else "right", right),
        ):
            chain = _chain(sheet.history(seat, Column.WHISTS, other))
            cols.append(
                f"{side} ({seat_letter(other, language)}): {chain} = "
                f"{format_number(sheet.whists(seat, other))}"
            )
        refe = sheet.refes(seat)
        refe_text = f"; {'рефе' if ru else 'refe'} {refe}" if refe else ""
        lines.append(
            f"{seat_letter(seat, language)}: {'була' if ru else 'bula'} "
            f"{_bula_chain(sheet, seat)}{refe_text} | " + " | ".join(cols)
        )
    return "\n".join(lines + sheet_tail(sheet, language, breakdown=breakdown, settle=settle))


def render_bula_svg(sheet: BulaSheet, language: Language = "ru", *, settle: bool = True) -> str:
    """The bula sheet as SVG: one band per player with three columns (left whists, bula in
    the middle, right whists), hats drawn over the bula where it crossed zero."""
    from xml.sax.saxutils import escape

    width, band, top = 760, 150, 50
    height = top + band * len(sheet.seats) + (90 if settle else 20)
    ink, paper = "#1d3557", "#fbf8ef"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="{paper}"/>',
        f'<text x="20" y="30" fill="{ink}" font-size="16">'
        f"{escape(('Була от ' if language == 'ru' else 'Bula from ') + str(sheet.target))}</text>",
    ]
    col = (width - 40) / 3
    for i, seat in enumerate(sheet.seats):
        y = top + i * band
        out.append(
            f'<rect x="20" y="{y}" width="{width - 40}" height="{band - 10}" '
            f'fill="none" stroke="{ink}"/>'
        )
        for k in (1, 2):
            x = 20 + k * col
            out.append(f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + band - 10}" stroke="{ink}"/>')
        name = seat_letter(seat, language)
        out.append(
            f'<text x="26" y="{y + 18}" fill="{ink}" font-weight="bold">{escape(name)}</text>'
        )
        left, right = sheet.left_of(seat), sheet.right_of(seat)
        cells = (
            (0, _chain(sheet.history(seat, Column.WHISTS, left)), seat_letter(left, language)),
            (1, _bula_chain(sheet, seat), "була" if language == "ru" else "bula"),
            (2, _chain(sheet.history(seat, Column.WHISTS, right)), seat_letter(right, language)),
        )
        for k, text, label in cells:
            x = 20 + k * col + 8
            out.append(f'<text x="{x + 20}" y="{y + 18}" fill="{ink}">{escape(label)}</text>')
            for j in range(0, len(text), 30):
                out.append(
                    f'<text x="{x}" y="{y + 40 + 16 * (j // 30)}" fill="{ink}">'
                    f"{escape(text[j : j + 30])}</text>"
                )
        for n, (_, kind) in enumerate(sheet.hats(seat)):
            hx = 20 + col + col - 30 - 22 * n
            if kind == "hat":
                path = f"M{hx} {y + 30} l8 -14 l8 14 z"
            else:
                path = f"M{hx} {y + 16} l8 14 l8 -14 z"
            out.append(f'<path d="{path}" fill="none" stroke="#c1121f"/>')
        for n in range(sheet.refes(seat)):
            rx = 20 + col + 10 + 20 * n
            out.append(
                f'<path d="M{rx} {y + band - 16} l7 -12 l7 12 z" fill="none" stroke="{ink}"/>'
            )
    if settle:
        y = top + band * len(sheet.seats) + 10
        for j, line in enumerate(sheet.settle().lines(language)[-2:]):
            out.append(f'<text x="20" y="{y + 20 * j + 14}" fill="{ink}">{escape(line)}</text>')
    out.append("</svg>")
    return "\n".join(out)
