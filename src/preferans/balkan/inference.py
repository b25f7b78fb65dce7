"""How likely a hand makes the Balkan calls it made, under the Balkan heuristic's model.

The Russian model (:mod:`preferans.bots.inference`) reads a bid as a number of tricks;
a Balkan number names a game and every game needs 6 tricks, so here a bid of ``n`` says
"some game numbered ``n`` or more is playable" (:func:`preferans.balkan.bot.playable_number`
made smooth: the best margin over 6 of those games' table estimates, plus the talon's
gain or minus igra's margin), a pass says none is, the game named says its estimate
carries it, and the defence calls follow the heuristic's whist and kontra thresholds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from preferans.actions import Bid, Call, CallKind, Declare
from preferans.cards import CardSet
from preferans.contracts import Contract

__all__ = ["balkan_weight"]

#: A playable betl counts as this margin (the heuristic bids it as a game it can play).
BETL_MARGIN = 0.5


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@lru_cache(maxsize=65536)
def _margins(mask: int) -> dict[int, float]:
    """Per game number: its table estimate minus the 6 tricks needed (no talon counted)."""
    from preferans.balkan.bot import NEED, game_estimate
    from preferans.bots.evaluation import should_bid_misere

    cards = CardSet.from_mask(mask)
    out = {n: game_estimate(cards, Contract.balkan_game(n)) - NEED for n in (2, 3, 4, 5, 7)}
    out[6] = BETL_MARGIN if should_bid_misere(cards, own_lead=False) else -2.0
    return out


def _margin(cards: CardSet, floor: int, *, talon: bool) -> float:
    """The best margin of the games numbered ``floor`` or more."""
    from preferans.balkan.bot import IGRA_MARGIN, TALON_GAIN

    margins = _margins(cards.mask)
    adjust = TALON_GAIN if talon else -IGRA_MARGIN
    games = [m + adjust for n, m in margins.items() if n >= floor and n != 6]
    if floor <= 6:
        games.append(margins[6] if talon else margins[6] - IGRA_MARGIN)
    return max(games, default=-6.0)


def _bid_factor(cards: CardSet, call: Bid | Call, standing: Contract | None) -> float:
    if isinstance(call, Bid):
        contract = call.contract
        margin = _margin(cards, contract.level, talon=not contract.without_talon)
        return 0.05 + 0.95 * _logistic(2.0 * (margin + 0.25))
    if call.kind is CallKind.HERE and standing is not None:
        margin = _margin(cards, standing.level, talon=not standing.without_talon)
        return 0.1 + 0.9 * _logistic(1.5 * (margin + 0.25))
    if call.kind is CallKind.PASS:
        if standing is not None and standing.without_talon:
            return 1.0
        nxt = 2 if standing is None else standing.level + 1
        if nxt > 7:
            return 1.0
        margin = _margin(cards, nxt, talon=True)
        return 0.1 + 0.9 * _logistic(-2.0 * (margin - 0.25))
    return 1.0


def _named_factor(cards: CardSet, contract: Contract) -> float:
    """The game named after the discard: its estimate on the ten cards should carry it."""
    from preferans.balkan.bot import NEED, game_estimate
    from preferans.bots.evaluation import should_bid_misere

    if contract.is_misere:
        return 0.9 if should_bid_misere(cards, own_lead=False) else 0.2
    return 0.02 + 0.98 * _logistic(3.0 * (game_estimate(cards, contract) - NEED))


def _defence_factor(cards: CardSet, call: Call, contract: Contract, first: bool) -> float:
    """A defender's whist/pass (his first call) and kontra, by the heuristic's thresholds."""
    from preferans.balkan.bot import KONTRA_TRICKS, WHIST_FIRST
    from preferans.bots.heuristic import defence_estimate

    if contract.is_misere:
        return 1.0
    est = defence_estimate(cards, contract.trump)
    if call.kind is CallKind.WHIST:
        return 0.15 + 0.85 * _logistic(2.0 * (est - WHIST_FIRST + 0.25))
    if call.kind is CallKind.PASS and first:
        return 0.15 + 0.85 * _logistic(2.0 * (WHIST_FIRST - 0.25 - est))
    if call.kind is CallKind.KONTRA:
        # The heuristic wants 5 tricks; other players say it on less: a mild weight.
        return 0.2 + 0.8 * _logistic(1.5 * (est - (KONTRA_TRICKS - 1.5)))
    return 1.0


def _re_kontra_factor(cards: CardSet, call: Call, contract: Contract) -> float:
    from preferans.balkan.bot import NEED, game_estimate

    if call.kind is not CallKind.KONTRA or contract.is_misere:
        return 1.0
    return 0.02 + 0.98 * _logistic(3.0 * (game_estimate(cards, contract) - NEED - 1.5))


def balkan_weight(
    original: CardSet,
    final: CardSet,
    calls: Sequence[tuple[Bid | Call | Declare, Contract | None, bool]],
    contract: Contract | None,
    *,
    declarer: bool,
) -> float:
    """The likelihood of one seat's Balkan calls: ``original`` its ten dealt cards,
    ``final`` its ten after the discard; each call with the standing bid and whether it
    came after the contract was named."""
    weight = 1.0
    first_after = True
    for action, standing, after in calls:
        if isinstance(action, Declare):
            weight *= _named_factor(final, action.contract)
        elif not after:
            weight *= _bid_factor(original, action, standing)
        elif isinstance(action, Call) and contract is not None:
            if declarer:
                weight *= _re_kontra_factor(final, action, contract)
            else:
                weight *= _defence_factor(original, action, contract, first_after)
                first_after = False
    return weight
