"""Positions for the double-dummy solver, and their validation.

Both backends (the C extension and the pure-Python reference) take the same
:class:`Position`; validating it once here means the C code can trust its input and every
malformed position fails with the same clear :class:`PositionError` (a
:class:`~preferans.errors.RecordError`), in English and Russian.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from preferans.cards import Card, CardSet
from preferans.errors import InputSyntaxError, RecordError

__all__ = ["Objective", "Position", "PositionError", "normalise_objective", "remaining_tricks"]

_SUIT_NAMES = ("♠", "♣", "♦", "♥")


class PositionError(RecordError):
    """A solver position (or task) that does not hold together: cards held twice, hand
    sizes that fit no trick, a revoke, a declarer out of play."""

    title_ru = "Неверная позиция"


class Objective(StrEnum):
    """What the declarer seat plays for."""

    TRICKS = "tricks"
    """The declarer maximises its tricks; the two others minimise them."""
    MISERE = "misere"
    """No trumps: the declarer minimises its tricks; the others maximise them."""
    RASPASY = "raspasy"
    """No trumps: the fewest tricks a seat can guarantee against two who load it."""
    SELFISH = "selfish"
    """Raspasy as it is played: no trumps, three hands, no talon trick left; every seat
    avoids its own tricks, and a seat whose choices tie on that loads the declarer seat.
    The declarer seat's tricks, never more than under ``raspasy``."""


def normalise_objective(objective: Objective | str) -> Objective:
    """Accept the enum or its string value, rejecting anything else clearly."""
    try:
        return Objective(objective)
    except ValueError:
        names = ", ".join(o.value for o in Objective)
        raise InputSyntaxError(
            f"unknown objective {objective!r} (expected one of {names})",
            ru=f"неизвестная цель {objective!r} (допустимы: {names})",
        ) from None


HandLike = int | CardSet | Iterable[Card] | None


def _to_mask(hand: HandLike, seat: int) -> int | None:
    if hand is None:
        return None
    if isinstance(hand, CardSet):
        return hand.mask
    if isinstance(hand, int) and not isinstance(hand, bool):
        if not 0 <= hand <= 0xFFFFFFFF:
            raise PositionError(
                f"hand {seat}: card mask out of range: {hand:#x}",
                ru=f"рука {seat}: маска карт вне диапазона: {hand:#x}",
            )
        return hand
    if isinstance(hand, Iterable):
        return CardSet(hand).mask
    raise PositionError(
        f"hand {seat}: expected a mask, a CardSet or None, got {hand!r}",
        ru=f"рука {seat}: нужна маска, CardSet или None, а не {hand!r}",
    )


def _to_index(card: Card | int) -> int:
    if isinstance(card, Card):
        return card.index
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 32:
        return card
    raise PositionError(
        f"played card must be a Card or an index 0–31, got {card!r}",
        ru=f"сыгранная карта должна быть Card или номером 0–31, а не {card!r}",
    )


def _card_name(index: int) -> str:
    return str(Card.from_index(index))


#: (what, where it already is): the words for a played card and a talon card, en and ru.
_PLAYED: Final = (("played card", "is still in a hand"), ("сыгранная карта", "всё ещё в руке"))
_TALON: Final = (
    ("talon card", "is also held by a hand or on the trick"),
    ("карта прикупа", "есть и в руке или на столе"),
)


def _add_cards(seen: int, cards: Iterable[int], words: tuple[tuple[str, str], ...]) -> int:
    """``seen`` with ``cards`` added, each a card index 0–31 not seen yet."""
    (en, en_where), (ru, ru_where) = words
    for card in cards:
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 32:
            raise PositionError(
                f"{en} out of range 0–31: {card!r}", ru=f"{ru} вне диапазона 0–31: {card!r}"
            )
        if seen >> card & 1:
            name = _card_name(card)
            raise PositionError(f"{en} {name} {en_where}", ru=f"{ru} {name} {ru_where}")
        seen |= 1 << card
    return seen


