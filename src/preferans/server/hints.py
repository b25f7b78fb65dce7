"""Hints for the player to move, computed off the event loop.

A hint runs the sampling bot (the solver on sampled deals), which takes from milliseconds to
a second: long enough to stall every table of the process if it ran on the loop, so it runs
in a small thread pool of its own (bots playing at tables keep theirs). The advice is
computed from the asking seat's view only, like a bot's move, so a hint can never reveal a
card the player could not see.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from preferans.server.protocol import action_json

__all__ = ["compute_hint", "hint_message"]

log = logging.getLogger(__name__)
_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="hint")


def _compute(view: Any, level: str) -> Any:
    from preferans.bots.hints import hint

    try:
        return hint(view, level)
    except Exception:
        if level == "heuristic":
            raise
        log.exception("the %s hint failed; falling back to the heuristic", level)
        return hint(view, "heuristic")


async def compute_hint(view: Any, level: str = "sampling") -> Any:
    """The ``preferans.bots.hints.Hint`` for ``view``, from the hint pool."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_POOL, _compute, view, level)


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
