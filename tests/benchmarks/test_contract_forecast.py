"""The declarer's forecast screen, run small and seeded: the declarer's last bid is kept
with the price it had and what the sheet wrote, and bad input is refused."""

from __future__ import annotations

from typing import Any

import pytest
from benchmark_scripts import load, run

from preferans.game import Deal, new_deal
from preferans.match import deal_rng
from preferans.rules import find_rules
from preferans.seats import player_seats

SMALL = "sampling:samples=4:bid_samples=6"
#: The seeded deals below were picked with these options; the bot's defaults may change
#: (a kept setting), the deals' auctions here must not.
OPTIONS: dict[str, object] = {"bid_samples": 6, "declarer_edge": 0.0, "outbid_share": 0.0}


def _forecast(index: int) -> Any:
    bench = load("contract_forecast")
    rules = find_rules("sochi")
    deal = Deal.random(rules, player_seats(3)[index % 3], deal_rng(7, index))
    return bench.play(new_deal(rules, deal), "sampling", OPTIONS, index)


def test_a_misere_is_kept_with_its_catch_chance_and_what_it_wrote() -> None:
    clean = _forecast(15)
    caught = _forecast(19)
    for forecast in (clean, caught):
        assert forecast.kind == "misère" and forecast.played and forecast.tricks is None
        assert forecast.caught is not None and 0.0 <= forecast.caught <= 1.0
    assert clean.taken == 0 and clean.written == pytest.approx(clean.value)
    # priced as clean in every drawn deal, caught for two tricks at the table
    assert caught.caught == 0.0 and caught.taken == 2
    assert caught.written < 0 < caught.value


def test_games_are_grouped_by_the_tricks_their_bid_expected() -> None:
    played = _forecast(3)
    assert played.kind == "8+" and played.tricks is not None and played.tricks >= 8
    assert played.played and played.taken == 9 and played.written > 0
    walked = _forecast(13)
    assert walked.walked and not walked.played and walked.written < 0
    unplayed = _forecast(5)  # both defenders passed: made without a card played
    assert not unplayed.played and unplayed.taken == 0 and unplayed.written > 0
    # its last bid came after both others had passed; deal 3's while one still bid
    assert unplayed.alone and not played.alone
    assert _forecast(4) is None  # nobody declared


def test_the_report_prints_each_group() -> None:
    done = run("contract_forecast", "--deals", "6", "--seed", "7", "--player", SMALL)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"sochi: 6 deals played by {SMALL}" in done.stdout
    assert "priced - written" in done.stdout
    assert "tricks expected" in done.stdout


def test_bad_input_is_refused() -> None:
    for args, said in (
        (["--variant", "balkan"], "Balkan"),
        (["--variant", "whist"], "whist"),
        (["--player", "random"], "evidence"),
        (["--deals", "0"], "one deal"),
        (["--player", "master:samples=0"], "samples"),
    ):
        done = run("contract_forecast", *args)
        assert done.returncode == 2, args
        assert said in done.stderr, (args, done.stderr[-500:])