@dataclass(frozen=True, slots=True)
class Position:
    """A double-dummy position: who holds what, who led, what lies on the table.

    ``hands`` are three masks in clockwise seat order (play goes 0→1→2→0); ``None`` marks
    a seat out of play (Balkan: a defender who is not in, so tricks have two cards).
    ``played`` are the cards already on the current trick, in play order from ``leader``;
    they are no longer in the hands. ``trump`` is a suit 0–3 or ``None`` for no trumps.

    ``talon`` holds the raspasy talon cards still to lead a trick (RULES §8), the one
    naming the current trick's suit first; ``leader`` is then first hand, who plays first
    in every talon trick and leads the trick after the last one. Each hand must follow
    the named suit; it wins, else the suit of the first card played. With ``talon_wins``
    (4 players) the talon card is the sitting-out dealer's and takes the trick unless
    beaten in its suit; such a trick is counted for none of the three hands.
    """

    hands: tuple[int | None, int | None, int | None]
    leader: int = 0
    trump: int | None = None
    played: tuple[int, ...] = ()
    talon: tuple[int, ...] = ()
    talon_wins: bool = False

    @classmethod
    def make(
        cls,
        hands: Sequence[HandLike],
        *,
        leader: int = 0,
        trump: int | None = None,
        played: Iterable[Card | int] = (),
        talon: Iterable[Card | int] = (),
        talon_wins: bool = False,
    ) -> Position:
        """Build and validate a position from masks, card sets or card lists."""
        if isinstance(hands, str | bytes) or len(hands) != 3:
            raise PositionError(
                "hands must be a sequence of exactly 3 entries (None = out of play)",
                ru="рук должно быть ровно 3 (None — рука вне игры)",
            )
        masks = (_to_mask(hands[0], 0), _to_mask(hands[1], 1), _to_mask(hands[2], 2))
        position = cls(
            masks,
            int(leader),
            None if trump is None else int(trump),
            tuple(_to_index(c) for c in played),
            tuple(_to_index(c) for c in talon),
            bool(talon_wins),
        )
        position.validate()
        return position

    @property
    def active(self) -> tuple[int, ...]:
        """The seats in play, in seat order."""
        return tuple(seat for seat in range(3) if self.hands[seat] is not None)

    def order(self) -> tuple[int, ...]:
        """The seats of the current trick in play order, starting with the leader."""
        active = self.active
        start = active.index(self.leader)
        return active[start:] + active[:start]

    def to_move(self) -> int:
        """The seat whose turn it is."""
        return self.order()[len(self.played)]

    def led_suit(self) -> int | None:
        """The suit the hands must follow now: the talon card's, else the first card's."""
        if self.talon:
            return self.talon[0] >> 3
        return self.played[0] >> 3 if self.played else None

    def validate(self) -> None:
        """Raise :class:`PositionError` naming the first thing wrong with this position."""
        hands = self.hands
        if len(hands) != 3:
            raise PositionError(
                "hands must have exactly 3 entries (None = out of play)",
                ru="рук должно быть ровно 3 (None — рука вне игры)",
            )
        for seat, hand in enumerate(hands):
            if hand is not None and (
                not isinstance(hand, int) or isinstance(hand, bool) or not 0 <= hand <= 0xFFFFFFFF
            ):
                raise PositionError(
                    f"hand {seat} is not a 32-bit card mask: {hand!r}",
                    ru=f"рука {seat} — не 32-битная маска карт: {hand!r}",
                )
        active = self.active
        if len(active) < 2:
            raise PositionError(
                "at least two hands must be in play", ru="в игре должно быть не меньше двух рук"
            )
        if not isinstance(self.leader, int) or self.leader not in (0, 1, 2):
            raise PositionError(
                f"leader must be a seat 0–2, got {self.leader!r}",
                ru=f"ходящий должен быть местом 0–2, а не {self.leader!r}",
            )
        if hands[self.leader] is None:
            raise PositionError(
                f"leader {self.leader} is out of play", ru=f"ходящий {self.leader} вне игры"
            )
        if self.trump is not None and self.trump not in (0, 1, 2, 3):
            raise PositionError(
                f"trump must be a suit 0–3 or None, got {self.trump!r}",
                ru=f"козырь должен быть мастью 0–3 или None, а не {self.trump!r}",
            )
        seen = 0
        for seat in active:
            mask = hands[seat]
            assert mask is not None
            if seen & mask:
                dup = CardSet.from_mask(seen & mask)
                raise PositionError(
                    f"card(s) {dup} held by more than one hand (hand {seat})",
                    ru=f"карты {dup} есть больше чем в одной руке (рука {seat})",
                )
            seen |= mask
        seen = _add_cards(seen, self.played, _PLAYED)
        if len(self.played) >= len(active):
            raise PositionError(
                f"{len(self.played)} cards on the current trick but only {len(active)} hands "
                "in play: a complete trick must be gathered first",
                ru=f"на столе {len(self.played)} карт, а рук в игре {len(active)}: "
                "полную взятку сначала нужно собрать",
            )
        order = self.order()
        sizes = [(hands[seat] or 0).bit_count() for seat in order]
        k = len(self.played)
        n = sizes[k]
        expected = [n - 1] * k + [n] * (len(order) - k)
        if sizes != expected or (k and n == 0):
            shown = ", ".join(f"hand {s}: {c}" for s, c in zip(order, sizes, strict=True))
            raise PositionError(
                f"hand sizes do not fit a trick with {k} card(s) played from leader "
                f"{self.leader} ({shown}); the hands that have played must hold one card "
                "fewer than the others",
                ru=f"размеры рук не сходятся со взяткой, где сыграно карт: {k}, ходил "
                f"{self.leader} ({shown}); у сходивших рук должно быть на карту меньше",
            )
        if n > 16 or (len(active) == 3 and n > 10):
            raise PositionError(
                f"too many cards per hand: {n}", ru=f"слишком много карт в руке: {n}"
            )
        self._check_talon(seen, n)
        self._check_played_legal(order)

    def _check_talon(self, seen: int, n: int) -> None:
        """Talon tricks: raspasy-style (no trumps, three hands), cards out of every hand."""
        if not isinstance(self.talon_wins, bool):
            raise PositionError(
                f"talon_wins must be a bool, got {self.talon_wins!r}",
                ru=f"talon_wins должен быть bool, а не {self.talon_wins!r}",
            )
        if not self.talon:
            if self.talon_wins:
                raise PositionError(
                    "talon_wins is set but no talon card leads a trick",
                    ru="talon_wins задан, но ни одна карта прикупа не открывает взятку",
                )
            return
        if len(self.talon) > 2:
            raise PositionError(
                f"at most 2 talon cards lead tricks, got {len(self.talon)}",
                ru=f"взятки открывают не больше 2 карт прикупа, а не {len(self.talon)}",
            )
        if self.trump is not None:
            raise PositionError(
                "talon cards lead only raspasy tricks, which have no trumps",
                ru="карты прикупа открывают только взятки распасов, а там нет козырей",
            )
        if len(self.active) != 3:
            raise PositionError(
                "talon cards lead only tricks of three hands in play",
                ru="карты прикупа открывают только взятки трёх рук в игре",
            )
        if len(self.talon) > n:
            raise PositionError(
                f"{len(self.talon)} talon trick(s) but only {n} trick(s) left to play",
                ru=f"взяток с прикупом {len(self.talon)}, а осталось сыграть только {n}",
            )
        _add_cards(seen, self.talon, _TALON)

    def _check_played_legal(self, order: tuple[int, ...]) -> None:
        """A follower may not have revoked: the hand still shows what he held."""
        if not self.played:
            return
        led = self.led_suit()
        assert led is not None
        # In a talon trick the first hand follows the talon card too.
        start = 0 if self.talon else 1
        for seat, card in zip(order[start:], self.played[start:], strict=False):
            hand = self.hands[seat] or 0
            suit = card >> 3
            if suit != led and hand >> (8 * led) & 0xFF:
                raise PositionError(
                    f"hand {seat} played {_card_name(card)} but still holds "
                    f"{_SUIT_NAMES[led]}: must follow suit",
                    ru=f"рука {seat} сыграла {_card_name(card)}, но у неё есть "
                    f"{_SUIT_NAMES[led]}: надо ходить в масть",
                )
            if (
                suit != led
                and self.trump is not None
                and suit != self.trump
                and hand >> (8 * self.trump) & 0xFF
            ):
                raise PositionError(
                    f"hand {seat} played {_card_name(card)} but, void in {_SUIT_NAMES[led]}, "
                    f"still holds trumps {_SUIT_NAMES[self.trump]}: must trump",
                    ru=f"рука {seat} сыграла {_card_name(card)}, но без {_SUIT_NAMES[led]} "
                    f"у неё есть козыри {_SUIT_NAMES[self.trump]}: надо бить козырем",
                )


