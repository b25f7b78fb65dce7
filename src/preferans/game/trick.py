"""A completed trick and who wins it (RULES §6, §8)."""

from __future__ import annotations

from dataclasses import dataclass

from preferans.cards import Card
from preferans.seats import Seat

__all__ = ["Trick", "trick_winner"]


@dataclass(frozen=True, slots=True)
class Trick:
    """One finished trick.

    ``cards`` are the players' cards in the order played. On raspasy with talon leads the
    talon card that named the suit is ``talon_card`` (it is nobody's card); with 4 players
    it is the sitting-out dealer's card and ``winner`` is the dealer when it wins.
    """

    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat
    talon_card: Card | None = None

    def card_of(self, seat: Seat) -> Card | None:
        for s, card in self.cards:
            if s == seat:
                return card
        return None

    def __str__(self) -> str:
        head = f"[{self.talon_card}] " if self.talon_card is not None else ""
        body = " ".join(f"{s.name}:{c}" for s, c in self.cards)
        return f"{head}{body} → {self.winner.name}"


def trick_winner(
    cards: tuple[tuple[Seat, Card], ...],
    trump: int,
    talon_card: Card | None = None,
    talon_seat: Seat | None = None,
) -> Seat:
    """The seat whose card takes the trick.

    ``trump`` is a suit number or -1. A talon card that can win (4-player raspasy) comes
    with ``talon_seat``; one that only names the suit (3 players) comes without it: then
    the highest card of that suit wins, and if nobody followed, the highest card of the
    suit of the first card played.
    """
    if talon_card is not None and talon_seat is not None:
        best_seat, best = talon_seat, talon_card
        start = 0
    elif talon_card is not None:
        led = talon_card.suit
        best_seat, best = cards[0]
        for seat, card in cards:
            if card.suit == led:
                best_seat, best = seat, card
                break
        start = 0
    else:
        best_seat, best = cards[0]
        start = 1
    for seat, card in cards[start:]:
        if card.suit == best.suit:
            if card.index > best.index:
                best_seat, best = seat, card
        elif card.suit == trump:
            best_seat, best = seat, card
    return best_seat
