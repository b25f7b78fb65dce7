"""The review as JSON for tools and the web page: plain values, both languages.

Actions are written as the record's JSON form writes them (``♠A``, ``6♠``, ``play 7♥``,
``pass``); seats by letter. ``cumulative`` gives each player's loss after each reviewed
deal, what the replay page draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from preferans.review.grade import THRESHOLDS, Grade, Mark, Pricing
from preferans.review.reading import DISCARD_SLOT, TALON_SLOT
from preferans.review.words import explain
from preferans.seats import Seat

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from preferans.review.game import DealReview, GameReview, Totals
    from preferans.review.reading import Reading

__all__ = [
    "COSTLIEST",
    "FORMAT",
    "deal_to_dict",
    "grade_to_dict",
    "head_of",
    "merge",
    "review_to_dict",
    "totals_to_dict",
]

FORMAT = "preferans-review/1"
#: Decisions named in words at the end of a review.
COSTLIEST = 3


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _pricing(pricing: Pricing | None) -> dict[str, Any] | None:
    if pricing is None:
        return None
    return {
        "chosen": _round(pricing.chosen),
        "best": _round(pricing.best.value),
        "best_action": str(pricing.best.action),
        "advice": None if pricing.advice is None else str(pricing.advice),
        "samples": pricing.samples,
        "exact": pricing.exact,
        "bound": pricing.bound,
        "options": [
            {
                "action": str(o.action),
                "value": _round(o.value),
                "tricks": _round(o.tricks),
                "chance": _round(o.chance),
            }
            for o in pricing.options
        ],
    }


def _slot(slot: int) -> str:
    if slot == TALON_SLOT:
        return "talon"
    if slot == DISCARD_SLOT:
        return "discard"
    return Seat(slot).name


def _reading(reading: Reading | None) -> dict[str, Any] | None:
    if reading is None:
        return None
    return {
        "deals": reading.deals,
        "exact": reading.exact,
        "shown": [
            {
                "seat": s.seat.name,
                "role": s.role,
                "calls": [str(c) for c in s.calls],
                "suit": None if s.suit is None else s.suit.symbol,
                "honours": [str(c) for c in s.honours],
                "length": _round(s.length),
                "strength": _round(s.strength),
                "voids": [v.symbol for v in s.voids],
            }
            for s in reading.shown
        ],
        "lay": [
            {
                "card": str(lay.card),
                "where": _slot(lay.slot),
                "expected": _slot(lay.expected),
                "share": _round(lay.share),
            }
            for lay in reading.lay
        ],
    }


def grade_to_dict(grade: Grade, players: Mapping[Seat, str] | None = None) -> dict[str, Any]:
    return {
        "deal": grade.deal,
        "move": grade.move,
        "seat": grade.seat.name,
        "kind": grade.kind,
        "actions": [str(a) for a in grade.actions],
        "trick": grade.trick,
        "contract": None if grade.contract is None else str(grade.contract),
        "graded": grade.graded,
        "loss": _round(grade.loss),
        "mark": grade.mark.value,
        "auto": grade.auto,
        "own": _pricing(grade.own),
        "known": _pricing(grade.known),
        "reading": _reading(grade.reading),
        "text": {"en": explain(grade, "en", players), "ru": explain(grade, "ru", players)},
    }


def totals_to_dict(totals: Mapping[Seat, Totals]) -> dict[str, Any]:
    return {
        seat.name: {
            "decisions": t.decisions,
            "lost": _round(t.lost),
            "accuracy": None if t.accuracy is None else round(t.accuracy, 1),
            "marks": {m.value: n for m, n in t.marks.items()},
        }
        for seat, t in totals.items()
    }


def deal_to_dict(deal: DealReview, players: Mapping[Seat, str] | None = None) -> dict[str, Any]:
    return {
        "number": deal.number,
        "totals": totals_to_dict(deal.totals()),
        "decisions": [grade_to_dict(g, players) for g in deal.grades],
    }


def merge(deals: list[dict[str, Any]], head: Mapping[str, Any]) -> dict[str, Any]:
    """The whole review from its deals' JSON forms (in any order, any subset): totals,
    each player's cumulative loss, the costliest three. The club builds a pulya's review
    this way as its deals come back from the worker processes."""
    ordered = sorted(deals, key=lambda d: d["number"])
    seats: list[str] = list(head["seats"])
    zero = {m.value: 0 for m in Mark}
    sums: dict[str, dict[str, Any]] = {
        s: {"decisions": 0, "lost": 0.0, "marks": dict(zero)} for s in seats
    }
    running = dict.fromkeys(seats, 0.0)
    curves: dict[str, list[float]] = {s: [] for s in seats}
    decisions: list[dict[str, Any]] = []
    for deal in ordered:
        for seat, t in deal["totals"].items():
            if seat not in sums:
                continue
            sums[seat]["decisions"] += t["decisions"]
            sums[seat]["lost"] += t["lost"]
            running[seat] += t["lost"]
            for mark, n in t["marks"].items():
                sums[seat]["marks"][mark] += n
        for seat in seats:
            curves[seat].append(round(running[seat], 2))
        decisions += deal["decisions"]
    for t in sums.values():
        t["lost"] = round(t["lost"], 2)
        good = t["marks"][Mark.GOOD.value]
        t["accuracy"] = round(100.0 * good / t["decisions"], 1) if t["decisions"] else None
    costly = sorted(
        (d for d in decisions if d["loss"] and d["loss"] > 0),
        key=lambda d: (-d["loss"], d["deal"], d["move"]),
    )[:COSTLIEST]
    return {
        **head,
        "totals": sums,
        "cumulative": curves,
        "costliest": [{k: d[k] for k in ("deal", "move", "seat", "loss", "text")} for d in costly],
        "deals": ordered,
    }


def head_of(
    seats: Iterable[Seat], players: Mapping[Seat, str], seed: int, samples: int
) -> dict[str, Any]:
    """The review's fields that do not depend on its deals."""
    return {
        "format": FORMAT,
        "seed": seed,
        "samples": samples,
        "thresholds": {mark.value: limit for mark, limit in THRESHOLDS},
        "seats": [s.name for s in seats],
        "players": {s.name: name for s, name in players.items()},
    }


def review_to_dict(review: GameReview) -> dict[str, Any]:
    head = head_of(review.seats, review.players, review.seed, review.samples)
    return merge([deal_to_dict(d, review.players) for d in review.deals], head)
