"""A director's settings: every bad field is refused with a clear sentence in both languages."""

from __future__ import annotations

import datetime
from datetime import UTC, timedelta
from typing import Any

import pytest

from preferans.errors import InputSyntaxError, PreferansError, RulesError
from preferans.rules import Rules, find_rules
from preferans.tournament.settings import TournamentSettings


def good(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": "swiss",
        "variant": "sochi",
        "conventions": {},
        "table_size": 3,
        "rounds": 4,
        "pulya_target": 20,
        "move_seconds": 30,
        "bank_seconds": 300,
        "start_at": "2026-12-02T18:00:00Z",
        "min_players": 6,
        "max_players": 60,
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not ...}


def test_good_settings_read_and_round_trip() -> None:
    settings = TournamentSettings.parse(good(conventions={"jump_bids": True}))
    assert settings.rules == find_rules("sochi", jump_bids=True)
    assert settings.start_at == datetime.datetime(2026, 12, 2, 18, tzinfo=UTC)
    assert TournamentSettings.parse(settings.to_dict()) == settings
    names = {"datetime": datetime, "Rules": Rules, "TournamentSettings": TournamentSettings}
    assert eval(repr(settings), names) == settings
    assert "4 rounds" in settings.describe("en")
    assert "туров: 4" in settings.describe("ru")


def test_a_start_in_another_zone_is_kept_in_utc() -> None:
    settings = TournamentSettings.parse(good(start_at="2026-12-02T21:00:00+03:00"))
    assert settings.start_at == datetime.datetime(2026, 12, 2, 18, tzinfo=UTC)
    assert settings.start_at.utcoffset() == timedelta(0)


def test_duplicate_plays_fixed_deals_and_four_at_a_table() -> None:
    settings = TournamentSettings.parse(
        good(kind="duplicate", pulya_target=..., deals=12, table_size=4, min_players=8)
    )
    assert settings.rules.players == 4
    assert settings.deals == 12 and settings.pulya_target is None


BAD: list[tuple[dict[str, Any], type[PreferansError], str, str]] = [
    (good(kind="knockout"), RulesError, "kind must be", "вид турнира"),
    (good(variant="bridge"), RulesError, "unknown variant", "неизвестный вариант"),
    (good(conventions=[1]), InputSyntaxError, "conventions must be", "соглашения"),
    (good(conventions={"jumps": True}), RulesError, "unknown convention", "Неверные правила"),
    (good(conventions={"players": 4}), RulesError, "table_size", "table_size"),
    (good(table_size=2), RulesError, "table_size must be 3 or 4", "3 или 4"),
    (good(table_size="3"), RulesError, "table_size must be 3 or 4", "3 или 4"),
    (good(variant="balkan", table_size=4), RulesError, "3 players", "Неверные правила"),
    (good(rounds=0), RulesError, "rounds must be from 1 to 20", "от 1 до 20"),
    (good(rounds=21), RulesError, "rounds must be from 1 to 20", "от 1 до 20"),
    (good(rounds=2.5), InputSyntaxError, "rounds must be a whole number", "целое число"),
    (good(rounds=True), InputSyntaxError, "rounds must be a whole number", "целое число"),
    (good(pulya_target=4), RulesError, "pulya_target must be from 5", "от 5 до 100"),
    (good(pulya_target=101), RulesError, "pulya_target must be from 5", "от 5 до 100"),
    (good(deals=10), RulesError, "exactly one", "ровно одно"),
    (good(pulya_target=None), RulesError, "exactly one", "ровно одно"),
    (good(pulya_target=None, deals=0), RulesError, "deals must be from 1", "от 1 до 100"),
    (
        good(kind="duplicate", pulya_target=20),
        RulesError,
        "fixed number of deals",
        "фиксированным числом сдач",
    ),
    (good(variant="balkan", pulya_target=None, deals=8), RulesError, "bula start", "булы"),
    (
        good(kind="duplicate", variant="balkan", pulya_target=None, deals=8),
        RulesError,
        "bula start",
        "булы",
    ),
    (good(move_seconds=0), RulesError, "move_seconds must be from 1", "от 1 до 600"),
    (good(move_seconds="30"), InputSyntaxError, "whole number", "целое число"),
    (good(bank_seconds=-1), RulesError, "bank_seconds must be from 0", "от 0 до 7200"),
    (good(bank_seconds=7201), RulesError, "bank_seconds must be from 0", "от 0 до 7200"),
    (good(start_at="tomorrow"), InputSyntaxError, "ISO 8601", "ISO 8601"),
    (good(start_at="2026-12-02T18:00:00"), InputSyntaxError, "with a zone", "часовым поясом"),
    (good(start_at=1764700000), InputSyntaxError, "ISO 8601", "ISO 8601"),
    (good(min_players=2), RulesError, "min_players must be from 3", "от 3 до 512"),
    (good(max_players=513), RulesError, "max_players must be from 3", "от 3 до 512"),
    (good(min_players=10, max_players=9), RulesError, "less than min_players", "меньше"),
    (
        good(kind="duplicate", pulya_target=..., deals=8, min_players=5),
        RulesError,
        "min_players must be from 6",
        "от 6 до 512",
    ),
    (good(password="yes"), InputSyntaxError, "password must be true or false", "true или false"),
    (good(prize=100), RulesError, "unknown setting prize", "неизвестная настройка"),
    (good(rounds=...), RulesError, "missing setting rounds", "не указана настройка"),
]


@pytest.mark.parametrize(("data", "error", "en", "ru"), BAD)
def test_every_bad_field_is_refused_in_both_languages(
    data: dict[str, Any], error: type[PreferansError], en: str, ru: str
) -> None:
    with pytest.raises(error) as caught:
        TournamentSettings.parse(data)
    assert en in caught.value.message("en")
    assert ru in caught.value.message("ru")


def test_not_an_object_is_refused() -> None:
    with pytest.raises(InputSyntaxError, match="JSON object"):
        TournamentSettings.parse([1, 2])  # type: ignore[arg-type]


def test_the_start_must_be_ahead_but_not_too_far() -> None:
    now = datetime.datetime(2026, 12, 2, 17, tzinfo=UTC)
    TournamentSettings.parse(good(), now=now)
    with pytest.raises(RulesError) as caught:
        TournamentSettings.parse(good(), now=now + timedelta(hours=2))
    assert "not in the future" in str(caught.value)
    assert "уже прошло" in caught.value.message("ru")
    with pytest.raises(RulesError, match="more than a year"):
        TournamentSettings.parse(good(), now=now - timedelta(days=400))


def test_a_value_built_directly_is_validated_too() -> None:
    settings = TournamentSettings.parse(good())
    with pytest.raises(RulesError, match="rules are for 4 players but tables seat 3"):
        TournamentSettings(
            kind="swiss",
            rules=find_rules("sochi", players=4),
            table_size=3,
            rounds=2,
            pulya_target=10,
            deals=None,
            move_seconds=10,
            bank_seconds=0,
            start_at=settings.start_at,
            min_players=3,
            max_players=3,
        )


def test_the_lobby_line_counts_one_round_and_one_deal_in_the_singular() -> None:
    settings = TournamentSettings.parse(good(rounds=1, deals=1, pulya_target=...))
    assert "1 round, 1 deal" in settings.describe("en")
    assert "сдач в туре: 1" in settings.describe("ru")
