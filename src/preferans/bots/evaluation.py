"""Hand evaluation from seed 002: the trick-estimate table and the misère "holes".

Both are club rules of thumb, not analysis: the heuristic bot bids and discards by them,
and the sampling bot uses them as a prior when it weighs deals drawn for the other hands.
Ranks below the jack (10, 9, 8, 7) are the table's "small" cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final

from preferans.cards import Card, CardSet, Rank, Suit

__all__ = [
    "MEASURED_MISERE_CATCH",
    "TALON_GAIN",
    "TRICK_TABLE",
    "MisereHole",
    "best_declarer_strain",
    "best_misere_discard",
    "declarer_tricks",
    "defence_estimate",
    "hand_tricks",
    "misere_catch",
    "misere_holes",
    "seed_misere_catch",
    "should_bid_misere",
    "should_open_bidding",
    "suit_tricks",
    "suit_tricks_range",
]

_A, _K, _Q, _J = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK
_HONOURS: Final = (_A, _K, _Q, _J)

#: Seed 002's table: (honours held, number of small cards) → (low, high) tricks.
TRICK_TABLE: Final[dict[tuple[str, int], tuple[float, float]]] = {
    ("A", 0): (1, 1),
    ("AK", 0): (2, 2),
    ("AKQ", 0): (3, 3),
    ("AKQJ", 0): (4, 4),
    ("AKQJ", 1): (5, 5),
    ("AKQJ", 2): (6, 6),
    ("AKQJ", 3): (7, 7),
    ("AKQJ", 4): (8, 8),
    ("AK", 2): (3, 3),
    ("AK", 3): (4.5, 4.5),
    ("AK", 4): (6, 6),
    ("AQ", 0): (1, 1),
    ("AQJ", 0): (1, 1),
    ("AQJ", 1): (2.5, 2.5),
    ("AQJ", 2): (3.5, 3.5),
    ("AQJ", 3): (6.5, 6.5),
    ("AQJ", 4): (7, 7),
    ("AJ", 0): (1, 1),
    ("AJ", 1): (1, 1),
    ("AJ", 2): (2, 2),
    ("AJ", 3): (4.5, 4.5),
    ("AJ", 4): (5.5, 5.5),
    ("A", 2): (1, 1),
    ("A", 3): (1.5, 1.5),
    ("A", 4): (2.5, 2.5),
    ("K", 0): (0, 0),
    ("KQ", 0): (0.7, 1),
    ("KQJ", 0): (1.5, 2),
    ("KQJ", 1): (3, 3),
    ("KQ", 2): (3, 3),
    ("KQ", 3): (4, 4),
    ("KQ", 4): (5, 5),
    ("KQJ", 4): (6, 6),
    ("KJ", 0): (0, 0),
    ("KJ", 1): (0, 0),
    ("KJ", 2): (0.5, 2),
    ("KJ", 3): (2.5, 2.5),
    ("KJ", 4): (4.5, 4.5),
    ("QJ", 0): (0, 0),
    ("QJ", 1): (0, 0.3),
    ("QJ", 2): (0.5, 1.5),
    ("QJ", 3): (3, 3),
    ("QJ", 4): (4.5, 4.5),
    ("J", 2): (0, 0),
    ("J", 3): (0, 1),
    ("J", 4): (0, 2),
    ("", 4): (0, 2),
}

_LETTER: Final = {_A: "A", _K: "K", _Q: "Q", _J: "J"}


def _pattern_ranks(honours: str, smalls: int) -> tuple[int, ...]:
    """A table row as the ranks it stands for, smalls counted as the lowest cards."""
    by_letter = {"A": _A, "K": _K, "Q": _Q, "J": _J}
    ranks = [int(by_letter[c]) for c in honours] + list(range(smalls))
    return tuple(sorted(ranks, reverse=True))


_ROWS: Final = tuple(
    (_pattern_ranks(h, n), (lo + hi) / 2, lo, hi) for (h, n), (lo, hi) in TRICK_TABLE.items()
)


def _dominates(holding: tuple[int, ...], pattern: tuple[int, ...]) -> bool:
    """Whether the holding (ranks high→low) contains cards at least as high as the pattern's."""
    if len(pattern) > len(holding):
        return False
    return all(h >= p for h, p in zip(holding, pattern, strict=False))


