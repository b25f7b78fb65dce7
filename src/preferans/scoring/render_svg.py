"""The classic pulya sheet as an SVG drawing, for the web client and the records.

The paper layout: a rectangle cut into one sector per player by lines from the centre
(3 players: to the two lower corners and the top middle; 4 players: to the four corners);
in each sector, from the edge inwards, the whist columns (one per opponent), the pulya, and
the gora next to the centre circle that holds the target. Numbers are written as running
totals (``2.6.10``), like a scorer does.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal
from xml.sax.saxutils import escape

from preferans.families import family_of
from preferans.seats import Seat

from .sheet import Sheet
from .writes import Column, Language, format_number, seat_letter

__all__ = ["render_pulya_svg", "render_svg"]

Side = Literal["bottom", "left", "top", "right"]

_W: Final = 760
_H: Final = 600
_L: Final = 20.0
_R: Final = 740.0
_T: Final = 60.0
_B: Final = 540.0
_BAND: Final = 62.0
_CX: Final = (_L + _R) / 2
_CY: Final = (_T + _B) / 2
_FONT: Final = 13
_INK: Final = "#1d3557"
_PAPER: Final = "#fbf8ef"

_SIDES: Final[dict[int, dict[Seat, Side]]] = {
    3: {Seat.S: "bottom", Seat.W: "left", Seat.E: "right"},
    4: {Seat.S: "bottom", Seat.W: "left", Seat.N: "top", Seat.E: "right"},
}
#: Opponents' whist columns along each side's band, in the band's reading direction.
_COLUMNS: Final[dict[int, dict[Seat, tuple[Seat, ...]]]] = {
    3: {Seat.S: (Seat.W, Seat.E), Seat.W: (Seat.S, Seat.E), Seat.E: (Seat.W, Seat.S)},
    4: {
        Seat.S: (Seat.W, Seat.N, Seat.E),
        Seat.W: (Seat.S, Seat.E, Seat.N),
        Seat.N: (Seat.W, Seat.S, Seat.E),
        Seat.E: (Seat.N, Seat.W, Seat.S),
    },
}


@dataclass(frozen=True, slots=True)
class _Segment:
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return float(((self.x2 - self.x1) ** 2 + (self.y2 - self.y1) ** 2) ** 0.5)

    def at(self, f: float) -> tuple[float, float]:
        return self.x1 + (self.x2 - self.x1) * f, self.y1 + (self.y2 - self.y1) * f


def _segment(side: Side, inset: float, players: int) -> _Segment:
    """The line ``inset`` in from the edge on ``side``, between the sector's two borders,
    in the direction text on that side reads."""
    dx = inset * (_CX - _L) / (_B - _CY)  # horizontal run of a corner diagonal
    dy = inset * (_B - _CY) / (_CX - _L)  # vertical run of a corner diagonal
    if side == "bottom":
        return _Segment(_L + dx, _B - inset, _R - dx, _B - inset)
    if side == "top":
        return _Segment(_L + dx, _T + inset, _R - dx, _T + inset)
    top = _T + inset if players == 3 else _T + dy
    if side == "left":
        return _Segment(_L + inset, _B - dy, _L + inset, top)
    return _Segment(_R - inset, top, _R - inset, _B - dy)


def _angle(side: Side) -> int:
    return {"bottom": 0, "top": 0, "left": -90, "right": 90}[side]


def _fit(text: str, length: float, size: float) -> str:
    room = int(length / (size * 0.58))
    if len(text) <= room:
        return text
    return "…" + text[-(room - 1) :] if room > 1 else ""


def _text(
    x: float, y: float, text: str, angle: int, size: float = _FONT, weight: str = "normal"
) -> str:
    rotate = f' transform="rotate({angle} {x:.1f} {y:.1f})"' if angle else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" '
        f'text-anchor="middle" dominant-baseline="middle"{rotate}>{escape(text)}</text>'
    )


def _chain(values: list[Fraction]) -> str:
    return ".".join(format_number(v) for v in values)


def render_svg(sheet: Sheet, language: Language = "ru", *, settle: bool = True) -> str:
    """The sheet drawn as its family draws it (a bula sheet as the Balkan one)."""
    return family_of(sheet.rules).sheet.svg(sheet, language, settle=settle)


def render_pulya_svg(sheet: Sheet, language: Language = "ru", *, settle: bool = True) -> str:
    """The sheet drawn as a paper pulya (2 players are drawn on a 3-player sheet whose East
    sector belongs to the dummy and stays empty)."""
    players = 3 if len(sheet.seats) == 2 else len(sheet.seats)
    sides = _SIDES[players]
    ru = language == "ru"
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{_H}" '
        f'viewBox="0 0 {_W} {_H}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'fill="{_INK}" stroke-linecap="round">',
        f'<rect x="0" y="0" width="{_W}" height="{_H}" fill="{_PAPER}"/>',
    ]
    variant = {"sochi": ("Sochi", "Сочи"), "leningrad": ("Leningrad", "Ленинград"),
               "rostov": ("Rostov", "Ростов")}[sheet.rules.variant][1 if ru else 0]  # fmt: skip
    target = "—" if sheet.target is None else str(sheet.target)
    title = (
        f"Пуля до {target} · {variant} · сыграно сдач: {sheet.deals_played}"
        if ru
        else f"Pulya to {target} · {variant} · {sheet.deals_played} deal"
        + ("" if sheet.deals_played == 1 else "s")
    )
    out.append(_text(_W / 2, 30, title, 0, 18, "bold"))
    # Frame: three nested rectangles (whists | pulya | gora) and the sector borders.
    lines = [f'<g fill="none" stroke="{_INK}" stroke-width="1.6">']
    for k in range(3):
        i = k * _BAND
        lines.append(
            f'<rect x="{_L + i}" y="{_T + i}" width="{_R - _L - 2 * i}" '
            f'height="{_B - _T - 2 * i}" rx="{4 if k == 0 else 0}"/>'
        )
    corners = [(_L, _B), (_R, _B)]
    corners += [(_CX, _T)] if players == 3 else [(_L, _T), (_R, _T)]
    for x, y in corners:
        lines.append(f'<line x1="{_CX}" y1="{_CY}" x2="{x}" y2="{y}"/>')
    # Whist columns: a divider across the whist band between opponents.
    for seat, side in sides.items():
        columns = _COLUMNS[players][seat]
        outer = _segment(side, 0, players)
        inner = _segment(side, _BAND, players)
        for j in range(1, len(columns)):
            f = j / len(columns)
            x1, y1 = _segment(side, _BAND / 2, players).at(f)
            if side in ("bottom", "top"):
                lines.append(f'<line x1="{x1:.1f}" y1="{outer.y1}" x2="{x1:.1f}" y2="{inner.y1}"/>')
            else:
                lines.append(f'<line x1="{outer.x1}" y1="{y1:.1f}" x2="{inner.x1}" y2="{y1:.1f}"/>')
    lines.append("</g>")
    out += lines
    out.append(
        f'<circle cx="{_CX}" cy="{_CY}" r="34" fill="{_PAPER}" stroke="{_INK}" stroke-width="1.6"/>'
    )
    out.append(_text(_CX, _CY, target, 0, 22, "bold"))

    labels = {
        "whists": "висты" if ru else "whists",
        "pulya": "пуля" if ru else "pulya",
        "gora": "гора" if ru else "gora",
    }
    for seat, side in sides.items():
        angle = _angle(side)
        if seat not in sheet.seats:
            mid = _segment(side, _BAND * 1.5, players)
            x, y = mid.at(0.5)
            out.append(_text(x, y, "болван" if ru else "dummy", angle, _FONT, "normal"))
            continue
        # Whist columns.
        band = _segment(side, _BAND / 2, players)
        every = _COLUMNS[players][seat]
        for j, other in enumerate(every):
            if other not in sheet.seats:
                continue
            f = (j + 0.5) / len(every)
            x, y = band.at(f)
            chain = _chain(sheet.history(seat, Column.WHISTS, other)) or "—"
            length = band.length / len(every) - 10
            head = f"{'на' if ru else 'on'} {seat_letter(other, language)}"
            total = format_number(sheet.whists(seat, other))
            ox, oy = _offset(side, -11)
            out.append(_text(x + ox, y + oy, f"{head}: {total}", angle, 11, "bold"))
            ox, oy = _offset(side, 9)
            out.append(_text(x + ox, y + oy, _fit(chain, length, _FONT), angle, _FONT))
        # Pulya and gora bands.
        for k, column, key in ((1, Column.PULYA, "pulya"), (2, Column.GORA, "gora")):
            seg = _segment(side, _BAND * (k + 0.5), players)
            chain = _chain(sheet.history(seat, column)) or "—"
            x, y = seg.at(0.5)
            value = sheet.pulya(seat) if column is Column.PULYA else sheet.gora(seat)
            ox, oy = _offset(side, -11)
            out.append(
                _text(x + ox, y + oy, f"{labels[key]}: {format_number(value)}", angle, 11, "bold")
            )
            ox, oy = _offset(side, 9)
            out.append(_text(x + ox, y + oy, _fit(chain, seg.length - 30, _FONT), angle, _FONT))
        # The player's name near the centre.
        seg = _segment(side, _BAND * 3.1, players)
        x, y = seg.at(0.5)
        name = seat.russian if ru else seat.english
        out.append(_text(x, y, name, angle, 15, "bold"))
    if settle and sheet.seats:
        result = sheet.settle()
        parts = []
        for s in sheet.seats:
            value = result.rounded[s]
            sign = "+" if value > 0 else ""
            parts.append(f"{seat_letter(s, language)} {sign}{format_number(value)}")
        label = "Итог в вистах: " if ru else "Result in whists: "
        out.append(_text(_W / 2, _B + 35, label + "   ".join(parts), 0, 15, "bold"))
    out.append("</svg>")
    return "\n".join(out)


def _offset(side: Side, d: float) -> tuple[float, float]:
    """Move ``d`` across the reading direction of ``side`` (towards the text's baseline)."""
    if side in ("bottom", "top"):
        return 0.0, d
    if side == "left":
        return d, 0.0
    return -d, 0.0
