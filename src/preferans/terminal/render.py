"""Rich markup for cards, hands, tricks and the table as one seat sees it.

Everything returns markup strings rather than printing, so the game loop decides where
text goes and the tests can read it without a terminal. Red suits are red; black suits keep
the terminal's own colour so that they read on dark and light backgrounds alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.markup import escape

from preferans.actions import Action, Bid, Call, CardAction
from preferans.cards import Card, CardSet, Suit
from preferans.game import Phase, Trick, View
from preferans.seats import Seat
from preferans.terminal.i18n import (
    Lang,
    action_text,
    card_text,
    contract_text,
    rank_text,
    seat_name,
    tr,
)

__all__ = [
    "card_markup",
    "choices_markup",
    "hand_markup",
    "sorted_cards",
    "talon_markup",
    "trick_markup",
    "view_lines",
]


def card_markup(card: Card, lang: Lang = "en") -> str:
    """``♦10`` in red, ``♠9`` in bold; Russian ranks in Russian (``♠Д``)."""
    style = "bold red" if card.suit.is_red else "bold"
    return f"[{style}]{card_text(card, lang)}[/{style}]"


def hand_markup(cards: CardSet, lang: Lang = "en") -> str:
    """A hand grouped by suit, high to low: ``♠A Q 10  ♥K 7``."""
    groups = []
    for suit in Suit:
        ranks = [rank_text(c.rank, lang) for c in reversed(list(cards.suit(suit)))]
        if ranks:
            style = "bold red" if suit.is_red else "bold"
            groups.append(f"[{style}]{suit.symbol}{' '.join(ranks)}[/{style}]")
    return "  ".join(groups) if groups else "—"


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """The one order the terminal shows cards in: by suit (♠ ♣ ♦ ♥), high to low."""
    return sorted(cards, key=lambda c: (c.suit, -c.rank))


def talon_markup(cards: Iterable[Card], lang: Lang) -> str:
    """The talon, always in the hand's order (never in the order it was dealt)."""
    return " ".join(card_markup(c, lang) for c in sorted_cards(cards))


def action_markup(action: Action, lang: Lang) -> str:
    if isinstance(action, CardAction):
        return card_markup(action.card, lang)
    return escape(action_text(action, lang))


def choices_markup(legal: Sequence[Action], lang: Lang) -> str:
    """``1) ♠A  2) ♠Q …``: the numbers the player may type."""
    return "  ".join(f"[cyan]{i})[/cyan] {action_markup(a, lang)}" for i, a in enumerate(legal, 1))


def trick_markup(cards: Iterable[tuple[Seat, Card]], lang: Lang) -> str:
    return ", ".join(f"{_letter(seat, lang)} {card_markup(card, lang)}" for seat, card in cards)


def completed_trick_markup(
    number: int, trick: Trick, lang: Lang, *, out: Seat | None = None
) -> str:
    """``Trick 3: S ♠A, W ♠7 → S``; a Balkan trick of two cards names the seat that is out,
    so that the missing card does not look like a bug."""
    cards = trick_markup(trick.cards, lang)
    if trick.talon_card is not None:
        cards = f"[{card_markup(trick.talon_card, lang)}] " + cards
    if out is not None and all(seat != out for seat, _ in trick.cards):
        cards += f" ({escape(tr(lang, 'out_in_trick', seat=_letter(out, lang)))})"
    return tr(lang, "trick_done", n=number, cards=cards, winner=_letter(trick.winner, lang))


def _letter(seat: Seat, lang: Lang) -> str:
    return seat.russian_letter if lang == "ru" else seat.name


def bidding_markup(view: View, lang: Lang) -> str:
    """The calls so far, ``S 6♠, W pass``; shown until the contract is named."""
    parts = []
    for seat, action in view.history:
        if isinstance(action, Bid | Call):
            parts.append(f"{_letter(seat, lang)} {escape(action_text(action, lang))}")
    return ", ".join(parts)


def view_lines(view: View, lang: Lang, *, seat_labels: dict[Seat, str] | None = None) -> list[str]:
    """The table as ``view.seat`` sees it: contract, talon, trick, tricks, own and open hands."""
    labels = seat_labels or {}
    lines: list[str] = []
    if view.contract is not None and view.declarer is not None:
        if view.contract.is_misere and not view.contract.balkan:
            head = tr(lang, "misere_by", seat=seat_name(view.declarer, lang))
        else:
            head = tr(
                lang,
                "contract",
                contract=contract_text(view.contract, lang),
                seat=seat_name(view.declarer, lang),
            )
        if view.whisters:
            whist = ", ".join(_letter(s, lang) for s in view.whisters)
            head += "; " + tr(lang, "whisters", seats=whist)
        if view.kontra:
            levels = ", ".join(f"{_letter(s, lang)} ×{2**n}" for s, n in view.kontra.items())
            head += "; " + tr(lang, "kontra_levels", levels=levels)
        lines.append(escape(head))
        if view.out is not None and view.phase is Phase.PLAY:
            lines.append(escape(tr(lang, "out_seat", seat=seat_name(view.out, lang))))
    elif view.phase is Phase.PLAY and view.declarer is None:
        lines.append(tr(lang, "raspasy"))
    if view.phase is Phase.BIDDING or (view.phase is not Phase.PLAY and view.contract is None):
        calls = bidding_markup(view, lang)
        if calls:
            lines.append(f"{tr(lang, 'bidding')}: {calls}")
    if view.talon and view.phase is not Phase.PLAY:
        lines.append(f"{tr(lang, 'talon')}: {talon_markup(view.talon, lang)}")
    if view.phase is Phase.PLAY:
        if view.tricks_won:
            won = ", ".join(f"{_letter(s, lang)} {n}" for s, n in view.tricks_won.items())
            lines.append(f"{tr(lang, 'tricks')}: {won}")
        table = trick_markup(view.current_trick, lang)
        if view.lead_talon_card is not None:
            lead = f"{tr(lang, 'talon_lead')} {card_markup(view.lead_talon_card, lang)}"
            table = f"{lead}, {table}" if table else lead
        if table:
            lines.append(f"{tr(lang, 'on_table')}: {table}")
    for seat in view.active:
        cards = view.known_hands.get(seat)
        if cards is None or seat == view.seat:
            continue
        label = labels.get(seat, seat_name(seat, lang))
        lines.append(f"{escape(label)}: {hand_markup(cards, lang)}")
    if view.seat in view.active:
        lines.append(
            f"{tr(lang, 'your_hand')} ({_letter(view.seat, lang)}): {hand_markup(view.hand, lang)}"
        )
    return lines
