"""The registry of bot levels: ``make_bot(level, seed)`` builds a bot of a named level.

Kept apart from :mod:`preferans.bots.base` (the interface every bot module imports), so
that the registry may import the bots without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from preferans.bots.base import Bot
from preferans.bots.heuristic import HeuristicBot
from preferans.bots.random_bot import RandomBot
from preferans.bots.sampling import SamplingBot

__all__ = ["LEVELS", "level_names", "make_bot", "register_level"]

BotFactory = Callable[..., Bot]
LEVELS: dict[str, BotFactory] = {}


def register_level(name: str, factory: BotFactory) -> None:
    """Make ``make_bot(name, seed)`` build bots with ``factory(seed=..., **options)``."""
    LEVELS[name] = factory


def _ensure_builtin() -> None:
    if "random" in LEVELS:
        return
    LEVELS.setdefault("random", RandomBot)
    LEVELS.setdefault("heuristic", HeuristicBot)
    LEVELS.setdefault("sampling", SamplingBot)


def level_names() -> tuple[str, ...]:
    """Registered levels, weakest first for the built-in ones."""
    _ensure_builtin()
    return tuple(LEVELS)


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of the named level; ``options`` go to its constructor (e.g. ``samples``)."""
    _ensure_builtin()
    factory = LEVELS.get(level)
    if factory is None:
        known = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r}; known levels: {known}")
    return factory(seed=seed, **options)
