"""Golden records, one per variant: read and re-written byte for byte, and they replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from preferans.notation import dumps, from_json, loads, to_json
from preferans.notation.fair import check_fairness
from preferans.notation.replay import replay

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.pref"))


def test_one_golden_per_variant() -> None:
    assert [f.stem for f in FILES] == ["leningrad", "rostov", "sochi"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_rewrites_byte_identically(path: Path) -> None:
    data = path.read_bytes()
    record = loads(data.decode("utf-8"))
    assert record.rules.variant == path.stem
    assert dumps(record).encode("utf-8") == data
    assert from_json(to_json(record)) == record


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_replays_and_verifies(path: Path) -> None:
    record = loads(path.read_text(encoding="utf-8"))
    played = replay(record)
    assert len(played.states) == len(record.deals)
    assert check_fairness(record).ok
