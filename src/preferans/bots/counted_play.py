"""The heuristic's card counted, not guessed, when the unseen cards lie only a few ways.

Against an open whist the declarer sees every card, an open whister knows all but the
declarer's hand and discard, and in the last tricks few arrangements remain. Then every
arrangement is solved double-dummy for every legal card, as a claim is counted
(:mod:`preferans.bots.claim_answer`), and the card that does best for the mover's side
is played: first the chance of the contract's outcome (the declarer makes it, the
defence sets it; the misère player takes no trick), then the mean of the tricks. With
more arrangements than :data:`COUNT_LIMIT` (:data:`RASPASY_COUNT_LIMIT` on raspasy) the
rules of thumb decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.bots.inference import count_upper_bound, enumerate_worlds, hidden_slots
from preferans.cards import Card
from preferans.solver import (
    Objective,
    Position,
    PositionError,
    play,
    remaining_tricks,
    solve_many,
)

if TYPE_CHECKING:
    from preferans.game import View

__all__ = [
    "COUNT_LIMIT",
    "RASPASY_COUNT_LIMIT",
    "RASPASY_SOLVE_LIMIT",
    "SOLVE_LIMIT",
    "counted_card",
    "limits",
]

#: At most this many arrangements of the unseen cards are counted.
COUNT_LIMIT = 132
#: At most this many positions (arrangements times legal cards) are solved per decision.
SOLVE_LIMIT = 800
#: On raspasy the count goes further. Nobody's hand is open there (and in Rostov the talon
#: stays hidden), so with a contract's limits the rules of thumb play raspasy until the
#: last tricks. A raspasy position is not cheaper to solve than a contract's (2 to 5 times
#: dearer than no-trump at 6 to 8 cards a hand, single-threaded), but the count still fits
#: a decision: in Rostov, where raspasy are paid in whists, these limits gained +0.19 and
#: +0.18 whists per deal on 600 deals (seeds 2 and 3) against the limits of a contract,
#: with the heuristic's CPU per decision at the 95th percentile rising from about 2.4 to
#: 8.7 ms (docs/bots.md, "The heuristic against its earlier self").
RASPASY_COUNT_LIMIT = 560
#: Positions solved per raspasy decision at most (see :data:`RASPASY_COUNT_LIMIT`).
RASPASY_SOLVE_LIMIT = 1700
#: How much the contract's outcome weighs against one trick of the mean.
OUTCOME_WEIGHT = 10.0


def counted_card(view: View, legal: list[Card], default: Card) -> Card | None:
    """The best card over every arrangement of the unseen cards, or None when they lie
    too many ways (or the position is one the count does not cover: 4-player raspasy,
    a talon card on the table, the Balkan game)."""
    if len(legal) < 2 or view.lead_talon_card is not None or len(view.active) != 3:
        return None
    if view.rules.family != "russian":
        return None
    count_limit, solve_limit = limits(view)
    slots = hidden_slots(view)
    if slots is None or count_upper_bound(slots) * len(legal) > solve_limit * 8:
        return None
    worlds = enumerate_worlds(slots, count_limit)
    if not worlds or len(worlds) * len(legal) > solve_limit:
        return None
    mover = view.to_move if view.to_move is not None else view.seat
    contract = view.contract
    order = view.active
    index = {s: i for i, s in enumerate(order)}
    trump: int | None = None
    if contract is None:
        objective, target = Objective.RASPASY, mover
    elif contract.is_misere:
        assert view.declarer is not None
        objective, target = Objective.MISERE, view.declarer
    else:
        assert view.declarer is not None
        objective, target = Objective.TRICKS, view.declarer
        trump = None if contract.trump is None else int(contract.trump)
    trick = view.current_trick
    leader = trick[0][0] if trick else mover
    played = tuple(card.index for _, card in trick)
    decl = index[target]
    base = view.tricks_won.get(target, 0)
    positions: list[Position] = []
    where: list[tuple[int, int, int]] = []
    totals = [[0] * len(legal) for _ in worlds]
    for w, world in enumerate(worlds):
        hands = (world.hand(order[0]), world.hand(order[1]), world.hand(order[2]))
        try:
            position = Position.make(hands, leader=index[leader], trump=trump, played=played)
        except PositionError:
            return None
        for c, card in enumerate(legal):
            after, winner = play(position, card.index)
            gain = base + (1 if winner == decl else 0)
            if remaining_tricks(after) == 0:
                totals[w][c] = gain
            else:
                positions.append(after)
                where.append((w, c, gain))
    values = solve_many(positions, objective, [decl] * len(positions), threads=1)
    for (w, c, gain), value in zip(where, values, strict=True):
        totals[w][c] = gain + value
    # The declarer wants many tricks in a game and none on misère; raspasy's mover and
    # the misère player want few; the defenders and catchers the opposite of the declarer.
    same_side = mover == target
    wants_many = (objective is Objective.TRICKS) == same_side
    sign = 1.0 if wants_many else -1.0
    need = contract.level if contract is not None and objective is Objective.TRICKS else 0
    weight = 0.0 if objective is Objective.RASPASY else OUTCOME_WEIGHT
    scores = []
    for c in range(len(legal)):
        made = sum(1 for row in totals if _made(row[c], need, objective)) / len(worlds)
        mean = sum(row[c] for row in totals) / len(worlds)
        scores.append(weight * (made if same_side else 1.0 - made) + sign * mean)
    best = max(scores)
    chosen = [card for card, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
    return default if default in chosen else chosen[0]


def limits(view: View) -> tuple[int, int]:
    """The most arrangements counted and positions solved for this decision: further on
    raspasy (no contract), where no hand is open and a contract's limits reach only the
    last tricks."""
    if view.contract is None:
        return RASPASY_COUNT_LIMIT, RASPASY_SOLVE_LIMIT
    return COUNT_LIMIT, SOLVE_LIMIT


def _made(tricks: int, need: int, objective: Objective) -> bool:
    """Whether the target seat's outcome is its own success."""
    if objective is Objective.TRICKS:
        return tricks >= need
    return tricks == 0
