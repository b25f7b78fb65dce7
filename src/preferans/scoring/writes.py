"""One number written on the sheet, with the reason it was written.

Every pulya, gora and whist figure on the sheet is a :class:`Write`; the sheet never stores
a bare number. The reason travels with it so the per-deal breakdown can say, in Russian and
English, where each figure came from: who pays for a failed defence is the most common
argument at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Final, Literal

from preferans.contracts import Contract
from preferans.errors import PreferansError
from preferans.plural import plural_ru
from preferans.seats import Seat

__all__ = ["Column", "Language", "Reason", "Write", "format_number", "seat_letter"]

Language = Literal["en", "ru"]


class Column(Enum):
    """Where a figure goes: pulya (made contracts), gora (penalties) or whists on a player."""

    PULYA = "pulya"
    GORA = "gora"
    WHISTS = "whists"
    BULA = "bula"
    """Balkan: the contract column counting down from the agreed start (seed 003)."""


class Reason(Enum):
    """Why a figure was written (RULES §9)."""

    CONTRACT = "contract"
    """A made contract (or misère) into the declarer's pulya."""
    WHIST_TRICKS = "whist tricks"
    """Whists per trick taken by the defence."""
    CONSOLATION = "consolation"
    """Consolation (консоляция) per undertrick, written by every other player."""
    UNDERTRICKS = "undertricks"
    """The declarer's failed contract into his gora."""
    SHORTFALL = "shortfall"
    """A whister short of his part of the obligation, into his gora."""
    HALF_WHIST = "half-whist"
    """Half the obligation written as whists by the half-whister, without play."""
    WALK_AWAY = "walk away"
    """The declarer conceded without three."""
    THROWN_TALON = "thrown talon"
    """4 players: the declarer refused the talon, 2 into the dealer's gora."""
    MISERE = "misère"
    """A caught misère: every trick into the declarer's gora."""
    RASPASY = "raspasy"
    """Raspasy tricks into gora, after the amnesty, at the progression's price."""
    RASPASY_ZERO = "raspasy zero"
    """No trick on raspasy: a point into pulya."""
    RASPASY_WHISTS = "raspasy whists"
    """Rostov: the player(s) with fewest raspasy tricks write whists on the others' tricks."""
    HELP = "help"
    """Overflow beyond the target written into another open pulya, paid in whists."""
    OVERFLOW = "overflow"
    """Overflow beyond the target written off one's own gora."""
    UNFINISHED = "unfinished"
    """Settlement of a pulya stopped early: the missing points into gora."""
    # --- Balkan (the bula sheet, seed 003)
    CONTRACT_FAILED = "contract failed"
    """Balkan: a failed game, its value added to the declarer's bula."""
    BETL_FAILED = "betl failed"
    """Balkan: a defender writes 60 (70 without the talon) on a declarer whose betl failed."""
    KONTRA_LOST = "kontra lost"
    """Balkan: the defence took 4 tricks or fewer: the kontra-ing defender pays the value
    times his multiplier into his bula."""
    REFE = "refe"
    """Balkan: everybody passed; a refe for every player (nothing is added)."""