@cache
def _suit_value(ranks_mask: int) -> tuple[float, float, float]:
    ranks = tuple(r for r in range(7, -1, -1) if ranks_mask >> r & 1)
    honours = "".join(_LETTER[Rank(r)] for r in ranks if r >= _J)
    smalls = sum(1 for r in ranks if r < _J)
    exact = TRICK_TABLE.get((honours, smalls))
    if exact is not None:
        lo, hi = exact
        return (lo + hi) / 2, lo, hi
    # Not in the table: the best row this holding is at least as strong as. Adding a card
    # or raising one never lowers the estimate, so that is a safe lower reading.
    best = (0.0, 0.0, 0.0)
    for pattern, mid, lo, hi in _ROWS:
        if mid > best[0] and _dominates(ranks, pattern):
            best = (mid, lo, hi)
    return best


def suit_tricks(cards: CardSet, suit: Suit) -> float:
    """Tricks the table gives one suit of a hand (midpoint of a range)."""
    return _suit_value(cards.mask >> (8 * suit) & 0xFF)[0]


def suit_tricks_range(cards: CardSet, suit: Suit) -> tuple[float, float]:
    """The table's (low, high) for one suit."""
    _, lo, hi = _suit_value(cards.mask >> (8 * suit) & 0xFF)
    return lo, hi


def hand_tricks(cards: CardSet, trump: Suit | None = None) -> float:
    """Estimated tricks of a hand as declarer: the table's sum over suits.

    The table prices long suits as if they run, which holds for the trump suit; without
    trumps, or in a side suit, a long suit without its top cards is worth less, so a side
    suit is capped at its top-card tricks plus one (plus one and a half without trumps).
    """
    mask = cards.mask
    if trump is None:
        table = _NT_VALUE
        return (
            table[mask & 0xFF]
            + table[mask >> 8 & 0xFF]
            + table[mask >> 16 & 0xFF]
            + table[mask >> 24 & 0xFF]
        )
    total = 0.0
    for suit in range(4):
        part = mask >> (8 * suit) & 0xFF
        total += _TRUMP_VALUE[part] if suit == trump else _SIDE_VALUE[part]
    return total


#: Tricks the talon is expected to add to a bidder's estimate.
TALON_GAIN: Final = 0.7


def _defence_suit(part: int, *, trump_suit: bool, no_trump: bool) -> float:
    """One suit's share of :func:`defence_estimate` (``part``: the suit's eight bits)."""
    count = part.bit_count()
    if not count:
        return 0.0
    ace, king, queen = part >> Rank.ACE & 1, part >> Rank.KING & 1, part >> Rank.QUEEN & 1
    if trump_suit:
        value = ace + 0.8 * king * (count >= 2) + 0.5 * queen * (count >= 3)
        return value + max(0, count - 3) * 0.7
    value = ace + (0.9 if ace else 0.5) * king * (count >= 2 or ace)
    value += 0.25 * queen * (count >= 3) * (1 if (ace or king) else 0.6)
    if no_trump and count >= 5 and ace:
        value += 0.5 * (count - 4)
    return value


#: :func:`_defence_suit` for every holding of a suit: the trump suit, a side suit beside a
#: trump, a suit of a no-trump contract. The sampling bot prices every drawn deal's
#: defenders with them, tens of thousands of times a bid.
_DEFENCE_TRUMP: Final = tuple(_defence_suit(p, trump_suit=True, no_trump=False) for p in range(256))
_DEFENCE_SIDE: Final = tuple(_defence_suit(p, trump_suit=False, no_trump=False) for p in range(256))
_DEFENCE_NT: Final = tuple(_defence_suit(p, trump_suit=False, no_trump=True) for p in range(256))


def defence_estimate(cards: CardSet, trump: Suit | None) -> float:
    """Tricks a defender's hand should take: top cards in side suits, length in trumps."""
    mask = cards.mask
    total = 0.0
    for suit in range(4):
        part = mask >> (8 * suit) & 0xFF
        if trump is None:
            total += _DEFENCE_NT[part]
        else:
            total += _DEFENCE_TRUMP[part] if suit == trump else _DEFENCE_SIDE[part]
    return total


