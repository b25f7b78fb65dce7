"""Is a path usable before any work depends on it?

A game must not find out at its end that its record cannot be written: every path the
command line or the prompt names is checked when it is named.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["readable_problem", "writable_problem"]


def writable_problem(path: Path) -> str | None:
    """Why a file cannot be written at ``path`` (None when it can); nothing is created."""
    if path.is_dir():
        return "it is a directory"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.exists():
        return f"no directory {parent}"
    if not parent.is_dir():
        return f"{parent} is not a directory"
    if path.exists() and not os.access(path, os.W_OK):
        return "the file is not writable"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"the directory {parent} is not writable"
    return None


def readable_problem(path: Path) -> str | None:
    """Why ``path`` cannot be read as a file (None when it can)."""
    if not path.exists():
        return "no such file"
    if path.is_dir():
        return "it is a directory"
    if not os.access(path, os.R_OK):
        return "the file is not readable"
    return None
