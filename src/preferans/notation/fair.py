"""Checking a record's deals against its fairness commitment (``docs/fairness.md``).

Kept apart from the shuffle itself so that :mod:`preferans.fairness` stays a small,
dependency-free reference; this module knows the record's shape and the dealing order.
"""

from __future__ import annotations

from dataclasses import dataclass

from preferans.errors import RecordError
from preferans.fairness import check_commitment, fair_deal, parse_secret
from preferans.notation.model import GameRecord
from preferans.scoring.pulya import FIRST_DEALER
from preferans.seats import Seat, next_seat

__all__ = ["FairnessReport", "check_fairness", "expected_dealers"]


@dataclass(frozen=True, slots=True)
class FairnessReport:
    """The answer of a check: ``ok``, or the first deal that differs and how."""

    ok: bool
    message: str
    deal: int | None = None


def expected_dealers(players: int, count: int) -> list[Seat]:
    """Who deals deals 1…count: East first, then clockwise (RULES §1)."""
    dealers = []
    seat = FIRST_DEALER
    for _ in range(count):
        dealers.append(seat)
        seat = next_seat(seat, players)
    return dealers


def check_fairness(record: GameRecord) -> FairnessReport:
    """Recompute the commitment and every deal from the revealed secret and the seeds.

    Raises :class:`RecordError` when the record lacks what a check needs (the secret,
    the commitment or the table id); a record that fails the check gives ``ok=False``.
    """
    missing = [
        tag
        for tag, value in (
            ("Commitment", record.commitment),
            ("Secret", record.secret),
            ("TableId", record.table_id),
        )
        if value is None
    ]
    if missing:
        raise RecordError(f"the record has no {', '.join(missing)} tag: nothing to verify")
    assert record.secret is not None and record.commitment is not None
    assert record.table_id is not None
    secret = parse_secret(record.secret)
    if not check_commitment(record.commitment, secret):
        return FairnessReport(False, "the revealed secret does not match the commitment")
    dealers = expected_dealers(record.rules.players, len(record.deals))
    for position, deal in enumerate(record.deals):
        number = deal.number
        if number != position + 1:
            return FairnessReport(
                False, f"deal {number} is in place {position + 1} of the record", number
            )
        if deal.dealer != dealers[position]:
            return FairnessReport(
                False,
                f"deal {number} is dealt by {deal.dealer.english}, "
                f"but it was {dealers[position].english}'s turn",
                number,
            )
        fair = fair_deal(secret, record.table_id, number, record.seeds, record.rules, deal.dealer)
        for seat in sorted(set(fair.hands) | set(deal.hands)):
            should = fair.hands.get(seat)
            has = deal.hands.get(seat)
            if should != has:
                return FairnessReport(
                    False,
                    f"deal {number} differs: {seat.english} should hold {should}, "
                    f"the record has {has}",
                    number,
                )
        if tuple(fair.talon_order) != tuple(deal.talon):
            should_talon = " ".join(str(c) for c in fair.talon_order)
            has_talon = " ".join(str(c) for c in deal.talon)
            return FairnessReport(
                False,
                f"deal {number} differs: the talon should be {should_talon}, "
                f"the record has {has_talon}",
                number,
            )
    return FairnessReport(True, f"OK: the commitment and all {len(record.deals)} deals match")
