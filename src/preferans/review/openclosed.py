"""A lone whister's open/closed choice priced in whists, by playing each deal out.

The sampling bot always defends open (measured so: benchmarks/open_closed.py); a review
needs both options in whists, whoever chose. The difference between them is how the cards are
played: open, both defenders' hands lie face up (the whister plays both and the declarer
sees them too); closed, each seat sees only its own cards, so both sides may guess wrong.
Neither is a double-dummy question, so each option is priced by playing the deal to its
end with the sampling bot at every seat, each seeing what that seat sees in that mode,
in every deal the grading bot imagines for the whister (or, for the double-dummy line,
in the deal as it lay), and by the whister's whists at the table's prices for the result
(:func:`preferans.bots.payoff.deal_value`): the scoring is the same both ways (a lone
whister writes for all of the defence's tricks), only the tricks differ.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Final

from preferans.actions import Action, Call, CallKind, CardAction, Claim, card_action
from preferans.bots.inference import DISCARD, TALON, World
from preferans.bots.payoff import deal_value
from preferans.bots.sampling import SamplingBot
from preferans.cards import CardSet
from preferans.errors import PreferansError
from preferans.review.grade import Priced, Pricing
from preferans.review.known import KnownDealBot, true_world

if TYPE_CHECKING:
    from preferans.game import DealState, View
    from preferans.seats import Seat

__all__ = ["PLAY_SAMPLES", "played_out", "price_open_closed", "world_state"]

#: Deals each seat's bot draws per card when a deal is played out (the club's bots: 16);
#: few, since every imagined deal is played to its end twice.
PLAY_SAMPLES: Final = 4
#: Imagined deals played out per open/closed decision (at most: fewer when the grading
#: bot's generator repeats a deal or knows them all).
OUTCOMES: Final = 6


def world_state(state: DealState, world: World) -> DealState | None:
    """``state`` with the cards its actor cannot see placed as ``world`` places them: the
    same deal's history replayed over those hands (the declarer's discard taken from the
    world). None when the world does not fit the history."""
    from preferans.game import Phase, new_deal
    from preferans.game.deal import Deal

    deal = state.deal
    discard = world.slots.get(DISCARD, 0)
    talon = world.slots.get(TALON, 0) or deal.talon.mask
    hands: dict[Seat, CardSet] = {}
    for seat, cards in deal.hands.items():
        mask = world.slots.get(int(seat), cards.mask)
        if seat == state.declarer and discard:
            mask = (mask | discard) & ~talon
        hands[seat] = CardSet.from_mask(mask)
    order = tuple(deal.talon_order) if talon == deal.talon.mask else ()
    try:
        replayed = new_deal(
            state.rules,
            Deal(deal.dealer, hands, CardSet.from_mask(talon), order),
            raspasy_run=state.raspasy_run,
        )
        # The world's discard, in the order made where it holds the cards really put away.
        real = state.discard.mask if state.discard else 0
        left = discard
        order_made = [
            a.card for _, a in state.history if isinstance(a, CardAction) and a.card.bit & real
        ]
        order_made = [c for c in order_made if c.bit & discard]
        for made in order_made:
            left &= ~made.bit
        dropped = iter([*order_made, *CardSet.from_mask(left).sorted()])
        for _, action in state.history:
            if replayed.phase is Phase.DISCARD and discard:
                card = next(dropped, None)
                if card is None:
                    return None
                action = card_action(card)
            replayed = replayed.apply(action)
    except PreferansError:
        return None
    return replayed


def played_out(
    start: DealState, choice: Action, whister: Seat, closed: SamplingBot | None
) -> tuple[float, int]:
    """The whister's whists and the declarer's tricks when ``choice`` is made in ``start``
    and the deal is played to its end without claims (a claim only shortens what the cards
    decide): by ``closed`` at every seat, or double dummy when it is None."""
    from dataclasses import replace

    state = start.apply(choice)
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        cards = tuple(a for a in view.legal_actions if not isinstance(a, Claim))
        if len(cards) != len(view.legal_actions):
            view = replace(view, legal_actions=cards)
        # Double dummy: the solver's one deal is this playout's as it now lies.
        player = closed if closed is not None else KnownDealBot(true_world(state, view))
        state = state.apply(player.choose(view))
    result = state.result()
    tricks = result.tricks.get(result.declarer, 0) if result.declarer is not None else 0
    return deal_value(result, state.rules).get(whister, 0.0), tricks


def price_open_closed(
    state: DealState,
    view: View,
    action: Action,
    worlds: list[World],
    *,
    seed: int,
    exact: bool,
    advice: Action | None = None,
) -> Pricing | None:
    """Open and closed priced over ``worlds`` (weighed), and the choice ``action`` among
    them; None when no world fits the history or the choice is not open or closed."""
    legal = [
        a
        for a in view.legal_actions
        if isinstance(a, Call) and a.kind in (CallKind.OPEN, CallKind.CLOSED)
    ]
    contract = view.contract
    if action not in legal or len(legal) != 2 or contract is None:
        return None
    open_ = next(a for a in legal if a.kind is CallKind.OPEN)
    totals = {a: [0.0, 0.0, 0.0] for a in legal}  # value, tricks, contract made (weighed)
    weight = 0.0
    used = 0
    for world in worlds[:OUTCOMES]:
        start = world_state(state, world)
        if start is None:
            continue
        key = zlib.crc32(repr(sorted(world.slots.items())).encode())
        for option in legal:
            # Open, every card the whister plays is seen and the declarer sees them all:
            # the deal as the solver plays it. Closed, each seat guesses from its own view.
            closed = None if option == open_ else SamplingBot(seed=seed ^ key, samples=PLAY_SAMPLES)
            value, tricks = played_out(start, option, view.seat, closed)
            row = totals[option]
            row[0] += world.weight * value
            row[1] += world.weight * tricks
            row[2] += world.weight * (tricks >= contract.level)
        weight += world.weight
        used += 1
    if not used or weight <= 0:
        return None
    options = tuple(
        sorted(
            (Priced(a, v / weight, t / weight, m / weight) for a, (v, t, m) in totals.items()),
            key=lambda o: (-o.value, o.action.index),
        )
    )
    chosen = next(o.value for o in options if o.action == action)
    return Pricing(options, chosen, options[0], used, exact and used == len(worlds), advice)
