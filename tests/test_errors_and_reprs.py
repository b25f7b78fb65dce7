"""One error family with English and Russian messages; reprs that paste back."""

from __future__ import annotations

import ast
import contextlib
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import preferans
from preferans import (
    Card,
    CardSet,
    Contract,
    DealResult,
    IllegalActionError,
    InputSyntaxError,
    PreferansError,
    RecordError,
    RulesError,
    Seat,
    find_rules,
)
from preferans.actions import ACTION_COUNT, action_from_index, parse_action
from preferans.bots.levels import make_bot
from preferans.cli.solve import parse_deal
from preferans.fairness import parse_secret
from preferans.game import Deal, Trick, new_deal
from preferans.match import seatings
from preferans.notation import loads
from preferans.rules import Rules
from preferans.scoring import Sheet, Write
from preferans.scoring.writes import Column, Reason
from preferans.terminal.session import GameSetup, stake_value

NAMES: dict[str, Any] = {name: getattr(preferans, name) for name in preferans.__all__}
NAMES.update(Deal=Deal, Trick=Trick, Write=Write, Column=Column, Reason=Reason, Fraction=Fraction)


def _bad_inputs() -> list[tuple[type[PreferansError], Any]]:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(1)))
    return [
        (InputSyntaxError, lambda: Card.parse("♠1")),
        (InputSyntaxError, lambda: CardSet.parse("♠A ♠A x")),
        (InputSyntaxError, lambda: Contract.parse("11♠")),
        (InputSyntaxError, lambda: parse_action("hello")),
        (InputSyntaxError, lambda: Seat.parse("Q")),
        (RulesError, lambda: find_rules("chess")),
        (RulesError, lambda: find_rules("sochi", players=5)),
        (RulesError, lambda: Rules.from_dict({"variant": "sochi", "jump": True})),
        (RecordError, lambda: loads("[Event nothing")),
        (RecordError, lambda: Sheet.from_dict({"version": 99})),
        (RecordError, lambda: parse_secret("not hex")),
        (IllegalActionError, lambda: state.apply(parse_action("♠7"))),
        (InputSyntaxError, lambda: stake_value("a lot")),
        (InputSyntaxError, lambda: parse_deal("♠A ♠K / ♥7")),
        (RulesError, lambda: GameSetup.create(rules, 10, bots={Seat.W: "genius"})),
        (RulesError, lambda: seatings(4, 3)),
    ]


@pytest.mark.parametrize("expected, call", _bad_inputs())
def test_every_refusal_is_a_preferans_error_in_english_and_russian(
    expected: type[PreferansError], call: Any
) -> None:
    with pytest.raises(expected) as caught:
        call()
    error = caught.value
    assert isinstance(error, PreferansError) and isinstance(error, ValueError)
    english, russian = error.message("en"), error.message("ru")
    assert english == str(error) and english
    assert russian != english and any("а" <= ch <= "я" for ch in russian.lower())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=12))
def test_any_text_parses_or_raises_input_syntax_error(text: str) -> None:
    for parse in (Card.parse, CardSet.parse, Contract.parse, parse_action, Seat.parse):
        with contextlib.suppress(InputSyntaxError):
            parse(text)


def test_errors_keep_their_class_and_russian_text_across_pickling() -> None:
    import pickle

    error = InputSyntaxError("bad", ru="плохо")
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is InputSyntaxError and back.message("ru") == "плохо"


#: Built-in errors a public function must not raise: a caller catches PreferansError (or
#: ValueError) and reads its message in either language. AssertionError (a broken
#: invariant) and TypeError (a wrong argument type, a programming error) stay allowed.
_BARE = {"ValueError", "KeyError", "RuntimeError", "IndexError", "LookupError", "Exception"}
_PACKAGE = Path(preferans.__file__).parent


def bare_raise_sites(root: Path, skip: tuple[str, ...] = ()) -> list[str]:
    """``path:line`` of every ``raise ValueError(…)`` (or another bare built-in) below
    ``root``, the folders in ``skip`` left out."""
    out = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith(skip):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(target, ast.Name) and target.id in _BARE:
                out.append(f"{relative}:{node.lineno}")
    return out


def test_the_scan_finds_a_bare_raise(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(
        "def f(x):\n    if x:\n        raise ValueError('no')\n    raise KeyError\n"
    )
    (tmp_path / "b.py").write_text("def g():\n    raise PreferansError('fine')\n")
    assert sorted(bare_raise_sites(tmp_path)) == ["a.py:3", "a.py:4"]


def test_the_library_and_the_server_raise_only_their_own_error_family() -> None:
    # HTTP handlers answer with fastapi's HTTPException, which the scan does not name.
    assert bare_raise_sites(_PACKAGE) == []


def test_solver_positions_refuse_in_both_languages() -> None:
    from preferans.solver import Position, PositionError, solve

    with pytest.raises(PositionError) as caught:
        Position.make([CardSet.parse("♠A"), CardSet.parse("♠A"), CardSet.parse("♠K")])
    assert isinstance(caught.value, RecordError)
    assert "more than one hand" in str(caught.value)
    assert "больше чем в одной руке" in caught.value.message("ru")
    position = Position.make([CardSet.parse("♠A"), CardSet.parse("♠K"), CardSet.parse("♠Q")])
    with pytest.raises(InputSyntaxError, match="unknown objective"):
        solve(position, "chess")


def test_removing_a_missing_card_is_a_key_error_and_ours() -> None:
    from preferans.cards import MissingCardError

    with pytest.raises(MissingCardError) as caught:
        CardSet.parse("♠A").remove(Card.parse("♥7"))
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, PreferansError)
    assert str(caught.value) == "♥7 is not in the set"
    assert caught.value.message("ru") == "♥7 нет в наборе"


