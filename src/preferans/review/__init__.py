"""Game review: every decision graded in whists, from the player's own knowledge.

``review_record(record)`` walks a record's deals and prices each decision with the sampling
bot over deals consistent with the deciding seat's view, and again in the deal as it lay
(the double-dummy line); ``review_to_dict`` gives the JSON form. See ``docs/review.md``.
"""

from preferans.review.game import DealReview, GameReview, Totals, review_record
from preferans.review.grade import THRESHOLDS, Grade, Mark, Priced, Pricing, mark_for
from preferans.review.jsonform import review_to_dict
from preferans.review.words import explain

__all__ = [
    "THRESHOLDS",
    "DealReview",
    "GameReview",
    "Grade",
    "Mark",
    "Priced",
    "Pricing",
    "Totals",
    "explain",
    "mark_for",
    "review_record",
    "review_to_dict",
]
