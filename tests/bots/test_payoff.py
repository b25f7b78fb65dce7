"""The per-deal value in whists agrees with the sheet's settlement (RULES §9.4, §10)."""

from __future__ import annotations

import pytest

from preferans.bots import make_bot
from preferans.bots.payoff import deal_value, split_defence, synth_result
from preferans.contracts import Contract
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import find_rules
from preferans.seats import Seat

from .conftest import play, seat_bots


def test_rules_worked_example_leningrad_four_players() -> None:
    """A six down one, both whist (3 + 2), dealer sits out: −62, +26, +22, +14."""
    rules = find_rules("leningrad", players=4)
    result = DealResult(
        kind=DealKind.GAME,
        dealer=Seat.E,
        active=(Seat.S, Seat.W, Seat.N),
        declarer=Seat.S,
        bid=Contract.parse("6♠"),
        contract=Contract.parse("6♠"),
        defenders={Seat.W: WhistChoice.WHIST, Seat.N: WhistChoice.WHIST},
        whisters=(Seat.W, Seat.N),
        played=True,
        tricks={Seat.S: 5, Seat.W: 3, Seat.N: 2},
    )
    values = deal_value(result, rules)
    assert values[Seat.S] == pytest.approx(-62)
    assert values[Seat.W] == pytest.approx(26)
    assert values[Seat.N] == pytest.approx(22)
    assert values[Seat.E] == pytest.approx(14)


@pytest.mark.parametrize("variant", ["sochi", "leningrad", "rostov"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_sum_to_zero(variant: str, players: int) -> None:
    rules = find_rules(variant, players=players)
    for seed in range(15):
        bots = seat_bots(rules, lambda i, s=seed: make_bot(("random", "heuristic")[(i + s) % 2]))
        result = play(rules, seed, bots).result()
        values = deal_value(result, rules)
        assert sum(values.values()) == pytest.approx(0.0, abs=1e-9)
        assert Seat.E not in values or players != 2


def test_imagined_outcomes_score_like_real_ones() -> None:
    rules = find_rules("sochi")
    order = (Seat.S, Seat.W, Seat.E)
    tricks = split_defence(Seat.W, order, 6)
    assert tricks[Seat.W] == 6 and sum(tricks.values()) == 10
    made = synth_result(
        rules,
        Seat.E,
        order,
        DealKind.GAME,
        declarer=Seat.W,
        contract=Contract.parse("6♥"),
        tricks=tricks,
        choices={Seat.S: WhistChoice.WHIST, Seat.E: WhistChoice.PASS},
        whisters=(Seat.S,),
        open_=True,
    )
    values = deal_value(made, rules)
    # Pulya 2 is worth 2 × 10 × 2/3 to the declarer; the whister writes 4 × 2 on him.
    assert values[Seat.W] == pytest.approx(40 / 3 - 8)
    assert values[Seat.S] == pytest.approx(-20 / 3 + 8)
