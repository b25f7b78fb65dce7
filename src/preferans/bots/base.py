"""The bot interface and the registry of levels.

A bot is handed one seat's :class:`~preferans.game.View` and nothing else, so it can only
know what a player at that seat may know. Randomness comes from a generator seeded by the
bot's seed and the view itself: the same seed and the same view give the same decision,
whatever the bot decided before (duplicate matches and hints rely on this).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from preferans.actions import Action

if TYPE_CHECKING:
    from preferans.game import View

__all__ = [
    "LEVELS",
    "SEES_WHOLE_DEAL",
    "Bot",
    "decision_rng",
    "level_names",
    "make_bot",
    "register_level",
    "view_key",
]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for the seat whose view it is given."""

    name: str

    def choose(self, view: View) -> Action:
        """One of ``view.legal_actions``."""
        ...


BotFactory = Callable[..., Bot]
LEVELS: dict[str, BotFactory] = {}
#: Levels that decide from the whole deal (``choose_state``), not from one seat's view:
#: matches and benchmarks may seat them, the club never does.
SEES_WHOLE_DEAL: frozenset[str] = frozenset({"oracle"})


def register_level(name: str, factory: BotFactory) -> None:
    """Make ``make_bot(name, seed)`` build bots with ``factory(seed=..., **options)``."""
    LEVELS[name] = factory


def _ensure_builtin() -> None:
    if "random" in LEVELS:
        return
    from preferans.bots.heuristic import HeuristicBot
    from preferans.bots.oracle import OracleBot
    from preferans.bots.random_bot import RandomBot
    from preferans.bots.sampling import SamplingBot

    LEVELS.setdefault("random", RandomBot)
    LEVELS.setdefault("heuristic", HeuristicBot)
    LEVELS.setdefault("sampling", SamplingBot)
    LEVELS.setdefault("oracle", OracleBot)


def level_names(*, whole_deal: bool = False) -> tuple[str, ...]:
    """Registered levels, weakest first for the built-in ones; those that see the whole
    deal (:data:`SEES_WHOLE_DEAL`) only with ``whole_deal`` (matches, benchmarks)."""
    _ensure_builtin()
    return tuple(name for name in LEVELS if whole_deal or name not in SEES_WHOLE_DEAL)


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of the named level; ``options`` go to its constructor (e.g. ``samples``)."""
    _ensure_builtin()
    factory = LEVELS.get(level)
    if factory is None:
        known = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r}; known levels: {known}")
    return factory(seed=seed, **options)


def view_key(view: View) -> str:
    """A text that identifies the decision: seat, own cards and everything seen so far."""
    history = ",".join(
        f"{int(seat)}:{-1 if action is None else action.index}" for seat, action in view.history
    )
    return f"{int(view.seat)}|{view.hand.mask}|{view.phase.name}|{history}"


def decision_rng(seed: int, view: View, salt: str = "") -> random.Random:
    """A generator fixed by the seed and the view (string seeds hash with SHA-512)."""
    return random.Random(f"{seed}|{salt}|{view_key(view)}")
