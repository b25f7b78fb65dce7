"""One decision graded: the value of the choice made and of the best one, and the loss.

A decision is priced by the sampling bot (:mod:`preferans.bots.sampling`) from the
deciding seat's view alone: each legal option gets the expected whists, at the table's
prices, over deals consistent with what that seat could see. The loss is the best option's
value minus the value of the option taken; it is what the choice cost from the player's own
knowledge, so a good decision that the cards punished loses nothing. The same options are
priced a second time in the deal as it lay (:mod:`preferans.review.known`), which says what
the cards would have rewarded.

Marks follow fixed thresholds in whists (:data:`THRESHOLDS`): a trick in a 6-contract
defence is worth about 2–4 whists, a game made or set about 20, so an inaccuracy is about
a trick of small change, a blunder a contract.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, Final

from preferans.actions import Action, Call, CallKind, CardAction, Claim
from preferans.bots.decision import Decision, Option
from preferans.bots.sampling import SamplingBot
from preferans.cards import Card
from preferans.contracts import Contract
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import View
    from preferans.review.reading import Reading

__all__ = [
    "FORCED",
    "THRESHOLDS",
    "Grade",
    "GradingBot",
    "Mark",
    "Priced",
    "Pricing",
    "decision_kind",
    "mark_for",
    "plan_pricing",
    "price",
]


class Mark(Enum):
    """How bad a decision was, by the whists it lost."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def russian(self) -> str:
        return _RUSSIAN[self]


_SYMBOLS: Final = {Mark.GOOD: "", Mark.INACCURACY: "?!", Mark.MISTAKE: "?", Mark.BLUNDER: "??"}
_RUSSIAN: Final = {
    Mark.GOOD: "хорошо",
    Mark.INACCURACY: "неточность",
    Mark.MISTAKE: "ошибка",
    Mark.BLUNDER: "грубая ошибка",
}

#: Whists lost from which a decision is marked (the least mark first).
THRESHOLDS: Final = ((Mark.BLUNDER, 12.0), (Mark.MISTAKE, 5.0), (Mark.INACCURACY, 2.0))


class GradingBot(SamplingBot):
    """The sampling bot as a grader: it prices every legal call, a Balkan kontra beyond
    the bound the bot keeps on its own kontra chains too (a person may go further)."""

    name = "grading"
    prices_every_kontra = True


def mark_for(loss: float) -> Mark:
    """The mark of a decision that lost ``loss`` whists."""
    for mark, threshold in THRESHOLDS:
        if loss >= threshold:
            return mark
    return Mark.GOOD


#: One option with its price: expected whists and the evidence behind them (the bots'
#: :class:`~preferans.bots.decision.Option`, under the name the review gives it).
Priced = Option


@dataclass(frozen=True, slots=True)
class Pricing:
    """A decision's options as one bot priced them, and the value of the choice made."""

    options: tuple[Priced, ...]
    """Best first."""
    chosen: float
    best: Priced
    samples: int
    exact: bool
    advice: Action | None = None
    """What the bot itself would do here."""
    bound: bool = False
    """True when the choice was not among the options priced: ``chosen`` is then the
    lowest price shown, an upper bound of the choice's value."""

    @property
    def loss(self) -> float:
        return max(0.0, self.best.value - self.chosen)


@dataclass(frozen=True, slots=True)
class Grade:
    """One decision of a review."""

    deal: int
    move: int
    """Index of the decision's (first) move in the deal's record."""
    seat: Seat
    """The person who decided (the actor: an open defence's whister plays both hands)."""
    kind: str
    """``bid``, ``talon``, ``discard``, ``contract``, ``whist``, ``open``, ``card``,
    ``claim`` or ``answer``."""
    actions: tuple[Action, ...]
    """What was done: one action, two cards for a discard."""
    trick: int | None
    own: Pricing | None
    """Priced from the seat's own knowledge; None when the decision could not be priced
    (a position outside the bot's model, the bot's rules of thumb)."""
    known: Pricing | None
    """Priced in the deal as it lay (the double-dummy line)."""
    auto: bool = False
    """Played by a stand-in bot for an absent person."""
    contract: Contract | None = None
    """The contract (or the bid so far) when the decision was made."""
    reading: Reading | None = None
    """What the others' calls showed and how the cards lay against it (marked decisions
    only: it is what their words explain)."""

    @property
    def graded(self) -> bool:
        return self.own is not None

    @property
    def loss(self) -> float:
        return self.own.loss if self.own is not None else 0.0

    @property
    def mark(self) -> Mark:
        return mark_for(self.loss)


