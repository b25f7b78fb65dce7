"""The protocol end to end: external engines in matches, views through JSON and back."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from preferans.bots import make_bot
from preferans.game import Deal, new_deal
from preferans.lab.protocol import PROTOCOL_VERSION, encode
from preferans.lab.views import view_from_dict, view_message
from preferans.match import run_match
from preferans.rules import Rules, find_rules
from preferans.seats import Seat, player_seats

TABLES = [("sochi", 3), ("leningrad", 4), ("rostov", 2), ("balkan", 3), ("sochi", 4)]


def _states(rules: Rules, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    seats = player_seats(rules.players)
    state = new_deal(rules, Deal.random(rules, seats[seed % len(seats)], rng))
    bot = make_bot("random", seed=seed)
    while True:
        yield state
        if state.is_over:
            return
        assert state.actor is not None
        state = state.apply(bot.choose(state.view(state.actor)))


@settings(max_examples=40, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_every_view_survives_the_json_line_and_comes_back_equal(
    table: tuple[str, int], seed: int
) -> None:
    rules = find_rules(table[0], players=table[1])
    again = Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    for state in _states(rules, seed):
        for seat in state.active:
            view = state.view(seat)
            line = encode(view_message(view))
            assert "\n" not in line
            assert view_from_dict(json.loads(line), again) == view


def test_a_tiny_python_engine_plays_a_match_and_hears_every_deal_over(
    engine_cmd: Callable[..., str], tmp_path: Path
) -> None:
    log = tmp_path / "deal_over.jsonl"
    rules = find_rules("sochi")
    result = run_match([engine_cmd("good", str(log)), "heuristic"], rules, 3, seed=4, processes=2)
    assert result.deals == 3
    assert result.decisions[0] > 20 and not result.forfeits[0]
    for a, b in result.per_deal:
        assert a + b == pytest.approx(0.0, abs=1e-9)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    # every seating of every deal ends with a deal_over to each seat the engine held
    assert len(lines) == 3 * 9
    assert all(sum(values.values()) == pytest.approx(0.0, abs=1e-9) for values in lines)


def test_a_level_behind_the_protocol_decides_as_it_does_in_process(preferans_bot: str) -> None:
    rules = find_rules("sochi", players=2)
    inside = run_match(["sampling:samples=2", "heuristic"], rules, 1, seed=9)
    outside = run_match(
        [f"cmd:{preferans_bot} --level sampling --samples 2", "heuristic"], rules, 1, seed=9
    )
    assert outside.per_deal == inside.per_deal
    assert not outside.forfeits[0]


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_behind_the_protocol_at_other_tables(preferans_bot: str, players: int) -> None:
    rules = find_rules("leningrad", players=players)
    inside = run_match(["heuristic", "random"], rules, 2, seed=2)
    outside = run_match([f"cmd:{preferans_bot} --level heuristic", "random"], rules, 2, seed=2)
    assert outside.per_deal == inside.per_deal


def test_two_different_command_line_engines_replay_the_same_match_from_a_seed(
    engine_cmd: Callable[..., str], preferans_bot: str
) -> None:
    rules = find_rules("rostov")
    bots = [engine_cmd("good"), f"cmd:{preferans_bot} --level heuristic"]
    first = run_match(bots, rules, 3, seed=11, processes=2)
    again = run_match(bots, rules, 3, seed=11, processes=1)
    other = run_match(bots, rules, 3, seed=12, processes=1)
    assert first.per_deal == again.per_deal
    assert first.per_deal != other.per_deal
    assert not any(first.forfeits)


def test_the_engine_side_answers_hello_and_decide_and_leaves_on_quit() -> None:
    import io

    from preferans.lab.engine import serve

    rules = find_rules("sochi")
    state = next(iter(_states(rules, 5)))
    assert state.actor is not None
    view = state.view(state.actor)
    lines = [
        {"type": "hello", "protocol": PROTOCOL_VERSION, "rules": rules.to_dict(), "seat": "W"},
        {"type": "decide", "deal": 0, "seed": 3, "deadline_ms": 1000, "view": view_message(view)},
        {"type": "quit"},
        {"type": "decide", "deal": 0, "seed": 3, "deadline_ms": 1000, "view": view_message(view)},
    ]
    out = io.StringIO()
    code = serve("heuristic", {}, io.StringIO("".join(encode(m) + "\n" for m in lines)), out)
    assert code == 0
    ready, answer = [json.loads(line) for line in out.getvalue().splitlines()]
    assert ready == {"type": "ready", "protocol": PROTOCOL_VERSION, "name": "preferans heuristic"}
    assert answer["action"] == make_bot("heuristic", seed=3).choose(view).index


def test_the_engine_side_refuses_another_protocol_version(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import io

    from preferans.lab.engine import serve

    hello = {"type": "hello", "protocol": 99, "rules": find_rules("sochi").to_dict(), "seat": "S"}
    assert serve("random", {}, io.StringIO(encode(hello) + "\n"), io.StringIO()) == 1
    assert "protocol 99" in capsys.readouterr().err


def test_hello_names_the_variant_rules_seat_and_players() -> None:
    from preferans.lab.protocol import hello_message

    rules = find_rules("leningrad", players=4)
    hello = hello_message(rules, Seat.N, player_seats(rules.players))
    assert hello["protocol"] == PROTOCOL_VERSION and hello["variant"] == "leningrad"
    assert Rules.from_dict(hello["rules"]) == rules
    assert hello["seat"] == "N" and hello["players"] == 4 and hello["seats"] == ["S", "W", "N", "E"]
