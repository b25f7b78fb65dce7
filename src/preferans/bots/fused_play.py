"""Raspasy cards chosen without seeing the hidden hands at the mover's next card.

Sampling with double-dummy solutions lets the mover, in every drawn deal, play his later
cards as if he saw that deal (strategy fusion): a card that keeps a choice open looks
safe because in each deal the right choice is made later. Here the mover's next card is
one card for all the deals he cannot tell apart by then (the same cards have come to the
table since), as the information-set searches of bridge and Skat bots do, one level
deep. The others still answer in each deal as if they saw it, each avoiding his own
tricks (ties: the card that leaves the mover more), and the play after the mover's next
card is solved as before. The value of a card can only fall against the double-dummy
average, and falls most for cards that need the mover to guess right later.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from preferans.solver import (
    Objective,
    Position,
    legal_cards,
    play,
    remaining_tricks,
    selfish_tricks,
    solve_many,
)

__all__ = ["FusedValue", "fused_values"]


@dataclass(frozen=True)
class FusedValue:
    """A candidate card's worth: the weighted mean utility and the mover's mean tricks."""

    value: float
    tricks: float


@dataclass(frozen=True)
class _Line:
    """One candidate card played in one drawn deal, followed to the mover's next turn."""

    world: int
    candidate: int
    position: Position
    gain: int  # the mover's tricks since the decision
    seen: tuple[int, ...]  # the cards the others played since, in order


def fused_values(
    positions: Sequence[Position],
    weights: Sequence[float],
    mover: int,
    candidates: Sequence[int],
    utility: Callable[[int], float],
    base: int,
    threads: int = 1,
) -> list[FusedValue]:
    """For each candidate card (index) of ``mover`` in the selfish raspasy ``positions``
    (one per drawn deal, ``weights`` their likelihoods): its worth when the mover's next
    card must be the same in every deal showing the same cards by then. ``utility``
    prices the mover's final tricks, ``base`` the tricks he has taken already; the
    solves run on ``threads``."""
    lines = []
    for w, position in enumerate(positions):
        for c, card in enumerate(candidates):
            after, winner = play(position, card)
            lines.append(_Line(w, c, after, int(winner == mover), ()))
    lines = _others_move(lines, mover, threads)
    total = sum(weights)
    values = [0.0] * len(candidates)
    tricks = [0.0] * len(candidates)
    groups: dict[tuple[int, tuple[int, ...]], list[_Line]] = defaultdict(list)
    for line in lines:
        if remaining_tricks(line.position):
            groups[(line.candidate, line.seen)].append(line)
        else:
            weight = weights[line.world]
            values[line.candidate] += weight * utility(base + line.gain)
            tricks[line.candidate] += weight * (base + line.gain)
    for (c, _), group in _mover_choices(groups, weights, mover, utility, base, threads):
        values[c] += group[0]
        tricks[c] += group[1]
    return [FusedValue(v / total, t / total) for v, t in zip(values, tricks, strict=True)]


def _others_move(lines: list[_Line], mover: int, threads: int) -> list[_Line]:
    """Play the others' cards in every line until the mover is to play or the deal ends:
    each takes the card leaving him the fewest tricks, then the one leaving the mover the
    most (as in the mover's selfish solve), then the lowest."""
    while True:
        waiting = [
            i
            for i, line in enumerate(lines)
            if remaining_tricks(line.position) and line.position.to_move() != mover
        ]
        if not waiting:
            return lines
        tasks: list[Position] = []
        options: list[list[tuple[int, Position, int | None]]] = []
        for i in waiting:
            position = lines[i].position
            moves = []
            for card in legal_cards(position):
                after, winner = play(position, card)
                moves.append((card, after, winner))
                if remaining_tricks(after):
                    tasks.append(after)
            options.append(moves)
        solved = iter(selfish_tricks(tasks, mover, threads=threads))
        for i, moves in zip(waiting, options, strict=True):
            line = lines[i]
            seat = line.position.to_move()
            best: tuple[int, int, int] | None = None
            chosen: tuple[int, Position, int | None] | None = None
            for card, after, winner in moves:
                tricks = list(next(solved)) if remaining_tricks(after) else [0, 0, 0]
                if winner is not None:
                    tricks[winner] += 1
                key = (tricks[seat], -tricks[mover], card)
                if best is None or key < best:
                    best, chosen = key, (card, after, winner)
            assert chosen is not None
            card, after, winner = chosen
            lines[i] = _Line(
                line.world,
                line.candidate,
                after,
                line.gain + int(winner == mover),
                (*line.seen, card),
            )


def _mover_choices(
    groups: dict[tuple[int, tuple[int, ...]], list[_Line]],
    weights: Sequence[float],
    mover: int,
    utility: Callable[[int], float],
    base: int,
    threads: int,
) -> list[tuple[tuple[int, tuple[int, ...]], tuple[float, float]]]:
    """For each group of lines the mover cannot tell apart: his one best card for all of
    them, as (weighted utility, weighted tricks) summed over the group."""
    tasks: list[Position] = []
    plans: list[tuple[tuple[int, tuple[int, ...]], list[int], list[list[tuple[int, bool]]]]] = []
    for key, group in groups.items():
        cards = legal_cards(group[0].position)
        table: list[list[tuple[int, bool]]] = []  # per card, per line: (tricks so far, solve?)
        for card in cards:
            row = []
            for line in group:
                after, winner = play(line.position, card)
                gain = line.gain + int(winner == mover)
                open_ = bool(remaining_tricks(after))
                if open_:
                    tasks.append(after)
                row.append((gain, open_))
            table.append(row)
        plans.append((key, cards, table))
    solved = iter(solve_many(tasks, Objective.SELFISH, mover, threads=threads))
    out = []
    for key, _cards, table in plans:
        group = groups[key]
        best: tuple[float, float] | None = None
        for row in table:
            value = 0.0
            count = 0.0
            for line, (gain, open_) in zip(group, row, strict=True):
                final = base + gain + (next(solved) if open_ else 0)
                weight = weights[line.world]
                value += weight * utility(final)
                count += weight * final
            if best is None or value > best[0]:
                best = (value, count)
        assert best is not None
        out.append((key, best))
    return out
