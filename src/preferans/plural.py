"""Russian nouns after a whole number: "1 взятка", "2 взятки", "5 взяток"."""

from __future__ import annotations

__all__ = ["plural_ru"]


def plural_ru(count: int, one: str, few: str, many: str) -> str:
    """The form of a noun after ``count``: ``one`` after 1, 21, 31…; ``few`` after 2–4,
    22–24…; ``many`` otherwise (5–20, 25–30…, and 11–14)."""
    if count % 10 == 1 and count % 100 != 11:
        return one
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return few
    return many
