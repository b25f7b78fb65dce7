"""Every script under benchmarks/ starts: a command answers ``--help`` with its usage, a
helper module imports. A benchmark is run by hand, rarely, so a broken import (a helper
renamed in another script) would otherwise wait for the one person who needs it."""

from __future__ import annotations

import pytest
from benchmark_scripts import BENCHMARKS, load, run

SCRIPTS = sorted(path.stem for path in BENCHMARKS.glob("*.py"))


def _is_command(name: str) -> bool:
    return '__name__ == "__main__"' in (BENCHMARKS / f"{name}.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_script_starts(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if _is_command(name):
        done = run(name, "--help", timeout=120)
        assert done.returncode == 0, done.stderr
        assert "usage:" in done.stdout
    else:
        # as when a command imports it: its siblings are on the path
        monkeypatch.syspath_prepend(str(BENCHMARKS))
        assert load(name).__doc__
