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
        return _describe_ru(self) if language == "ru" else _describe_en(self)

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


def _plural_ru(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def _tricks_en(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def _tricks_ru(n: int) -> str:
    return f"{n} {_plural_ru(n, 'взятка', 'взятки', 'взяток')}"


def _whists_ru(amount: Fraction) -> str:
    if amount.denominator != 1:
        return f"{format_number(amount)} виста"
    return f"{amount.numerator} {_plural_ru(abs(amount.numerator), 'вист', 'виста', 'вистов')}"


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


def _times(w: Write) -> str:
    return f" × {w.multiplier}" if w.multiplier is not None and w.multiplier != 1 else ""


def _describe_balkan(w: Write, language: Language) -> str:
    """The bula sheet's figures (seed 003): bula entries and whists (juhe) per trick."""
    ru = language == "ru"
    amount = format_number(w.amount)
    signed = ("+" if w.amount > 0 else "") + amount
    on = seat_letter(w.on, language) if w.on is not None else ""
    contract = _contract_text(w, language)
    unit = format_number(w.unit) if w.unit is not None else ""
    times = _times(w)
    r = w.reason
    if r is Reason.CONTRACT:
        return (
            f"{contract} сыграна: {unit}{times} = {signed} в булу"
            if ru
            else f"{contract} made: {unit}{times} = {signed} to the bula"
        )
    if r is Reason.CONTRACT_FAILED:
        return (
            f"{contract} не сыграна: {unit}{times} = {signed} в булу"
            if ru
            else f"{contract} failed: {unit}{times} = {signed} to the bula"
        )
    if r is Reason.SHORTFALL:
        return (
            f"недобор на {contract}: {unit}{times} = {signed} в булу"
            if ru
            else f"defence short on {contract}: {unit}{times} = {signed} to the bula"
        )
    if r is Reason.KONTRA_LOST:
        return (
            f"контра на {contract} проиграна: {unit}{times} = {signed} в булу"
            if ru
            else f"kontra on {contract} lost: {unit}{times} = {signed} to the bula"
        )
    if r is Reason.WHIST_TRICKS:
        n = w.count or 0
        if ru:
            return f"{_tricks_ru(n)} × {unit}{times} = {_whists_ru(w.amount)} на {on}"
        return f"{_tricks_en(n)} × {unit}{times} = {amount} whists on {on}"
    if r is Reason.BETL_FAILED:
        return (
            f"{contract} не сыгран: {unit}{times} = {_whists_ru(w.amount)} на {on}"
            if ru
            else f"{contract} failed: {unit}{times} = {amount} whists on {on}"
        )
    if r is Reason.REFE:
        return "все спасовали: рефе" if ru else "everybody passed: a refe"
    raise AssertionError(r)  # pragma: no cover


def _describe_en(w: Write) -> str:
    if _is_balkan(w):
        return _describe_balkan(w, "en")
    amount = format_number(w.amount)
    on = seat_letter(w.on) if w.on is not None else ""
    product = _product(w)
    contract = _contract_text(w, "en")
    r = w.reason
    if r is Reason.CONTRACT:
        return f"{contract} made: {amount} into pulya"
    if r is Reason.WHIST_TRICKS:
        n = w.count or 0
        split = " (gentleman's split)" if w.share == _HALF else ""
        rest = product.split(" × ", 1)[1] if product else ""
        return f"{_tricks_en(n)} × {rest} = {amount} whists on {on}{split}"
    if r is Reason.CONSOLATION:
        if w.count is not None and w.count > 1:
            return f"consolation {product} = {amount} on {on}"
        return f"consolation {amount} on {on}"
    if r is Reason.UNDERTRICKS:
        return f"{contract} down {w.count}: {product} = {amount} into gora"
    if r is Reason.SHORTFALL:
        return f"whist short by {w.count} on {contract}: {product} = {amount} into gora"
    if r is Reason.HALF_WHIST:
        rest = product.split(" × ", 1)[1] if product else ""
        tricks = _tricks_en(w.count or 0)
        return f"half-whist on {contract}: {tricks} × {rest} = {amount} whists on {on}"
    if r is Reason.WALK_AWAY:
        return f"walked away without three on {contract}: {product} = {amount} into gora"
    if r is Reason.THROWN_TALON:
        who = seat_letter(w.other) if w.other is not None else "?"
        return f"talon thrown by {who}: {amount} into gora"
    if r is Reason.MISERE:
        rest = product.split(" × ", 1)[1] if product else ""
        return f"misère caught: {_tricks_en(w.count or 0)} × {rest} = {amount} into gora"
    if r is Reason.RASPASY:
        head = f"raspasy: {_tricks_en(w.count or 0)}"
        if w.amnesty:
            head += f" − amnesty {w.amnesty} = {(w.count or 0) - w.amnesty}"
        unit = format_number(w.unit or 0)
        return f"{head} × {unit} = {amount} into gora{_mult_en(w)}"
    if r is Reason.RASPASY_ZERO:
        return f"raspasy without a trick: {amount} into pulya{_mult_en(w)}"
    if r is Reason.RASPASY_WHISTS:
        rest = product.split(" × ", 1)[1] if product else ""
        split = " (two fewest split)" if w.share == _HALF else ""
        return f"raspasy: {_tricks_en(w.count or 0)} × {rest} = {amount} whists on {on}{split}"
    if r is Reason.HELP:
        if w.column is Column.PULYA:
            who = seat_letter(w.other) if w.other is not None else "?"
            return f"help from {who}: {amount} into pulya"
        return f"help: {product} = {amount} whists on {on}"
    if r is Reason.OVERFLOW:
        return f"beyond the target: {format_number(-w.amount)} off gora"
    if r is Reason.UNFINISHED:
        return f"pulya short of the target: {product} = {amount} into gora"
    raise AssertionError(r)  # pragma: no cover


def _mult_en(w: Write) -> str:
    if w.multiplier is not None and w.multiplier != 1:
        return f" (progression ×{w.multiplier})"
    return ""


def _mult_ru(w: Write) -> str:
    if w.multiplier is not None and w.multiplier != 1:
        return f" (прогрессия ×{w.multiplier})"
    return ""


def _describe_ru(w: Write) -> str:
    if _is_balkan(w):
        return _describe_balkan(w, "ru")
    amount = format_number(w.amount)
    on = seat_letter(w.on, "ru") if w.on is not None else ""
    product = _product(w)
    rest = product.split(" × ", 1)[1] if product else ""
    contract = _contract_text(w, "ru")
    r = w.reason
    if r is Reason.CONTRACT:
        made = "сыгран" if w.contract is not None and w.contract.is_misere else "сыграна"
        return f"{contract} {made}: {amount} в пулю"
    if r is Reason.WHIST_TRICKS:
        split = " (джентльменский, пополам)" if w.share == _HALF else ""
        return f"{_tricks_ru(w.count or 0)} × {rest} = {_whists_ru(w.amount)} на {on}{split}"
    if r is Reason.CONSOLATION:
        if w.count is not None and w.count > 1:
            return f"консоляция {product} = {amount} на {on}"
        return f"консоляция {amount} на {on}"
    if r is Reason.UNDERTRICKS:
        return f"{contract} без {w.count}: {product} = {amount} в гору"
    if r is Reason.SHORTFALL:
        return f"недобор виста {w.count} на {contract}: {product} = {amount} в гору"
    if r is Reason.HALF_WHIST:
        return (
            f"полвиста на {contract}: {_tricks_ru(w.count or 0)} × {rest} = "
            f"{_whists_ru(w.amount)} на {on}"
        )
    if r is Reason.WALK_AWAY:
        return f"ушёл без трёх на {contract}: {product} = {amount} в гору"
    if r is Reason.THROWN_TALON:
        who = seat_letter(w.other, "ru") if w.other is not None else "?"
        return f"прикуп брошен ({who}): {amount} в гору"
    if r is Reason.MISERE:
        return f"мизер пойман: {_tricks_ru(w.count or 0)} × {rest} = {amount} в гору"
    if r is Reason.RASPASY:
        head = f"распасы: {_tricks_ru(w.count or 0)}"
        if w.amnesty:
            head += f" − амнистия {w.amnesty} = {(w.count or 0) - w.amnesty}"
        unit = format_number(w.unit or 0)
        return f"{head} × {unit} = {amount} в гору{_mult_ru(w)}"
    if r is Reason.RASPASY_ZERO:
        return f"распасы без взяток: {amount} в пулю{_mult_ru(w)}"
    if r is Reason.RASPASY_WHISTS:
        split = " (пополам)" if w.share == _HALF else ""
        return (
            f"распасы: {_tricks_ru(w.count or 0)} × {rest} = {_whists_ru(w.amount)} на {on}{split}"
        )
    if r is Reason.HELP:
        if w.column is Column.PULYA:
            who = seat_letter(w.other, "ru") if w.other is not None else "?"
            return f"помощь от {who}: {amount} в пулю"
        return f"помощь: {product} = {_whists_ru(w.amount)} на {on}"
    if r is Reason.OVERFLOW:
        return f"сверх пули: {format_number(-w.amount)} списано с горы"
    if r is Reason.UNFINISHED:
        return f"недописанная пуля: {product} = {amount} в гору"
    raise AssertionError(r)  # pragma: no cover
