"""Contracts, the bidding ladder and prices.

Balkan (Serbian) games are contracts too, flagged ``balkan``: a number 2–7 that names its
game (2 ♠, 3 ♦, 4 ♥, 5 ♣, 6 betl, 7 sans), with or without the talon (igra). They live on
their own ladder (:func:`balkan_ladder`) and never compare with the Russian ones.

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
from typing import TYPE_CHECKING, Final

from preferans.cards import Suit
from preferans.errors import InputSyntaxError, PreferansError

if TYPE_CHECKING:
    from preferans.rules import Rules

_VARIANT_RU = {"sochi": "Сочи", "leningrad": "Ленинград", "rostov": "Ростов"}

__all__ = [
    "BALKAN_STRAIN",
    "DEFENCE_OBLIGATION",
    "MISERE",
    "PRICE",
    "Contract",
    "Strain",
    "balkan_ladder",
    "bid_ladder",
]


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
#: Balkan games by number (seed 003): the number names the game; 6 is betl (no trump,
#: no trick), 7 is sans (no trump).
BALKAN_STRAIN: Final[dict[int, Strain | None]] = {
    2: Strain.SPADES,
    3: Strain.DIAMONDS,
    4: Strain.HEARTS,
    5: Strain.CLUBS,
    6: None,
    7: Strain.NO_TRUMP,
}
_BALKAN_WORDS: Final[dict[str, int]] = {
    "betl": 6,
    "бетл": 6,
    "беттель": 6,
    "беттел": 6,
    "bettel": 6,
    "sans": 7,
    "санс": 7,
    "sanac": 7,
    "санац": 7,
}


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
    balkan: bool = False
    """A Balkan game: ``level`` 2–7 names the strain (:data:`BALKAN_STRAIN`)."""

    def __post_init__(self) -> None:
        if self.balkan:
            if self.level not in BALKAN_STRAIN or BALKAN_STRAIN[self.level] != self.strain:
                raise PreferansError(
                    "a Balkan game is 2♠, 3♦, 4♥, 5♣, 6 betl or 7 sans; "
                    f"not level {self.level} with {self.strain}"
                )
            return
        if self.strain is None:
            if self.level != 0:
                raise PreferansError("a misère has no level; use Contract.misere()")
        elif self.level not in PRICE:
            raise PreferansError(f"contract level must be 6–10, got {self.level}")

    @classmethod
    def misere(cls, *, without_talon: bool = False) -> Contract:
        return cls(0, None, without_talon)

    @classmethod
    def balkan_game(cls, number: int, *, without_talon: bool = False) -> Contract:
        """The Balkan game of ``number`` (2–7)."""
        if number not in BALKAN_STRAIN:
            raise PreferansError(f"a Balkan game is numbered 2–7, not {number}")
        return cls(number, BALKAN_STRAIN[number], without_talon, True)

    @property
    def is_misere(self) -> bool:
        """Misère, or the Balkan betl: no trumps, the declarer must take no trick."""
        return self.strain is None

    @property
    def value(self) -> int:
        """Balkan: the bula value, 2 × number, one number more without the talon (seed 003:
        clubs 10, clubs without the talon 12, betl 12, sans 14)."""
        if not self.balkan:
            raise PreferansError("only a Balkan game has a bula value")
        return 2 * (self.level + (1 if self.without_talon else 0))

    @property
    def trump(self) -> Suit | None:
        return None if self.strain is None else self.strain.trump

    @property
    def price(self) -> int:
        """Points into pulya on success (seed 000's table); a Balkan game's bula value."""
        if self.balkan:
            return self.value
        return MISERE_PRICE if self.strain is None else PRICE[self.level]

    @property
    def tricks_needed(self) -> int:
        """Tricks the declarer must take (Balkan: always 6; betl: see ``is_misere``)."""
        return 6 if self.balkan else self.level

    @property
    def defence_obligation(self) -> int:
        """Tricks the whisters must take together; 0 for misère (it is caught)."""
        if self.balkan:
            return 0 if self.strain is None else 4
        return 0 if self.strain is None else DEFENCE_OBLIGATION[self.level]

    @property
    def ladder_key(self) -> int:
        """Orders bids: higher key beats lower. A bid without the talon sits just above the
        same bid with it (RULES §3: 6♠ 6♠бп 6♣ 6♣бп …), and misère between 8БКбп and 9♠.
        Seed 002, which outranks RULES, says a misère without the talon is beaten only by a
        ten without the talon: so at the ten level every bid with the talon comes first,
        then the misère without the talon, then the tens without it. Balkan keys (2000+)
        sit above every Russian one; every Balkan game without the talon beats every one
        with it."""
        if self.balkan:
            return 2000 + (100 if self.without_talon else 0) + self.level
        if self.strain is None:
            return 1045 if self.without_talon else 890
        if self.level == 10 and self.without_talon:
            return 1050 + 10 * self.strain
        return self.level * 100 + 10 * self.strain + (5 if self.without_talon else 0)

    @property
    def index_key(self) -> int:
        """The order of the actions' stable indices (fixed once and for all, so stored
        records keep their meaning): each level's bids with the talon, then without."""
        if self.balkan:
            return self.ladder_key
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
    def parse(cls, text: str, rules: Rules | None = None) -> Contract:
        """Read ``7♣``, ``6БК``, ``6NT``, ``7C``, ``мизер``, ``misere``; suffix ``бп``/``bp``
        (or the words "без прикупа"/"without talon") for a bid without the talon.

        With ``rules``, only the contracts of the rules' variant family are read, and a
        contract of the other family is refused in words its players know."""
        raw = text.strip()
        try:
            contract = cls._parse(text)
        except InputSyntaxError:
            if rules is None:
                raise
            contract = None
        if rules is not None and (contract is None or contract.balkan != rules.is_balkan):
            variant = rules.variant.title()
            if not rules.is_balkan:
                raise InputSyntaxError(
                    f"{raw!r} is not a contract in {variant}: a bid is six to ten tricks"
                    " (6♠, 7♣, 8♦, 9♥, 10БК) or мизер",
                    ru=f"«{raw}» — не игра в «{_VARIANT_RU.get(rules.variant, variant)}»:"
                    " заказывают от шести до десяти взяток (6♠, 7♣, 8♦, 9♥, 10БК) или мизер",
                )
            raise InputSyntaxError(
                f"{raw!r} is not a Balkan game: 2♠, 3♦, 4♥, 5♣, betl or sans",
                ru=f"«{raw}» — не балканская игра: 2♠, 3♦, 4♥, 5♣, бетл или санс",
            )
        assert contract is not None
        return contract

    @classmethod
    def _parse(cls, text: str) -> Contract:
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
        if cleaned in _BALKAN_WORDS:
            return cls.balkan_game(_BALKAN_WORDS[cleaned], without_talon=without)
        balkan = re.fullmatch(r"([2-5])\s*([♠♣♦♥scdhптбчк])", cleaned)
        if balkan is not None:
            contract = cls.balkan_game(int(balkan.group(1)), without_talon=without)
            if Strain(int(Suit.parse(balkan.group(2)))) != contract.strain:
                raise InputSyntaxError(
                    f"not a contract: {raw!r} (a Russian bid is six to ten tricks: 6♠, 7♣,"
                    " 8БК, мизер; a Balkan game is 2♠, 3♦, 4♥, 5♣, betl or sans)",
                    ru=f"не игра: «{raw}» (в русском преферансе заказывают от шести до десяти"
                    " взяток: 6♠, 7♣, 8БК, мизер; в балканском — 2♠, 3♦, 4♥, 5♣, бетл, санс)",
                )
            return contract
        match = re.fullmatch(r"(10|[6-9])\s*(бк|nt|bk|[♠♣♦♥scdhптбчк])", cleaned)
        if match is None:
            raise InputSyntaxError(
                f"not a contract: {raw!r} (write it like 6♠, 7♣, 8БК, 6NT, 7C or мизер)",
                ru=f"не игра: «{raw}» (пишите так: 6♠, 7♣, 8БК, 6NT, 7C или мизер)",
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
        if self.balkan and self.strain is None:
            return ("betl" if ascii or not russian else "бетл") + suffix
        if self.balkan and self.strain is Strain.NO_TRUMP:
            return ("sans" if ascii or not russian else "санс") + suffix
        if self.strain is None:
            return ("misere" if ascii else "мизер" if russian else "misère") + suffix
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


@cache
def balkan_ladder() -> tuple[Contract, ...]:
    """Every Balkan game in ascending order: 2–7 with the talon, then 2–7 without it."""
    return tuple(
        Contract.balkan_game(n, without_talon=w) for w in (False, True) for n in BALKAN_STRAIN
    )
