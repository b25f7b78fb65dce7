"""Drive the full-screen ``preferans play`` in a real pseudo-terminal (tmux) and read the
screen as a person sees it (``capture-pane``)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

#: ``1) ♠A``: the numbered choices on the ``Choices:`` line.
CHOICE = re.compile(r"(\d+)\) (.+?)(?=\s{2}\d+\)|$)")
NEXT_DEAL = "Enter: the next deal"
LEAVE = "Enter: leave the table"

HAVE_TMUX = shutil.which("tmux") is not None


class Table:
    """One game in its own tmux server (so tests never touch another's sessions)."""

    def __init__(self, args: list[str], cwd: Path, *, width: int = 120, height: int = 40) -> None:
        self.socket = f"pref-{uuid.uuid4().hex[:8]}"
        self.exit_file = cwd / "exit-code"
        command = " ".join(
            shlex.quote(part) for part in [sys.executable, "-m", "preferans", "play", *args]
        )
        shell = f"cd {shlex.quote(str(cwd))} && {command}; echo $? > {self.exit_file}; sleep 600"
        env = {**os.environ, "TERM": "xterm-256color", "PYTHONIOENCODING": "utf-8"}
        env.pop("NO_COLOR", None)
        env.pop("TMUX", None)
        for inherited in ("COLUMNS", "LINES"):  # pytest-xdist sets 80x24; the pane's size rules
            env.pop(inherited, None)
        size = ["-x", str(width), "-y", str(height)]
        subprocess.run(
            [*self.tmux, "new-session", "-d", "-s", "game", *size, shell],
            check=True,
            env=env,
        )
        self.answered: str | None = None

    @property
    def tmux(self) -> list[str]:
        return ["tmux", "-L", self.socket]

    def screen(self) -> str:
        done = subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-t", "game"],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def send(self, *keys: str, literal: bool = False) -> None:
        flags = ["-l"] if literal else []
        subprocess.run([*self.tmux, "send-keys", "-t", "game", *flags, *keys], check=True)

    def type(self, text: str) -> None:
        """Type a line into the input and press Enter."""
        self.send(text, literal=True)
        self.send("Enter")

    def resize(self, width: int, height: int) -> None:
        subprocess.run(
            [*self.tmux, "resize-window", "-t", "game", "-x", str(width), "-y", str(height)],
            check=True,
        )

    def wait_for(self, test: Callable[[str], bool], timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.screen()
            if test(text):
                return text
            time.sleep(0.1)
        raise AssertionError(f"screen never matched:\n{text}")

    def exit_code(self, timeout: float = 30) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.exit_file.exists() and self.exit_file.read_text().strip():
                return int(self.exit_file.read_text())
            time.sleep(0.1)
        raise AssertionError(f"the game did not exit:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], check=False, capture_output=True)


def choices(screen: str) -> list[str]:
    """The labels on the ``Choices:`` line (empty when it is not the person's turn)."""
    for line in screen.splitlines():
        if line.startswith("Choices:"):
            rest = line[len("Choices:") :].strip()
            return [m.group(2).strip() for m in CHOICE.finditer(rest)]
    return []


def turn_or_end(previous: str | None) -> Callable[[str], bool]:
    """The screen shows a new question, or the deal's end."""

    def test(screen: str) -> bool:
        if NEXT_DEAL in screen or LEAVE in screen:
            return True
        line = next((li for li in screen.splitlines() if li.startswith("Choices:")), None)
        return line is not None and line != previous

    return test


def choices_line(screen: str) -> str | None:
    return next((li for li in screen.splitlines() if li.startswith("Choices:")), None)
