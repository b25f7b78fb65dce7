"""Drive ``preferans play`` in a pseudo-terminal the way a person would (pexpect)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

import pexpect  # type: ignore[import-untyped]

PROMPT: Final = "> "
END: Final = "Game record written"
#: ``1) ♠A``: the numbered choices on the ``Choices:`` line.
CHOICE = re.compile(r"(\d+)\) (.+?)(?=\s{2}\d+\)|$)")


def spawn(args: list[str], cwd: Path, *, color: bool = False) -> pexpect.spawn:
    """``python -m preferans ARGS`` in a pty, UTF-8, 200 columns."""
    env = {**os.environ, "COLUMNS": "200", "LINES": "50", "PYTHONIOENCODING": "utf-8"}
    env.pop("NO_COLOR", None)
    if not color:
        args = [*args, "--no-color"]
    if args and args[0] == "play":
        args = [*args, "--line"]  # the scrolling log; the full-screen table has its own tests
    child = pexpect.spawn(
        sys.executable,
        ["-m", "preferans", *args],
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
    )
    child.delaybeforesend = None  # no 50 ms pause before every line: a game has hundreds
    return child


def choices(text: str) -> list[str]:
    """The choices offered in ``text`` (the last ``Choices:`` line), in order."""
    lines = [line for line in text.splitlines() if line.startswith("Choices:")]
    if not lines:
        return []
    return [m.group(2).strip() for m in CHOICE.finditer(lines[-1][len("Choices:") :].strip())]


def typed(choice: str) -> str | None:
    """How a person types a choice without its number (None: no typed form here)."""
    suits = {"♠": "s", "♣": "c", "♦": "d", "♥": "h"}
    if choice.startswith("claim"):
        return None
    if choice.startswith("play "):
        choice = choice[len("play ") :]
    if choice == "misère":
        return "misere"
    if choice[0] in suits:  # a card: ♠9 → s9
        return suits[choice[0]] + choice[1:]
    if choice[0].isdigit():  # a bid or contract: 7♣ → 7c, 6NT → 6nt
        return "".join(suits.get(ch, ch) for ch in choice).lower()
    return choice


def play_out(child: pexpect.spawn, answer: str = "1", limit: int = 2000) -> str:
    """Answer every prompt with ``answer`` until the game ends; the text seen last."""
    for _ in range(limit):
        index = child.expect([PROMPT, END, pexpect.EOF])
        if index == 0:
            child.sendline(answer)
        elif index == 1:
            seen = str(child.before)
            child.expect(pexpect.EOF)
            return seen + END + str(child.before)
        else:
            return str(child.before)
    raise AssertionError("the game did not end")


def answer(child: pexpect.spawn, line: str, reply: str) -> None:
    """At the next prompt type ``line``, then wait for ``reply`` (a pattern)."""
    child.expect(PROMPT)
    child.sendline(line)
    child.expect(reply)


def play_choosing(
    child: pexpect.spawn, pick: Callable[[list[str]], str], limit: int = 500
) -> tuple[str, set[str]]:
    """Answer every prompt with ``pick(choices offered)`` until the game record is written;
    the text seen on the way and every choice that was offered."""
    seen = ""
    offered_all: set[str] = set()
    for _ in range(limit):
        index = child.expect([PROMPT, END])
        seen += str(child.before)
        if index == 1:
            return seen, offered_all
        offered = choices(str(child.before))
        assert offered, child.before
        offered_all.update(offered)
        child.sendline(pick(offered))
    raise AssertionError("the game did not end")


def quit_unsaved(child: pexpect.spawn, word: str, warning: str) -> None:
    """Quit a game nothing saves: the first ``word`` warns with ``warning``, the second
    ends the program, which exits 0."""
    child.sendline(word)
    child.expect(warning)
    child.sendline(word)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