#: Trumps a declarer wants: with fewer, the defenders ruff his side suits.
TRUMPS_WANTED: Final = 4
#: Tricks lost for each trump short of :data:`TRUMPS_WANTED`.
SHORT_TRUMP_COST: Final = 0.8


def declarer_tricks(cards: CardSet, trump: Suit | None) -> float:
    """The declarer's estimate in a strain, comparable across strains: the table's tricks,
    a long trump suit's extra length (0.15 a card beyond three), the half trick no-trump
    costs, and :data:`SHORT_TRUMP_COST` for every trump short of four, since the table
    alone prices a side suit the same whatever the trump (so a void suit tied as trump)."""
    if trump is None:
        return hand_tricks(cards, None) - 0.5
    mask = cards.mask >> (8 * trump) & 0xFF
    short = max(0, TRUMPS_WANTED - mask.bit_count())
    return hand_tricks(cards, trump) + _LENGTH_BONUS[mask] - SHORT_TRUMP_COST * short


def best_declarer_strain(cards: CardSet) -> tuple[Suit | None, float]:
    """The strain with the highest :func:`declarer_tricks` (no-trump on a tie, then the
    longer trump suit)."""
    options: list[tuple[float, int, int, Suit | None]] = [
        (declarer_tricks(cards, None), 1, 0, None)
    ]
    for suit in Suit:
        options.append((declarer_tricks(cards, suit), 0, cards.count(suit), suit))
    value, _, _, strain = max(options, key=lambda t: (round(t[0], 9), t[1], t[2]))
    return strain, value


def _top_count(mask: int) -> int:
    n = 0
    for rank in range(7, -1, -1):
        if mask >> rank & 1:
            n += 1
        else:
            break
    return n


def best_estimate(mask: int) -> tuple[int, float]:
    """The strain (0–3 a suit, 4 no-trump) with the highest estimate, from lookup tables:
    the hot path of inference, where it runs for every imagined hand."""
    parts = (mask & 0xFF, mask >> 8 & 0xFF, mask >> 16 & 0xFF, mask >> 24 & 0xFF)
    side = _SIDE_VALUE[parts[0]] + _SIDE_VALUE[parts[1]] + _SIDE_VALUE[parts[2]]
    side += _SIDE_VALUE[parts[3]]
    best_strain = 4
    best = (
        _NT_VALUE[parts[0]] + _NT_VALUE[parts[1]] + _NT_VALUE[parts[2]] + _NT_VALUE[parts[3]]
    ) - 0.5
    for suit in range(4):
        m = parts[suit]
        value = side - _SIDE_VALUE[m] + _TRUMP_VALUE[m] + _LENGTH_BONUS[m]
        if value > best:
            best, best_strain = value, suit
    return best_strain, best


def _top_tricks(cards: CardSet, suit: Suit) -> float:
    """Winners from the top: A, AK, AKQ … counted off the highest card down."""
    return float(_top_count(cards.mask >> (8 * suit) & 0xFF))


_TRUMP_VALUE: Final = tuple(_suit_value(m)[0] for m in range(256))
_SIDE_VALUE: Final = tuple(min(_suit_value(m)[0], _top_count(m) + 1.0) for m in range(256))
_NT_VALUE: Final = tuple(min(_suit_value(m)[0], _top_count(m) + 1.5) for m in range(256))
_LENGTH_BONUS: Final = tuple(0.15 * max(0, m.bit_count() - 3) for m in range(256))


def best_trump(cards: CardSet) -> tuple[Suit | None, float]:
    """The strain with the highest estimate; no-trump only with every suit stopped."""
    best: tuple[Suit | None, float] = (None, -1.0)
    for suit in Suit:
        value = hand_tricks(cards, suit) + 0.25 * cards.count(suit)
        if value > best[1]:
            best = (suit, value)
    assert best[0] is not None
    trump_value = hand_tricks(cards, best[0])
    nt = hand_tricks(cards, None)
    stopped = all(_stopped(cards, suit) for suit in Suit)
    if stopped and nt >= trump_value:
        return None, nt
    return best[0], trump_value


