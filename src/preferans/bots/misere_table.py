"""Seed 002's misère table checked by double-dummy simulation.

The seed prices one suit's holding on misère ("7 10" caught in 50% of cases, "7 9" in 5%
on the misère player's lead, a lone 8 in 5% / 30% ...). This module measures each such
holding: the misère hand holds it in one suit and clean suits elsewhere (every other suit
priced 0 by the seed), the twenty-two other cards are dealt at random to the two catchers
(ten each) and the discard (two, out of play), and the solver plays misère with every
card visible, as catchers play once the hand is laid open and the discard is deduced
from the twelve cards they see. A deal is caught when the misère player cannot be held
to no trick. The opening lead is the misère player's ("own lead") or a catcher's, each
catcher leading half of the deals.

Double-dummy catchers also see the hand before their opening lead, which real catchers do
not, so the rates on the catchers' lead are upper bounds; on the misère player's lead
they are exact for this deal model.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from preferans.bots.evaluation import seed_misere_catch
from preferans.cards import Rank, Suit
from preferans.errors import PreferansError
from preferans.solver import Objective, Position, solve_many

__all__ = [
    "HOLDINGS",
    "Holding",
    "Measured",
    "caught_rate",
    "deal_for",
    "measure",
]

_RANKS = {"7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN}
_RANKS |= {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}


@dataclass(frozen=True, slots=True)
class Holding:
    """One row of the seed's list: the ranks of the suit and the seed's figures."""

    label: str
    ranks: tuple[Rank, ...]
    seed_own: float | None
    """The seed's catch rate on the misère player's lead (None: the seed gives none)."""
    seed_theirs: float | None
    """On the catchers' lead."""

    @property
    def mask(self) -> int:
        """The holding as a suit mask (bit = rank)."""
        return sum(1 << int(r) for r in self.ranks)


def _holding(label: str, own: float | None, theirs: float | None) -> Holding:
    return Holding(label, tuple(_RANKS[t] for t in label.split()), own, theirs)


#: Seed 002's list, row by row; "7 8|9 Q" and the like are split into both holdings.
HOLDINGS: tuple[Holding, ...] = (
    _holding("7 10", 0.5, 0.5),
    _holding("7 9", 0.05, None),
    _holding("7 J", 0.8, 0.8),
    _holding("7 Q", 0.95, 0.95),
    _holding("8", 0.05, 0.3),
    _holding("8 9", 0.8, 0.8),
    _holding("9", 0.15, 0.85),
    _holding("7 8 Q", 0.2, 0.2),
    _holding("7 9 Q", 0.2, 0.2),
    _holding("7 8 K", 0.7, 0.7),
    _holding("7 9 K", 0.7, 0.7),
    _holding("7 8 A", 1.0, 1.0),
    _holding("7 9 A", 1.0, 1.0),
    _holding("7 8 10 A", 0.1, 0.1),
    _holding("7 9 J A", 0.1, 0.1),
)

_HOLE_SUIT = Suit.SPADES
_OTHER = tuple(s for s in Suit if s is not _HOLE_SUIT)


def _clean(mask: int) -> bool:
    """Whether the seed prices this suit at 0 on either lead (the seed's figures, so the
    deals do not move when the heuristic takes the measured ones)."""
    ranks = [r for r in range(8) if mask >> r & 1]
    seed = seed_misere_catch
    return seed(ranks, own_lead=True) == 0 and seed(ranks, own_lead=False) == 0


_CLEAN_SUITS = frozenset(m for m in range(256) if _clean(m))


def deal_for(holding: Holding, rng: random.Random) -> tuple[int, int, int]:
    """Hands (card masks) of the misère player and the two catchers; the two cards left
    out are the discard. The misère hand is the holding in spades plus a uniformly drawn
    clean rest (rejection sampling over the other three suits)."""
    hole = holding.mask << (8 * _HOLE_SUIT)
    others = [8 * s + r for s in _OTHER for r in range(8)]
    need = 10 - len(holding.ranks)
    while True:
        rest = rng.sample(others, need)
        mask = sum(1 << c for c in rest)
        if all((mask >> (8 * s) & 0xFF) in _CLEAN_SUITS for s in _OTHER):
            break
    declarer = hole | mask
    unseen = [c for c in range(32) if not declarer >> c & 1]
    rng.shuffle(unseen)
    first = sum(1 << c for c in unseen[:10])
    second = sum(1 << c for c in unseen[10:20])
    return declarer, first, second


@dataclass(frozen=True, slots=True)
class Measured:
    """A holding's measured catch rates over ``deals`` deals for each lead."""

    holding: Holding
    deals: int
    own: float
    theirs: float


def caught_rate(hands: Sequence[tuple[int, int, int]], *, own_lead: bool) -> float:
    """Share of the deals in which the misère player (seat 0) takes a trick."""
    positions = [
        Position(hands=h, leader=0 if own_lead else 1 + i % 2) for i, h in enumerate(hands)
    ]
    tricks = solve_many(positions, Objective.MISERE, 0, threads=1)
    return sum(1 for t in tricks if t > 0) / len(tricks)


def measure(holding: Holding, deals: int, seed: int = 0) -> Measured:
    """Catch rates of one holding over ``deals`` seeded deals (the same deals for both
    leads)."""
    if deals < 1:
        raise PreferansError(
            f"need at least one deal, got {deals}", ru=f"нужна хотя бы одна сдача, задано {deals}"
        )
    rng = random.Random(f"misere-table|{holding.label}|{seed}")
    hands = [deal_for(holding, rng) for _ in range(deals)]
    own = caught_rate(hands, own_lead=True)
    theirs = caught_rate(hands, own_lead=False)
    return Measured(holding, deals, own, theirs)
