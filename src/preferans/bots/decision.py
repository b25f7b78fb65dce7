"""What a searching bot decides and why: the chosen action and the options it weighed.

Its own room, below the bots and the family registry, so a family's sampling decision can
be typed without the sampling bot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from preferans.actions import Action
from preferans.cards import CardSet

__all__ = ["Decision", "Option"]


@dataclass(frozen=True)
class Option:
    """One candidate action with the evidence behind it."""

    action: Action
    value: float
    """Expected whists for the deciding seat (higher is better)."""
    tricks: float | None = None
    """Expected tricks: the declarer's on a game, one's own on raspasy and misère."""
    chance: float | None = None
    """Probability of the event that matters: contract made, misère caught, raspasy
    reached (a pass while nobody has bid)."""
    discard: CardSet | None = None
    """The declarer's discard this option stands for, while the discard is still open."""


@dataclass(frozen=True)
class Decision:
    """The chosen action, the options weighed and how many deals were looked at."""

    action: Action
    options: tuple[Option, ...] = ()
    samples: int = 0
    exact: bool = False
    method: str = "sampling"
    """``sampling``, ``exact``, ``forced`` (one sensible move) or ``heuristic`` (a fallback)."""
    notes: dict[str, float] = field(default_factory=dict)
