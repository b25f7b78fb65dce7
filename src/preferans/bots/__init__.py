"""Bots of three levels and the hints built on them.

``make_bot(level, seed)`` builds a bot; a bot's ``choose(view)`` sees one seat's
:class:`~preferans.game.View` and returns one of its legal actions. Levels: ``random``
(a baseline), ``heuristic`` (seed 002's rules of thumb), ``sampling`` (expected whists over
double-dummy solutions of deals consistent with the view). See ``docs/bots.md``.
"""

from preferans.bots.base import Bot
from preferans.bots.levels import LEVELS, level_names, make_bot, register_level

__all__ = ["LEVELS", "Bot", "hint", "level_names", "make_bot", "register_level"]


def __getattr__(name: str) -> object:
    if name == "hint":
        from preferans.bots.hints import hint

        return hint
    raise AttributeError(name)
