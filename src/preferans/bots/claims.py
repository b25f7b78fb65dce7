"""Claims seen from one seat (RULES §6): what is on the table, and what it would write.

A claim is made before a trick starts and names the tricks the claimer's side takes of
those left. The view has no field for a pending claim: it is the last ``Claim`` in the
history (nothing but answers can follow it while it is pending). Double-dummy play of the
position as it stands is the yardstick both for proposing and for answering, so the
helpers here turn a claim into the declarer's final trick total — the number the sheet's
prices are looked up by (:func:`preferans.bots.sampling._play_utility`).

The Balkan game has no claims (its rules fix ``claims=False``), so nothing here is
specific to the Russian game beyond the solver's objectives.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from preferans.actions import REJECT, Claim
from preferans.bots.inference import (
    DISCARD,
    Slots,
    World,
    count_upper_bound,
    enumerate_worlds,
    random_world,
    voids,
)
from preferans.seats import Seat
from preferans.solver import Objective, Position

if TYPE_CHECKING:
    from preferans.game.views import View

__all__ = [
    "OnTable",
    "answerers",
    "claimed_total",
    "pending_claim",
    "positions",
    "rejected_before",
    "remaining",
    "resume_leader",
    "seen_by",
    "side_tricks",
]


#: An answerer's unseen cards with at most this many arrangements are all looked at.
ENUMERATE_LIMIT = 24


class OnTable(NamedTuple):
    """A claim waiting for answers: who made it and the tricks his side takes."""

    claimer: Seat
    tricks: int


def pending_claim(view: View) -> OnTable | None:
    """The claim being answered, if the view shows one."""
    from preferans.game.phase import Phase

    if view.phase is not Phase.CLAIM:
        return None
    for seat, action in reversed(view.history):
        if isinstance(action, Claim):
            return OnTable(seat, action.tricks)
    return None


def rejected_before(view: View) -> bool:
    """Whether a claim by this seat was rejected earlier in the deal: the answerers judged
    it from what they see, and nothing says they will judge the next one differently, so
    the bot then plays the deal out rather than claim trick after trick."""
    mine = False
    for seat, action in view.history:
        if isinstance(action, Claim):
            mine = seat == view.seat
        elif mine and action is not None and action == REJECT:
            return True
    return False


def remaining(view: View) -> int:
    """Tricks still to be played (a claim is made only between tricks)."""
    return 10 - len(view.completed_tricks)


def resume_leader(view: View) -> Seat:
    """Who leads the next trick: the last trick's winner, else first hand."""
    last = view.last_trick
    return last.winner if last is not None else view.active[0]


def claimed_total(view: View, claimer: Seat, tricks: int) -> int:
    """The declarer's final tricks if a claim of ``tricks`` by ``claimer`` is accepted."""
    declarer = view.declarer
    assert declarer is not None
    mine = tricks if claimer == declarer else remaining(view) - tricks
    return view.tricks_won.get(declarer, 0) + mine


def side_tricks(view: View, claimer: Seat, declarer_rest: int) -> int:
    """The claimer's side's share of the remaining tricks when the declarer takes
    ``declarer_rest`` of them."""
    return declarer_rest if claimer == view.declarer else remaining(view) - declarer_rest


def positions(view: View, worlds: list[World]) -> tuple[list[Position], Objective, int]:
    """The position as it stands in every world, the contract's objective, and the
    declarer's index in the solver's seat order."""
    contract = view.contract
    declarer = view.declarer
    assert contract is not None and declarer is not None
    order = view.active
    index = {s: i for i, s in enumerate(order)}
    leader = index[resume_leader(view)]
    if contract.is_misere:
        objective, trump = Objective.MISERE, None
    else:
        objective = Objective.TRICKS
        trump = None if contract.trump is None else int(contract.trump)
    out = []
    for world in worlds:
        hands = tuple(world.hand(s) for s in order)
        out.append(Position.make(hands, leader=leader, trump=trump))
    return out, objective, index[declarer]


def answerers(view: View) -> tuple[Seat, ...]:
    """Who would answer a claim by this seat: every other seat holding cards but the dummy."""
    return tuple(s for s in view.active if s not in (view.seat, view.dummy))


def seen_by(view: View, seat: Seat) -> frozenset[Seat]:
    """The hands ``seat`` surely sees now, as far as the claimer's view tells: its own, the
    hands face up to all (those the claimer sees besides his own), and the misère
    declarer's for the catchers once shown. Anything else counts as unseen, so a claim
    checked against it is one the answerer can check too."""
    declarer = view.declarer
    out = {seat}
    out |= {s for s in view.known_hands if s != view.seat}
    contract = view.contract
    shown = not view.rules.misere_open_after_first_trick or bool(view.completed_tricks)
    misere = contract is not None and contract.is_misere
    if misere and shown and declarer is not None and seat != declarer:
        out.add(declarer)
    return frozenset(out)


def their_worlds(
    view: View, world: World, seat: Seat, rng: random.Random, count: int
) -> list[World]:
    """Deals ``seat`` could imagine if ``world`` were the truth: the cards it cannot see
    dealt again among the hands (and the closed talon or the discard) hidden from it,
    keeping hand sizes and the voids shown in play."""
    sees = seen_by(view, seat)
    piles = dict(world.slots)
    if view.discard is not None and not view.talon_thrown:
        # The claimer knows the discard (his own); the answerers do not.
        piles[DISCARD] = view.discard.mask
    fixed = {int(s): piles.get(int(s), 0) for s in view.active if s in sees}
    hidden = [int(s) for s in view.active if s not in sees]
    hidden += [k for k in piles if k >= 10 and piles[k]]
    if seat == view.declarer:
        hidden = [k for k in hidden if k != DISCARD]
    pool = 0
    for k in hidden:
        pool |= piles.get(k, 0)
    sizes = {k: piles.get(k, 0).bit_count() for k in hidden}
    gaps = voids(view)
    allowed = {}
    for k in hidden:
        mask = pool
        if k < 10:
            mask &= ~gaps.get(Seat(k), 0)
        allowed[k] = mask
    slots = Slots(pool, sizes, allowed, fixed)
    if count_upper_bound(slots) <= ENUMERATE_LIMIT:
        every = enumerate_worlds(slots, ENUMERATE_LIMIT)
        if every is not None:
            return every
    out = [world]
    for _ in range(count):
        drawn = random_world(slots, rng)
        if drawn is not None:
            out.append(drawn)
    return out
