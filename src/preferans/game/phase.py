"""The phases of one deal, in the order they can occur."""

from __future__ import annotations

from enum import Enum

__all__ = ["Phase"]


class Phase(Enum):
    """Where a deal stands; each phase has its own legal actions."""

    BIDDING = "bidding"
    """Calls in turn: bids, pass, here."""
    TALON = "talon"
    """The talon is face up; with ``throw_talon`` the declarer may still refuse it."""
    DISCARD = "discard"
    """The declarer holds 12 cards and discards two, one card action each."""
    CONTRACT = "contract"
    """The declarer names the contract (or walks away)."""
    WHISTING = "whisting"
    """Defenders whist, pass or half-whist; a lone whister chooses open or closed."""
    PLAY = "play"
    """Cards are played, trick by trick."""
    CLAIM = "claim"
    """A claim is on the table; the other players accept or reject it in turn."""
    OVER = "over"
    """The deal is finished; :meth:`DealState.result` is available."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"
