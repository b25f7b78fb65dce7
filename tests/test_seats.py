"""Seats and clockwise order."""

from __future__ import annotations

from preferans.seats import Seat, next_seat, seats_for


def test_clockwise() -> None:
    assert seats_for(3) == (Seat.S, Seat.W, Seat.E)
    assert next_seat(Seat.E, 3) is Seat.S and next_seat(Seat.W, 4) is Seat.N
    assert Seat.parse("Юг") is Seat.S and Seat.parse("west") is Seat.W
