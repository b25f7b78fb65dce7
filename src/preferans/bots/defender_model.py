"""How the master's defenders answer a declared game, as the declarer and a defender's
partner imagine it in a drawn deal.

The seed's rule (whist when the defence estimate reaches half the obligation) is what the
heuristic does, not what the master does: in master self-play (Sochi) the rule said whist
at 40% of the six-level calls, the master whisted at 22% of them, and after a pass the
second defender half-whists rather than passes. So the pricing of a contract, which
depends on whether it is played and who whists, is better served by the master's own
calls, fitted here as a logistic in three things a drawn deal shows: the defender's
estimate over his share of the obligation, the declarer's double-dummy tricks over his
level (the master whists a contract that fails more often, having read the declarer's
cards), and what was said before him. Fitted on greedy whist (Sochi); a second fit on the
gentleman's whist of Leningrad, where the master whists more, fits those calls better but
priced Leningrad worse in a match, so the bot uses it only when asked (``style_whists``).
docs/bots.md has the data and the fits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Final

from preferans.contracts import Contract

if TYPE_CHECKING:
    from preferans.rules import Rules


class Before(Enum):
    """What the other defender has said when this one calls."""

    NOTHING = "nothing"
    PASS = "pass"
    WHIST = "whist"
    HALF_WHIST = "half-whist"


@dataclass(frozen=True, slots=True)
class WhistHabit:
    """The fitted logistic: an intercept per situation at the six and seven levels (the
    first call; the second defender's after a pass or a whist; the first's second word
    after a half-whist), one from the eight level up (where the obligation is one trick
    and the master nearly always whists), and slopes per trick of the defence estimate
    over the defender's share of the obligation and per double-dummy trick the declarer
    takes over his level (clipped to -3..+2)."""

    low_intercept: dict[Before, float]
    high_intercept: float
    estimate_slope: float
    surplus_slope: float


#: Greedy whist (Sochi, Rostov): 531 calls of Sochi master self-play, seed 17.
GREEDY_HABIT: Final = WhistHabit(
    low_intercept={
        Before.NOTHING: -0.38,
        Before.PASS: -0.80,
        Before.WHIST: -0.64,
        Before.HALF_WHIST: -1.99,
    },
    high_intercept=2.76,
    estimate_slope=1.4,
    surplus_slope=-0.42,
)
#: Gentleman's whist (Leningrad: a failed contract's whists shared with the passer, a
#: whister's shortfall at half the doubled rate): the master whists more often (60% of
#: first calls where the greedy fit says 43%). 362 calls of Leningrad master self-play,
#: seed 17.
GENTLEMAN_HABIT: Final = WhistHabit(
    low_intercept={
        Before.NOTHING: 0.56,
        Before.PASS: -1.16,
        Before.WHIST: 0.21,
        Before.HALF_WHIST: -0.14,
    },
    high_intercept=2.07,
    estimate_slope=2.12,
    surplus_slope=-0.29,
)


def whist_habit(rules: Rules) -> WhistHabit:
    """The master's habit under these rules' whist style."""
    return GENTLEMAN_HABIT if rules.whist_style == "gentleman" else GREEDY_HABIT


def obligation_share(contract: Contract) -> float:
    """The tricks a defender's estimate is measured against, by the rule and by the fit:
    half the defence's obligation up to the seven level, one trick from the eight up."""
    return contract.defence_obligation / 2 if contract.level <= 7 else 1.0


def whist_chance(
    estimate: float,
    need: float,
    surplus: int,
    before: Before,
    *,
    high: bool,
    habit: WhistHabit = GREEDY_HABIT,
) -> float:
    """The chance a master defender whists: ``estimate`` his defence estimate, ``need``
    his share of the obligation, ``surplus`` the declarer's double-dummy tricks over his
    level in the deal, ``high`` a contract of the eight level or more."""
    intercept = habit.high_intercept if high else habit.low_intercept[before]
    clipped = max(-3, min(2, surplus))
    z = intercept + habit.estimate_slope * (estimate - need) + habit.surplus_slope * clipped
    return 1.0 / (1.0 + math.exp(-z))
