"""The seating draw: the documented test vector, and uniform integers without bias."""

from __future__ import annotations

from collections import Counter

import pytest

from preferans.errors import PreferansError
from preferans.fairness import ByteStream
from preferans.tournament.draw import draw_message, fair_order, uniform_below

SECRET = bytes(range(32))
NAMES = ["anna", "boris", "vera", "gleb"]


def test_the_documented_vector() -> None:
    assert draw_message("round", 1, NAMES).hex() == (
        "707265666572616e732d746f75726e616d656e742d763100000005726f756e64000000010000000400"
        "000004616e6e6100000005626f72697300000004676c65620000000476657261"
    )
    assert fair_order(SECRET, "round", 1, NAMES) == ["gleb", "boris", "vera", "anna"]
    assert fair_order(SECRET, "round", 1, list(reversed(NAMES))) == [
        "gleb",
        "boris",
        "vera",
        "anna",
    ]


def test_uniform_below_covers_its_range_and_needs_two_bytes_past_256() -> None:
    stream = ByteStream(SECRET, b"test")
    counts = Counter(uniform_below(stream, 3) for _ in range(3000))
    assert set(counts) == {0, 1, 2} and min(counts.values()) > 900
    big = {uniform_below(stream, 300) for _ in range(3000)}
    assert max(big) >= 256 and min(big) == 0
    with pytest.raises(PreferansError, match="bound must be"):
        uniform_below(stream, 0)
