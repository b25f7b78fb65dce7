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
cards), and what was said before him. docs/bots.md has the data and the fit.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Final

from preferans.contracts import Contract


class Before(Enum):
    """What the other defender has said when this one calls."""

    NOTHING = "nothing"
    PASS = "pass"
    WHIST = "whist"
    HALF_WHIST = "half-whist"


#: Intercepts per situation at the six and seven levels (the first call; the second
#: defender's after a pass or a whist; the first's second word after a half-whist).
LOW_INTERCEPT: Final[dict[Before, float]] = {
    Before.NOTHING: -0.38,
    Before.PASS: -0.80,
    Before.WHIST: -0.64,
    Before.HALF_WHIST: -1.99,
}
#: From the eight level up the obligation is one trick and the master nearly always whists.
HIGH_INTERCEPT: Final = 2.76
#: Per trick of the defence estimate over the defender's share of the obligation.
ESTIMATE_SLOPE: Final = 1.4
#: Per double-dummy trick the declarer takes over his level (clipped to -3..+2).
SURPLUS_SLOPE: Final = -0.42


def obligation_share(contract: Contract) -> float:
    """The tricks a defender's estimate is measured against, by the rule and by the fit:
    half the defence's obligation up to the seven level, one trick from the eight up."""
    return contract.defence_obligation / 2 if contract.level <= 7 else 1.0


def whist_chance(
    estimate: float, need: float, surplus: int, before: Before, *, high: bool
) -> float:
    """The chance a master defender whists: ``estimate`` his defence estimate, ``need``
    his share of the obligation, ``surplus`` the declarer's double-dummy tricks over his
    level in the deal, ``high`` a contract of the eight level or more."""
    intercept = HIGH_INTERCEPT if high else LOW_INTERCEPT[before]
    z = intercept + ESTIMATE_SLOPE * (estimate - need) + SURPLUS_SLOPE * max(-3, min(2, surplus))
    return 1.0 / (1.0 + math.exp(-z))
