"""When a finished game changes ratings and counts as played: the club's stated rule.

A rating says how a person plays against people. A game therefore changes ratings only
when every seat was an account and each of those accounts made most of its own moves:

1. Balkan games are not rated (the rating formula is the pulya's);
2. a table with a bot seat is not rated (a rating won from bots means nothing);
3. a game in which the stand-in bot made more than a quarter of some seat's moves (the
   player was away, timed out or never came) is not rated for anybody;
4. a finished game counts in an account's *games played* only when the stand-in made at
   most half of that account's moves: tables left to the stand-in are not games played.

``RULE`` states it in both languages for the club's pages; :func:`judge` applies it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from preferans.seats import Seat

__all__ = ["COUNTED_SHARE", "RATED_SHARE", "RULE", "Verdict", "judge", "moves_by_seat"]

RATED_SHARE: Final = Fraction(1, 4)
"""The largest share of a seat's moves the stand-in may make in a rated game."""
COUNTED_SHARE: Final = Fraction(1, 2)
"""The largest share of an account's moves the stand-in may make in a game it played."""

RULE: Final = {
    "en": "A game is rated only when every seat is a person and the stand-in bot made no "
    "more than a quarter of any seat's moves; Balkan games and tables with bots are not "
    "rated. A game counts as played by an account when the account made at least half "
    "of its own moves.",
    "ru": "Партия идёт в рейтинг, только если за каждым местом сидит человек и бот-"
    "заменитель сделал не больше четверти ходов ни одного места; балканские партии и "
    "столы с ботами не рейтинговые. Партия засчитывается игроку, если он сам сделал не "
    "меньше половины своих ходов.",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    rated: bool
    reason: dict[str, str]
    """Why not rated (empty when rated), in ``en`` and ``ru``."""
    counted: frozenset[Seat]
    """Seats whose account counts the game as played."""


def moves_by_seat(
    histories: Iterable[Iterable[tuple[Seat, object]]], auto: set[tuple[int, int]]
) -> tuple[dict[Seat, int], dict[Seat, int]]:
    """Each seat's moves and how many of them the stand-in made (``auto`` holds (deal
    number from 1, position in the deal's history))."""
    moves: dict[Seat, int] = {}
    stand_in: dict[Seat, int] = {}
    for number, history in enumerate(histories, start=1):
        for index, (seat, _action) in enumerate(history):
            moves[seat] = moves.get(seat, 0) + 1
            if (number, index) in auto:
                stand_in[seat] = stand_in.get(seat, 0) + 1
    return moves, stand_in


def _share(seat: Seat, moves: Mapping[Seat, int], stand_in: Mapping[Seat, int]) -> Fraction:
    made = moves.get(seat, 0)
    return Fraction(stand_in.get(seat, 0), made) if made else Fraction(1)


def judge(
    players: Mapping[Seat, bool],
    moves: Mapping[Seat, int],
    stand_in: Mapping[Seat, int],
    variant: str,
) -> Verdict:
    """The rule applied: ``players`` maps every seat to True when a person holds it."""
    people = [seat for seat, person in players.items() if person]
    counted = frozenset(s for s in people if _share(s, moves, stand_in) <= COUNTED_SHARE)
    reason: dict[str, str] = {}
    if variant == "balkan":
        reason = {"en": "Balkan games are not rated", "ru": "балканские партии не рейтинговые"}
    elif len(people) < len(players) or len(people) < 2:
        reason = {"en": "a bot held a seat", "ru": "за столом сидел бот"}
    else:
        away = [s for s in people if _share(s, moves, stand_in) > RATED_SHARE]
        if away:
            names = ", ".join(s.english for s in away)
            russian = ", ".join(s.russian for s in away)
            reason = {
                "en": f"the stand-in bot made more than a quarter of the moves of {names}",
                "ru": f"бот-заменитель сделал больше четверти ходов: {russian}",
            }
    return Verdict(not reason, reason, counted)
