"""The club's rating formula (seed 000, "Расчет рейтинга"; RULES §9.5).

Δ = round((n·k·L/20 − d·S/20) / 50): n the player's whists from the settlement, k the
variant's coefficient, L the pulya length and S the deals played (both capped at 20), d the
player's rating minus the mean of the others'. A table whose ratings spread over more than
400 points is not rated; a Δ whose sign contradicts n's is set to 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Final, TypeVar

from preferans.errors import PreferansError, RulesError

__all__ = ["MAX_SPREAD", "VARIANT_K", "rate_pulya", "rating_delta"]

#: Variant coefficient k (Piter 1, Sochi 2, Rostov 4/3).
VARIANT_K: Final[dict[str, Fraction]] = {
    "leningrad": Fraction(1),
    "piter": Fraction(1),
    "sochi": Fraction(2),
    "rostov": Fraction(4, 3),
}
#: A table whose max − min rating exceeds this is not rated.
MAX_SPREAD: Final = 400
_CAP: Final = 20

Key = TypeVar("Key")


def _round_half_away(value: Fraction) -> int:
    """The seed writes round(); we round halves away from zero (not to even): a player with
    +x and one with −x move by the same amount."""
    magnitude = abs(value)
    whole = magnitude.numerator // magnitude.denominator
    if magnitude - whole >= Fraction(1, 2):
        whole += 1
    return whole if value >= 0 else -whole


def rating_delta(
    whists: Fraction | int,
    k: Fraction | int,
    length: int,
    deals: int,
    difference: Fraction | int | float,
) -> int:
    """Δ for one player: ``whists`` = n, ``length`` = L, ``deals`` = S, ``difference`` = d."""
    n = Fraction(whists)
    L = min(length, _CAP)
    S = min(deals, _CAP)
    d = Fraction(difference)
    delta = _round_half_away((n * Fraction(k) * L / 20 - d * S / 20) / 50)
    if (n > 0 and delta < 0) or (n < 0 and delta > 0):
        return 0
    return delta


def rate_pulya(
    ratings: Mapping[Key, Fraction | int | float],
    whists: Mapping[Key, Fraction | int],
    variant: str,
    length: int,
    deals: int,
) -> dict[Key, int] | None:
    """Every player's Δ for one pulya, or None when the table's spread exceeds 400."""
    if set(ratings) != set(whists):
        raise PreferansError("ratings and whists must name the same players")
    if len(ratings) < 2:
        raise PreferansError("a rated pulya needs at least two players")
    try:
        k = VARIANT_K[variant]
    except KeyError:
        raise RulesError(f"no rating coefficient for variant {variant!r}") from None
    values = {p: Fraction(r) for p, r in ratings.items()}
    if max(values.values()) - min(values.values()) > MAX_SPREAD:
        return None
    total = sum(values.values(), Fraction(0))
    others = len(values) - 1
    return {
        p: rating_delta(whists[p], k, length, deals, values[p] - (total - values[p]) / others)
        for p in ratings
    }
