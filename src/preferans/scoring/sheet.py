"""The pulya sheet of one game: each player's pulya, gora and whists on the others.

A :class:`Sheet` takes finished deals one at a time (:meth:`Sheet.apply`), so a server can
feed it as deals end; it keeps every :class:`Write` with its reason, the deal results that
produced them (so a stored sheet replays to itself), and the totals the settlement needs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Self

from preferans.errors import RecordError
from preferans.pasting import fields_repr
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import Rules
from preferans.seats import Seat, seats_for

from .serial import result_from_dict, result_to_dict
from .settlement import Settlement, settle_totals
from .variants import _clockwise_from, score_deal, sheet_seats
from .writes import Column, Language, Reason, Write, format_number, seat_letter

__all__ = ["HELP_WHISTS_PER_POINT", "Sheet", "SheetEntry", "SheetError", "settle"]

#: Whists the helper writes on the helped player per pulya point given [seed 001, Code 4.1.1].
HELP_WHISTS_PER_POINT = 10
FORMAT_VERSION = 1


class SheetError(RecordError):
    """A deal result that does not fit this sheet, or a stored sheet that does not replay."""


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """One deal on the sheet: its result and everything it wrote."""

    number: int
    result: DealResult
    writes: tuple[Write, ...]
    raspasy_run: int = 0
    """This deal's place in a run of consecutive raspasy (0 when it is not raspasy)."""

    def __repr__(self) -> str:
        return fields_repr(self)

    def header(self, language: Language = "en") -> str:
        """``Deal 3, dealer E: 6♠ by S, down 1; W whist, E pass``: the heading every
        family's record begins with, then the family's :meth:`summary`."""
        return deal_heading(self.number, self.result.dealer, language) + self.summary(language)

    def summary(self, language: Language = "en") -> str:
        """What the deal was and how it ended: ``6♠ by S, down 1; W whist, E pass``."""
        return _summary(self, language)

    def lines(self, language: Language = "en") -> list[str]:
        """One line per seat that wrote something: ``W: 3 tricks × 4 = 12 whists on S; …``."""
        by_seat: dict[Seat, list[str]] = {}
        for write in self.writes:
            by_seat.setdefault(write.seat, []).append(write.describe(language))
        for seat, note in self.notes(language):
            by_seat.setdefault(seat, []).append(note)
        return [
            f"{seat_letter(seat, language)}: {'; '.join(parts)}" for seat, parts in by_seat.items()
        ]

    def notes(self, language: Language = "en") -> list[tuple[Seat, str]]:
        """What a family writes on a seat's line beside its figures (none on the pulya)."""
        return []

    def breakdown(self, language: Language = "en") -> str:
        lines = self.lines(language)
        if not lines:
            lines = ["nothing written" if language == "en" else "записей нет"]
        return "\n".join([self.header(language), *("  " + line for line in lines)])


