"""The weakest level: a uniformly random legal action (a baseline for matches and tests)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.actions import Action
from preferans.bots.base import decision_rng

if TYPE_CHECKING:
    from preferans.game import View

__all__ = ["RandomBot"]


class RandomBot:
    """Picks any legal action with equal probability, reproducibly from its seed."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"{view.seat} has nothing to decide now")
        return decision_rng(self.seed, view, "random").choice(legal)
