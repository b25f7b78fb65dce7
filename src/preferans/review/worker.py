"""Reviews as plain JSON from plain arguments: what a worker process runs.

A club's worker receives the record's text notation (records hold mapping proxies, which
do not cross process boundaries) and returns one deal's JSON form, so a pulya's deals can
be reviewed on every core at once and shown as each comes back.
"""

from __future__ import annotations

from typing import Any

from preferans.review.deal import DEFAULT_SAMPLES

__all__ = ["review_deal_json", "review_head"]


def review_deal_json(
    notation_text: str,
    deal: int,
    seats: tuple[str, ...] | None = None,
    seed: int = 1,
    samples: int = DEFAULT_SAMPLES,
) -> dict[str, Any]:
    """Deal ``deal`` of the record, for the seats named by letter (all when None)."""
    from preferans.notation import loads
    from preferans.review.game import review_record
    from preferans.review.jsonform import deal_to_dict
    from preferans.seats import Seat

    record = loads(notation_text)
    wanted = None if seats is None else [Seat[s] for s in seats]
    review = review_record(record, deals=[deal], seats=wanted, seed=seed, samples=samples)
    return deal_to_dict(review.deals[0], review.players)


def review_head(
    notation_text: str, seed: int = 1, samples: int = DEFAULT_SAMPLES
) -> dict[str, Any]:
    """The review's fields that do not depend on its deals, and the deals' numbers."""
    from preferans.notation import loads
    from preferans.review.game import table_seats
    from preferans.review.jsonform import head_of

    record = loads(notation_text)
    head = head_of(table_seats(record), record.players, seed, samples)
    head["deal_numbers"] = [d.number for d in record.deals if d.outcome is not None]
    return head
