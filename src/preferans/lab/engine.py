"""The engine side of the protocol: one of this project's bot levels behind stdin/stdout.

``preferans bot --level sampling`` runs :func:`serve`. The bot for a deal is built from the
``seed`` of each ``decide`` message, so an engine behind the protocol makes exactly the
decisions the same level makes inside the runner's process with that seed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from preferans.bots.base import Bot
from preferans.bots.levels import make_bot
from preferans.lab.protocol import PROTOCOL_VERSION, encode
from preferans.lab.views import view_from_dict
from preferans.rules import Rules

__all__ = ["EngineError", "serve"]


class EngineError(RuntimeError):
    """The runner sent something this engine cannot act on."""


class _Engine:
    def __init__(self, factory: Callable[[int], Bot], name: str) -> None:
        self.factory = factory
        self.name = name
        self.rules: Rules | None = None
        self.bot: Bot | None = None
        self.seed: int | None = None

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        kind = message.get("type")
        if kind == "hello":
            version = message.get("protocol")
            if version != PROTOCOL_VERSION:
                raise EngineError(f"protocol {version!r} is not {PROTOCOL_VERSION}")
            self.rules = Rules.from_dict(message["rules"])
            return {"type": "ready", "protocol": PROTOCOL_VERSION, "name": self.name}
        if kind == "decide":
            if self.rules is None:
                raise EngineError("decide before hello")
            view = view_from_dict(message["view"], self.rules)
            seed = int(message.get("seed", 0))
            if self.bot is None or seed != self.seed:
                self.bot, self.seed = self.factory(seed), seed
            decide = getattr(self.bot, "decide", None)
            if decide is not None:
                decision = decide(view)
                return {"action": decision.action.index, "reason": decision.method}
            return {"action": self.bot.choose(view).index}
        if kind in ("deal_over", "quit"):
            return None
        raise EngineError(f"unknown message type {kind!r}")


def serve(
    level: str,
    options: dict[str, Any],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Answer the runner until ``quit`` or the end of input; 0, or 1 on a bad message."""
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout
    make_bot(level, seed=0, **options)  # bad options fail before the hello, not in a deal
    engine = _Engine(lambda seed: make_bot(level, seed=seed, **options), f"preferans {level}")
    for line in source:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise EngineError("a message must be a JSON object")
            answer = engine.handle(message)
        except (EngineError, ValueError, KeyError, TypeError) as error:
            print(f"preferans bot: bad message from the runner: {error}", file=sys.stderr)
            return 1
        if answer is not None:
            sink.write(encode(answer) + "\n")
            sink.flush()
        if message.get("type") == "quit":
            return 0
    return 0