class Sheet:
    """The pulya sheet of one game under ``rules``, to ``target`` points (None: no target)."""

    def __init__(self, rules: Rules, target: int | None = None) -> None:
        if target is not None and (isinstance(target, bool) or target <= 0):
            raise SheetError(f"the pulya target must be a positive number, not {target!r}")
        self.rules = rules
        self.target = target
        self.seats: tuple[Seat, ...] = sheet_seats(rules)
        self._records: list[SheetEntry] = []
        self._pulya: dict[Seat, Fraction] = {s: Fraction(0) for s in self.seats}
        self._gora: dict[Seat, Fraction] = {s: Fraction(0) for s in self.seats}
        self._whists: dict[tuple[Seat, Seat], Fraction] = {
            (a, b): Fraction(0) for a in self.seats for b in self.seats if a != b
        }

    def __repr__(self) -> str:
        """Python that rebuilds this sheet: the constructor while it is empty, then
        ``from_dict`` of its stored form (which replays every deal)."""
        name = type(self).__name__
        if not self.records:
            return f"{name}({self.rules!r}, target={self.target!r})"
        return f"{name}.from_dict({self.to_dict()!r})"

    def __eq__(self, other: object) -> bool:
        """The same kind of sheet, rules, target and deals (so the same figures)."""
        if not isinstance(other, Sheet):
            return NotImplemented
        return type(self) is type(other) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # a sheet grows: it is no dict key

    # --- feeding deals -------------------------------------------------------------------

    @property
    def records(self) -> tuple[SheetEntry, ...]:
        return tuple(self._records)

    @property
    def raspasy_run(self) -> int:
        """How many raspasy were played in a row just before the next deal."""
        run = 0
        for record in reversed(self._records):
            if record.result.kind is not DealKind.RASPASY:
                break
            run += 1
        return run

    @property
    def refe_seats(self) -> tuple[Seat, ...]:
        """No refe outside the Balkan game (the common interface with the bula sheet)."""
        return ()

    def apply(self, result: DealResult) -> SheetEntry:
        """Write one finished deal; returns what was written and why."""
        self._check(result)
        run = self.raspasy_run + 1 if result.kind is DealKind.RASPASY else 0
        raw = score_deal(self.rules, result, raspasy_run=max(run, 1))
        writes: list[Write] = []
        for write in raw:
            if write.column is Column.PULYA:
                writes += self._pulya_write(write)
            else:
                writes.append(write)
                self._add(write)
        record = SheetEntry(len(self._records) + 1, result, tuple(writes), run)
        self._records.append(record)
        return record

    def _check(self, result: DealResult) -> None:
        seats = set(self.seats)
        if result.dealer not in seats_for(self.rules.players):
            raise SheetError(f"dealer {result.dealer} has no place on this sheet")
        if result.declarer is not None and result.declarer not in seats:
            raise SheetError(f"declarer {result.declarer} has no place on this sheet")
        strangers = set(result.tricks) - set(seats_for(self.rules.players))
        if strangers:
            names = ", ".join(str(s) for s in sorted(strangers))
            raise SheetError(f"tricks for seats not at this table: {names}")
        check_possible(result)

    def _add(self, write: Write) -> None:
        if write.column is Column.PULYA:
            self._pulya[write.seat] += write.amount
        elif write.column is Column.GORA:
            self._gora[write.seat] += write.amount
        else:
            assert write.on is not None
            self._whists[write.seat, write.on] += write.amount

    def _pulya_write(self, write: Write) -> list[Write]:
        """A pulya write, capped at the target: the excess helps others or leaves the gora."""
        seat = write.seat
        if self.target is None or self.rules.end_on_total:
            # With end_on_total a pulya keeps growing past the target (seed 001); the surplus
            # is settled at the end (see settlement.py).
            self._add(write)
            return [write]
        out: list[Write] = []
        room = max(Fraction(0), self.target - self._pulya[seat])
        own = min(write.amount, room)
        excess = write.amount - own
        if own > 0:
            kept = _replace_amount(write, own)
            self._add(kept)
            out.append(kept)
        if excess and self.rules.overflow == "help":
            for other in _clockwise_from(seat, self.seats):
                space = self.target - self._pulya[other]
                give = min(excess, space)
                if give <= 0:
                    continue
                out.append(Write(other, Column.PULYA, give, Reason.HELP, other=seat))
                unit = Fraction(HELP_WHISTS_PER_POINT)
                out.append(
                    Write(
                        seat,
                        Column.WHISTS,
                        give * unit,
                        Reason.HELP,
                        on=other,
                        count=int(give) if give.denominator == 1 else None,
                        unit=unit if give.denominator == 1 else None,
                        other=other,
                    )
                )
                self._add(out[-2])
                self._add(out[-1])
                excess -= give
                if not excess:
                    break
        if excess:
            off = Write(seat, Column.GORA, -excess, Reason.OVERFLOW)
            self._add(off)
            out.append(off)
        return out

    # --- totals --------------------------------------------------------------------------

    def pulya(self, seat: Seat) -> Fraction:
        return self._pulya[seat]

    def gora(self, seat: Seat) -> Fraction:
        return self._gora[seat]

    def whists(self, writer: Seat, on: Seat) -> Fraction:
        """Whists ``writer`` has written on ``on``."""
        return self._whists[writer, on]

    @property
    def pulyas(self) -> Mapping[Seat, Fraction]:
        return dict(self._pulya)

    def _column_start(self, column: Column) -> Fraction | None:
        """The figure a column starts from as written (None: from zero, not written)."""
        return None

    @property
    def goras(self) -> Mapping[Seat, Fraction]:
        return dict(self._gora)

    @property
    def whist_table(self) -> Mapping[tuple[Seat, Seat], Fraction]:
        return dict(self._whists)

    def history(self, seat: Seat, column: Column, on: Seat | None = None) -> list[Fraction]:
        """The running totals a scorer writes in that column, one per change (``2.6.10``);
        a column that starts from a written figure (the bula's) starts with it."""
        start = self._column_start(column)
        total = Fraction(0) if start is None else start
        out: list[Fraction] = [] if start is None else [start]
        for record in self.records:
            for write in record.writes:
                if write.seat == seat and write.column is column and write.on == on:
                    total += write.amount
                    out.append(total)
        return out

    @property
    def deals_played(self) -> int:
        return len(self._records)

    @property
    def is_complete(self) -> bool:
        """Every pulya reached the target (or, with end_on_total, their sum is greater
        than the target times the players: seed 001's "больше чем")."""
        if self.target is None:
            return False
        if all(p >= self.target for p in self._pulya.values()):
            return True
        total = sum(self._pulya.values())
        return self.rules.end_on_total and total > self.target * len(self.seats)

    def settle(self, *, stake: Fraction | int | None = None) -> Settlement:
        """Settle the sheet as it stands (a game stopped early settles its unfinished pulyas)."""
        return settle(self, stake=stake)

    # --- text ----------------------------------------------------------------------------

    def breakdown(self, language: Language = "en") -> str:
        """Every deal with every figure it wrote and why."""
        return "\n".join(record.breakdown(language) for record in self.records)

    # --- replay and JSON -----------------------------------------------------------------

    @classmethod
    def replay(cls, rules: Rules, results: Iterable[DealResult], target: int | None = None) -> Self:
        sheet = cls(rules, target)
        for result in results:
            sheet.apply(result)
        return sheet

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "target": self.target,
            "deals": [
                {
                    "result": result_to_dict(r.result),
                    "raspasy_run": r.raspasy_run,
                    "writes": [w.to_dict() for w in r.writes],
                }
                for r in self._records
            ],
            "totals": {
                s.name: {
                    "pulya": format_number(self._pulya[s]),
                    "gora": format_number(self._gora[s]),
                    "whists": {
                        o.name: format_number(self._whists[s, o]) for o in self.seats if o != s
                    },
                }
                for s in self.seats
            },
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild by replaying the stored results; the stored writes and totals must come
        out again (a family's sheet class checks its own format tag first)."""
        cls._check_format(data)
        sheet = cls(Rules.from_dict(dict(data["rules"])), data.get("target"))
        for i, deal in enumerate(data["deals"], 1):
            record = sheet.apply(result_from_dict(deal["result"]))
            stored = tuple(Write.from_dict(w) for w in deal.get("writes", []))
            if "writes" in deal and stored != record.writes:
                raise SheetError(f"deal {i}: the stored writes differ from a replay")
        check_totals(sheet, data)
        return sheet

    @classmethod
    def _check_format(cls, data: Mapping[str, Any]) -> None:
        if data.get("version") != FORMAT_VERSION:
            raise SheetError(f"unknown sheet format version {data.get('version')!r}")

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Self:
        return cls.from_dict(json.loads(text))


def _replace_amount(write: Write, amount: Fraction) -> Write:
    from dataclasses import replace

    return replace(write, amount=amount)


# --- headers --------------------------------------------------------------------------


def deal_heading(number: int, dealer: Seat, language: Language) -> str:
    """``Deal 3, dealer E: `` (``Сдача 3, сдаёт В: ``): how every family's record begins."""
    who = seat_letter(dealer, language)
    if language == "ru":
        return f"Сдача {number}, сдаёт {who}: "
    return f"Deal {number}, dealer {who}: "


def _summary(record: SheetEntry, language: Language) -> str:
    r = record.result
    ru = language == "ru"

    def L(seat: Seat) -> str:
        return seat_letter(seat, language)

    tricks = ", ".join(f"{L(s)} {n}" for s, n in r.tricks.items() if s != r.dummy)
    if r.kind is DealKind.RASPASY:
        run = f" №{record.raspasy_run}" if ru else f" no. {record.raspasy_run}"
        body = ("распасы" if ru else "raspasy") + run + f": {tricks}"
        if r.talon_tricks:
            body += f"; {'прикуп' if ru else 'talon'} {r.talon_tricks}"
        return body
    declarer = L(r.declarer) if r.declarer is not None else "?"
    thrown = ("прикуп брошен; " if ru else "talon thrown; ") if r.talon_thrown else ""
    if r.kind is DealKind.WALK_AWAY:
        bid = r.bid.format(russian=ru) if r.bid else "?"
        return thrown + (
            f"{declarer} без трёх на {bid}" if ru else f"{declarer} walks away on {bid}"
        )
    contract = r.contract.format(russian=ru) if r.contract else "?"
    body = f"{contract} {declarer}" if ru else f"{contract} by {declarer}"
    if r.kind is DealKind.MISERE:
        n = r.declarer_tricks
        body += f", взяток {n}" if ru else f", {n} taken"
        return thrown + body
    if r.contract is not None and (r.played or r.checked):
        under = r.contract.level - r.declarer_tricks
        if under > 0:
            body += f", без {under}" if ru else f", down {under}"
        else:
            body += f", взял {r.declarer_tricks}" if ru else f", made {r.declarer_tricks}"
    calls = []
    for seat, choice in r.defenders.items():
        word = {
            WhistChoice.PASS: ("пас", "pass"),
            WhistChoice.WHIST: ("вист", "whist"),
            WhistChoice.HALF_WHIST: ("полвиста", "half-whist"),
        }[choice][0 if ru else 1]
        calls.append(f"{L(seat)} {word}")
    if r.checked:
        calls.append("проверка" if ru else "checked")
    elif r.open:
        calls.append("в светлую" if ru else "open")
    if calls:
        body += "; " + ", ".join(calls)
    if r.played and tricks:
        body += f" ({tricks})"
    return thrown + body


def check_possible(result: DealResult) -> None:
    """Refuse a result no deal can end in (an edited record, a hand-made result): more
    than ten tricks, raspasy whose tricks are not the ten of the deal, a contract below
    the bid, a whister who is not a defender."""
    tricks = sum(result.tricks.values()) + result.talon_tricks
    if any(n < 0 for n in result.tricks.values()) or tricks > 10:
        raise SheetError(
            f"the tricks add up to {tricks}; a deal has ten",
            ru=f"взяток в сумме {tricks}, а в сдаче их десять",
        )
    if result.kind is DealKind.RASPASY and tricks != 10:
        raise SheetError(
            f"raspasy tricks add up to {tricks}, not to the ten of the deal",
            ru=f"на распасах взяток в сумме {tricks}, а не десять",
        )
    balkan = result.contract is not None and result.contract.balkan  # stops at 5 down
    if result.played and result.kind is not DealKind.RASPASY and not balkan and tricks != 10:
        raise SheetError(
            f"a played deal has ten tricks, not {tricks}",
            ru=f"в сыгранной сдаче десять взяток, а не {tricks}",
        )
    bid, contract = result.bid, result.contract
    if bid is not None and contract is not None and contract < bid:
        raise SheetError(
            f"the contract {contract} is below the bid {bid}",
            ru=f"игра {contract} ниже заказа {bid}",
        )
    for seat in result.whisters:
        if result.defenders.get(seat) is not WhistChoice.WHIST:
            raise SheetError(
                f"{seat} is a whister but not a whisting defender",
                ru=f"{seat} вистует, но не записан вистующим защитником",
            )


def check_totals(sheet: Sheet, data: Mapping[str, Any]) -> None:
    """A stored sheet's totals must be what its results replay to: a result edited in the
    record is caught even when the record keeps no writes."""
    if "totals" in data and sheet.to_dict()["totals"] != data["totals"]:
        raise SheetError(
            "the stored totals differ from a replay of the results (was a result edited?)",
            ru="записанные итоги не совпадают с пересчётом сдач (сдачу исправили?)",
        )


def settle(sheet: Sheet, *, stake: Fraction | int | Decimal | str | None = None) -> Settlement:
    """Settle ``sheet`` as it stands."""
    return settle_totals(
        sheet.rules,
        sheet.seats,
        sheet.pulyas,
        sheet.goras,
        sheet.whist_table,
        target=sheet.target,
        stake=stake,
    )
