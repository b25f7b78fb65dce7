"""How the master's opponents answer an auction nobody has bid in: the chance a hand passes.

An early pass is priced with the raspasy it leads to, in the share of the drawn deals
where everybody still to speak passes too. The seed's rule (pass unless the table's
estimate supports a game or the hand bids misère) passes far more hands than the master
does: in master self-play (Sochi, 600 deals, 1,388 opening calls) the master passes half
the time at a best-strain table estimate of 4.7 tricks, where the rule passes up to 5.8.
So the share was too high, and an early pass was priced too much like raspasy. The fit
is a logistic in the table estimate; a hand that bids misère by the seed's rule is taken
to bid it. docs/bots.md has the data and the fit.
"""

from __future__ import annotations

import math
from typing import Final

from preferans.bots.evaluation import should_bid_misere
from preferans.bots.heuristic import declarer_estimate
from preferans.cards import CardSet

#: ``P(pass) = logistic(INTERCEPT - SLOPE * estimate)``: even at 4.7 tricks.
OPENING_PASS_INTERCEPT: Final = 6.89
OPENING_PASS_SLOPE: Final = 1.48


def opening_pass_chance(cards: CardSet, *, own_lead: bool) -> float:
    """The chance the master passes these ten cards while nobody has bid."""
    if should_bid_misere(cards, own_lead=own_lead):
        return 0.0
    _, tricks = declarer_estimate(cards)
    return 1.0 / (1.0 + math.exp(-(OPENING_PASS_INTERCEPT - OPENING_PASS_SLOPE * tricks)))
