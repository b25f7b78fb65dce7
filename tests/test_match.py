"""Duplicate matches: seatings, the confidence interval, reproducibility, the command."""

from __future__ import annotations

import argparse
import json
import math
import statistics

import pytest

from preferans import match as match_module
from preferans.cli import match as match_cli
from preferans.match import confidence_interval, run_match, seatings
from preferans.rules import find_rules
from preferans.seats import Seat, player_seats


def test_seatings_use_every_bot_in_every_seat() -> None:
    three = seatings(2, 3)
    assert len(three) == 6
    assert all(set(s) == {0, 1} for s in three)
    for seat in range(3):
        assert sum(1 for s in three if s[seat] == 0) == 3
    assert len(seatings(2, 2)) == 2
    assert len(seatings(2, 4)) == 14
    assert len(seatings(3, 3)) == 6
    with pytest.raises(ValueError):
        seatings(3, 2)


def test_player_seats() -> None:
    assert player_seats(2) == (Seat.S, Seat.W)
    assert player_seats(4) == (Seat.S, Seat.W, Seat.N, Seat.E)


def test_confidence_interval_is_students_t_interval_of_the_mean() -> None:
    data = [1.0, 2.0, 4.0, 7.0, -3.0, 0.5]
    mean, low, high = confidence_interval(data)
    # t quantile 0.975 with 5 degrees of freedom (published tables: 2.5706)
    half = 2.5706 * statistics.stdev(data) / math.sqrt(len(data))
    assert mean == pytest.approx(statistics.fmean(data))
    assert low == pytest.approx(mean - half, rel=1e-4)
    assert high == pytest.approx(mean + half, rel=1e-4)
    assert confidence_interval([5.0])[0] == 5.0
    with pytest.raises(ValueError):
        confidence_interval([])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_small_match_is_zero_sum_and_reproducible(players: int) -> None:
    rules = find_rules("sochi", players=players)
    first = run_match(["heuristic", "random"], rules, 6, seed=3)
    again = run_match(["heuristic", "random"], rules, 6, seed=3)
    assert first.per_deal == again.per_deal
    assert first.deals == 6
    for a, b in first.per_deal:
        assert a + b == pytest.approx(0.0, abs=1e-9)
    scores = first.scores()
    assert scores[0].low <= scores[0].mean <= scores[0].high
    diff = first.difference()
    assert diff[0] == pytest.approx(scores[0].mean - scores[1].mean)


def test_processes_do_not_change_the_result() -> None:
    rules = find_rules("rostov")
    one = run_match(["random", "heuristic"], rules, 4, seed=8, processes=1)
    two = run_match(["random", "heuristic"], rules, 4, seed=8, processes=2)
    assert one.per_deal == two.per_deal


def test_common_seed_makes_two_copies_of_a_bot_tie_on_every_deal() -> None:
    # Two random bots: with their own seeds they play differently and the deals show it;
    # with a common seed they are one bot, so every deal's difference is exactly zero.
    rules = find_rules("sochi")
    own = run_match(["random", "random"], rules, 6, seed=2, processes=1)
    common = run_match(["random", "random"], rules, 6, seed=2, processes=1, common_seed=True)
    assert any(abs(a - b) > 1.0 for a, b in own.per_deal)
    assert all(a == pytest.approx(b, abs=1e-9) for a, b in common.per_deal)
    # Agreeing at every step, they play each deal once, not once per seating.
    assert common.decisions[0] * 2 < own.decisions[0]
    assert common.differed() == (0, 0, 0)
    count, ahead, behind = own.differed()
    assert count == ahead + behind > 0


def test_deals_scored_differently_are_counted_by_who_came_out_ahead() -> None:
    made = match_module.MatchResult(("a", "b"), find_rules("sochi"), 0)
    made.per_deal = [[1.5, -1.5], [0.0, 0.0], [-2.0, 2.0], [6e-16, -6e-16], [3.0, -3.0]]
    assert made.differed() == (3, 2, 1)
    assert made.differed(1, 0) == (3, 1, 2)


def test_common_seed_scores_every_deal_as_the_full_duplicate_does() -> None:
    rules = find_rules("sochi")
    levels = ("heuristic", "random")
    result = run_match(list(levels), rules, 3, seed=4, processes=1, common_seed=True)
    for index in range(3):
        task = match_module.DealTask(levels, rules, 4, index, ({}, {}), common_seed=True)
        full = match_module.every_seating(task, match_module.deal_bots(task))
        assert result.per_deal[index] == pytest.approx(full.scores)


