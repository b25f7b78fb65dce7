"""The game driver: order of dealers, raspasy run, the end of the pulya, and the engine."""

import random

import pytest
from builders import E, N, S, W, game, raspasy

from preferans.rules import find_rules
from preferans.scoring import Pulya, Sheet, SheetError


def test_dealers_rotate_clockwise_from_east() -> None:
    pulya = Pulya(find_rules("sochi", players=4), 10)
    dealers = []
    for _ in range(5):
        dealers.append(pulya.dealer)
        pulya.record(
            raspasy(
                {s: 3 for s in (S, W, N, E) if s != pulya.dealer} | {},
                dealer=pulya.dealer,
                players=4,
                talon=1,
            )
        )
    assert dealers == [E, S, W, N, E]
    assert pulya.raspasy_run == 5


def test_record_refuses_the_wrong_dealer() -> None:
    pulya = Pulya(find_rules("sochi"), 10)
    with pytest.raises(SheetError):
        pulya.record(game("6♠", S, {}, dealer=S, passed=(W, E)))


def test_ends_when_every_pulya_is_closed() -> None:
    pulya = Pulya(find_rules("sochi"), 4)
    for declarer in (S, W, E):
        pulya.record(
            game(
                "7♠",
                declarer,
                {},
                dealer=pulya.dealer,
                passed=tuple(s for s in (S, W, E) if s != declarer),
            )
        )
    assert pulya.is_over
    with pytest.raises(SheetError):
        pulya.start_deal()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["sochi", "leningrad", "rostov"])
def test_whole_game_on_the_engine(players: int, variant: str) -> None:
    game_module = pytest.importorskip("preferans.game")
    if not hasattr(game_module, "new_deal"):
        pytest.skip("the engine has not landed")
    rng = random.Random(players * 7 + len(variant))
    runs: list[int] = []

    def source(rules, dealer, number):  # type: ignore[no-untyped-def]
        runs.append(pulya.raspasy_run)
        return game_module.Deal.random(rules, dealer, rng)

    pulya = Pulya(find_rules(variant, players=players), 10, deal_source=source, max_deals=25)
    sheet = pulya.play(lambda view: rng.choice(view.legal_actions))
    assert pulya.is_over
    assert runs == [0] + [r.raspasy_run for r in sheet.records[:-1]]
    replayed = Sheet.from_json(sheet.to_json())
    assert replayed.to_dict() == sheet.to_dict()
    assert sum(sheet.settle().exact.values()) == 0
