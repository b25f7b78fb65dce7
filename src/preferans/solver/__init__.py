"""Double-dummy solver for Preferans: exact results of any position, all cards visible.

Two backends with one API: the C extension :mod:`preferans.solver._dd` (fast, releases the
GIL, multi-threaded batches) and the pure-Python :mod:`preferans.solver.reference` (the
test oracle, and the fallback when the extension is not built). Positions are validated
here once, so both backends see only well-formed input.

>>> from preferans.cards import CardSet
>>> p = Position.make([CardSet.parse("♠A ♠K"), CardSet.parse("♠Q ♠J"), CardSet.parse("♣7 ♣8")])
>>> solve(p, "tricks", declarer=0)
2
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Sequence
from types import ModuleType

from preferans.solver import reference
from preferans.solver.position import (
    Objective,
    Position,
    PositionError,
    check_task,
    declarer_seats,
    legal_cards,
    play,
    remaining_tricks,
)

__all__ = [
    "BACKEND",
    "Objective",
    "Position",
    "PositionError",
    "analyse",
    "legal_cards",
    "play",
    "raspasy",
    "remaining_tricks",
    "selfish_tricks",
    "solve",
    "solve_many",
]


def _load_extension() -> ModuleType | None:
    """The compiled core, unless absent or disabled with ``PREFERANS_SOLVER=python``."""
    if os.environ.get("PREFERANS_SOLVER") == "python":
        return None
    try:
        return importlib.import_module("preferans.solver._dd")
    except ImportError:
        return None


_dd: ModuleType | None = _load_extension()
BACKEND: str = "c" if _dd is not None else "python"
"""``"c"`` when the compiled extension is in use, ``"python"`` for the reference fallback."""

_warned = [False]


def _fallback() -> None:
    """Warn once: the reference is correct but orders of magnitude slower."""
    if not _warned[0]:
        _warned[0] = True
        warnings.warn(
            "preferans.solver._dd is not built; using the slow pure-Python reference solver "
            "(run `pip install -e .` with a C compiler to build it)",
            RuntimeWarning,
            stacklevel=3,
        )


def _task(
    position: Position, goal: Objective, declarer: int, *, every_seat: bool = False
) -> tuple[object, ...]:
    """The flat tuple the C extension takes: hands (-1 = out), leader, trump, trick, mode,
    declarer, then the talon cards still to lead and whether they can win."""
    hands = tuple(-1 if h is None else h for h in position.hands)
    trump = -1 if position.trump is None else position.trump
    mode = {Objective.TRICKS: 0, Objective.SELFISH: 3 if every_seat else 2}.get(goal, 1)
    wins = int(position.talon_wins)
    return (hands, position.leader, trump, position.played, mode, declarer, position.talon, wins)


def solve(position: Position, objective: Objective | str = "tricks", declarer: int = 0) -> int:
    """Tricks the declarer seat takes from here (current trick included) with best play.

    ``tricks``: the declarer maximises and the others minimise; ``misere`` and ``raspasy``:
    the declarer minimises and the others load it, so the answer is the fewest tricks it
    can be held to; ``selfish``: every seat avoids its own tricks (ties load the declarer).
    """
    position.validate()
    goal = check_task(position, objective, declarer)
    if _dd is None:
        _fallback()
        return reference.solve(position, goal, declarer)
    result: int = _dd.solve(*_task(position, goal, declarer))
    return result


def analyse(
    position: Position, objective: Objective | str = "tricks", declarer: int = 0
) -> dict[int, int]:
    """For every legal card (index) of the seat to move: the declarer's tricks after it."""
    position.validate()
    goal = check_task(position, objective, declarer)
    if _dd is None:
        _fallback()
        return reference.analyse(position, goal, declarer)
    if goal is Objective.SELFISH:
        return _analyse_selfish(position, declarer)
    pairs: list[tuple[int, int]] = _dd.analyse(*_task(position, goal, declarer))
    return dict(pairs)


def _analyse_selfish(position: Position, declarer: int) -> dict[int, int]:
    """``analyse`` for selfish raspasy: each card played, the rest solved in one batch."""
    cards = legal_cards(position)
    afters = [play(position, card) for card in cards]
    open_ = [after for after, _ in afters if remaining_tricks(after)]
    rest = iter(solve_many(open_, Objective.SELFISH, declarer, threads=1))
    return {
        card: (next(rest) if remaining_tricks(after) else 0) + (winner == declarer)
        for card, (after, winner) in zip(cards, afters, strict=True)
    }


def raspasy(position: Position) -> tuple[int | None, int | None, int | None]:
    """For each seat (``None`` if out of play): the fewest tricks it can guarantee."""
    seats = [s for s in range(3) if position.hands[s] is not None]
    values = solve_many([position] * len(seats), Objective.RASPASY, seats, threads=1)
    out: list[int | None] = [None, None, None]
    for seat, value in zip(seats, values, strict=True):
        out[seat] = value
    return (out[0], out[1], out[2])


def selfish_tricks(
    positions: Sequence[Position], declarer: int | Sequence[int] = 0, threads: int | None = None
) -> list[tuple[int, int, int]]:
    """Every seat's tricks from here in selfish raspasy (``solve``'s ``selfish``, whose
    ties load ``declarer``), one triple per position in seat order: what a seat other
    than the declarer expects of its own cards in the declarer's search."""
    seats = declarer_seats(positions, declarer)
    tasks = []
    for position, seat in zip(positions, seats, strict=True):
        position.validate()
        check_task(position, Objective.SELFISH, seat)
        tasks.append(_task(position, Objective.SELFISH, seat, every_seat=True))
    if _dd is None:
        _fallback()
        return [reference.selfish_tricks(p, d) for p, d in zip(positions, seats, strict=True)]
    _check_threads(threads)
    packed: list[int] = _dd.solve_batch(tasks, threads or 0)
    return [(v & 15, v >> 4 & 15, v >> 8 & 15) for v in packed]


def _check_threads(threads: int | None) -> None:
    if threads is not None and threads < 1:
        raise PositionError(
            f"threads must be at least 1, got {threads}",
            ru=f"потоков должно быть не меньше 1, а не {threads}",
        )


def solve_many(
    positions: Sequence[Position],
    objective: Objective | str = "tricks",
    declarer: int | Sequence[int] = 0,
    threads: int | None = None,
) -> list[int]:
    """Solve many positions on every core (C threads, GIL released): for sampling bots.

    ``declarer`` is one seat for all positions or one seat per position; ``threads``
    defaults to the number of CPUs.
    """
    seats = declarer_seats(positions, declarer)
    tasks = []
    for position, seat in zip(positions, seats, strict=True):
        position.validate()
        goal = check_task(position, objective, seat)
        tasks.append(_task(position, goal, seat))
    if _dd is None:
        _fallback()
        return reference.solve_many(positions, objective, seats)
    _check_threads(threads)
    results: list[int] = _dd.solve_batch(tasks, threads or 0)
    return results
