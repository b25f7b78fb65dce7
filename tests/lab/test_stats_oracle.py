"""Student's t, the SPRT, the oracle level, and the options of ``preferans match``."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from preferans.bots import make_bot
from preferans.bots.levels import level_names
from preferans.cli import main
from preferans.lab.stats import SPRT, Verdict, interval, t_cdf, t_quantile
from preferans.match import run_match
from preferans.rules import find_rules

#: Published two-sided 95% critical values of Student's t.
TABLE = {1: 12.706, 2: 4.303, 3: 3.182, 5: 2.571, 10: 2.228, 20: 2.086, 30: 2.042, 100: 1.984}


@pytest.mark.parametrize(("df", "value"), sorted(TABLE.items()))
def test_t_quantiles_match_the_published_table(df: int, value: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(value, abs=6e-4)


def test_t_approaches_the_normal_for_many_deals() -> None:
    assert t_quantile(0.975, 10_000) == pytest.approx(1.9602, abs=2e-4)
    assert t_quantile(0.975, 3999) == pytest.approx(t_quantile(0.975, 4000), abs=1e-4)


@given(st.floats(-50, 50), st.integers(1, 60))
def test_t_cdf_is_symmetric_and_inverted_by_the_quantile(t: float, df: int) -> None:
    assert t_cdf(t, df) + t_cdf(-t, df) == pytest.approx(1.0)
    p = t_cdf(t, df)
    if 1e-9 < p < 1 - 1e-9:
        assert t_quantile(p, df) == pytest.approx(t, abs=1e-6 * max(1.0, abs(t)))


def test_a_small_sample_gets_a_wider_interval_than_the_normal_one() -> None:
    data = [3.0, -1.0, 4.0, 1.0, -5.0, 9.0, 2.0, -6.0, 5.0, 3.0]
    mean, low, high = interval(data)
    assert mean - low == pytest.approx(high - mean)
    normal = 1.96 * statistics.stdev(data) / math.sqrt(len(data))
    assert high - mean == pytest.approx(2.262 * normal / 1.96, rel=1e-3)
    assert interval([1.0])[1:] == (-math.inf, math.inf)


def test_the_sprt_stops_on_a_clear_difference_either_way_and_not_before_its_minimum() -> None:
    rng = random.Random(3)
    test = SPRT(-1.0, 1.0)
    better = [rng.gauss(3.0, 5.0) for _ in range(400)]
    worse = [rng.gauss(-3.0, 5.0) for _ in range(400)]
    assert test.verdict(better[: test.min_deals - 1]) is None
    assert next(n for n in range(2, 400) if test.verdict(better[:n])) < 200
    assert test.verdict(better) is Verdict.MU1
    assert test.verdict(worse) is Verdict.MU0
    assert "worse" in test.describe(Verdict.MU0) and "better" in test.describe(Verdict.MU1)
    with pytest.raises(ValueError):
        SPRT.parse("1,0")
    assert SPRT.parse("0,2,0.1,0.2") == SPRT(0.0, 2.0, 0.1, 0.2)


def test_a_match_with_the_sprt_stops_at_the_same_deal_with_any_number_of_processes() -> None:
    rules = find_rules("sochi")
    test = SPRT(-5.0, 5.0, min_deals=5)
    one = run_match(["heuristic", "random"], rules, 200, seed=1, sprt=test, processes=1)
    two = run_match(["heuristic", "random"], rules, 200, seed=1, sprt=test, processes=2)
    assert one.verdict is Verdict.MU1 and one.deals < 200
    assert two.per_deal == one.per_deal


def test_the_oracle_plays_matches_from_the_whole_deal_and_never_from_a_view() -> None:
    assert "oracle" in level_names(whole_deal=True) and "oracle" not in level_names()
    for variant in ("sochi", "balkan"):
        result = run_match(["oracle", "heuristic"], find_rules(variant), 2, seed=6)
        assert result.deals == 2 and result.decisions[0] > 0
    from preferans.game import Deal, new_deal
    from preferans.seats import Seat

    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(2)))
    oracle = make_bot("oracle", seed=1)
    with pytest.raises(ValueError, match="whole deal"):
        oracle.choose(state.view(Seat.S))
    assert oracle.choose_state(state) in state.legal_actions()  # type: ignore[attr-defined]


def test_the_oracle_decides_on_cards_its_seat_cannot_see() -> None:
    """Two deals that look the same to South (the talon swapped with two of West's cards):
    a bot of the view decides alike on both, the oracle does not always."""
    from dataclasses import replace

    from preferans.cards import CardSet
    from preferans.game import Deal, new_deal
    from preferans.seats import Seat

    rules = find_rules("sochi")
    oracle = make_bot("oracle", seed=0)
    viewer = make_bot("sampling", seed=0, samples=4)
    differs = 0
    for seed in range(20):
        deal = Deal.random(rules, Seat.E, random.Random(seed))
        hands = dict(deal.hands)
        west = hands[Seat.W].sorted()
        talon = CardSet(west[-2:])
        hands[Seat.W] = CardSet([*west[:-2], *deal.talon])
        twin = replace(deal, hands=hands, talon=talon, talon_order=tuple(talon.sorted()))
        first, second = new_deal(rules, deal), new_deal(rules, twin)
        assert first.view(Seat.S) == second.view(Seat.S)
        assert viewer.choose(first.view(Seat.S)) == viewer.choose(second.view(Seat.S))
        mine = oracle.choose_state(first)  # type: ignore[attr-defined]
        assert mine in first.legal_actions()
        differs += mine != oracle.choose_state(second)  # type: ignore[attr-defined]
    assert differs > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--samples", "0"], "--samples must be at least 1"),
        (["--deals", "-5"], "--deals must be at least 1"),
        (["--processes", "-1"], "--processes must be 0"),
        (["--first-deal", "-1"], "--first-deal must be 0 or more"),
        (["--deadline", "0"], "--deadline must be a positive"),
        (["--bots", "sampling:samples=0,random"], "samples must be at least 1"),
        (["--bots", "sampling:samples,random"], "options are written key=value"),
        (["--bots", "sampling:bid_margin=x,random"], "bid_margin must be a number, not 'x'"),
        (["--bots", "sampling:samples=2.5,random"], "samples must be a whole number"),
        (["--bots", "master:contract_tilt=1,random"], "contract_tilt must be true or false"),
        (["--bots", "wizard,random"], "unknown bot level 'wizard'"),
        (["--bots", "cmd:/no/such/engine,random"], "is not an executable program"),
        (["--bots", "random"], "two or more bots"),
        (["--per-deal", "/no/such/folder/out.json"], "does not exist"),
        (["--sprt", "2,1"], "MU0 < MU1"),
        (["--sprt", "a,b"], "takes numbers"),
        (["--deals", "abc"], "invalid int value: 'abc'"),
    ],
)
def test_bad_match_options_are_one_line_errors_before_any_deal(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(["match", "--no-progress", "--deals", "1", *args])
    except SystemExit as exit_:  # argparse's own checks (a value that is not a number)
        code = int(exit_.code or 0)
    assert code == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in captured.err
    assert captured.out == ""


def test_a_per_deal_file_in_a_folder_is_checked_before_the_match(tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "sub"
    target.mkdir()
    assert main(["match", "--no-progress", "--deals", "1", "--per-deal", str(target)]) == 2