def remaining_tricks(position: Position) -> int:
    """Tricks still to be won, the current one included."""
    return max((hand or 0).bit_count() for hand in position.hands)


def check_task(position: Position, objective: Objective | str, declarer: int) -> Objective:
    """Validate the objective and declarer seat against the position."""
    goal = normalise_objective(objective)
    if not isinstance(declarer, int) or declarer not in (0, 1, 2):
        raise PositionError(
            f"declarer must be a seat 0–2, got {declarer!r}",
            ru=f"играющий должен быть местом 0–2, а не {declarer!r}",
        )
    if position.hands[declarer] is None:
        raise PositionError(
            f"declarer seat {declarer} is out of play", ru=f"играющий {declarer} вне игры"
        )
    if goal is not Objective.TRICKS and position.trump is not None:
        raise PositionError(
            f"{goal.value} is played without trumps (got trump {position.trump})",
            ru=f"{goal.value} играется без козырей (а козырь {position.trump})",
        )
    if goal is Objective.SELFISH and (len(position.active) != 3 or position.talon):
        raise PositionError(
            "selfish raspasy needs three hands in play and no talon trick",
            ru="распасы «каждый за себя» — три руки в игре и ни одной взятки с прикупом",
        )
    if goal is Objective.TRICKS and position.talon:
        raise PositionError(
            "talon cards lead only raspasy (or misère) tricks, not a game",
            ru="карты прикупа открывают только взятки распасов (или мизера), не игры",
        )
    return goal


