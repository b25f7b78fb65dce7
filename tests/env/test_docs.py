"""The example in docs/ai.md runs as written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"


def test_the_example_in_docs_ai_runs_as_written() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0
