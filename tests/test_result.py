"""DealResult helpers."""

from __future__ import annotations

from preferans.result import DealKind, DealResult
from preferans.seats import Seat


def test_trick_helpers() -> None:
    result = DealResult(
        kind=DealKind.GAME,
        dealer=Seat.E,
        active=(Seat.S, Seat.W, Seat.E),
        declarer=Seat.S,
        tricks={Seat.S: 7, Seat.W: 2, Seat.E: 1},
    )
    assert result.declarer_tricks == 7 and result.defence_tricks == 3
    assert "declarer=Seat.S" in repr(result)
