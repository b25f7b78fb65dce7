"""Whatever the input, the reader answers with a record or a NotationError, nothing else."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from preferans.notation import NotationError, from_json, loads, to_json

GOLDEN = (Path(__file__).parent / "golden" / "sochi.pref").read_text(encoding="utf-8")
LINES = GOLDEN.splitlines(keepends=True)


def _read(text: str) -> None:
    try:
        loads(text)
    except NotationError as error:
        assert error.line is None or 1 <= error.line <= max(1, len(text.splitlines()) + 1)


@settings(max_examples=150, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from('[]"\\#:,; \n\t0123456789SWNE♠♣♦♥AKQJT ДealTrick'), max_size=200
    )
)
def test_random_text(text: str) -> None:
    _read(text)


@settings(max_examples=200, deadline=None)
@given(
    line=st.integers(min_value=0, max_value=len(LINES) - 1),
    start=st.integers(min_value=0, max_value=80),
    length=st.integers(min_value=0, max_value=6),
    insert=st.text(alphabet=st.sampled_from('x9,:;"# ♠-=/'), max_size=3),
)
def test_mutated_golden(line: int, start: int, length: int, insert: str) -> None:
    lines = list(LINES)
    target = lines[line]
    lines[line] = target[:start] + insert + target[start + length :]
    _read("".join(lines))


@settings(max_examples=100, deadline=None)
@given(
    position=st.integers(min_value=0, max_value=3000),
    length=st.integers(min_value=1, max_value=8),
    insert=st.text(alphabet=st.sampled_from('x9,:"{}[] '), max_size=3),
)
def test_mutated_json(position: int, length: int, insert: str) -> None:
    text = to_json(loads(GOLDEN))
    with contextlib.suppress(NotationError):
        from_json(text[:position] + insert + text[position + length :])
