"""Every position of every deal of a game record, for stepping back and forth.

The record is replayed through the engine and the sheet first (a bad record is refused
before anything is shown); then every position of every deal is rebuilt, so stepping back
is as cheap as stepping forward. The terminal's replay and the web page's analysis both
read these.
"""

from __future__ import annotations

from dataclasses import dataclass

from preferans.game import DealState, new_deal
from preferans.notation import GameRecord
from preferans.notation.replay import replay
from preferans.scoring.sheet import SheetEntry

__all__ = ["Position", "positions_of"]


@dataclass(frozen=True, slots=True)
class Position:
    """One moment of one deal: the state after ``move`` moves (0 = as dealt)."""

    deal: int
    move: int
    moves: int
    state: DealState
    written: SheetEntry | None = None
    """What the deal wrote on the sheet (on a deal's last position, once it is over)."""


def positions_of(record: GameRecord) -> list[Position]:
    """Every position of every deal, in order; ``ReplayError`` if the record is bad."""
    replayed = replay(record, allow_unfinished=True)
    out: list[Position] = []
    written = replayed.sheet.records
    for number, final in enumerate(replayed.states, start=1):
        state = new_deal(record.rules, final.deal, raspasy_run=final.raspasy_run)
        total = len(final.history)
        sheet = written[number - 1] if number <= len(written) else None
        out.append(Position(number, 0, total, state, sheet if state.is_over else None))
        while len(state.history) < total:
            state = state.apply(final.history[len(state.history)][1])
            done = sheet if state.is_over else None
            out.append(Position(number, len(state.history), total, state, done))
    return out
