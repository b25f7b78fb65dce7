"""Walk one recorded deal and grade every decision of the chosen seats.

A decision is a moment where the person to act had more than one legal action; moves the
engine makes by itself (the dummy's cards on 2-player raspasy) are not decisions. The two
discard cards are one decision: the plan with a free discard is priced when the first card
goes, the plan with the discard made when the contract is named, over the same deals (the
bot keys a declarer's deals by his twelve cards and the auction), and the difference is
what the discard cost. A lone whister's open/closed choice is priced by playing the deal out
both ways (:mod:`preferans.review.openclosed`); every marked decision carries what the
others' calls showed and how the cards lay (:mod:`preferans.review.reading`).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from preferans.actions import Action
from preferans.bots.sampling import SamplingBot
from preferans.review.grade import (
    FORCED,
    Grade,
    GradingBot,
    Mark,
    Priced,
    Pricing,
    decision_kind,
    plan_pricing,
    price,
)
from preferans.review.known import KnownDealBot, true_world
from preferans.review.openclosed import price_open_closed
from preferans.review.reading import read
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import DealState, View
    from preferans.notation import DealRecord

__all__ = ["DEFAULT_SAMPLES", "grading_bot", "review_deal"]

#: Deals drawn per card-play decision when grading (bidding and whisting use half); the
#: club's bots draw 16.
DEFAULT_SAMPLES = 24


def grading_bot(seed: int, samples: int = DEFAULT_SAMPLES) -> GradingBot:
    """The bot that prices decisions. Its seed is derived from the review's seed, so it
    does not coincide with a bot that played the game at the same seed."""
    return GradingBot(seed=zlib.crc32(f"review|{seed}".encode()), samples=samples)


def _plan(bot: SamplingBot, view: View) -> Pricing | None:
    """The declarer's best plan from this view (the discard so far kept), priced even when
    the contract left is forced (a misère)."""
    from preferans.families import family_of

    # A family that prices its own decisions plans its own discards (the Balkan one).
    family_decide = family_of(view.rules).sampling_decide
    try:
        decision = family_decide(bot, view) if family_decide else bot._declarer(view)
    except ValueError:
        return None
    if decision is None or not decision.options:
        return None
    options = tuple(
        sorted(
            (Priced(o.action, o.value, o.tricks, o.chance) for o in decision.options),
            key=lambda o: -o.value,
        )
    )
    best = options[0]
    return Pricing(options, best.value, best, decision.samples, decision.exact, decision.action)


def _discard_grade(
    number: int,
    actor: Seat,
    view: View,
    first: tuple[int, Pricing | None, Pricing | None, KnownDealBot],
    cards: list[Action],
    bot: SamplingBot,
) -> Grade:
    """The discard, priced when the contract is named (see the module's docstring)."""
    at, own_first, known_first, known = first
    own_after, known_after = _plan(bot, view), _plan(known, view)
    made = tuple(cards)
    own = plan_pricing(own_first, own_after, made) if own_first and own_after else None
    line = plan_pricing(known_first, known_after, made) if known_first and known_after else None
    return Grade(number, at, actor, "discard", made, None, own, line, contract=view.bid)


def _open_grade(
    number: int,
    index: int,
    actor: Seat,
    state: DealState,
    view: View,
    action: Action,
    bot: SamplingBot,
    auto: bool,
) -> Grade:
    """A lone whister's open/closed choice, each option played out (``review/openclosed``)
    in the grading bot's deals for the whister and in the deal as it lay."""
    advice = bot.decide(view).action
    worlds, exact = bot._worlds(view, max(6, bot.samples // 2))
    own = price_open_closed(state, view, action, worlds, seed=bot.seed, exact=exact, advice=advice)
    line = None
    if own is not None:
        truth = [true_world(state, view)]
        line = price_open_closed(state, view, action, truth, seed=bot.seed, exact=True)
    return Grade(number, index, actor, "open", (action,), None, own, line, auto, view.contract)


def _explained(grade: Grade, bot: SamplingBot, state: DealState, view: View) -> Grade:
    """A marked decision with what the others' calls showed and how the cards lay
    (:mod:`preferans.review.reading`), read off the grading bot's deals for this view."""
    if grade.mark is Mark.GOOD:
        return grade
    worlds, exact = bot._worlds(view, max(6, bot.samples // 2))
    return replace(grade, reading=read(view, worlds, exact, true_world(state, view)))


def _safe_price(bot: SamplingBot, view: View, action: Action) -> Pricing | str | None:
    try:
        return price(bot, view, action)
    except ValueError:
        return None


def review_deal(
    record: DealRecord,
    start: DealState,
    *,
    seats: Iterable[Seat] | None = None,
    seed: int = 1,
    samples: int = DEFAULT_SAMPLES,
    progress: Callable[[int], None] | None = None,
) -> tuple[Grade, ...]:
    """Every decision of ``seats`` (all when None) in the deal, in order.

    ``start`` is the deal's state before its first move (the raspasy run and refe as at
    the table); ``progress`` is told how many moves were walked at each step."""
    from preferans.game import Phase

    wanted = None if seats is None else frozenset(seats)
    bot = grading_bot(seed, samples)
    grades: list[Grade] = []
    state = start
    moves = record.moves
    first_discard: tuple[int, Pricing | None, Pricing | None, KnownDealBot] | None = None
    discard: list[Action] = []
    index = 0
    while index < len(moves):
        _, action = moves[index]
        actor = state.actor
        after = state.apply(action)
        added = len(after.history) - len(state.history)
        if actor is not None and (wanted is None or actor in wanted):
            view = state.view(actor)
            known = KnownDealBot(true_world(state, view))
            kind = decision_kind(view, action)
            auto = index in record.substituted
            trick = len(state.completed_tricks) + 1 if state.phase is Phase.PLAY else None
            if kind == "discard":
                if first_discard is None:
                    first_discard = (index, _plan(bot, view), _plan(known, view), known)
                discard.append(action)
            elif len(view.legal_actions) > 1 or (kind == "contract" and first_discard):
                if kind == "contract" and first_discard is not None:
                    made = _discard_grade(record.number, actor, view, first_discard, discard, bot)
                    grades.append(_explained(made, bot, state, view))
                    first_discard = None
                if kind == "open" and len(view.legal_actions) > 1:
                    grade = _open_grade(record.number, index, actor, state, view, action, bot, auto)
                    grades.append(_explained(grade, bot, state, view))
                elif len(view.legal_actions) > 1:
                    own = _safe_price(bot, view, action)
                    if own != FORCED:
                        priced = own if isinstance(own, Pricing) else None
                        line = _safe_price(known, view, action) if priced is not None else None
                        grade = Grade(
                            record.number,
                            index,
                            actor,
                            kind,
                            (action,),
                            trick,
                            priced,
                            line if isinstance(line, Pricing) else None,
                            auto,
                            view.contract or view.bid,
                        )
                        grades.append(_explained(grade, bot, state, view))
        index += added
        state = after
        if progress is not None:
            progress(added)
    return tuple(grades)
