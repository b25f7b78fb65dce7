"""``fitted_whists``: the declarer prices a contract, and a defender his partner's call,
with the master's own whist calls instead of the seed's rule."""

from __future__ import annotations

import pytest

from preferans.bots.defender_model import (
    GENTLEMAN_HABIT,
    GREEDY_HABIT,
    Before,
    WhistHabit,
    obligation_share,
    whist_chance,
    whist_habit,
)
from preferans.bots.inference import World
from preferans.bots.sampling import SamplingBot, _game_value
from preferans.cards import CardSet
from preferans.contracts import Contract
from preferans.errors import PreferansError
from preferans.rules import find_rules
from preferans.seats import Seat

SOCHI = find_rules("sochi")
ORDER = (Seat.S, Seat.W, Seat.E)
SIX_CLUBS = Contract.parse("6♣")
# West's defence estimate against clubs is just over his share of the obligation (2.25
# against 2), East's just under it (1.9 to 2).
WEST = CardSet.parse("♠K8 ♥AQ9 ♦K87 ♣97").mask
EAST = CardSet.parse("♠AQ97 ♥K87 ♦Q9 ♣8").mask
WEAK_WEST = CardSet.parse("♠K8 ♥J109 ♦J1087 ♣97").mask


def _value(west: int, tricks: int, *, fitted: bool) -> float:
    world = World({int(Seat.W): west, int(Seat.E): EAST})
    habit = GREEDY_HABIT if fitted else None
    return _game_value(SOCHI, Seat.E, ORDER, Seat.S, SIX_CLUBS, tricks, world, habit=habit)


def test_the_master_whists_with_better_cards_and_against_a_weaker_declarer() -> None:
    low = whist_chance(1.0, 2.0, 0, Before.NOTHING, high=False)
    mid = whist_chance(2.0, 2.0, 0, Before.NOTHING, high=False)
    strong = whist_chance(3.5, 2.0, 0, Before.NOTHING, high=False)
    assert low < mid < strong
    assert strong > 0.8 and low < 0.2
    # a declarer who falls short is whisted more often (the master reads his cards)
    assert whist_chance(2.0, 2.0, -2, Before.NOTHING, high=False) > mid
    assert whist_chance(2.0, 2.0, 2, Before.NOTHING, high=False) < mid
    # the surplus counts only to three short and two over
    assert whist_chance(2.0, 2.0, -6, Before.NOTHING, high=False) == pytest.approx(
        whist_chance(2.0, 2.0, -3, Before.NOTHING, high=False)
    )
    # after his partner's half-whist a defender rarely whists after all
    assert whist_chance(2.0, 2.0, 0, Before.HALF_WHIST, high=False) < 0.2
    # from the eight level up the obligation is a trick and the master nearly always whists
    assert whist_chance(1.0, 1.0, 0, Before.NOTHING, high=True) > 0.9


def test_a_six_one_short_is_not_always_whisted_by_the_master() -> None:
    # by the seed's rule both defenders whist it and it goes down every time; the master's
    # defenders often pass or half-whist, and the game stands unplayed
    assert _value(WEST, 5, fitted=True) > _value(WEST, 5, fitted=False) + 3


def test_a_six_two_short_is_not_a_free_game_against_the_master() -> None:
    # by the seed's rule neither defender reaches his share, so nobody whists and the six
    # counts as made; the master's defenders whist a declarer that far short
    plain = _value(WEAK_WEST, 4, fitted=False)
    assert plain == _value(WEAK_WEST, 8, fitted=False)  # unplayed, whatever the tricks
    assert _value(WEAK_WEST, 4, fitted=True) < plain - 10


def test_a_made_six_is_worth_more_the_more_tricks_the_declarer_takes() -> None:
    values = [_value(WEST, tricks, fitted=True) for tricks in range(3, 11)]
    assert values == sorted(values)


def test_it_is_on_by_default_and_a_yes_or_no_setting() -> None:
    assert SamplingBot().fitted_whists
    assert not SamplingBot(fitted_whists=False).fitted_whists
    with pytest.raises(PreferansError, match="fitted_whists"):
        SamplingBot(fitted_whists="often")  # type: ignore[arg-type]


def test_a_defender_is_measured_against_half_the_obligation_up_to_the_seven() -> None:
    assert obligation_share(Contract.parse("6♣")) == 2.0  # the defence owes four tricks
    assert obligation_share(Contract.parse("7♣")) == 1.0  # two
    assert obligation_share(Contract.parse("8♣")) == 1.0  # one, and each is held to it


def test_under_gentlemans_whist_the_master_whists_more_and_a_failing_six_costs_more() -> None:
    leningrad = find_rules("leningrad")
    assert whist_habit(leningrad) is GENTLEMAN_HABIT
    assert whist_habit(SOCHI) is whist_habit(find_rules("rostov")) is GREEDY_HABIT
    for before in (Before.NOTHING, Before.WHIST, Before.HALF_WHIST):
        greedy = whist_chance(2.0, 2.0, 0, before, high=False)
        assert whist_chance(2.0, 2.0, 0, before, high=False, habit=GENTLEMAN_HABIT) > greedy
    # a six one short in Leningrad: whisted more often, so it goes down more often
    world = World({int(Seat.W): WEST, int(Seat.E): EAST})

    def value(habit: WhistHabit) -> float:
        return _game_value(leningrad, Seat.E, ORDER, Seat.S, SIX_CLUBS, 5, world, habit=habit)

    assert value(GENTLEMAN_HABIT) < value(GREEDY_HABIT) - 1


def test_the_greedy_habit_prices_every_variant_unless_the_style_is_asked_for() -> None:
    leningrad = find_rules("leningrad")
    assert SamplingBot().whist_habit(leningrad) is GREEDY_HABIT
    assert SamplingBot(style_whists=True).whist_habit(leningrad) is GENTLEMAN_HABIT
    assert SamplingBot(style_whists=True).whist_habit(SOCHI) is GREEDY_HABIT
    assert SamplingBot(fitted_whists=False).whist_habit(leningrad) is None
    with pytest.raises(PreferansError, match="style_whists"):
        SamplingBot(style_whists="yes")  # type: ignore[arg-type]
