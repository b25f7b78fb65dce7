"""The table drawn as rich renderables: seats around it, the trick in the middle, the
contract with each side's obligation, the bidding, the hand with its legal cards.

Pure functions of a :class:`~preferans.game.View` and a few facts the view does not hold
(names, clocks), so the full-screen client only places them and the tests can render them
without a terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.align import Align
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from preferans.actions import Action, Bid, Call, CardAction, Declare
from preferans.cards import Card, CardSet, Suit
from preferans.game import Phase, Trick, View
from preferans.seats import Seat
from preferans.terminal import i18n
from preferans.terminal.render import card_markup, choices_markup, sorted_cards, talon_markup

__all__ = [
    "SeatInfo",
    "around",
    "bidding_panel",
    "centre_panel",
    "choices_text",
    "clock_text",
    "contract_panel",
    "hand_text",
    "seat_panel",
    "table_grid",
]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What the view does not say about a seat: who sits there and his clock."""

    name: str
    seconds: float


def clock_text(seconds: float) -> str:
    """``1:05``: minutes and seconds this seat has spent deciding in this game."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def around(view: View, human: Seat) -> dict[str, Seat]:
    """Where each seat sits as the person sees the table: he is at the bottom, the next
    seat clockwise on his left, then the top (four at the table), then the right."""
    seats = [s for s in Seat if s in view.active or s == view.dealer or s == view.dummy]
    seats = sorted(set(seats) | {human}, key=lambda s: (s - human) % 4)
    others = [s for s in seats if s != human]
    places = {"bottom": human}
    if len(others) == 1:
        places["top"] = others[0]
    elif len(others) == 2:
        places["left"], places["right"] = others
    else:
        places["left"], places["top"], places["right"] = others[:3]
    return places


def _letter(seat: Seat, lang: i18n.Lang) -> str:
    return seat.russian_letter if lang == "ru" else seat.name


def _role(view: View, seat: Seat, lang: i18n.Lang) -> str:
    words = []
    if seat == view.dealer:
        words.append("сдаёт" if lang == "ru" else "dealer")
    if seat == view.dummy:
        words.append(i18n.tr(lang, "dummy"))
    if view.out == seat:
        words.append("вне игры" if lang == "ru" else "out")
    elif seat == view.declarer:
        words.append("играет" if lang == "ru" else "declarer")
    elif seat in view.whisters:
        words.append("вистует" if lang == "ru" else "whists")
    elif view.phase is Phase.PLAY and view.declarer is None and seat in view.active:
        words.append("распасы" if lang == "ru" else "raspasy")
    elif seat in view.active and seat != view.dummy and view.phase in (Phase.PLAY, Phase.OVER):
        words.append("пас" if lang == "ru" else "passed")
    elif seat in view.active:
        said = [a for s, a in view.history if s == seat and isinstance(a, Bid | Call)]
        if said:
            words.append(i18n.action_text(said[-1], lang))
    if seat not in view.active and seat != view.dummy:
        words.append("не играет" if lang == "ru" else "sits out")
    return ", ".join(words)


def _hand_markup(cards: CardSet, lang: i18n.Lang) -> str:
    groups = []
    for suit in Suit:
        ranks = [i18n.rank_text(c.rank, lang) for c in reversed(list(cards.suit(suit)))]
        if ranks:
            style = "red" if suit.is_red else "bold"
            groups.append(f"[{style}]{suit.symbol}{' '.join(ranks)}[/{style}]")
    return " ".join(groups) if groups else "—"


def seat_panel(
    view: View,
    seat: Seat,
    info: SeatInfo,
    lang: i18n.Lang,
    *,
    compact: bool,
    height: int | None = None,
) -> Panel:
    """One seat: name, role, tricks, clock; the hand when it is open to the viewer."""
    tricks = view.tricks_won.get(seat, 0)
    word = "взяток" if lang == "ru" else "tricks"
    lines = [f"[dim]{escape(_role(view, seat, lang))}[/dim]"]
    mine = seat == view.seat
    if compact:  # a small screen: the level stays in the welcome and the help, not here
        short = "взят." if lang == "ru" else "tr."
        lines.append(f"[bold]{tricks}[/bold] {short} ⏱{clock_text(info.seconds)}")
    else:
        if not mine:  # a bot's level is long in Russian: under the title, not in it
            lines.insert(0, escape(info.name))
        lines.append(f"{word} [bold]{tricks}[/bold] · ⏱ {clock_text(info.seconds)}")
    known = view.known_hands.get(seat)
    if seat != view.seat and known is not None and (known or view.phase is Phase.PLAY):
        lines.append(_hand_markup(known, lang))
    elif seat != view.seat and not compact and seat in view.active:
        cards = view.hand_sizes.get(seat, 0)
        lines.append(f"[dim]{'карт' if lang == 'ru' else 'cards'}: {cards}[/dim]")
    moving = view.to_move == seat and not view.is_over
    title = escape(i18n.seat_name(seat, lang))
    if mine:
        title += f" · {escape(info.name)}"
    if moving:
        title = f"▶ {title}"
    return Panel(
        "\n".join(lines),
        title=title,
        title_align="left",
        border_style="bold yellow" if moving else "blue",
        padding=(0, 0 if compact else 1),
        height=height,
    )


def _shown_trick(view: View) -> tuple[tuple[tuple[Seat, Card], ...], Trick | None]:
    """The cards on the table now; when none, the trick just taken (shown dimmed)."""
    if view.current_trick or view.lead_talon_card is not None:
        return view.current_trick, None
    return (), view.last_trick


def centre_panel(
    view: View, places: Mapping[str, Seat], lang: i18n.Lang, height: int | None = None
) -> RenderableType:
    """The middle of the table: the trick laid out by seat, or the talon while it is up."""
    body = Table.grid(expand=True)
    for _ in range(3):
        body.add_column(justify="center", ratio=1)
    cards, last = _shown_trick(view)
    shown: dict[Seat, str] = {s: card_markup(c, lang) for s, c in cards}
    if last is not None:
        shown = {s: f"[dim]{card_markup(c, lang)}[/dim]" for s, c in last.cards}

    def at(place: str) -> str:
        seat = places.get(place)
        return shown.get(seat, "") if seat is not None else ""

    # The trick sits in the middle of the box: blank rows above and between its three rows.
    spare = 0 if height is None else max(0, height - 2 - 3 - 3)
    between = min(2, spare // 3)
    above = max(0, (spare - 2 * between) // 2)
    lines: list[RenderableType] = [Text("")] * above
    body.add_row("", at("top"), "")
    for _ in range(between):
        body.add_row("", "", "")
    body.add_row(at("left"), "", at("right"))
    for _ in range(between):
        body.add_row("", "", "")
    body.add_row("", at("bottom"), "")
    lines.append(body)
    if view.lead_talon_card is not None:
        lead = i18n.tr(lang, "talon_lead")
        lines.append(Text.from_markup(f"{lead}: {card_markup(view.lead_talon_card, lang)}"))
    if last is not None:
        number = len(view.completed_tricks)
        winner = i18n.seat_name(last.winner, lang)
        head = "Взятка" if lang == "ru" else "Trick"
        lines.append(Text.from_markup(f"[dim]{head} {number} → {escape(winner)}[/dim]"))
    if view.talon and view.phase is not Phase.PLAY:
        lines.append(
            Text.from_markup(f"{i18n.tr(lang, 'talon')}: {talon_markup(view.talon, lang)}")
        )
    title = "Стол" if lang == "ru" else "Table"
    return Panel(Group(*lines), title=title, border_style="green", padding=(0, 1), height=height)


def table_grid(
    view: View,
    human: Seat,
    infos: Mapping[Seat, SeatInfo],
    lang: i18n.Lang,
    *,
    compact: bool,
    height: int = 14,
) -> RenderableType:
    """The seats around the table with the trick in the middle, in ``height`` lines."""
    places = around(view, human)
    top = (4 if compact else 6) if "top" in places else 0
    bottom = 0 if compact else 5
    middle = max(6, min(16, height - top - bottom))
    grid = Table.grid(expand=True)
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)

    def box(place: str, rows: int | None = None) -> RenderableType:
        seat = places.get(place)
        if seat is None:
            return ""
        return seat_panel(view, seat, infos[seat], lang, compact=compact, height=rows)

    if "top" in places:
        grid.add_row("", box("top", top), "")
    centre = centre_panel(view, places, lang, middle)
    grid.add_row(box("left", middle), centre, box("right", middle))
    # The person's own seat spans the width under the table: his box never gets cut.
    pad = max(0, (height - top - middle - bottom) // 2)  # the table sits in the middle
    if compact:  # the person's tricks and clock go on his hand's line (see hand_text)
        return Group(*[Text("")] * pad, grid)
    mine = seat_panel(view, human, infos[human], lang, compact=False)
    return Group(*[Text("")] * pad, grid, Align.center(mine, width=44))


def contract_panel(view: View, lang: i18n.Lang) -> Panel:
    """The contract and what each side must take (or, on raspasy, avoid)."""
    ru = lang == "ru"
    lines: list[str] = []
    contract = view.contract
    if contract is not None and view.declarer is not None:
        who = i18n.seat_name(view.declarer, lang)
        lines.append(f"[bold]{escape(i18n.contract_text(contract, lang))}[/bold] · {escape(who)}")
        if contract.is_misere:
            lines.append("играющий: ни одной взятки" if ru else "declarer: no trick at all")
        else:
            need = contract.tricks_needed
            lines.append(f"{'играющему нужно' if ru else 'declarer needs'} {need}")
            if view.whisters:
                seats = ", ".join(_letter(s, lang) for s in view.whisters)
                duty = contract.defence_obligation
                word = "вистующим" if ru else "whisters"
                verb = "нужно" if ru else "need"
                lines.append(f"{word} ({seats}) {verb} {duty}")
        if view.kontra:
            levels = ", ".join(f"{_letter(s, lang)} ×{2**n}" for s, n in view.kontra.items())
            lines.append(escape(i18n.tr(lang, "kontra_levels", levels=levels)))
    elif view.phase is Phase.PLAY and view.declarer is None:
        lines.append(f"[bold]{i18n.tr(lang, 'raspasy')}[/bold]")
        lines.append("берите как можно меньше" if ru else "take as few tricks as you can")
    else:
        bids = [(s, a) for s, a in view.history if isinstance(a, Bid)]
        if bids:
            seat, bid = bids[-1]
            word = "торговля" if ru else "bidding"
            text = f"{i18n.contract_text(bid.contract, lang)} · {i18n.seat_name(seat, lang)}"
            lines.append(f"[dim]{word}:[/dim] {escape(text)}")
        else:
            lines.append("[dim]торговля[/dim]" if ru else "[dim]bidding[/dim]")
    title = "Игра" if ru else "Contract"
    return Panel("\n".join(lines), title=title, title_align="left", padding=(0, 1))


def bidding_panel(view: View, lang: i18n.Lang) -> Panel:
    """Every call of the deal, kept after play starts."""
    parts = []
    for seat, action in view.history:
        if isinstance(action, Bid | Call | Declare):
            parts.append(f"{_letter(seat, lang)} {escape(i18n.action_text(action, lang))}")
    text = " · ".join(parts) if parts else "—"
    title = i18n.tr(lang, "bidding")
    return Panel(text, title=title, title_align="left", padding=(0, 1))


def hand_text(
    view: View, lang: i18n.Lang, mover: Seat | None = None, mine: SeatInfo | None = None
) -> Text:
    """The hand sorted and coloured by suit; cards legal now are bright and underlined,
    the rest dim. When the person plays another seat's cards, that hand is the one shown."""
    seat = view.seat if mover is None else mover
    cards = view.hand if seat == view.seat else view.known_hands.get(seat, CardSet())
    legal = {a.card for a in view.legal_actions if isinstance(a, CardAction)}
    out = Text()
    if seat == view.seat:
        label = i18n.tr(lang, "your_hand")
    else:
        label = i18n.tr(lang, "play_for", seat=i18n.seat_name(seat, lang))
    out.append(f"{label}: ", style="bold")
    previous: Suit | None = None
    for card in sorted_cards(cards):
        if previous is not None:
            out.append("  " if card.suit != previous else " ")
        previous = card.suit
        colour = "red" if card.suit.is_red else ""
        if legal and card in legal:
            out.append(i18n.card_text(card, lang), style=f"bold underline {colour}".strip())
        elif legal:
            out.append(i18n.card_text(card, lang), style=f"dim {colour}".strip())
        else:
            out.append(i18n.card_text(card, lang), style=f"bold {colour}".strip())
    if legal and mine is None:
        out.append("   (" + ("подчёркнуты — можно" if lang == "ru" else "underlined: legal") + ")")
    if mine is not None:  # a small screen has no box for the person's own seat
        word = "взяток" if lang == "ru" else "tricks"
        tricks = view.tricks_won.get(view.seat, 0)
        who = f"{i18n.seat_name(view.seat, lang)} · {mine.name}"
        out.append(f"   {who}: {word} {tricks} ⏱{clock_text(mine.seconds)}", style="dim")
    return out


def choices_text(choices: Sequence[Action], lang: i18n.Lang) -> str:
    """The numbered choices, as in line mode; naming the contract lists bare contracts
    (``6♠ 6♣ …``: the word "play" before each of 26 would fill a small screen)."""
    if choices and all(isinstance(a, Declare) for a in choices[:-1]):
        parts = []
        for number, action in enumerate(choices, 1):
            label = (
                i18n.contract_text(action.contract, lang)
                if isinstance(action, Declare)
                else i18n.action_text(action, lang)
            )
            parts.append(f"[cyan]{number})[/cyan] {escape(label)}")
        return f"{i18n.tr(lang, 'choices')}: " + " ".join(parts)
    return f"{i18n.tr(lang, 'choices')}: {choices_markup(choices, lang)}"
