"""Running ``python -m preferans`` the way a user's shell does, for the CLI tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

#: A bare environment: no colours, UTF-8 whatever the locale, nothing of the test runner's.
ENV = {"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}


def run(
    *args: str, stdin: str = "", cwd: Path | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """``preferans ARGS`` in a fresh process, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "preferans", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        check=False,
        env=ENV,
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused command writes on stderr (never a traceback)."""
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]
