"""Contracts, the bidding ladder and prices.

The ladder (seed 000): 6♠ 6♣ 6♦ 6♥ 6БК 7♠ … 8БК, misère, 9♠ … 10БК. With the optional
without-talon bids (seed 002) every level gets a second block of the same five strains
without the talon, above the level's ordinary bids, and the misère without the talon sits
between the tens with and without the talon, so that only a ten without the talon beats it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from typing import Final

from preferans.cards import Suit

__all__ = [
    "DEFENCE_OBLIGATION",
    "MISERE",
    "PRICE",
    "Contract",
    "ContractParseError",
    "Strain",
    "bid_ladder",
]


class ContractParseError(ValueError):
    """A contract text that cannot be read."""


class Strain(IntEnum):
    """Trump suit or no-trump, in bidding seniority."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMP = 4

    @property
    def trump(self) -> Suit | None:
        return None if self is Strain.NO_TRUMP else Suit(self.value)

    @property
    def symbol(self) -> str:
        return "БК" if self is Strain.NO_TRUMP else Suit(self.value).symbol

    @property
    def ascii(self) -> str:
        return "NT" if self is Strain.NO_TRUMP else Suit(self.value).letter

    @classmethod
    def from_suit(cls, suit: Suit | None) -> Strain:
        return Strain.NO_TRUMP if suit is None else Strain(int(suit))

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


#: Price of a contract by level (seed 000); misère costs 10.
PRICE: Final[dict[int, int]] = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
MISERE_PRICE: Final = 10
#: Tricks the defending side must take together (seeds 001, 002).
DEFENCE_OBLIGATION: Final[dict[int, int]] = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}


@dataclass(frozen=True, slots=True)
class Contract:
    """A bid or a contract: a level with a strain, or misère; with or without the talon.

    >>> Contract.parse("7♣")
    Contract.parse('7♣')
    >>> Contract.parse("6NT") > Contract.parse("6H")
    True
    """

    level: int
    strain: Strain | None
    without_talon: bool = False

    def __post_init__(self) -> None:
        if self.strain is None:
            if self.level != 0:
                raise ValueError("a misère has no level; use Contract.misere()")
        elif self.level not in PRICE:
            raise ValueError(f"contract level must be 6–10, got {self.level}")

    @classmethod
    def misere(cls, *, without_talon: bool = False) -> Contract:
        return cls(0, None, without_talon)

    @property
    def is_misere(self) -> bool:
        return self.strain is None

    @property
    def trump(self) -> Suit | None:
        return None if self.strain is None else self.strain.trump

    @property
    def price(self) -> int:
        """Points into pulya on success (seed 000's table)."""
        return MISERE_PRICE if self.strain is None else PRICE[self.level]

    @property
    def tricks_needed(self) -> int:
        return self.level

    @property
    def defence_obligation(self) -> int:
        """Tricks the whisters must take together; 0 for misère (it is caught)."""
        return 0 if self.strain is None else DEFENCE_OBLIGATION[self.level]

    @property
    def ladder_key(self) -> int:
        """Orders bids: higher key beats lower."""
        if self.strain is None:
            return 1040 if self.without_talon else 890
        return self.level * 100 + (50 if self.without_talon else 0) + self.strain

    def __lt__(self, other: Contract) -> bool:
        return self.ladder_key < other.ladder_key

    def __le__(self, other: Contract) -> bool:
        return self.ladder_key <= other.ladder_key

    def __gt__(self, other: Contract) -> bool:
        return self.ladder_key > other.ladder_key

    def __ge__(self, other: Contract) -> bool:
        return self.ladder_key >= other.ladder_key

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ``7♣``, ``6БК``, ``6NT``, ``7C``, ``мизер``, ``misere``; suffix ``бп``/``bp``
        (or the words "без прикупа"/"without talon") for a bid without the talon."""
        raw = text.strip()
        cleaned = raw.lower().replace("ё", "е")
        without = False
        for suffix in ("без прикупа", "without talon", "without the talon", "бп", "bp", "б/п"):
            if cleaned.endswith(suffix):
                without = True
                cleaned = cleaned[: -len(suffix)].strip()
                break
        if cleaned in ("мизер", "misere", "misère", "m"):
            return cls.misere(without_talon=without)
        match = re.fullmatch(r"(10|[6-9])\s*(бк|nt|bk|[♠♣♦♥scdhптбчк])", cleaned)
        if match is None:
            raise ContractParseError(
                f"not a contract: {raw!r} (write it like 6♠, 7♣, 8БК, 6NT, 7C or мизер)"
            )
        level = int(match.group(1))
        strain_text = match.group(2)
        if strain_text in ("бк", "nt", "bk"):
            strain = Strain.NO_TRUMP
        else:
            strain = Strain(int(Suit.parse(strain_text)))
        return cls(level, strain, without)

    def format(self, *, ascii: bool = False, russian: bool = True) -> str:
        suffix = ("bp" if ascii else "бп") if self.without_talon else ""
        if self.strain is None:
            return ("misere" if ascii or not russian else "мизер") + suffix
        strain = self.strain.ascii if ascii else self.strain.symbol
        if not russian and self.strain is Strain.NO_TRUMP and not ascii:
            strain = "NT"
        return f"{self.level}{strain}{suffix}"

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Contract.parse('{self}')"


MISERE: Final = Contract.misere()


@cache
def bid_ladder(no_talon_bids: bool = False) -> tuple[Contract, ...]:
    """Every bid in ascending order."""
    bids = [Contract(level, strain) for level in PRICE for strain in Strain]
    bids.append(MISERE)
    if no_talon_bids:
        bids += [Contract(level, strain, True) for level in PRICE for strain in Strain]
        bids.append(Contract.misere(without_talon=True))
    return tuple(sorted(bids))
