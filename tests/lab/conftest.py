"""Engines written in a few lines of Python, for the protocol tests."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

#: A complete engine: answers hello, then picks a legal action with a generator seeded by
#: the deal's seed and the view (so it is reproducible), counting the deal_over messages.
ENGINE = """
import json, random, sys
mode = sys.argv[1] if len(sys.argv) > 1 else "good"
seen = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "protocol": 1, "name": "tiny"}), flush=True)
    elif msg["type"] == "decide":
        legal = [a["index"] for a in msg["view"]["legal_actions"]]
        rng = random.Random(f"{msg['seed']}|{json.dumps(msg['view'], sort_keys=True)}")
        seen += 1
        if mode == "not-json":
            print("let me think", flush=True)
        elif mode == "not-an-answer":
            print(json.dumps({"move": legal[0]}), flush=True)
        elif mode == "unknown-index":
            print(json.dumps({"action": 10**6}), flush=True)
        elif mode == "illegal":
            print(json.dumps({"action": next(i for i in range(32) if i not in legal)}), flush=True)
        elif mode == "late":
            import time; time.sleep(5)
        elif mode == "dies" and seen % 2 == 0:
            sys.exit(3)
        else:
            print(json.dumps({"action": rng.choice(legal), "reason": "dice"}), flush=True)
    elif msg["type"] == "deal_over" and len(sys.argv) > 2:
        with open(sys.argv[2], "a") as log:
            log.write(json.dumps(msg["values"]) + "\\n")
    elif msg["type"] == "quit":
        break
"""


@pytest.fixture(scope="session")
def engine_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("engine") / "tiny_engine.py"
    path.write_text(ENGINE, encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def engine_cmd(engine_path: Path) -> Callable[..., str]:
    """``cmd:`` specification of the tiny engine in a mode (``good``, ``late`` …)."""

    def make(mode: str = "good", *extra: str) -> str:
        return " ".join(["cmd:" + sys.executable, str(engine_path), mode, *extra])

    return make


@pytest.fixture(scope="session")
def preferans_bot() -> str:
    """This project's ``preferans bot`` as a command line."""
    return f"{sys.executable} -m preferans bot"
