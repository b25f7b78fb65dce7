"""The rules engine: one deal from the shuffle to the result (RULES §1–8).

>>> import random
>>> from preferans.rules import find_rules
>>> rules = find_rules("sochi")
>>> state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(1)))
>>> state.phase, state.to_move
(Phase.BIDDING, Seat.S)
"""

from preferans.game.deal import Deal, active_seats
from preferans.game.errors import IllegalActionError
from preferans.game.phase import Phase
from preferans.game.resample import replay, resample
from preferans.game.start import new_deal
from preferans.game.state import DealState
from preferans.game.trick import Trick
from preferans.game.views import View
from preferans.seats import Seat

__all__ = [
    "Deal",
    "DealState",
    "IllegalActionError",
    "Phase",
    "Seat",
    "Trick",
    "View",
    "active_seats",
    "new_deal",
    "replay",
    "resample",
]
