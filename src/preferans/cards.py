"""Cards of the 32-card Preferans deck and sets of them.

Every card has a stable index 0–31: ``suit * 8 + rank``, with suits in bidding seniority
(♠ ♣ ♦ ♥) and ranks from the seven up to the ace. A :class:`CardSet` is an immutable 32-bit
mask over those indices, so each suit occupies one byte and a higher bit is a higher card:
the solver and the bots rely on that layout.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from preferans.errors import InputSyntaxError, PreferansError

__all__ = [
    "DECK",
    "Card",
    "CardSet",
    "MissingCardError",
    "Rank",
    "Suit",
]


class Suit(IntEnum):
    """The four suits, in bidding seniority: spades lowest, hearts highest."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def mask(self) -> int:
        """The bits of this suit's eight cards."""
        return 0xFF << (8 * self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read ``♠``/``S``/``s`` (and the Russian initials п, т/к, б, ч)."""
        suit = _SUIT_BY_TEXT.get(text.strip())
        if suit is None:
            raise InputSyntaxError(f"unknown suit {text!r}")
        return suit

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_SYMBOLS: Final = ("♠", "♣", "♦", "♥")
_SUIT_LETTERS: Final = ("S", "C", "D", "H")
_SUIT_BY_TEXT: Final[dict[str, Suit]] = {}
for _suit in Suit:
    for _alias in (_SUIT_SYMBOLS[_suit], _SUIT_LETTERS[_suit], _SUIT_LETTERS[_suit].lower()):
        _SUIT_BY_TEXT[_alias] = _suit
for _alias, _suit in {
    "♤": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "п": Suit.SPADES,
    "т": Suit.CLUBS,
    "к": Suit.CLUBS,
    "б": Suit.DIAMONDS,
    "ч": Suit.HEARTS,
}.items():
    _SUIT_BY_TEXT[_alias] = _suit


class Rank(IntEnum):
    """Card ranks from low to high; the order never changes, whatever the contract."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def text(self) -> str:
        """``7 8 9 10 J Q K A``: the club notation of seed 000."""
        return _RANK_TEXT[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise InputSyntaxError(f"unknown rank {text!r}")
        return rank

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_TEXT: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_BY_TEXT: Final[dict[str, Rank]] = {text: Rank(i) for i, text in enumerate(_RANK_TEXT)}
_RANK_BY_TEXT.update(
    {"T": Rank.TEN, "В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE}
)


class Card:
    """One card. There are exactly 32 instances; compare them with ``is`` or ``==``.

    >>> Card.parse("♥Q")
    Card.parse('♥Q')
    >>> Card.parse("DT") == Card.parse("♦10")
    True
    """

    __slots__ = ("index", "rank", "suit")

    index: int
    suit: Suit
    rank: Rank

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        return _CARDS[Suit(suit) * 8 + Rank(rank)]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "suit", Suit(index >> 3))
        object.__setattr__(card, "rank", Rank(index & 7))
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 32:
            raise PreferansError(f"card index must be 0–31, got {index}")
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``♠9``, ``S9``, ``DT``, ``D10`` or ``hq``: suit first, so ``7♣`` stays a bid."""
        match = _CARD_RE.fullmatch(text.strip())
        if match is None:
            raise InputSyntaxError(f"not a card: {text!r} (write it like ♠9, ♥Q, S9, DT or D10)")
        return _CARDS[Suit.parse(match.group("suit")) * 8 + Rank.parse(match.group("rank"))]

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def ascii(self) -> str:
        """ASCII form with a one-letter ten: ``ST``, ``HQ``."""
        rank = "T" if self.rank is Rank.TEN else self.rank.text
        return self.suit.letter + rank

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return self.suit.symbol + self.rank.text

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"


_SUIT_CLASS: Final = "♠♣♦♥♤♧♢♡SCDHscdhптбчк"
_CARD_RE: Final = re.compile(rf"(?P<suit>[{_SUIT_CLASS}])\s*(?P<rank>10|[7-9TJQKAtjqkaВДКТ])")
_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(32))


def _popcount(mask: int) -> int:
    return mask.bit_count()


class MissingCardError(PreferansError, KeyError):
    """A card taken out of a set that does not hold it: a ``KeyError`` as ``set.remove``
    raises, and one of the library's errors."""

    __str__ = BaseException.__str__


class CardSet:
    """An immutable set of cards stored as a 32-bit mask.

    >>> hand = CardSet.parse("♠A ♠K ♥7")
    >>> hand
    CardSet.parse('♠K ♠A ♥7')
    >>> Card.parse("SA") in hand, len(hand)
    (True, 3)
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] | int = 0) -> None:
        if isinstance(cards, int):
            if not 0 <= cards <= 0xFFFFFFFF:
                raise PreferansError(f"card mask out of range: {cards:#x}")
            mask = cards
        else:
            mask = 0
            for card in cards:
                mask |= 1 << card.index
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """Wrap a mask without checks (hot paths of the engine)."""
        cardset = object.__new__(cls)
        object.__setattr__(cardset, "mask", mask)
        return cardset

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas; ``-`` or an empty text is no card.

        A suit followed by several ranks is accepted too: ``♠AK10 ♥7``.
        """
        mask = 0
        for token in re.split(r"[\s,;]+", text.strip()):
            if token in ("", "-", "—"):
                continue
            for card in _parse_token(token):
                if mask & card.bit:
                    raise InputSyntaxError(f"card {card} appears twice in {text!r}")
                mask |= card.bit
        return cls.from_mask(mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet.from_mask, (self.mask,))

    # --- set-like API -----------------------------------------------------------------

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield _CARDS[low.bit_length() - 1]
            mask ^= low

    def __reversed__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            high = mask.bit_length() - 1
            yield _CARDS[high]
            mask ^= 1 << high

    def __len__(self) -> int:
        return _popcount(self.mask)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self.mask != other.mask

    def __ge__(self, other: CardSet) -> bool:
        return other <= self

    def __gt__(self, other: CardSet) -> bool:
        return other < self

    def isdisjoint(self, other: CardSet) -> bool:
        return self.mask & other.mask == 0

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet.from_mask(self.mask | card.bit)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``; :class:`MissingCardError` (a ``KeyError``, as for a
        set) if it is not there."""
        if not self.mask >> card.index & 1:
            raise MissingCardError(f"{card} is not in the set", ru=f"{card} нет в наборе")
        return CardSet.from_mask(self.mask ^ card.bit)

    def discard(self, card: Card) -> CardSet:
        return CardSet.from_mask(self.mask & ~card.bit)

    # --- Preferans helpers -------------------------------------------------------------

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet.from_mask(self.mask & (0xFF << (8 * suit)))

    def count(self, suit: Suit) -> int:
        return _popcount(self.mask >> (8 * suit) & 0xFF)

    def has_suit(self, suit: Suit) -> bool:
        return bool(self.mask >> (8 * suit) & 0xFF)

    def highest(self) -> Card:
        if not self.mask:
            raise PreferansError("empty card set has no highest card")
        return _CARDS[self.mask.bit_length() - 1]

    def lowest(self) -> Card:
        if not self.mask:
            raise PreferansError("empty card set has no lowest card")
        return _CARDS[(self.mask & -self.mask).bit_length() - 1]

    def sorted(self, *, descending: bool = True) -> list[Card]:
        """Cards grouped by suit (♠ ♣ ♦ ♥), each suit high to low by default."""
        cards: list[Card] = []
        for suit in Suit:
            group = list(self.suit(suit))
            cards.extend(reversed(group) if descending else group)
        return cards

    def format(self, *, ascii: bool = False, by_suit: bool = False) -> str:
        """``♠A ♠K ♥7``; ``by_suit`` gives ``♠AK ♥7``; ``ascii`` gives ``SA SK H7``."""
        if by_suit:
            parts = []
            for suit in Suit:
                ranks = [c.rank for c in reversed(list(self.suit(suit)))]
                if ranks:
                    letter = suit.letter if ascii else suit.symbol
                    texts = ["T" if ascii and r is Rank.TEN else r.text for r in ranks]
                    parts.append(letter + "".join(texts))
            return " ".join(parts) if parts else "-"
        cards = self.sorted()
        if not cards:
            return "-"
        return " ".join(card.ascii if ascii else str(card) for card in cards)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"CardSet.parse('{' '.join(str(c) for c in self)}')"


def _parse_token(token: str) -> list[Card]:
    """One token: a card (``♠9``, ``S9``) or a suit with several ranks (``♠AK10``)."""
    try:
        return [Card.parse(token)]
    except InputSyntaxError:
        pass
    head, tail = token[0], token[1:]
    if head in _SUIT_BY_TEXT and tail:
        suit = _SUIT_BY_TEXT[head]
        ranks = re.findall(r"10|.", tail)
        try:
            return [Card(suit, Rank.parse(text)) for text in ranks]
        except InputSyntaxError:
            pass
    raise InputSyntaxError(f"not a card: {token!r} (write it like ♠9, ♥Q, S9, DT or D10)")


DECK: Final = CardSet.from_mask(0xFFFFFFFF)
