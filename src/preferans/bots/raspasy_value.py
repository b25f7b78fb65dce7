"""What a raspasy trick count is worth to the player who takes it, as the sheet writes it.

A flat price per trick misses what players play raspasy for: a clean raspasy (no trick)
writes a trick's price into the pulya, so the step from one trick to none is worth about
one and a half tricks in Sochi and more than three in Leningrad; in Rostov the player
with the fewest tricks writes whists on everybody else's, so what counts is having
fewer than the others. The card play solves the mover's own final tricks; the others
are taken to share the tricks he leaves them as evenly as chance would (binomially),
each keeping what he has already taken, and every split is scored by the sheet.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from preferans.bots.payoff import deal_value, synth_result
from preferans.result import DealKind
from preferans.rules import Rules
from preferans.seats import Seat

#: Tricks in a raspasy deal.
TRICKS = 10


def raspasy_table(
    rules: Rules,
    dealer: Seat,
    order: tuple[Seat, ...],
    mover: Seat,
    taken: dict[Seat, int],
    raspasy_run: int,
) -> dict[int, float]:
    """The mover's whists for each final trick count of his (0-10) in this raspasy.

    ``taken`` is every seat's tricks so far (a four-handed dealer's talon tricks only
    shorten the tricks left; the sheet's amnesty is taken as if he had none),
    ``raspasy_run`` the position of this raspasy in a run (1 for the first). Counts the
    deal can no longer reach are priced as the nearest reachable one.
    """
    won = tuple(sorted((s, n) for s, n in taken.items() if n))
    return dict(enumerate(_table(rules, dealer, order, mover, won, raspasy_run)))


@lru_cache(maxsize=8192)
def _table(
    rules: Rules,
    dealer: Seat,
    order: tuple[Seat, ...],
    mover: Seat,
    won: tuple[tuple[Seat, int], ...],
    raspasy_run: int,
) -> tuple[float, ...]:
    taken = dict(won)
    mine = taken.get(mover, 0)
    left = max(0, TRICKS - sum(taken.values()))
    others = [s for s in order if s != mover]
    values: dict[int, float] = {}
    for final in range(mine, mine + left + 1):
        rest = left - (final - mine)
        total = 0.0
        for k in range(rest + 1):
            tricks = {s: taken.get(s, 0) for s in order}
            tricks[mover] = final
            if len(others) == 2:
                tricks[others[0]] = taken.get(others[0], 0) + k
                tricks[others[1]] = taken.get(others[1], 0) + rest - k
                weight = comb(rest, k) / 2**rest
            else:  # one other (not a Preferans table, but keep the sum whole)
                tricks[others[0]] = taken.get(others[0], 0) + rest
                weight = 1.0 if k == 0 else 0.0
            if not weight:
                continue
            result = synth_result(rules, dealer, order, DealKind.RASPASY, tricks=tricks)
            total += weight * deal_value(result, rules, raspasy_run=raspasy_run).get(mover, 0.0)
        values[final] = total
    low, high = mine, mine + left
    return tuple(values[min(high, max(low, t))] for t in range(TRICKS + 1))
