"""Int-mask helpers for the hot paths: suits are bytes of a 32-bit card mask."""

from __future__ import annotations

from typing import Final

from preferans.actions import CardAction, card_action
from preferans.cards import Card
from preferans.errors import PreferansError

__all__ = ["SUIT_MASK", "actions_of_mask", "highest_by_rank", "lowest_by_rank", "suit_actions"]

SUIT_MASK: Final = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)

#: For each suit and each byte value, the card actions of those cards in index order.
_BYTE_ACTIONS: Final[tuple[tuple[tuple[CardAction, ...], ...], ...]] = tuple(
    tuple(
        tuple(card_action(Card.from_index(8 * suit + r)) for r in range(8) if byte >> r & 1)
        for byte in range(256)
    )
    for suit in range(4)
)
_B0, _B1, _B2, _B3 = _BYTE_ACTIONS


def actions_of_mask(mask: int) -> tuple[CardAction, ...]:
    """The shared card actions of a mask, sorted by index."""
    return (
        _B0[mask & 0xFF] + _B1[mask >> 8 & 0xFF] + _B2[mask >> 16 & 0xFF] + _B3[mask >> 24 & 0xFF]
    )


def suit_actions(suit: int, mask: int) -> tuple[CardAction, ...]:
    """The card actions of ``mask`` within one suit."""
    return _BYTE_ACTIONS[suit][mask >> (8 * suit) & 0xFF]


def lowest_by_rank(mask: int) -> int:
    """Index of the lowest-ranked card (ties: the lower suit)."""
    for rank in range(8):
        row = mask >> rank & 0x01010101
        if row:
            return (row & -row).bit_length() - 1 + rank
    raise PreferansError("empty mask")


def highest_by_rank(mask: int) -> int:
    """Index of the highest-ranked card (ties: the higher suit)."""
    for rank in range(7, -1, -1):
        row = mask >> rank & 0x01010101
        if row:
            return row.bit_length() - 1 + rank
    raise PreferansError("empty mask")