def declarer_seats(positions: Sequence[Position], declarer: int | Sequence[int]) -> list[int]:
    """One declarer seat per position: ``declarer`` repeated, or the sequence checked."""
    seats = [declarer] * len(positions) if isinstance(declarer, int) else list(declarer)
    if len(seats) != len(positions):
        raise PositionError(
            "declarer must be one seat or one seat per position",
            ru="играющий — одно место для всех позиций или по месту на позицию",
        )
    return seats


def winning_card(cards: Sequence[int], trump: int | None) -> int:
    """Index into ``cards`` (a complete or partial trick) of the card now winning it."""
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card >> 3 == top >> 3:
            if card > top:
                best = i
        elif card >> 3 == trump:
            best = i
    return best


def talon_winner(trick: Sequence[int], named: int, talon_wins: bool) -> int | None:
    """Index into ``trick`` of the card taking a talon trick; ``None``: the talon card."""
    if talon_wins:
        best = winning_card((named, *trick), None)
        return None if best == 0 else best - 1
    # The named suit acts as a trump: it wins, else the suit of the first card played.
    return winning_card(trick, named >> 3)


def legal_cards(position: Position) -> list[int]:
    """The cards the seat to move may play, lowest index first."""
    hand = position.hands[position.to_move()] or 0
    led = position.led_suit()
    if led is not None:
        follow = hand & (0xFF << (8 * led))
        if follow:
            hand = follow
        elif position.trump is not None and hand & (0xFF << (8 * position.trump)):
            hand &= 0xFF << (8 * position.trump)
    return [i for i in range(32) if hand >> i & 1]


def play(position: Position, card: int) -> tuple[Position, int | None]:
    """Play a legal card; return the new position and the seat that took the trick.

    The seat is ``None`` while the trick is open, and also when a talon card took it
    (4 players): the trick closed when the new position has no ``played`` cards.
    """
    order = position.order()
    seat = order[len(position.played)]
    hands = list(position.hands)
    hands[seat] = (hands[seat] or 0) & ~(1 << card)
    trick = (*position.played, card)
    new_hands = (hands[0], hands[1], hands[2])
    talon, wins = position.talon, position.talon_wins
    if len(trick) < len(order):
        return Position(new_hands, position.leader, position.trump, trick, talon, wins), None
    if talon:
        best = talon_winner(trick, talon[0], wins)
        winner = None if best is None else order[best]
        rest = talon[1:]
        after = Position(new_hands, position.leader, None, (), rest, wins and bool(rest))
        return after, winner
    winner = order[winning_card(trick, position.trump)]
    return Position(new_hands, winner, position.trump, ()), winner
