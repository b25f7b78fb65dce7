"""The weakest level: a uniformly random legal action (a baseline for matches and tests).

One exception, in the Balkan game: the kontra chain is unbounded and each answer doubles,
so a uniform choice there would give a payoff without a finite mean (each step continues
with probability 1/2 and doubles the stake). The random bot answers a kontra with
re-kontra (or higher) never: once a kontra has been said, it passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.actions import KONTRA, Action
from preferans.bots.base import decision_rng
from preferans.errors import PreferansError

if TYPE_CHECKING:
    from preferans.game.views import View

__all__ = ["RandomBot"]


class RandomBot:
    """Picks any legal action with equal probability, reproducibly from its seed."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise PreferansError(f"{view.seat} has nothing to decide now")
        if view.rules.is_balkan and any(view.kontra.values()):
            legal = tuple(a for a in legal if a != KONTRA) or legal
        return decision_rng(self.seed, view, "random").choice(legal)
