"""Fair draws for seating: the tournament's use of the committed secret.

Seating is drawn the way deals are (``docs/fairness.md``): bytes from HMAC-SHA-256 keyed by
the round's secret (:class:`preferans.fairness.ByteStream`) over a message that names what
is drawn, so anybody can redraw it once the secret is revealed. The message is
``"preferans-tournament-v1" ‖ field(purpose) ‖ u32(round) ‖ u32(count) ‖ field(name)*``
with the names sorted (by their UTF-8 bytes) so that the order they were registered in
does not matter; ``field(x) = u32(len x) ‖ x``.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Final, TypeVar

from preferans.errors import PreferansError
from preferans.fairness import ByteStream

__all__ = ["DOMAIN", "draw_message", "fair_order", "uniform_below"]

#: Domain-separation prefix: seating draws can never collide with a deal's message.
DOMAIN: Final = b"preferans-tournament-v1"

T = TypeVar("T")


def _field(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def draw_message(purpose: str, round_no: int, names: Sequence[str]) -> bytes:
    """The bytes the secret is applied to for one draw (names sorted by their bytes)."""
    if not 0 <= round_no < 2**32:
        raise PreferansError(f"round numbers are 0 or more, not {round_no}")
    parts = [DOMAIN, _field(purpose.encode("utf-8")), struct.pack(">I", round_no)]
    encoded = sorted(name.encode("utf-8") for name in names)
    parts.append(struct.pack(">I", len(encoded)))
    parts.extend(_field(name) for name in encoded)
    return b"".join(parts)


def uniform_below(stream: ByteStream, bound: int) -> int:
    """A uniform integer in ``[0, bound)`` for ``1 <= bound <= 2**32``.

    Takes the fewest whole bytes that can hold ``bound - 1`` (big-endian) and rejects
    values at or above the largest multiple of ``bound`` that fits, as
    :func:`preferans.fairness.uniform_int` does with one byte.
    """
    if not 1 <= bound <= 2**32:
        raise PreferansError(f"bound must be 1 to 2**32, got {bound}")
    width = max(1, ((bound - 1).bit_length() + 7) // 8)
    space = 256**width
    limit = space - space % bound
    while True:
        value = 0
        for _ in range(width):
            value = value * 256 + stream.next_byte()
        if value < limit:
            return value % bound


def fair_order(secret: bytes, purpose: str, round_no: int, items: Sequence[T]) -> list[T]:
    """``items`` shuffled by Fisher–Yates from the top (as the deck is) with the stream of
    ``draw_message(purpose, round_no, keys)``; the items are first put in the order of
    their keys' bytes, the key of an item being ``str(item)`` (None sorts as ``""``)."""
    keyed = sorted(items, key=lambda item: _key(item).encode("utf-8"))
    stream = ByteStream(secret, draw_message(purpose, round_no, [_key(i) for i in keyed]))
    for i in range(len(keyed) - 1, 0, -1):
        j = uniform_below(stream, i + 1)
        keyed[i], keyed[j] = keyed[j], keyed[i]
    return keyed


def _key(item: object) -> str:
    return "" if item is None else str(item)
