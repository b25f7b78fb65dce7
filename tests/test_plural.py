"""Russian nouns after a number read as a Russian speaker says them."""

from __future__ import annotations

import pytest

from preferans.plural import plural_ru


@pytest.mark.parametrize(
    ("count", "word"),
    [
        (0, "взяток"),
        (1, "взятка"),
        (2, "взятки"),
        (4, "взятки"),
        (5, "взяток"),
        (11, "взяток"),
        (12, "взяток"),
        (14, "взяток"),
        (21, "взятка"),
        (22, "взятки"),
        (25, "взяток"),
        (101, "взятка"),
        (111, "взяток"),
        (112, "взяток"),
    ],
)
def test_the_form_follows_the_last_digits(count: int, word: str) -> None:
    assert plural_ru(count, "взятка", "взятки", "взяток") == word