@dataclass(frozen=True, slots=True)
class Write:
    """A figure written into ``seat``'s column (whists: written by ``seat`` on ``on``).

    ``count`` × ``unit`` (× ``share``) = ``amount`` when the figure is a product; ``contract``,
    ``amnesty``, ``multiplier`` and ``other`` (the helper or helped player) explain it.
    """

    seat: Seat
    column: Column
    amount: Fraction
    reason: Reason
    on: Seat | None = None
    count: int | None = None
    unit: Fraction | None = None
    share: Fraction | None = None
    contract: Contract | None = None
    amnesty: int | None = None
    multiplier: int | None = None
    other: Seat | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", Fraction(self.amount))
        if self.unit is not None:
            object.__setattr__(self, "unit", Fraction(self.unit))
        if self.share is not None:
            object.__setattr__(self, "share", Fraction(self.share))
        if (self.column is Column.WHISTS) != (self.on is not None):
            raise PreferansError("whists are written on a player; pulya and gora are not")

    @classmethod
    def product(
        cls,
        seat: Seat,
        column: Column,
        reason: Reason,
        count: int,
        unit: Fraction,
        *,
        on: Seat | None = None,
        share: Fraction | None = None,
        contract: Contract | None = None,
        multiplier: int | None = None,
    ) -> Write:
        """The figure ``count`` × ``unit`` (× ``share``), written with its factors."""
        amount = count * unit * (share if share is not None else 1)
        return cls(
            seat,
            column,
            amount,
            reason,
            on=on,
            count=count,
            unit=unit,
            share=share,
            contract=contract,
            multiplier=multiplier,
        )

    def __repr__(self) -> str:
        parts = [f"Seat.{self.seat.name}", f"Column.{self.column.name}"]
        parts.append(f"Fraction({self.amount.numerator}, {self.amount.denominator})")
        parts.append(f"Reason.{self.reason.name}")
        for name in ("on", "other"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}=Seat.{value.name}")
        for name in ("count", "amnesty", "multiplier"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value}")
        for name in ("unit", "share"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}=Fraction({value.numerator}, {value.denominator})")
        if self.contract is not None:
            parts.append(f"contract={self.contract!r}")
        return f"Write({', '.join(parts)})"

    # --- text ----------------------------------------------------------------------------

    def describe(self, language: Language = "en") -> str:
        """The figure and its reason in words, e.g. ``3 tricks × 4 = 12 whists on S``."""
        return _describe(self, language)

    # --- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seat": self.seat.name,
            "column": self.column.value,
            "amount": format_number(self.amount),
            "reason": self.reason.value,
        }
        for name in ("on", "other"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value.name
        for name in ("count", "amnesty", "multiplier"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        for name in ("unit", "share"):
            value = getattr(self, name)
            if value is not None:
                data[name] = format_number(value)
        if self.contract is not None:
            data["contract"] = self.contract.format(ascii=True)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Write:
        def seat(name: str) -> Seat | None:
            return Seat[data[name]] if name in data else None

        def number(name: str) -> Fraction | None:
            return Fraction(data[name]) if name in data else None

        return cls(
            seat=Seat[data["seat"]],
            column=Column(data["column"]),
            amount=Fraction(data["amount"]),
            reason=Reason(data["reason"]),
            on=seat("on"),
            count=data.get("count"),
            unit=number("unit"),
            share=number("share"),
            contract=Contract.parse(data["contract"]) if "contract" in data else None,
            amnesty=data.get("amnesty"),
            multiplier=data.get("multiplier"),
            other=seat("other"),
        )


def format_number(value: Fraction | int) -> str:
    """``12``, ``-4`` or ``35/2``: whole numbers plainly, fractions exactly."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def seat_letter(seat: Seat, language: Language = "en") -> str:
    return seat.russian_letter if language == "ru" else seat.name


_HALF: Final = Fraction(1, 2)


def _tricks_en(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def _tricks_ru(n: int) -> str:
    return f"{n} {plural_ru(n, 'взятка', 'взятки', 'взяток')}"


def _whists_ru(amount: Fraction) -> str:
    if amount.denominator != 1:
        return f"{format_number(amount)} виста"
    return f"{amount.numerator} {plural_ru(abs(amount.numerator), 'вист', 'виста', 'вистов')}"


def _product(w: Write) -> str:
    """``3 × 4`` (and ``× 1/2`` for a shared figure), or '' when the figure is not a product."""
    if w.count is None or w.unit is None:
        return ""
    text = f"{w.count} × {format_number(w.unit)}"
    if w.share is not None and w.share != 1:
        text += f" × {format_number(w.share)}"
    return text


def _contract_text(w: Write, language: Language) -> str:
    if w.contract is None:
        return ""
    return w.contract.format(russian=language == "ru")


_BALKAN_REASONS: Final = frozenset(
    {Reason.CONTRACT_FAILED, Reason.BETL_FAILED, Reason.KONTRA_LOST, Reason.REFE}
)


def _is_balkan(w: Write) -> bool:
    return (
        w.column is Column.BULA
        or w.reason in _BALKAN_REASONS
        or (w.contract is not None and w.contract.balkan)
    )


#: Each reason's sentence, (English, Russian), filled by :func:`_describe` from the write's
#: figures: the pulya sheet's reasons, then the bula sheet's (seed 003). ``help_pulya`` is
#: the help written into the helped player's pulya.
_PULYA_TEXTS: Final[dict[Reason | str, tuple[str, str]]] = {
    Reason.CONTRACT: ("{contract} made: {amount} into pulya", "{contract} {made}: {amount} в пулю"),
    Reason.WHIST_TRICKS: (
        "{tricks} × {rest} = {whists} on {on}{split}",
        "{tricks} × {rest} = {whists} на {on}{split}",
    ),
    Reason.CONSOLATION: ("consolation {calc}{amount} on {on}", "консоляция {calc}{amount} на {on}"),
    Reason.UNDERTRICKS: (
        "{contract} down {count}: {product} = {amount} into gora",
        "{contract} без {count}: {product} = {amount} в гору",
    ),
    Reason.SHORTFALL: (
        "whist short by {count} on {contract}: {product} = {amount} into gora",
        "недобор виста {count} на {contract}: {product} = {amount} в гору",
    ),
    Reason.HALF_WHIST: (
        "half-whist on {contract}: {tricks} × {rest} = {whists} on {on}",
        "полвиста на {contract}: {tricks} × {rest} = {whists} на {on}",
    ),
    Reason.WALK_AWAY: (
        "walked away without three on {contract}: {product} = {amount} into gora",
        "ушёл без трёх на {contract}: {product} = {amount} в гору",
    ),
    Reason.THROWN_TALON: (
        "talon thrown by {other}: {amount} into gora",
        "прикуп брошен ({other}): {amount} в гору",
    ),
    Reason.MISERE: (
        "misère caught: {tricks} × {rest} = {amount} into gora",
        "мизер пойман: {tricks} × {rest} = {amount} в гору",
    ),
    Reason.RASPASY: (
        "raspasy: {tricks}{amnesty} × {unit} = {amount} into gora{mult}",
        "распасы: {tricks}{amnesty} × {unit} = {amount} в гору{mult}",
    ),
    Reason.RASPASY_ZERO: (
        "raspasy without a trick: {amount} into pulya{mult}",
        "распасы без взяток: {amount} в пулю{mult}",
    ),
    Reason.RASPASY_WHISTS: (
        "raspasy: {tricks} × {rest} = {whists} on {on}{split}",
        "распасы: {tricks} × {rest} = {whists} на {on}{split}",
    ),
    Reason.HELP: ("help: {product} = {whists} on {on}", "помощь: {product} = {whists} на {on}"),
    "help_pulya": ("help from {other}: {amount} into pulya", "помощь от {other}: {amount} в пулю"),
    Reason.OVERFLOW: ("beyond the target: {off} off gora", "сверх пули: {off} списано с горы"),
    Reason.UNFINISHED: (
        "pulya short of the target: {product} = {amount} into gora",
        "недописанная пуля: {product} = {amount} в гору",
    ),
}
_BULA_TEXTS: Final[dict[Reason | str, tuple[str, str]]] = {
    Reason.CONTRACT: (
        "{contract} made: {value}{times} = {signed} to the bula",
        "{contract} сыграна: {value}{times} = {signed} в булу",
    ),
    Reason.CONTRACT_FAILED: (
        "{contract} failed: {value}{times} = {signed} to the bula",
        "{contract} не сыграна: {value}{times} = {signed} в булу",
    ),
    Reason.SHORTFALL: (
        "defence short on {contract}: {value}{times} = {signed} to the bula",
        "недобор на {contract}: {value}{times} = {signed} в булу",
    ),
    Reason.KONTRA_LOST: (
        "kontra on {contract} lost: {value}{times} = {signed} to the bula",
        "контра на {contract} проиграна: {value}{times} = {signed} в булу",
    ),
    Reason.WHIST_TRICKS: (
        "{tricks} × {value}{times} = {whists} on {on}",
        "{tricks} × {value}{times} = {whists} на {on}",
    ),
    Reason.BETL_FAILED: (
        "{contract} failed: {value}{times} = {whists} on {on}",
        "{contract} не сыгран: {value}{times} = {whists} на {on}",
    ),
    Reason.REFE: ("everybody passed: a refe", "все спасовали: рефе"),
}
#: The split a shared figure notes: (English, Russian).
_SPLITS: Final = {
    Reason.WHIST_TRICKS: (" (gentleman's split)", " (джентльменский, пополам)"),
    Reason.RASPASY_WHISTS: (" (two fewest split)", " (пополам)"),
}


def _describe(w: Write, language: Language) -> str:
    """One write in words: its reason's sentence with the write's figures put in."""
    ru = language == "ru"
    pick = 1 if ru else 0
    r = w.reason
    texts = _BULA_TEXTS if _is_balkan(w) else _PULYA_TEXTS
    key: Reason | str = "help_pulya" if r is Reason.HELP and w.column is Column.PULYA else r
    if key not in texts:
        raise AssertionError(r)  # pragma: no cover
    amount = format_number(w.amount)
    product = _product(w)
    count = w.count or 0
    multiplier = w.multiplier if w.multiplier is not None and w.multiplier != 1 else None
    split = _SPLITS.get(r) if w.share == _HALF else None
    fields = {
        "amount": amount,
        "signed": ("+" if w.amount > 0 else "") + amount,
        "off": format_number(-w.amount),
        "on": seat_letter(w.on, language) if w.on is not None else "",
        "other": seat_letter(w.other, language) if w.other is not None else "?",
        "contract": _contract_text(w, language),
        "made": "сыгран" if w.contract is not None and w.contract.is_misere else "сыграна",
        "count": w.count,
        "product": product,
        "rest": product.split(" × ", 1)[1] if product else "",
        "calc": f"{product} = " if w.count is not None and w.count > 1 else "",
        "tricks": _tricks_ru(count) if ru else _tricks_en(count),
        "whists": _whists_ru(w.amount) if ru else f"{amount} whists",
        "split": split[pick] if split else "",
        "amnesty": (
            f" − {'амнистия' if ru else 'amnesty'} {w.amnesty} = {count - w.amnesty}"
            if w.amnesty
            else ""
        ),
        "unit": format_number(w.unit or 0),
        "value": format_number(w.unit) if w.unit is not None else "",
        "times": f" × {multiplier}" if multiplier is not None else "",
        "mult": (f" ({'прогрессия' if ru else 'progression'} ×{multiplier})" if multiplier else ""),
    }
    return texts[key][pick].format(**fields)
