"""A hint for the player to move: the bots' hint function if there is one, else the
strongest bot's own choice (and the player is told which of the two it was)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from preferans.actions import Action
from preferans.bots.levels import DEFAULT_LEVEL, make_bot
from preferans.game import View

__all__ = ["Hint", "get_hint", "strongest_level"]


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action, where it came from and, if the hint module gives one, why."""

    action: Action
    from_module: bool
    level: str | None = None
    reason: str | None = None


def strongest_level() -> str:
    """The strongest level within the time budget (the players' default)."""
    return DEFAULT_LEVEL


def _module_hint() -> Callable[..., Any] | None:
    try:
        module = importlib.import_module("preferans.bots.hints")
    except ImportError:
        return None
    function = getattr(module, "hint", None)
    return function if callable(function) else None


def get_hint(view: View, seed: int = 0, lang: str = "en") -> Hint:
    """A legal action for ``view.seat`` to take now, with the module's reason if any."""
    function = _module_hint()
    if function is not None:
        try:
            answer = function(view, seed=seed)
        except Exception:  # a hint module still changing must not end a game
            answer = None
        action = getattr(answer, "action", answer)
        if action is not None and action in view.legal_actions:
            return Hint(
                action, True, level=getattr(answer, "level", None), reason=_reason(answer, lang)
            )
    level = strongest_level()
    return Hint(make_bot(level, seed).choose(view), False, level=level)


def _reason(answer: object, lang: str) -> str | None:
    """The hint's explanation: ``text(lang)`` of :mod:`preferans.bots.hints`, or a string."""
    text = getattr(answer, "text", None)
    if callable(text):
        try:
            value = text(lang)
        except TypeError:
            value = text()
        return value if isinstance(value, str) and value else None
    for name in ("reason", "explanation"):
        value = getattr(answer, name, None)
        if isinstance(value, str) and value:
            return value
    return None
