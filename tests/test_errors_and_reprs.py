"""One error family with English and Russian messages; reprs that paste back."""

from __future__ import annotations

import contextlib
import json
import random
from fractions import Fraction
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
from preferans.fairness import parse_secret
from preferans.game import Deal, Trick, new_deal
from preferans.notation import loads
from preferans.rules import Rules
from preferans.scoring import Sheet, Write
from preferans.scoring.writes import Column, Reason

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


def _finished_results() -> list[Any]:
    out = []
    for variant, players in (("sochi", 3), ("leningrad", 4), ("rostov", 2), ("balkan", 3)):
        rules = find_rules(variant, players=players)
        for seed in range(8):
            state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(seed)))
            bot = make_bot("heuristic", seed)
            while not state.is_over:
                actor = state.actor
                assert actor is not None
                state = state.apply(bot.choose(state.view(actor)))
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
