"""Provably fair dealing: commit to a secret, derive every deal from it, reveal it after.

Before the pulya the server publishes ``commitment(secret)`` (SHA-256). Each deal's card
order is a Fisher–Yates shuffle driven by HMAC-SHA-256 keyed by the secret over the table
id, the deal number and the players' own seeds, so the server cannot choose the cards once
the players have sent their seeds, and the players cannot predict them. After the pulya the
secret is revealed and anybody can recompute the commitment and every deal. The exact
byte-level algorithm is in ``docs/fairness.md``; this module is its reference.

Standard library only, so that a player can check a record with nothing but Python.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from preferans.cards import Card
from preferans.errors import PreferansError, RecordError
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import Deal
    from preferans.rules import Rules

__all__ = [
    "DOMAIN",
    "SECRET_BYTES",
    "ByteStream",
    "check_commitment",
    "commitment",
    "deal_message",
    "deal_source",
    "fair_deal",
    "new_secret",
    "parse_secret",
    "shuffled_order",
    "uniform_int",
]

#: Domain-separation prefix of every HMAC message; the version changes if the algorithm does.
DOMAIN: Final = b"preferans-deal-v1"
#: Length of a fresh secret: 256 bits, as much as the hash can commit to.
SECRET_BYTES: Final = 32


def new_secret() -> bytes:
    """A fresh secret from the operating system's CSPRNG."""
    return secrets.token_bytes(SECRET_BYTES)


def parse_secret(text: str) -> bytes:
    """Read a secret written as hex (the form records and the server publish)."""
    cleaned = text.strip().lower()
    try:
        secret = bytes.fromhex(cleaned)
    except ValueError:
        raise RecordError(f"a secret is written in hex digits, not {text!r}") from None
    if not secret:
        raise RecordError("the secret is empty")
    return secret


def commitment(secret: bytes) -> str:
    """The public commitment: SHA-256 of the secret's bytes, as 64 lowercase hex digits."""
    if not secret:
        raise RecordError("the secret is empty")
    return hashlib.sha256(secret).hexdigest()


def check_commitment(published: str, secret: bytes) -> bool:
    """Whether the revealed ``secret`` is the one committed to (constant-time compare)."""
    return hmac.compare_digest(published.strip().lower(), commitment(secret))


def _field(data: bytes) -> bytes:
    """A length-prefixed field, so that no two different inputs give the same message."""
    return struct.pack(">I", len(data)) + data


def deal_message(table_id: str, deal_number: int, seeds: Mapping[Seat, str]) -> bytes:
    """The bytes the secret is applied to for one deal (see docs/fairness.md).

    ``DOMAIN ‖ field(table id) ‖ u32(deal number) ‖ u32(count) ‖ (field(seat) ‖ field(seed))*``
    with the seeds in seat order S, W, N, E, text in UTF-8 and ``field(x) = u32(len x) ‖ x``.
    """
    if not 1 <= deal_number < 2**32:
        raise RecordError(f"deal numbers start at 1, got {deal_number}")
    parts = [
        DOMAIN,
        _field(table_id.encode("utf-8")),
        struct.pack(">I", deal_number),
        struct.pack(">I", len(seeds)),
    ]
    for seat in sorted(seeds):
        parts.append(_field(Seat(seat).name.encode("ascii")))
        parts.append(_field(seeds[seat].encode("utf-8")))
    return b"".join(parts)


class ByteStream:
    """HMAC-SHA-256 in counter mode: block i is ``HMAC(secret, message ‖ u32(i))``."""

    def __init__(self, secret: bytes, message: bytes) -> None:
        if not secret:
            raise RecordError("the secret is empty")
        self._secret = secret
        self._message = message
        self._counter = 0
        self._buffer = b""
        self._position = 0

    def _refill(self) -> None:
        block = struct.pack(">I", self._counter)
        self._buffer = hmac.new(self._secret, self._message + block, hashlib.sha256).digest()
        self._counter += 1
        self._position = 0

    def next_byte(self) -> int:
        if self._position >= len(self._buffer):
            self._refill()
        byte = self._buffer[self._position]
        self._position += 1
        return byte

    def __iter__(self) -> Iterator[int]:
        while True:
            yield self.next_byte()


def uniform_int(stream: ByteStream, bound: int) -> int:
    """A uniform integer in ``[0, bound)`` for ``1 <= bound <= 256`` by rejection sampling.

    One byte per attempt; bytes at or above the largest multiple of ``bound`` are thrown
    away, so every result has exactly the same number of byte values behind it.
    """
    if not 1 <= bound <= 256:
        raise PreferansError(f"bound must be 1–256, got {bound}")
    limit = 256 - 256 % bound
    while True:
        byte = stream.next_byte()
        if byte < limit:
            return byte % bound


def shuffled_order(
    secret: bytes, table_id: str, deal_number: int, seeds: Mapping[Seat, str]
) -> tuple[Card, ...]:
    """The 32 cards in dealing order for one deal.

    Starts from the deck by card index (♠7 ♠8 … ♥A) and runs Fisher–Yates from the top:
    for ``i`` from 31 down to 1, swap position ``i`` with ``uniform_int(stream, i + 1)``.
    """
    stream = ByteStream(secret, deal_message(table_id, deal_number, seeds))
    order = [Card.from_index(i) for i in range(32)]
    for i in range(31, 0, -1):
        j = uniform_int(stream, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def fair_deal(
    secret: bytes,
    table_id: str,
    deal_number: int,
    seeds: Mapping[Seat, str],
    rules: Rules,
    dealer: Seat,
) -> Deal:
    """The deal the engine plays: the shuffled order dealt by ``Deal.from_order``."""
    from preferans.game import Deal

    order: Sequence[Card] = shuffled_order(secret, table_id, deal_number, seeds)
    return Deal.from_order(order, rules, dealer)


def deal_source(
    secret: bytes, table_id: str, seeds: Mapping[Seat, str]
) -> Callable[[Rules, Seat, int], Deal]:
    """A deal source for :class:`preferans.scoring.Pulya`: deal n is ``fair_deal(…, n, …)``."""
    frozen_seeds = dict(seeds)

    def source(rules: Rules, dealer: Seat, number: int) -> Deal:
        return fair_deal(secret, table_id, number, frozen_seeds, rules, dealer)

    return source
