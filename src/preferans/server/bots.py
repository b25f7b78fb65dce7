"""The one small interface behind which bots play: ``choose(level, view) -> action``.

A bot is handed only its seat's view, never the full deal. The levels are those of
``preferans.bots``; the slow ones think in the club's worker processes
(:mod:`preferans.server.thinking`). A bot that fails or answers something illegal is
replaced by a random legal action, so a broken bot can never stall a table.
"""

from __future__ import annotations

import asyncio
import logging
import random
from functools import cache
from typing import Any

from preferans.actions import Action
from preferans.server.thinking import Thinking

__all__ = ["choose", "levels", "offered"]

log = logging.getLogger(__name__)
_RNG = random.Random()
_FAST = frozenset({"random"})


def offered() -> tuple[str, ...]:
    """The levels the club offers players (named for players, strongest is the default)."""
    from preferans.bots.levels import player_levels

    return player_levels()


def levels() -> tuple[str, ...]:
    """Bot levels a table may seat (the offered ones and the engineering names)."""
    try:
        from preferans.bots.levels import level_names

        return tuple(level_names())
    except Exception:
        return ("random",)


@cache
def _bot(level: str) -> Any:
    from preferans.bots.levels import make_bot

    return make_bot(level, seed=_RNG.getrandbits(32))


async def choose(level: str, view: Any, thinking: Thinking | None = None) -> Action:
    """The bot's action for ``view``; slow levels think in ``thinking`` (else a thread)."""
    legal: tuple[Action, ...] = view.legal_actions
    try:
        if level in _FAST:
            action: Action = _bot(level).choose(view)
        elif thinking is not None:
            action = await thinking.choose(level, view)
        else:
            action = await asyncio.to_thread(_bot(level).choose, view)
    except Exception:
        log.exception("bot %s failed; playing a random legal action", level)
        return _RNG.choice(legal)
    if action not in legal:
        log.warning("bot %s chose an illegal %s; playing a random legal action", level, action)
        return _RNG.choice(legal)
    return action
