"""The scripts under benchmarks/, found, imported and run the one way for every test here.

The scripts are not a package, so each test used to carry its own copy of the path, the
importlib loading and the subprocess call; they live here once instead.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def script(name: str) -> Path:
    """The path of ``benchmarks/<name>.py``."""
    return BENCHMARKS / f"{name}.py"


def load(name: str) -> ModuleType:
    """Import ``benchmarks/<name>.py`` afresh, registered in ``sys.modules`` as
    ``benchmark_<name>`` (the dataclasses of some scripts look their module up there; the
    prefix keeps it apart from the test packages, e.g. ``tournament``)."""
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", script(name))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def run(name: str, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``benchmarks/<name>.py`` with ``args`` in a fresh interpreter, capturing its
    output as text."""
    return subprocess.run(
        [sys.executable, str(script(name)), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
