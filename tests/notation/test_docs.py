"""The full example of docs/notation.md is a real record: it reads, re-writes, replays."""

from __future__ import annotations

from pathlib import Path

from preferans.notation import dumps, loads
from preferans.notation.fair import check_fairness
from preferans.notation.replay import replay

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"


def _example() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## A full example", 1)[1]
    return section.split("```\n", 2)[1]


def test_docs_example_is_canonical_and_replays() -> None:
    example = _example()
    record = loads(example)
    assert dumps(record) == example
    replay(record)
    assert check_fairness(record).ok


def test_seed_tag_spellings() -> None:
    text = '[S-seed "a"]\n[SeedWest "b"]\n[СидВосток "c"]\n[NorthSeed "d"]\n'
    record = loads(text)
    assert [s.name for s in record.seeds] == ["S", "W", "N", "E"]