def _stopped(cards: CardSet, suit: Suit) -> bool:
    mask = cards.mask >> (8 * suit) & 0xFF
    count = mask.bit_count()
    return bool(mask >> _A & 1) or (bool(mask >> _K & 1) and count >= 2)


def should_open_bidding(cards: CardSet) -> bool:
    """Seed 002: start bidding with more than 4 tricks in two suits or more than 5 in one."""
    values = sorted((suit_tricks(cards, suit) for suit in Suit), reverse=True)
    return values[0] > 5 or values[0] + values[1] > 4


# --- misère ------------------------------------------------------------------------------

#: The "clean" ladder: the i-th lowest card of a suit must not be higher than this.
_CLEAN: Final = (Rank.SEVEN, Rank.NINE, Rank.JACK, Rank.KING, Rank.ACE)


@dataclass(frozen=True, slots=True)
class MisereHole:
    """One suit's weakness on misère and the seed's chance that it is caught."""

    suit: Suit
    cards: CardSet
    catch: float
    """Probability the catchers force a trick in this suit (seed 002's figures)."""
    missing: Rank | None
    """The first pad card missing (its highest allowed rank), None when the suit is clean."""

    def describe(self) -> str:
        return f"{self.cards.format(by_suit=True)}: {round(self.catch * 100)}%"


def _r(*ranks: Rank) -> frozenset[int]:
    return frozenset(int(r) for r in ranks)


_7, _8, _9, _10 = Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN


#: Catch rates measured by double-dummy simulation (``benchmarks/misere_table.py --deals
#: 1000``, seed 0; docs/bots.md): the holding, then (own lead, the catchers' lead). They
#: replace the seed's figures, which differ by more than the measurement's 3 standard
#: errors (5 points) for every listed holding but "7 8|9 Q" on the misère player's lead.
MEASURED_MISERE_CATCH: Final[dict[frozenset[int], tuple[float, float]]] = {
    frozenset((0, 3)): (0.19, 0.28),  # 7 10
    frozenset((0, 2)): (0.0, 0.0),  # 7 9
    frozenset((0, 4)): (0.50, 0.59),  # 7 J
    frozenset((0, 5)): (0.76, 0.81),  # 7 Q
    frozenset((1,)): (0.01, 0.13),  # 8
    frozenset((1, 2)): (0.41, 0.44),  # 8 9
    frozenset((2,)): (0.44, 0.52),  # 9
    frozenset((0, 1, 5)): (0.20, 0.25),  # 7 8 Q
    frozenset((0, 2, 5)): (0.20, 0.24),  # 7 9 Q
    frozenset((0, 1, 6)): (0.48, 0.51),  # 7 8 K
    frozenset((0, 2, 6)): (0.49, 0.53),  # 7 9 K
    frozenset((0, 1, 7)): (0.79, 0.81),  # 7 8 A
    frozenset((0, 2, 7)): (0.79, 0.81),  # 7 9 A
    frozenset((0, 1, 3, 7)): (0.04, 0.04),  # 7 8 10 A
    frozenset((0, 2, 4, 7)): (0.04, 0.05),  # 7 9 J A
}


def misere_catch(ranks: Iterable[Rank], *, own_lead: bool) -> float:
    """The chance that one suit is caught: the measured rate for the holdings seed 002
    lists (:data:`MEASURED_MISERE_CATCH`), the seed's reading for the others."""
    held = frozenset(int(r) for r in ranks)
    measured = MEASURED_MISERE_CATCH.get(held)
    if measured is not None:
        return measured[0] if own_lead else measured[1]
    return seed_misere_catch(held, own_lead=own_lead)


