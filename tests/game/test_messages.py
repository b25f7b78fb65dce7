"""The refusal catalogue: every engine refusal has a code, and each code reads in both
languages (the terminal and the server show refusals in the player's language)."""

from __future__ import annotations

import pickle
import random
import re
import string
from pathlib import Path

import pytest

from preferans.actions import ACTION_COUNT, PASS, action_from_index, parse_action
from preferans.game import DealState, IllegalActionError
from preferans.game.errors import refusal
from preferans.game.messages import CATALOGUE, LANGS, UNSPECIFIED, render
from preferans.rules import find_rules
from preferans.seats import Seat

from ._helpers import deal_of, run, start

GAME_DIR = Path(__file__).resolve().parents[2] / "src" / "preferans" / "game"
HANDS = {
    "S": "♠AKQJ10 ♣AK ♦AK ♥A",
    "W": "♠98 ♣QJ10 ♦QJ10 ♥KQ",
    "E": "♠7 ♣987 ♦987 ♥J10 ♥9",
}
SOCHI = find_rules("sochi")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _codes_in_source() -> set[str]:
    codes: set[str] = set()
    for path in [*GAME_DIR.glob("*.py"), *(GAME_DIR.parent / "balkan").glob("*.py")]:
        codes.update(re.findall(r'refusal\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return codes


def _refused(state: DealState, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(parse_action(text))
    return caught.value


def test_every_code_has_both_languages_with_the_same_fields() -> None:
    assert LANGS == ("en", "ru")
    for code, (english, russian) in CATALOGUE.items():
        assert re.fullmatch(r"[a-z_]+", code), code
        assert english.strip() and russian.strip(), code
        assert _fields(english) == _fields(russian), code
        assert CYRILLIC.search(russian), f"{code}: the Russian text is not Russian"


def test_every_raised_code_is_in_the_catalogue_and_none_is_orphaned() -> None:
    used = _codes_in_source()
    assert used, "no refusal(...) found in the engine"
    assert used - CATALOGUE.keys() == set()
    assert CATALOGUE.keys() - used == set()


def test_no_engine_raise_without_a_code() -> None:
    """A bare ``IllegalActionError("...")`` in the engine would have no Russian text."""
    for path in [*GAME_DIR.glob("*.py"), *(GAME_DIR.parent / "balkan").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"IllegalActionError\(\s*f?[\"']", text), path.name


def test_str_stays_english_and_message_translates() -> None:
    error = refusal("must_follow", suit="♣")
    assert str(error) == "must follow ♣"
    assert error.code == "must_follow" and error.params == {"suit": "♣"}
    assert error.message() == error.message("en") == "must follow ♣"
    assert error.message("ru") == "нужно ходить в масть ♣"


def test_bare_message_gets_a_russian_title() -> None:
    error = IllegalActionError("the log has West acting out of turn")
    assert error.code == UNSPECIFIED and error.params == {}
    assert error.message("ru") == "Так нельзя: the log has West acting out of turn"


def test_pickle_keeps_code_and_params() -> None:
    error = pickle.loads(pickle.dumps(refusal("not_your_turn", seat="West")))
    assert isinstance(error, IllegalActionError)
    assert (error.code, error.params, str(error)) == ("not_your_turn", {"seat": "West"}, str(error))
    assert error.message("ru") == "сейчас ходит Запад"


def test_render_translates_seats_and_calls() -> None:
    assert render("claim_pending", {"seat": "East", "tricks": 3}, "ru").startswith("Восток")
    assert "полвиста" in render("cannot_say_now", {"call": "half-whist"}, "ru")
    with pytest.raises(KeyError):
        render("no_such_code", {}, "ru")


def test_sample_refusals_in_russian() -> None:
    deal = deal_of("E", HANDS, "♥8 ♥7")
    state = start(SOCHI, deal)
    jump = _refused(run(state, "6♠"), "7♠")
    assert (jump.code, jump.params) == ("no_jumps", {"next": "6♣"})
    assert jump.message("ru") == "без прыжков: следующая заявка — 6♣"

    with pytest.raises(IllegalActionError) as caught:
        state.apply(PASS, seat=Seat.W)
    assert caught.value.code == "not_your_turn"
    assert caught.value.message("ru") == "сейчас ходит Юг"

    play = run(state, "6♠, pass, pass, ♥8, ♥7, play 6♣, whist, whist, ♦A")
    follow = _refused(play, "♠9")
    assert str(follow) == "must follow ♦"
    assert follow.message("ru") == "нужно ходить в масть ♦"

    discard = run(state, "6♠, pass, pass")
    missing = _refused(discard, "♠8")
    assert missing.code == "card_not_in_hand"
    assert "♠8" in missing.message("ru") and "у вас нет" in missing.message("ru")

    contract = run(state, "6♠, pass, pass, ♥8, ♥7")
    low = _refused(contract, "play мизер")
    assert low.code == "misere_only_if_bid"
    assert "мизер" in low.message("ru") and "заявлен" in low.message("ru")


def test_whist_refusal_in_russian() -> None:
    state = start(SOCHI, deal_of("E", HANDS, "♥8 ♥7"), "6♠, pass, pass, ♥8, ♥7, play 6♣")
    error = _refused(state, "open")
    assert error.code == "open_closed_later"
    text = error.message("ru")
    assert "светлую" in text and "вистующий" in text


def test_random_refusals_all_have_codes() -> None:
    """Walk random deals in two variants and try every action: each refusal has a code
    from the catalogue and renders in both languages."""
    rng = random.Random(7)
    actions = [action_from_index(i) for i in range(ACTION_COUNT)]
    seen: set[str] = set()
    for variant in ("sochi", "balkan"):
        rules = find_rules(variant)
        for _ in range(3):
            state = start(rules, deal_of("E", HANDS, "♥8 ♥7"))
            while not state.is_over:
                for action in rng.sample(actions, 20):
                    if state.is_legal(action):
                        continue
                    with pytest.raises(IllegalActionError) as caught:
                        state.apply(action)
                    error = caught.value
                    assert error.code in CATALOGUE, str(error)
                    assert error.message("ru") and error.message("en") == str(error)
                    seen.add(error.code)
                state = state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 5
