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


def register_level(name: str, factory: BotFactory) -> None:
    """Make ``make_bot(name, seed)`` build bots with ``factory(seed=..., **options)``."""
    LEVELS[name] = factory


def _ensure_builtin() -> None:
    if "random" in LEVELS:
        return
    from preferans.bots.heuristic import HeuristicBot
    from preferans.bots.random_bot import RandomBot
    from preferans.bots.sampling import SamplingBot

    LEVELS.setdefault("random", RandomBot)
    LEVELS.setdefault("heuristic", HeuristicBot)
    LEVELS.setdefault("sampling", SamplingBot)
    _load_plugins()


#: Levels offered by installed packages that could not load (their extra is missing).
UNAVAILABLE: dict[str, str] = {}


def _load_plugins() -> None:
    """Levels other packages (or the optional extras) offer in the ``preferans.bots``
    entry-point group, e.g. ``ismcts`` with ``pip install preferans[ai]``."""
    from importlib.metadata import entry_points

    for entry in entry_points(group="preferans.bots"):
        try:
            factory = entry.load()
        except ImportError as error:
            UNAVAILABLE[entry.name] = str(error)
            continue
        LEVELS.setdefault(entry.name, factory)


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
        if level in UNAVAILABLE:
            raise ValueError(
                f"bot level {level!r} needs the ai extra (pip install 'preferans[ai]'): "
                f"{UNAVAILABLE[level]}; known levels: {known}"
            )
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
