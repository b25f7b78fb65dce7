"""The bidding ladder and prices."""

from __future__ import annotations

from preferans.contracts import MISERE, Contract, bid_ladder


def test_ladder_order() -> None:
    ladder = bid_ladder()
    assert str(ladder[0]) == "6♠" and str(ladder[-1]) == "10БК" and len(ladder) == 26
    assert ladder.index(MISERE) == 15 and str(ladder[16]) == "9♠"
    full = bid_ladder(True)
    assert Contract.misere(without_talon=True) < Contract.parse("10♠бп")
    # RULES §3: each bid without the talon sits just above the same bid with it.
    assert Contract.parse("6♣") > Contract.parse("6♠бп") > Contract.parse("6♠")
    assert Contract.misere(without_talon=True) > Contract.parse("10БК") and len(full) == 52


def test_prices() -> None:
    assert Contract.parse("7♣").price == 4 and MISERE.price == 10
    assert Contract.parse("6NT").defence_obligation == 4
    assert Contract.parse("мизер") == MISERE
