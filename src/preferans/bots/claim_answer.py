"""The heuristic's answer to a claim (RULES §6): counted when the hands are open, by a
sure-winner rule otherwise.

When the few cards this seat cannot place can lie only a handful of ways (open hands, the
last tricks), every arrangement is solved double-dummy: the claim is accepted when no
arrangement gives this seat's side more than the claim does. Otherwise the seat counts its
own sure winners (cards above every card of their suit it cannot see): an opponent's claim
is accepted when it leaves this side at least that many tricks, a partner's when it claims
at least that many; a misère claim is judged only by counting, since one forced trick
decides it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.actions import ACCEPT, REJECT, Action
from preferans.bots import claims
from preferans.bots.inference import (
    World,
    count_upper_bound,
    enumerate_worlds,
    hidden_slots,
)
from preferans.cards import Suit
from preferans.solver import solve_many

if TYPE_CHECKING:
    from preferans.game.views import View
    from preferans.seats import Seat

__all__ = ["COUNT_LIMIT", "answer_claim", "counted_answer", "sure_winners"]

#: At most this many arrangements of the unseen cards are solved to count a claim.
COUNT_LIMIT = 24


def answer_claim(view: View) -> Action:
    """Accept or reject the claim on the table."""
    legal = view.legal_actions
    on_table = claims.pending_claim(view)
    if on_table is None or view.declarer is None or view.contract is None:
        return REJECT if REJECT in legal else legal[0]
    counted = counted_answer(view, on_table)
    if counted is None:
        counted = _rule_answer(view, on_table)
    chosen = ACCEPT if counted else REJECT
    return chosen if chosen in legal else legal[0]


def _same_side(view: View, a: Seat, b: Seat) -> bool:
    declarer = view.declarer
    return (a == declarer) == (b == declarer)


def counted_answer(view: View, on_table: claims.OnTable) -> bool | None:
    """Whether the claim is no worse for this side than double-dummy play in every
    arrangement of the unseen cards; None when there are too many to count."""
    slots = hidden_slots(view)
    if slots is None:
        return None
    worlds: list[World] | None
    if count_upper_bound(slots) > COUNT_LIMIT:
        return None
    worlds = enumerate_worlds(slots, COUNT_LIMIT)
    if not worlds:
        return None
    positions, objective, declarer = claims.positions(view, worlds)
    results = solve_many(positions, objective, declarer, threads=1)
    partner = _same_side(view, view.seat, on_table.claimer)
    for rest in results:
        played = claims.side_tricks(view, on_table.claimer, rest)
        if partner and on_table.tricks < played:
            return False
        if not partner and on_table.tricks > played:
            return False
    return True


def sure_winners(view: View) -> int:
    """This seat's cards above every card of their suit that it cannot see or that lies
    in another open hand (its tricks from the top, whoever leads)."""
    others = 0
    for seat, cards in view.known_hands.items():
        if seat != view.seat:
            others |= cards.mask
    seen = view.hand.mask | view.played_cards.mask | others
    unseen = ~seen & 0xFFFFFFFF
    outside = unseen | others
    total = 0
    for suit in Suit:
        mine = view.hand.mask & suit.mask
        theirs = outside & suit.mask
        if not mine:
            continue
        if not theirs:
            total += mine.bit_count()
            continue
        above = mine & ~((1 << theirs.bit_length()) - 1)
        total += above.bit_count()
    return total


def _rule_answer(view: View, on_table: claims.OnTable) -> bool:
    contract = view.contract
    assert contract is not None
    if contract.is_misere:
        return False
    winners = min(sure_winners(view), claims.remaining(view))
    if _same_side(view, view.seat, on_table.claimer):
        return on_table.tricks >= winners
    return claims.remaining(view) - on_table.tricks >= winners
