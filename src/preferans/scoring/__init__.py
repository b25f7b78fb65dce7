"""The pulya sheet: scoring of deals, settlement, rating and drawings (RULES §9).

``Sheet`` takes :class:`~preferans.result.DealResult` values one by one; ``Pulya`` drives a
whole game on top of the engine; ``settle`` and ``rate_pulya`` turn a finished sheet into
whists, money and rating changes. See ``docs/scoring.md``. The Balkan game writes on the
bula sheet of its own family (:mod:`preferans.balkan.sheet`); :func:`new_sheet` picks the
sheet of the rules' family.
"""

from .family_sheet import new_sheet, sheet_from_dict
from .pulya import FIRST_DEALER, Pulya
from .rating import MAX_SPREAD, VARIANT_K, rate_pulya, rating_delta
from .render_svg import render_svg
from .render_text import render_text
from .serial import result_from_dict, result_to_dict
from .settlement import (
    Settlement,
    average_gora_results,
    round_results,
    settle_totals,
)
from .sheet import Sheet, SheetEntry, SheetError, settle
from .variants import score_deal, sheet_seats
from .writes import Column, Reason, Write, format_number

__all__ = [
    "FIRST_DEALER",
    "MAX_SPREAD",
    "VARIANT_K",
    "Column",
    "Pulya",
    "Reason",
    "Settlement",
    "Sheet",
    "SheetEntry",
    "SheetError",
    "Write",
    "average_gora_results",
    "format_number",
    "new_sheet",
    "rate_pulya",
    "rating_delta",
    "render_svg",
    "render_text",
    "result_from_dict",
    "result_to_dict",
    "round_results",
    "score_deal",
    "settle",
    "settle_totals",
    "sheet_from_dict",
    "sheet_seats",
]
