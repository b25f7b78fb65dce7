"""Short constructors of DealResult values for the sheet's tests."""

from __future__ import annotations

from typing import Any

from preferans.contracts import Contract
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.seats import Seat, next_seat

S, W, N, E = Seat.S, Seat.W, Seat.N, Seat.E


def active(dealer: Seat, players: int) -> tuple[Seat, ...]:
    """Seats holding cards, clockwise from first hand."""
    n = 3 if players == 2 else players
    seats = []
    seat = dealer
    for _ in range(n):
        seat = next_seat(seat, players)
        if players == 4 and seat == dealer:
            continue
        seats.append(seat)
    if players == 4:
        return tuple(seats[:3])
    return tuple(seats)


def _result(kind: DealKind, dealer: Seat, players: int, **fields: Any) -> DealResult:
    """A deal's result at the table ``dealer`` deals for ``players`` (the 2-player dummy is E)."""
    return DealResult(
        kind=kind,
        dealer=dealer,
        active=active(dealer, players),
        dummy=E if players == 2 else None,
        **fields,
    )


def game(
    contract: str,
    declarer: Seat,
    tricks: dict[Seat, int],
    *,
    dealer: Seat = E,
    players: int = 3,
    whist: tuple[Seat, ...] = (),
    passed: tuple[Seat, ...] = (),
    half: Seat | None = None,
    checked: bool = False,
    open: bool = False,
    thrown: bool = False,
) -> DealResult:
    defenders = {s: WhistChoice.WHIST for s in whist}
    defenders.update({s: WhistChoice.PASS for s in passed})
    if half is not None:
        defenders[half] = WhistChoice.HALF_WHIST
    played = bool(whist) or checked
    c = Contract.parse(contract)
    return _result(
        DealKind.MISERE if c.is_misere else DealKind.GAME,
        dealer,
        players,
        declarer=declarer,
        bid=c,
        contract=c,
        talon_thrown=thrown,
        defenders=defenders,
        whisters=whist,
        open=open or checked,
        checked=checked,
        played=played or c.is_misere,
        tricks=tricks if (played or c.is_misere) else {},
    )


def misere(declarer: Seat, taken: int, *, dealer: Seat = E, players: int = 3) -> DealResult:
    others = [s for s in active(dealer, players) if s != declarer]
    rest = 10 - taken
    tricks = {declarer: taken, others[0]: rest // 2, others[1]: rest - rest // 2}
    return game("мизер", declarer, tricks, dealer=dealer, players=players)


def walk_away(
    bid: str, declarer: Seat, *, dealer: Seat = E, players: int = 3, thrown: bool = False
) -> DealResult:
    return DealResult(
        kind=DealKind.WALK_AWAY,
        dealer=dealer,
        active=active(dealer, players),
        declarer=declarer,
        bid=Contract.parse(bid),
        talon_thrown=thrown,
    )


def raspasy(
    tricks: dict[Seat, int], *, dealer: Seat = E, players: int = 3, talon: int = 0
) -> DealResult:
    return _result(
        DealKind.RASPASY, dealer, players, played=True, tricks=tricks, talon_tricks=talon
    )