def decision_kind(view: View, action: Action) -> str:
    """What sort of decision ``action`` is in ``view``'s phase."""
    from preferans.game import Phase

    phase = view.phase
    if phase is Phase.BIDDING:
        return "bid"
    if phase is Phase.TALON:
        return "talon"
    if phase is Phase.DISCARD:
        return "discard"
    if phase is Phase.CONTRACT:
        return "contract"
    if phase is Phase.WHISTING:
        if isinstance(action, Call) and action.kind in (CallKind.OPEN, CallKind.CLOSED):
            return "open"
        return "whist"
    if phase is Phase.CLAIM:
        return "answer"
    if isinstance(action, Claim):
        return "claim"
    return "card"


def _equivalent(card: Card, options: tuple[Priced, ...], view: View) -> Priced | None:
    """The priced card that stands for ``card``: same suit, with nothing between them
    that could still take a trick (played cards and the mover's own cards only)."""
    mover = view.to_move if view.to_move is not None else view.seat
    gone = view.played_cards.mask | view.known_hands.get(mover, view.hand).mask
    if view.discard is not None:
        gone |= view.discard.mask
    for option in options:
        other = option.action
        if not isinstance(other, CardAction) or other.card.suit != card.suit:
            continue
        low, high = sorted((other.card, card), key=lambda c: c.index)
        between = (high.bit - 1) & ~(low.bit * 2 - 1)
        if not between & ~gone:
            return option
    return None


def _priced(decision: Decision) -> tuple[Priced, ...]:
    return tuple(sorted(decision.options, key=lambda o: -o.value))


def _value(
    bot: SamplingBot, view: View, decision: Decision, options: tuple[Priced, ...], action: Action
) -> tuple[float, bool] | None:
    """The price of ``action``: from the options, an equivalent card, or the bot asked
    again with only this action and one other legal (the same deals: the bot's generator
    is keyed by the view's history, not its legal actions)."""
    for option in options:
        if option.action == action:
            return option.value, False
    if isinstance(action, CardAction):
        twin = _equivalent(action.card, options, view)
        if twin is not None:
            return twin.value, False
    legal = view.legal_actions
    partner: Action | None = next(
        (a for a in legal if isinstance(a, Call) and a.kind is CallKind.PASS and a != action),
        None,
    )
    if partner is None and options and options[0].action != action:
        partner = options[0].action
    if partner is not None and partner in legal and action in legal:
        narrow = replace(
            view, legal_actions=tuple(sorted((action, partner), key=lambda a: a.index))
        )
        again = bot.decide(narrow)
        for other in again.options:
            if other.action == action:
                return other.value, False
    if isinstance(action, Claim) and view.declarer is not None:
        # A claim the bot would not make: priced at the result it proposes (as accepted).
        from preferans.bots.claims import claimed_total
        from preferans.bots.sampling import _play_utility

        utility = _play_utility(view, view.seat, view.declarer)
        return utility(claimed_total(view, view.seat, action.tricks)), False
    alike = [o.value for o in options if type(o.action) is type(action)]
    if not alike:
        # The bot priced something else (contracts for a Balkan discard card): no price.
        return None
    return min(alike), True


#: What :func:`price` says of a decision with only equivalent options: no decision at all.
FORCED: Final = "forced"


def price(bot: SamplingBot, view: View, action: Action) -> Pricing | str | None:
    """The bot's prices of ``view``'s options and of ``action`` among them; :data:`FORCED`
    when every option is worth the same by construction (equivalent cards); None when the
    bot decides without pricing (its rules of thumb, a position outside its model)."""
    decision = bot.decide(view)
    if decision.method == "forced" and not decision.options:
        return FORCED
    options = _priced(decision)
    if len(options) < 2:
        return None
    if isinstance(action, Call) and action.kind in (CallKind.OPEN, CallKind.CLOSED):
        # The bot weighs open against closed by the chance of the contract, not in whists:
        # the review plays both out instead (preferans.review.openclosed).
        return None
    found = _value(bot, view, decision, options, action)
    if found is None:
        return None
    chosen, bound = found
    best = options[0]
    if chosen > best.value:
        best = Priced(action, chosen)
    return Pricing(options, chosen, best, decision.samples, decision.exact, decision.action, bound)


def plan_pricing(first: Pricing, after: Pricing, discard: tuple[Action, ...]) -> Pricing:
    """The discard's price: the best plan with a free discard (``first``, priced when the
    first card went) against the best plan with the discard made (``after``, priced when
    the contract is named; both over the same deals)."""
    chosen = after.best.value
    made = Priced(discard[0], chosen, after.best.tricks, after.best.chance)
    advised = first.advice if first.advice is not None else first.best.action
    free = Priced(advised, first.best.value, first.best.tricks, first.best.chance)
    if advised in discard or chosen >= free.value:
        return Pricing((made,), chosen, made, first.samples, first.exact, advised)
    return Pricing((free, made), chosen, free, first.samples, first.exact, advised)
