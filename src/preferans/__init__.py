"""Preferans (преферанс): the rules engine and everything built on it.

The engine modules (cards, seats, contracts, rules, actions, game, result) use the standard
library only and know nothing of the server or the clients.
"""

from preferans.actions import Action, Bid, Call, CallKind, CardAction, Claim, Declare
from preferans.cards import DECK, Card, CardSet, Rank, Suit
from preferans.contracts import Contract, Strain
from preferans.errors import InputSyntaxError, PreferansError, RecordError, RulesError
from preferans.game.errors import IllegalActionError
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import Rules, find_rules
from preferans.seats import Seat

__all__ = [
    "DECK",
    "Action",
    "Bid",
    "Call",
    "CallKind",
    "Card",
    "CardAction",
    "CardSet",
    "Claim",
    "Contract",
    "DealKind",
    "DealResult",
    "Declare",
    "IllegalActionError",
    "InputSyntaxError",
    "PreferansError",
    "Rank",
    "RecordError",
    "Rules",
    "RulesError",
    "Seat",
    "Strain",
    "Suit",
    "WhistChoice",
    "find_rules",
]

__version__ = "0.1.0"
