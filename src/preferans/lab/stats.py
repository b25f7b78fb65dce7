"""Statistics for matches: Student's t intervals and a sequential probability ratio test.

A match of a few dozen deals is a small sample: its 95% interval must use Student's t
quantile, not the normal 1.96 (with 10 deals the t quantile is 2.26, 15% wider). The t
distribution function for an integer number of degrees of freedom has a closed form
(a finite trigonometric series), which is inverted here by bisection; no SciPy needed.

The SPRT (Wald's sequential test, as chess engine testing uses it) watches the per-deal
differences and stops a match as soon as they show the mean difference nearer ``mu1``
(the change is better) or nearer ``mu0`` (it is not), with error rates ``alpha`` and
``beta``, using the normal approximation with the variance measured so far.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from preferans.errors import InputSyntaxError, RecordError, RulesError

__all__ = ["SPRT", "Verdict", "interval", "nearest_rank", "t_cdf", "t_quantile"]

#: Degrees of freedom from which the normal quantile with a first-order correction is used.
LARGE_DF = 4000


def _central(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with ``df`` degrees of freedom (t ≥ 0)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    s = math.sin(theta)
    if df % 2 == 1:
        if df == 1:
            return 2.0 * theta / math.pi
        term = math.cos(theta)
        total = term
        for k in range(3, df - 1, 2):
            term *= c2 * (k - 1) / k
            total += term
        return 2.0 / math.pi * (theta + s * total)
    term = 1.0
    total = 1.0
    for k in range(2, df - 1, 2):
        term *= c2 * (k - 1) / k
        total += term
    return s * total


def t_cdf(t: float, df: int) -> float:
    """The distribution function of Student's t with ``df`` ≥ 1 degrees of freedom."""
    if df < 1:
        raise RulesError(
            "degrees of freedom must be at least 1", ru="степеней свободы — не меньше 1"
        )
    half = 0.5 * _central(abs(t), df)
    return 0.5 + half if t >= 0 else 0.5 - half


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t (e.g. ``t_quantile(0.975, 9)`` ≈ 2.262)."""
    if not 0.0 < p < 1.0:
        raise RulesError(
            "p must lie strictly between 0 and 1", ru="p должно быть строго между 0 и 1"
        )
    if df < 1:
        raise RulesError(
            "degrees of freedom must be at least 1", ru="степеней свободы — не меньше 1"
        )
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if p == 0.5:
        return 0.0
    if df >= LARGE_DF:
        z = statistics.NormalDist().inv_cdf(p)
        return z + (z**3 + z) / (4.0 * df)
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        high *= 2.0
    for _ in range(100):
        mid = 0.5 * (low + high)
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
        if high - low < 1e-12 * max(1.0, high):
            break
    return 0.5 * (low + high)


def nearest_rank(ordered: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of sorted samples: the smallest value with at least
    ``fraction`` of the samples at or below it."""
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def interval(samples: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """Mean and the Student's t ``level`` interval of the mean (infinite for one sample)."""
    n = len(samples)
    if n == 0:
        raise RecordError("no samples", ru="нет выборки")
    mean = statistics.fmean(samples)
    if n == 1:
        return mean, -math.inf, math.inf
    half = t_quantile(0.5 + level / 2.0, n - 1) * statistics.stdev(samples) / math.sqrt(n)
    return mean, mean - half, mean + half


class Verdict(Enum):
    MU1 = "mu1"
    """The data favour ``mu1``: the change is better (by about ``mu1`` or more)."""
    MU0 = "mu0"
    """The data favour ``mu0``: the change is not better than ``mu0`` (worse, when
    ``mu0`` is negative)."""


@dataclass(frozen=True)
class SPRT:
    """Wald's test of mean difference ``mu0`` against ``mu1`` (whists per deal)."""

    mu0: float
    mu1: float
    alpha: float = 0.05
    beta: float = 0.05
    min_deals: int = 20
    """No verdict before this many deals: the variance must be measured first."""

    def __post_init__(self) -> None:
        if not self.mu0 < self.mu1:
            raise RulesError("the SPRT needs MU0 < MU1", ru="для SPRT нужно MU0 < MU1")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise RulesError(
                "alpha and beta must lie between 0 and 0.5",
                ru="alpha и beta должны быть между 0 и 0.5",
            )
        if self.min_deals < 2:
            raise RulesError(
                "the SPRT needs at least 2 deals before a verdict",
                ru="SPRT нужно не меньше 2 сдач до вердикта",
            )

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratios at which the test accepts ``mu0`` and ``mu1``."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, differences: Sequence[float]) -> float:
        """Log-likelihood ratio of ``mu1`` over ``mu0`` (normal, variance estimated)."""
        n = len(differences)
        if n < 2:
            return 0.0
        variance = statistics.variance(differences)
        if variance <= 0:
            variance = 1e-9
        total = math.fsum(differences)
        return (self.mu1 - self.mu0) / variance * (total - n * (self.mu0 + self.mu1) / 2.0)

    def verdict(self, differences: Sequence[float]) -> Verdict | None:
        if len(differences) < self.min_deals:
            return None
        low, high = self.bounds
        value = self.llr(differences)
        if value >= high:
            return Verdict.MU1
        if value <= low:
            return Verdict.MU0
        return None

    def describe(self, verdict: Verdict) -> str:
        if verdict is Verdict.MU1:
            return f"SPRT: the difference is nearer {self.mu1:+g} than {self.mu0:+g} (better)"
        worse = " (worse)" if self.mu0 < 0 else " (not better)"
        return f"SPRT: the difference is nearer {self.mu0:+g} than {self.mu1:+g}{worse}"

    @classmethod
    def parse(cls, text: str) -> SPRT:
        """``MU0,MU1`` or ``MU0,MU1,ALPHA,BETA`` (the ``--sprt`` option)."""
        parts = [p.strip() for p in text.split(",")]
        if len(parts) not in (2, 4):
            raise InputSyntaxError(
                f"--sprt takes MU0,MU1 or MU0,MU1,ALPHA,BETA, not {text!r}",
                ru=f"--sprt принимает MU0,MU1 или MU0,MU1,ALPHA,BETA, а не {text!r}",
            )
        try:
            numbers = [float(p) for p in parts]
        except ValueError:
            raise InputSyntaxError(
                f"--sprt takes numbers, not {text!r}", ru=f"--sprt принимает числа, а не {text!r}"
            ) from None
        if not all(math.isfinite(x) for x in numbers):
            raise InputSyntaxError(
                "--sprt takes finite numbers", ru="--sprt принимает конечные числа"
            )
        if len(numbers) == 2:
            return cls(numbers[0], numbers[1])
        return cls(numbers[0], numbers[1], numbers[2], numbers[3])
