"""The door's policies one by one (no server): names, seeds, conventions, JSON payloads,
proxies, the flood counter, the rating rule and the record's line policy."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from preferans import notation
from preferans.notation import LINE_BREAKS
from preferans.seats import Seat
from preferans.server.connections import RateLimiter
from preferans.server.door import (
    check_conventions,
    check_name,
    check_password,
    check_seed,
    check_stake,
    name_key,
)
from preferans.server.guard import _networks, client_address
from preferans.server.payload import PayloadError, depth_of, read_json
from preferans.server.rating_rule import RULE, judge, moves_by_seat
from preferans.server.refusals import Refusal


@pytest.mark.parametrize(
    "name",
    ["abc\n", "abc\r", "ab\u2028", "аnna", "a..b", "a--b", "_ab", "ab-", "a\u0301b", "ab\u200b",
     "x" * 25, "a", "a b", "ab\x00", "Ｆull", "ab\u202e", "Ѣab", "ab😀"],
)  # fmt: skip
def test_names_outside_the_policy_are_refused(name: str) -> None:
    with pytest.raises(Refusal) as refused:
        check_name(name)
    assert refused.value.code == "bad_name" and refused.value.ru


@pytest.mark.parametrize("name", ["anna", "Анна", "ivan_petrov", "a.b-c_d", "Їжак", "x1"])
def test_names_inside_the_policy_pass(name: str) -> None:
    assert check_name(name) == name


def test_lookalike_names_share_a_key() -> None:
    assert name_key("anna") == name_key("ANNA") == name_key("аппа")
    assert name_key("AHHA") == name_key("АННА") == name_key("анна")
    assert name_key("pavel") != name_key("pavla")
    assert name_key("ivan-1") == name_key("ivan_l") == name_key("ivan.1")
    assert name_key("ok0") == name_key("oko")


@given(st.text(max_size=30))
@settings(max_examples=300, deadline=None)
def test_every_accepted_name_is_one_plain_line(name: str) -> None:
    try:
        check_name(name)
    except Refusal:
        return
    assert not any(c in LINE_BREAKS for c in name)
    assert all(c.isalnum() or c in "_-." for c in name)
    assert name_key(name_key(name)) == name_key(name)


def test_passwords_seeds_and_stakes() -> None:
    check_password("correct horse")
    for bad in ("short", "x" * 129, "new\nline", "\x00" * 8, "        "):
        with pytest.raises(Refusal):
            check_password(bad)
    assert check_seed('my "own" \\ words ♠') == 'my "own" \\ words ♠'
    for bad in ("a\nb", "a\rb", "a\x0bb", "a\x0cb", "a\x85b", "a\u2028b", "a\u2029b", "x" * 65):
        with pytest.raises(Refusal) as refused:
            check_seed(bad)
        assert refused.value.code == "bad_seed"
    for bad_stake in (float("nan"), float("inf"), -1.0, 1001.0):
        with pytest.raises(Refusal):
            check_stake(bad_stake)


@pytest.mark.parametrize(
    "conventions",
    [
        {"raspasy_progression": [10**400]},
        {"raspasy_progression": [65]},
        {"raspasy_progression": []},
        {"raspasy_progression": [1] * 9},
        {"raspasy_progression": [True]},
        {"raspasy_exit": 10**9},
        {"refe": -1},
        {"refe": 11},
        {"half_whist": 1},
        {"whist_style": 7},
        {"whist_style": "x" * 100},
        {"variant": "rostov"},
        {"players": 3},
        {"nonsense": 1},
    ],
)
def test_conventions_out_of_range_are_refused(conventions: dict[str, object]) -> None:
    with pytest.raises(Refusal) as refused:
        check_conventions(conventions)
    assert refused.value.code == "bad_convention"


def test_conventions_in_range_pass_as_rules_fields() -> None:
    checked = check_conventions({"raspasy_progression": [1, 2, 64], "half_whist": False})
    assert checked == {"raspasy_progression": (1, 2, 64), "half_whist": False}


def test_json_payloads_are_bounded() -> None:
    assert read_json('{"a": [1, 2.5, "x"]}', 100) == {"a": [1, 2.5, "x"]}
    cases = {
        "[" * 1500 + "]" * 1500: "too_deep",
        '{"a": NaN}': "bad_number",
        "[-Infinity]": "bad_number",
        "[1e999]": "bad_number",
        "[" + "9" * 5000 + "]": "bad_number",
        "{bad": "bad_json",
        b"\xff\xfe": "bad_json",
    }
    for raw, code in cases.items():
        with pytest.raises(PayloadError) as problem:
            read_json(raw, 10**6)
        assert problem.value.code == code, raw[:20]
    with pytest.raises(PayloadError) as big:
        read_json("[" + "1," * 3000 + "1]", 4096)
    assert big.value.code == "too_large"
    assert depth_of('["[[[", {"a": "\\"{{"}]') == 2


def test_forwarded_addresses_count_only_from_trusted_proxies() -> None:
    proxies = _networks(["10.0.0.0/8", "127.0.0.1"])
    assert client_address("203.0.113.5", "1.2.3.4", proxies) == "203.0.113.5"
    assert client_address("127.0.0.1", "1.2.3.4", proxies) == "1.2.3.4"
    assert client_address("10.1.1.1", "6.6.6.6, 1.2.3.4, 10.2.2.2", proxies) == "1.2.3.4"
    assert client_address("127.0.0.1", "1.2.3.4", ()) == "127.0.0.1"


def test_the_flood_counter_decays() -> None:
    limiter = RateLimiter(rate=1000.0, burst=2)
    for _ in range(50):
        limiter.allow()
    assert limiter.refused > 10
    time.sleep(0.05)
    limiter.allow()
    assert limiter.refused == 0


def test_the_rating_rule() -> None:
    people = {Seat.S: True, Seat.W: True, Seat.E: True}
    moves = {Seat.S: 40, Seat.W: 40, Seat.E: 40}
    assert judge(people, moves, {}, "sochi").rated
    mostly_bot = judge(people, moves, {Seat.E: 40}, "sochi")
    assert not mostly_bot.rated and "East" in mostly_bot.reason["en"] and mostly_bot.reason["ru"]
    assert mostly_bot.counted == {Seat.S, Seat.W}
    assert judge(people, moves, {Seat.E: 10}, "sochi").rated
    assert not judge(people, moves, {Seat.E: 11}, "sochi").rated
    with_bot = judge({**people, Seat.E: False}, moves, {}, "sochi")
    assert not with_bot.rated and with_bot.counted == {Seat.S, Seat.W}
    assert not judge(people, moves, {}, "balkan").rated
    assert "quarter" in RULE["en"] and "четверти" in RULE["ru"]
    histories = [((Seat.S, 1), (Seat.W, 2)), ((Seat.S, 3),)]
    assert moves_by_seat(histories, {(2, 0)}) == ({Seat.S: 2, Seat.W: 1}, {Seat.S: 1})


def _record_with_seed(seed: str) -> notation.GameRecord:
    text = '[Variant "sochi"]\n'
    record = notation.loads(text)
    return replace(record, seeds={Seat.S: seed})


@given(st.text(max_size=40))
@settings(max_examples=200, deadline=None)
def test_the_record_writer_and_reader_agree_on_lines(seed: str) -> None:
    record = _record_with_seed("")
    try:
        text = notation.dumps(replace(record, seeds={Seat.S: seed}))
    except ValueError:
        assert any(c in LINE_BREAKS for c in seed)
        return
    assert not any(c in LINE_BREAKS for c in seed)
    assert notation.loads(text).seeds.get(Seat.S, "") == seed


def test_strings_that_come_back_must_be_printable() -> None:
    from preferans.server.protocol import BadMessage, parse_client_message

    for raw in (
        '{"type": "ping", "id": "\\ud800"}',
        '{"type": "ping", "id": "a\\nb"}',
        '{"type": "action", "action": "\\udfff"}',
        '{"type": "sync", "since": 1, "epoch": "\\u0000"}',
    ):
        with pytest.raises(BadMessage):
            parse_client_message(raw, 4096)
    with pytest.raises(Refusal):
        check_password("\ud800" * 8)
