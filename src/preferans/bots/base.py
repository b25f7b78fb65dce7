"""The bot interface (the registry of levels is :mod:`preferans.bots.levels`).

A bot is handed one seat's :class:`~preferans.game.View` and nothing else, so it can only
know what a player at that seat may know. Randomness comes from a generator seeded by the
bot's seed and the view itself: the same seed and the same view give the same decision,
whatever the bot decided before (duplicate matches and hints rely on this).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from preferans.actions import Action

if TYPE_CHECKING:
    from preferans.game.views import View

__all__ = ["Bot", "decision_rng", "view_key"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for the seat whose view it is given."""

    name: str

    def choose(self, view: View) -> Action:
        """One of ``view.legal_actions``."""
        ...


def view_key(view: View) -> str:
    """A text that identifies the decision: seat, own cards and everything seen so far."""
    history = ",".join(
        f"{int(seat)}:{-1 if action is None else action.index}" for seat, action in view.history
    )
    return f"{int(view.seat)}|{view.hand.mask}|{view.phase.name}|{history}"


def decision_rng(seed: int, view: View, salt: str = "") -> random.Random:
    """A generator fixed by the seed and the view (string seeds hash with SHA-512)."""
    return random.Random(f"{seed}|{salt}|{view_key(view)}")
