"""The review as JSON for tools and the web page: plain values, both languages.

Actions are written as the record's JSON form writes them (``♠A``, ``6♠``, ``play 7♥``,
``pass``); seats by letter. ``cumulative`` gives each player's loss after each reviewed
deal, what the replay page draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from preferans.review.grade import THRESHOLDS, Grade, Pricing
from preferans.review.words import explain

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from preferans.review.game import DealReview, GameReview, Totals
    from preferans.seats import Seat

__all__ = ["FORMAT", "deal_to_dict", "grade_to_dict", "review_to_dict", "totals_to_dict"]

FORMAT = "preferans-review/1"


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


def cumulative(deals: Iterable[DealReview], seats: Iterable[Seat]) -> dict[str, list[float]]:
    """Each seat's total loss after each deal, in order."""
    running = {s: 0.0 for s in seats}
    out: dict[str, list[float]] = {s.name: [] for s in running}
    for deal in deals:
        for seat, t in deal.totals().items():
            if seat in running:
                running[seat] += t.lost
        for seat, value in running.items():
            out[seat.name].append(round(value, 2))
    return out


def review_to_dict(review: GameReview) -> dict[str, Any]:
    players = review.players
    return {
        "format": FORMAT,
        "seed": review.seed,
        "samples": review.samples,
        "thresholds": {mark.value: limit for mark, limit in THRESHOLDS},
        "seats": [s.name for s in review.seats],
        "players": {s.name: name for s, name in players.items()},
        "totals": totals_to_dict(review.totals()),
        "cumulative": cumulative(review.deals, review.seats),
        "costliest": [
            {
                "deal": g.deal,
                "move": g.move,
                "seat": g.seat.name,
                "loss": _round(g.loss),
                "text": {"en": explain(g, "en", players), "ru": explain(g, "ru", players)},
            }
            for g in review.costliest()
        ],
        "deals": [deal_to_dict(d, players) for d in review.deals],
    }
