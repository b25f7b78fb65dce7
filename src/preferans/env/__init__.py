"""Preferans for game-AI programs (the ``ai`` extra: ``pip install 'preferans[ai]'``).

- :class:`PreferansEnv` (:mod:`preferans.env.aec`): a PettingZoo AEC environment, one deal
  or a whole pulya, for every variant and table size;
- the OpenSpiel game ``preferans`` (:mod:`preferans.env.spiel`, registered on import);
- :class:`SpielBot` and :class:`BotPolicy` (:mod:`preferans.env.bots`): the project's bots
  in those worlds; the ``ismcts`` and ``mcts`` bot levels (:mod:`preferans.env.levels`).

The tensor and the masks are the core's (:mod:`preferans.game.tensor`); see ``docs/ai.md``.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["BotPolicy", "PreferansEnv", "PreferansGame", "SpielBot", "env", "raw_env"]

_HOME = {
    "PreferansEnv": "preferans.env.aec",
    "env": "preferans.env.aec",
    "raw_env": "preferans.env.aec",
    "PreferansGame": "preferans.env.spiel",
    "SpielBot": "preferans.env.bots",
    "BotPolicy": "preferans.env.bots",
}


def __getattr__(name: str) -> Any:
    """Import on first use, so the PettingZoo side works without OpenSpiel and back."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'preferans.env' has no attribute {name!r}")
    try:
        module = importlib.import_module(home)
    except ImportError as error:
        raise ImportError(
            f"preferans.env.{name} needs the ai extra: pip install 'preferans[ai]' ({error})"
        ) from error
    return getattr(module, name)