def _played(rules: Rules, seed: int, steps: int | None = None, level: str = "random") -> Any:
    """A deal of ``rules`` dealt by East from ``seed``, played by one bot for ``steps``
    actions (to its end when None)."""
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(seed)))
    bot = make_bot(level, seed)
    done = 0
    while not state.is_over and (steps is None or done < steps):
        actor = state.actor
        assert actor is not None
        state = state.apply(bot.choose(state.view(actor)))
        done += 1
    return state


def _finished_results() -> list[Any]:
    out = []
    for variant, players in (("sochi", 3), ("leningrad", 4), ("rostov", 2), ("balkan", 3)):
        rules = find_rules(variant, players=players)
        for seed in range(8):
            state = _played(rules, seed, level="heuristic")
            out.append(state.result())
            out.extend(state.completed_tricks[:1])
            out.append(state.deal)
    return out


def test_reprs_paste_back() -> None:
    rules = find_rules("leningrad", players=4, raspasy_exit=7)
    values: list[Any] = [
        Card.parse("♥Q"),
        CardSet.parse("♠7 ♥A"),
        Contract.parse("7БКбп"),
        Contract.balkan_game(6),
        rules,
        find_rules("balkan"),
        Seat.W,
        *(action_from_index(i) for i in range(0, ACTION_COUNT, 5)),
        *_finished_results(),
    ]
    sochi = [
        r for r in values if isinstance(r, DealResult) and r.active == (Seat.S, Seat.W, Seat.E)
    ]
    sheet = Sheet(find_rules("sochi"), 10)
    values.extend(sheet.apply(sochi[0]).writes)
    for value in values:
        text = repr(value)
        assert eval(text, dict(NAMES)) == value, text


def test_a_result_repr_survives_json_of_its_sheet() -> None:
    sheet = Sheet(find_rules("sochi"), 10)
    result = _finished_results()[0]
    sheet.apply(result)
    back = Sheet.from_json(json.dumps(sheet.to_dict()))
    assert repr(back.records[0].result) == repr(result)


def _pasting_names() -> dict[str, Any]:
    from preferans.balkan.sheet import BulaEntry, BulaSettlement, BulaSheet
    from preferans.game import Phase, View
    from preferans.notation import DealRecord, GameRecord, Outcome
    from preferans.scoring import Pulya, Settlement, SheetEntry

    names = dict(NAMES)
    names.update(
        View=View,
        Phase=Phase,
        Sheet=Sheet,
        SheetEntry=SheetEntry,
        Settlement=Settlement,
        BulaSheet=BulaSheet,
        BulaEntry=BulaEntry,
        BulaSettlement=BulaSettlement,
        Pulya=Pulya,
        DealRecord=DealRecord,
        GameRecord=GameRecord,
        Outcome=Outcome,
        new_deal=new_deal,
    )
    return names


def _pastes_back(value: object) -> None:
    text = repr(value)
    back = eval(text, _pasting_names())
    assert back == value, text
    assert repr(back) == text


VARIANTS = (("sochi", 3), ("leningrad", 4), ("rostov", 2), ("balkan", 3))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**16), st.integers(0, 60))
def test_every_state_and_view_pastes_back(variant: tuple[str, int], seed: int, steps: int) -> None:
    state = _played(find_rules(variant[0], players=variant[1]), seed, steps)
    _pastes_back(state)  # new_deal(...).replay((...)): the same start, the same actions
    for seat in state.active:
        _pastes_back(state.view(seat))


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v[0]}-{v[1]}")
def test_a_pulya_its_sheet_entries_and_settlement_paste_back(variant: tuple[str, int]) -> None:
    from preferans.scoring import Pulya

    rules = find_rules(variant[0], players=variant[1])
    pulya = Pulya(rules, None if rules.is_balkan else 10, rng=random.Random(7), max_deals=3)
    _pastes_back(pulya)  # before the first deal
    _pastes_back(pulya.sheet)
    bot = make_bot("heuristic", 7)
    pulya.play(bot.choose)
    assert pulya.sheet.deals_played == 3
    _pastes_back(pulya)
    _pastes_back(pulya.sheet)
    for entry in pulya.sheet.records:
        _pastes_back(entry)
    _pastes_back(pulya.sheet.settle(stake=Fraction(1, 2)))
    # a pasted pulya goes on where the first one stopped
    back = eval(repr(pulya), _pasting_names())
    assert back.dealer == pulya.dealer and back.is_over


def test_a_pulya_from_a_broken_dict_is_a_record_error() -> None:
    from preferans.scoring import Pulya

    with pytest.raises(RecordError) as caught:
        Pulya.from_dict({"sheet": Sheet(find_rules("sochi"), 10).to_dict()})
    assert "пуля" in caught.value.message("ru")


def test_game_and_deal_records_paste_back() -> None:
    golden = Path(__file__).parent / "notation" / "golden"
    paths = sorted(golden.glob("*.pref"))
    assert paths
    for path in paths:
        record = loads(path.read_text(encoding="utf-8"))
        _pastes_back(record)
        for deal in record.deals:
            _pastes_back(deal)
            if deal.outcome is not None:
                _pastes_back(deal.outcome)


@pytest.mark.parametrize("variant", [*VARIANTS, ("sochi", 4)], ids=lambda v: f"{v[0]}-{v[1]}")
def test_a_finished_state_pastes_back_the_dummys_own_moves_included(
    variant: tuple[str, int],
) -> None:
    """Rostov with 2 players: the dummy plays itself on raspasy, and its cards are in the
    history; pasting replays them once, not twice."""
    rules = find_rules(variant[0], players=variant[1])
    for seed in range(12):
        state = _played(rules, seed)
        back = eval(repr(state), _pasting_names())
        assert back == state and back.history == state.history
        assert back.result() == state.result()
