"""A :class:`preferans.review.reading.Reading` in Russian and English.

"What the calls showed (in the 12 deals that fit them): the declarer's bidding (South:
6♥, 7♥) showed ♥AKQ and about 5 hearts; West's pass showed a weak hand (1.2 aces and
kings on average)." and "♠K was with East (75% of the deals that fit the calls have it
with West)".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from preferans.bots.hints import action_text
from preferans.cards import Card, Suit
from preferans.review.reading import DISCARD_SLOT, TALON_SLOT
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.review.reading import Lay, Reading, Shown

__all__ = ["lay_text", "showed_text"]

_SUITS_EN: Final = {
    Suit.SPADES: "spades",
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
}
#: Genitive plural: "около 5 червей".
_SUITS_RU: Final = {
    Suit.SPADES: "пик",
    Suit.CLUBS: "треф",
    Suit.DIAMONDS: "бубён",
    Suit.HEARTS: "червей",
}


#: A passer holding fewer aces and kings than this on average showed a weak hand.
WEAK: Final = 2.0


def _num(value: float, language: str) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if language == "ru" else text


def _genitive(seat: Seat) -> str:
    """Юга, Запада, Севера, Востока."""
    return seat.russian + "а"


def _cards(cards: tuple[Card, ...]) -> str:
    """``♥AKQ`` for one suit's honours, ``♠A ♥A`` for aces of several."""
    if len({c.suit for c in cards}) == 1:
        return cards[0].suit.symbol + "".join(c.rank.text for c in cards)
    return " ".join(str(c) for c in cards)


def _strength(shown: Shown, language: str) -> str:
    value = _num(shown.strength, language)
    if language == "ru":
        return f"в среднем {value} туза и короля"
    return f"{value} aces and kings on average"


def _holding(shown: Shown, language: str) -> str:
    """What a bid showed: the honours held in most fitting deals and the suit's length."""
    ru = language == "ru"
    parts = []
    if shown.honours:
        aces = shown.suit is None
        held = _cards(shown.honours)
        parts.append((f"тузы {held}" if ru else f"the aces {held}") if aces else held)
    if shown.suit is not None and shown.length is not None:
        length = _num(shown.length, language)
        parts.append(
            f"около {length} {_SUITS_RU[shown.suit]}"
            if ru
            else f"about {length} {_SUITS_EN[shown.suit]}"
        )
    if not parts:
        return _strength(shown, language)
    return " и ".join(parts) if ru else " and ".join(parts)


def _calls(shown: Shown, language: str) -> str:
    return ", ".join(action_text(c, language) for c in shown.calls)


def _one(shown: Shown, language: str) -> str:
    ru = language == "ru"
    seat = shown.seat
    calls = _calls(shown, language)
    role = shown.role
    strength = _strength(shown, language)
    holding = _holding(shown, language)
    if role == "misere":
        if ru:
            return f"мизер {_genitive(seat)} показал руку без взяток ({strength})"
        return f"{seat.english}'s misère showed a hand without tricks ({strength})"
    if role == "declarer":
        if ru:
            return f"торговля разыгрывающего ({seat.russian}: {calls}) показала {holding}"
        return f"the declarer's bidding ({seat.english}: {calls}) showed {holding}"
    if role == "bidder":
        if ru:
            return f"заявки {_genitive(seat)} ({calls}) показали {holding}"
        return f"{seat.english}'s bidding ({calls}) showed {holding}"
    if role == "passer":
        weak = shown.strength < WEAK
        if ru:
            hand = "слабую руку" if weak else "руку без своей игры"
            return f"пас {_genitive(seat)} в торговле показал {hand} ({strength})"
        hand = "a weak hand" if weak else "no game of his own"
        return f"{seat.english}'s pass in the auction showed {hand} ({strength})"
    if role == "whister":
        call = action_text(shown.calls[-1], language)
        if ru:
            return f"{call} {_genitive(seat)} показал {strength}"
        return f"{seat.english}'s {call} showed {strength}"
    if role == "kontra":
        if ru:
            return f"контра {_genitive(seat)} показала {strength}"
        return f"{seat.english}'s kontra showed {strength}"
    if ru:
        return f"пас {_genitive(seat)} на игру показал {strength}"
    return f"{seat.english}'s pass against the game showed {strength}"


def _voids(shown: Shown, language: str) -> str | None:
    if not shown.voids:
        return None
    suits = " ".join(s.symbol for s in shown.voids)
    if language == "ru":
        return f"у {_genitive(shown.seat)} нет {suits}"
    return f"{shown.seat.english} showed out of {suits}"


def showed_text(reading: Reading, language: str = "en") -> str:
    """ "What the calls showed (…): …." (empty when nobody else has called yet)."""
    ru = language == "ru"
    parts = [_one(s, language) for s in reading.shown]
    parts += [v for v in (_voids(s, language) for s in reading.shown) if v is not None]
    if not parts:
        return ""
    deals = reading.deals
    if ru:
        where = (
            f"во всех {deals} возможных раскладах"
            if reading.exact
            else f"в {deals} раскладах, согласных с ними"
        )
        return f"Что показали заявки ({where}): {'; '.join(parts)}."
    where = (
        f"in all {deals} possible deals" if reading.exact else f"in the {deals} deals that fit them"
    )
    return f"What the calls showed ({where}): {'; '.join(parts)}."


def _slot(slot: int, language: str) -> str:
    ru = language == "ru"
    if slot == TALON_SLOT:
        return "в прикупе" if ru else "in the talon"
    if slot == DISCARD_SLOT:
        return "в сносе" if ru else "in the discard"
    seat = Seat(slot)
    return f"у {_genitive(seat)}" if ru else f"with {seat.english}"


def _lay_one(lay: Lay, language: str) -> str:
    percent = round(lay.share * 100)
    where, expected = _slot(lay.slot, language), _slot(lay.expected, language)
    if language == "ru":
        return f"{lay.card} — {where} (в {percent}% раскладов, согласных с заявками, — {expected})"
    return f"{lay.card} was {where} ({percent}% of the deals that fit the calls have it {expected})"


def lay_text(reading: Reading, language: str = "en") -> str:
    """ "♠K was with East (75% of the deals that fit the calls have it with West)"; empty
    when every card lay as the fitting deals expected."""
    parts = [_lay_one(lay, language) for lay in reading.lay]
    return ("; " if language == "ru" else " and ").join(parts)
