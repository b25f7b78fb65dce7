"""Hints for the player to move, computed off the event loop.

A hint runs the sampling bot (the solver on sampled deals), which takes from milliseconds to
a second: long enough to stall every table of the process if it ran on the loop, so it runs
where the bots think (:mod:`preferans.server.thinking`). The advice is computed from the
asking seat's view only, like a bot's move, so a hint can never reveal a card the player
could not see.
"""

from __future__ import annotations

from typing import Any

from preferans.server.protocol import action_json
from preferans.server.thinking import Thinking

__all__ = ["compute_hint", "hint_message"]


async def compute_hint(thinking: Thinking, view: Any, level: str = "sampling") -> Any:
    """The ``preferans.bots.hints.Hint`` for ``view``."""
    return await thinking.hint(view, level)


def hint_message(request_id: str | int | None, advice: Any, lang: str | None) -> dict[str, Any]:
    """The reply: the action, its reason in the asker's language (both when unknown)."""
    both = f"{advice.text_en}\n{advice.text_ru}"
    reason = advice.text(lang) if lang in ("ru", "en") else both
    return {
        "type": "hint",
        "id": request_id,
        "action": action_json(advice.action),
        "reason": reason,
        "reasons": {"en": advice.text_en, "ru": advice.text_ru},
    }