def seed_misere_catch(ranks: Iterable[Rank | int], *, own_lead: bool) -> float:
    """Seed 002's chance that one suit is caught, by its holding.

    The listed holdings take the seed's figures; others are read by the first missing pad
    card (no seven; the second card above the nine; the third above the jack; the fourth
    above the king), the way the seed explains its own examples.
    """
    held = sorted(int(r) for r in ranks)
    n = len(held)
    if n == 0:
        return 0.0
    s = frozenset(held)
    # Seed 002's list, holding by holding.
    if s == _r(_7, _10):
        return 0.5
    if s == _r(_7, _9):
        return 0.05
    if s == _r(_7, _J):
        return 0.8
    if s == _r(_7, _Q):
        return 0.95
    if s == _r(_8):
        return 0.05 if own_lead else 0.3
    if s == _r(_8, _9):
        return 0.8
    if s == _r(_9):
        return 0.15 if own_lead else 0.85
    if n == 3 and held[0] == _7 and held[1] in (_8, _9):
        return {int(_Q): 0.2, int(_K): 0.7, int(_A): 0.98}.get(held[2], 0.0)
    if n == 4 and held[0] == _7 and held[1] in (_8, _9) and held[2] in (_10, _J) and held[3] == _A:
        return 0.1
    # Read by the first missing pad card.
    for i, rank in enumerate(held[: len(_CLEAN)]):
        if rank <= _CLEAN[i]:
            continue
        # Fewer cards above the hole leave the catchers fewer ways to force it.
        if i == 0:
            if n == 1:
                return {int(_10): 0.9}.get(rank, 0.95)
            return 0.95
        if i == 1:
            return {int(_10): 0.5, int(_J): 0.8, int(_Q): 0.95}.get(rank, 0.99)
        if i == 2:
            return {int(_Q): 0.2, int(_K): 0.7}.get(rank, 0.98)
        return 0.1
    return 0.0


def _catch_table(own_lead: bool) -> tuple[float, ...]:
    return tuple(
        misere_catch((Rank(r) for r in range(8) if m >> r & 1), own_lead=own_lead)
        for m in range(256)
    )


_CATCH_OWN: Final = _catch_table(True)
_CATCH_THEIRS: Final = _catch_table(False)


def misere_holes(cards: CardSet, *, own_lead: bool) -> list[MisereHole]:
    """Every suit of the hand with a non-zero chance of being caught."""
    holes = []
    for suit in Suit:
        group = cards.suit(suit)
        catch = misere_catch((c.rank for c in group), own_lead=own_lead)
        if catch > 0:
            ranks = sorted(c.rank for c in group)
            missing = next(
                (_CLEAN[i] for i, r in enumerate(ranks[: len(_CLEAN)]) if r > _CLEAN[i]), None
            )
            holes.append(MisereHole(suit, group, catch, missing))
    return holes


def misere_risk(cards: CardSet, *, own_lead: bool) -> float:
    """Chance at least one hole is caught, taking the suits as independent."""
    table = _CATCH_OWN if own_lead else _CATCH_THEIRS
    mask = cards.mask
    clean = (
        (1.0 - table[mask & 0xFF])
        * (1.0 - table[mask >> 8 & 0xFF])
        * (1.0 - table[mask >> 16 & 0xFF])
        * (1.0 - table[mask >> 24 & 0xFF])
    )
    return 1.0 - clean


def should_bid_misere(cards: CardSet, *, own_lead: bool) -> bool:
    """Seed 002: one or two holes caught "in sum" at most 80%, and never a suit without its
    seven, except a lone eight or nine when the misère player leads first."""
    holes = misere_holes(cards, own_lead=own_lead)
    significant = [h for h in holes if h.catch >= 0.1]
    if len(significant) > 2 or sum(h.catch for h in holes) > 0.8:
        return False
    for hole in holes:
        lowest = hole.cards.lowest().rank
        if lowest != _7:
            lone = len(hole.cards) == 1 and lowest in (_8, _9)
            if not (lone and own_lead):
                return False
    return True


def best_misere_discard(cards: CardSet, *, own_lead: bool) -> tuple[tuple[Card, Card], float]:
    """The two cards of twelve whose discard leaves the smallest chance of being caught."""
    best: tuple[tuple[Card, Card], float] | None = None
    ordered = cards.sorted()
    for a, b in combinations(ordered, 2):
        rest = CardSet.from_mask(cards.mask & ~a.bit & ~b.bit)
        risk = misere_risk(rest, own_lead=own_lead)
        # Among equal risks keep the higher cards out: they are what catchers use.
        key = risk - (a.rank + b.rank) * 1e-4
        if best is None or key < best[1] - 1e-12:
            best = ((a, b), key)
    assert best is not None
    pair, _ = best
    rest = CardSet.from_mask(cards.mask & ~pair[0].bit & ~pair[1].bit)
    return pair, misere_risk(rest, own_lead=own_lead)