def test_every_decision_cpu_is_kept_and_summarised() -> None:
    rules = find_rules("sochi")
    result = run_match(["heuristic", "random"], rules, 3, seed=5, processes=1, common_seed=True)
    for bot in range(2):
        samples = result.decision_cpu[bot]
        assert len(samples) == result.decisions[bot]
        assert sum(samples) == pytest.approx(result.cpu_seconds[bot])
        median, p95, most = result.decision_cpu_profile(bot)
        assert median <= p95 <= most == max(samples)
    # Nearest rank: of the values 1..20, the median is the 10th and the 95th percentile
    # the 19th; an untimed bot reads as zeros.
    made = match_module.MatchResult(("a", "b"), rules, 0)
    made.decision_cpu = [[float(v) for v in range(20, 0, -1)], []]
    assert made.decision_cpu_profile(0) == (10.0, 19.0, 20.0)
    assert made.decision_cpu_profile(1) == (0.0, 0.0, 0.0)


def test_heuristic_beats_random() -> None:
    rules = find_rules("sochi")
    result = run_match(["heuristic", "random"], rules, 40, seed=1)
    mean, low, _ = result.difference()
    assert low > 0 < mean


def test_cli_match_json(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    match_cli.add_parser(parser.add_subparsers())
    args = parser.parse_args(
        [
            "match",
            "--bots",
            "heuristic,random",
            "--deals",
            "3",
            "--variant",
            "leningrad",
            "--processes",
            "1",
            "--json",
        ]
    )
    assert match_cli.run(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "leningrad" and data["deals"] == 3
    differed = data["differed"]
    assert differed["deals"] == differed["ahead"] + differed["behind"] <= 3
    assert [b["level"] for b in data["bots"]] == ["heuristic", "random"]


def test_cli_match_json_says_how_far_it_is_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """stdout holds the JSON alone; a long run in the background still writes plain
    progress lines to stderr, the last one at the end (``--no-progress``: none)."""
    parser = argparse.ArgumentParser()
    match_cli.add_parser(parser.add_subparsers())
    common = ["match", "--bots", "heuristic,random", "--deals", "4", "--processes", "1"]
    assert match_cli.run(parser.parse_args([*common, "--json"])) == 0
    out, err = capsys.readouterr()
    json.loads(out)
    lines = err.splitlines()
    assert lines and all(line.startswith("preferans match: ") for line in lines)
    assert lines[-1].startswith("preferans match: 4 of 4 deals")
    assert match_cli.run(parser.parse_args([*common, "--json", "--no-progress"])) == 0
    assert capsys.readouterr().err == ""


def test_cli_match_rejects_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    match_cli.add_parser(parser.add_subparsers())
    assert match_cli.run(parser.parse_args(["match", "--bots", "heuristic"])) == 2
    assert match_cli.run(parser.parse_args(["match", "--bots", "a,b"])) == 2
    assert match_cli.run(parser.parse_args(["match", "--variant", "x"])) == 2
    assert "--bots" in capsys.readouterr().err


def test_small_balkan_match_is_zero_sum() -> None:
    rules = find_rules("balkan")
    result = run_match(["heuristic", "random"], rules, 12, seed=2)
    assert result.deals == 12
    for a, b in result.per_deal:
        assert a + b == pytest.approx(0.0, abs=1e-9)
    assert run_match(["heuristic", "random"], rules, 12, seed=2).per_deal == result.per_deal


def test_balkan_deal_values_sum_to_zero_across_seats() -> None:
    import random

    from preferans.bots import make_bot
    from preferans.bots.payoff import deal_value
    from preferans.match import play_deal

    rules = find_rules("balkan")
    seats = player_seats(rules.players)
    bots = {
        seat: make_bot(("heuristic", "random", "heuristic")[i], i) for i, seat in enumerate(seats)
    }
    for index in range(20):
        result = play_deal(rules, seats[index % 3], random.Random(index), bots)
        assert sum(deal_value(result, rules).values()) == pytest.approx(0.0, abs=1e-9)


def test_cli_match_help_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    sub = match_cli.add_parser(parser.add_subparsers())
    text = sub.format_help()
    assert "95%%" not in text and "95%" in text
    assert "--variant balkan" in text and "exit codes" in text
    assert match_cli.run(parser.parse_args(["match", "--deals", "0"])) == 2
    assert match_cli.run(parser.parse_args(["match", "--variant", "balkan", "--players", "4"])) == 2
    err = capsys.readouterr().err.splitlines()
    assert err and all(line.startswith("preferans match:") for line in err)
