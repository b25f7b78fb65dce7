"""Seats at the table, named by compass points as the club does (seed 000).

Clockwise order is South → West → North → East. With three players North stays empty;
with two players the third seat (East) holds the dummy.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from preferans.errors import InputSyntaxError, RulesError

__all__ = ["Seat", "next_seat", "player_seats", "seats_for"]


class Seat(IntEnum):
    """A seat; the value is its clockwise position (South first)."""

    S = 0
    W = 1
    N = 2
    E = 3

    @property
    def letter(self) -> str:
        return self.name

    @property
    def english(self) -> str:
        return _ENGLISH[self]

    @property
    def russian(self) -> str:
        return _RUSSIAN[self]

    @property
    def russian_letter(self) -> str:
        return _RUSSIAN[self][0]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read ``S``, ``south``, ``Юг`` or ``Ю`` (any case)."""
        seat = _BY_TEXT.get(text.strip().lower())
        if seat is None:
            raise InputSyntaxError(f"unknown seat {text!r}: use S, W, N or E")
        return seat

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


_ENGLISH: Final = ("South", "West", "North", "East")
_RUSSIAN: Final = ("Юг", "Запад", "Север", "Восток")
_BY_TEXT: Final[dict[str, Seat]] = {}
for _seat in Seat:
    for _alias in (_seat.name, _ENGLISH[_seat], _RUSSIAN[_seat], _RUSSIAN[_seat][0]):
        _BY_TEXT[_alias.lower()] = _seat

_SEATS: Final[dict[int, tuple[Seat, ...]]] = {
    2: (Seat.S, Seat.W, Seat.E),
    3: (Seat.S, Seat.W, Seat.E),
    4: (Seat.S, Seat.W, Seat.N, Seat.E),
}


def seats_for(players: int) -> tuple[Seat, ...]:
    """The occupied seats in clockwise order from South.

    Two players sit South and West; the dummy takes East, so a two-player deal is dealt
    and played over the same three seats as a three-player one.
    """
    try:
        return _SEATS[players]
    except KeyError:
        raise RulesError(f"Preferans is played by 2, 3 or 4 players, not {players}") from None


def next_seat(seat: Seat, players: int) -> Seat:
    """The seat to the left (clockwise) of ``seat`` at a table of ``players``."""
    order = seats_for(players)
    return order[(order.index(seat) + 1) % len(order)]


def player_seats(players: int) -> tuple[Seat, ...]:
    """The seats people (or bots) take: 2 → S W (East is the dummy's), 3 → S W E, 4 → all."""
    return seats_for(players)[:players]
