"""A whole tournament checks out from its record, and any edit is caught and named."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from preferans.cli import main
from preferans.errors import RecordError
from preferans.fairness import commitment
from preferans.tournament.record import TournamentRecord
from preferans.tournament.verify import verify_tournament

from . import helpers
from .helpers import names, play_tournament

Edit = Callable[[dict[str, Any]], None]


@cache
def swiss_record() -> dict[str, Any]:
    conf = helpers.settings(rounds=3, deals=2)
    return play_tournament(conf, names(10), "swiss-cup").to_dict()


@cache
def duplicate_record() -> dict[str, Any]:
    conf = helpers.settings(kind="duplicate", rounds=2, deals=3, min_players=6)
    return play_tournament(conf, names(7), "dup-cup").to_dict()


def check(data: dict[str, Any]) -> Any:
    return verify_tournament(TournamentRecord.from_dict(json.loads(json.dumps(data))))


@pytest.mark.parametrize("record", [swiss_record, duplicate_record])
def test_a_whole_tournament_verifies(record: Callable[[], dict[str, Any]]) -> None:
    report = check(record())
    assert report.ok, report.failure
    deals = sum(len(t["deals"]) for r in record()["rounds"] for t in r["tables"])
    assert any(f"all {deals} deals" in line for line in report.lines("en"))
    assert any(f"все {deals} сдач" in line for line in report.lines("ru"))


def _swap_hands(data: dict[str, Any]) -> None:
    hands = data["rounds"][1]["tables"][0]["deals"][1]["hands"]
    hands["S"], hands["W"] = hands["W"], hands["S"]


def _secret(data: dict[str, Any]) -> None:
    rnd = data["rounds"][0]
    rnd["secret"] = ("0" if rnd["secret"][0] != "0" else "1") + rnd["secret"][1:]


def _both_secret_and_commitment(data: dict[str, Any]) -> None:
    """A new secret with its own commitment: the deals no longer derive from it."""
    rnd = data["rounds"][1]
    rnd["secret"] = "ab" * 32
    rnd["commitment"] = commitment(bytes.fromhex(rnd["secret"]))
    for table in rnd["tables"]:
        table["secret"], table["commitment"] = rnd["secret"], rnd["commitment"]


def _plan(data: dict[str, Any]) -> None:
    tables = data["rounds"][1]["plan"]["tables"]
    tables[0]["seats"][0], tables[1]["seats"][0] = tables[1]["seats"][0], tables[0]["seats"][0]


def _score(data: dict[str, Any]) -> None:
    scores = data["rounds"][2]["scores"]
    name = sorted(scores)[-1]
    scores[name] = str(Fraction(scores[name]) + 1)


def _standings(data: dict[str, Any]) -> None:
    rows = data["standings"]["rows"]
    rows[0]["player"], rows[1]["player"] = rows[1]["player"], rows[0]["player"]


def _player(data: dict[str, Any]) -> None:
    players = data["rounds"][0]["tables"][0]["players"]
    players["S"] = "someone"


def _move(data: dict[str, Any]) -> None:
    deal = data["rounds"][0]["tables"][1]["deals"][0]
    deal["moves"] = deal["moves"][:-1]


def _deal_count(data: dict[str, Any]) -> None:
    table = data["rounds"][2]["tables"][2]
    table["deals"] = table["deals"][:1]


EDITS: list[tuple[Edit, str, str]] = [
    (_swap_hands, "round 2, table 1: deal 2 differs", "тур 2, стол 1"),
    (_secret, "round 1: the revealed secret does not match", "раскрытый секрет не совпадает"),
    (_both_secret_and_commitment, "the plan should seat", "по плану"),
    (_plan, "round 2, table 1: the plan should seat", "по плану"),
    (_score, "round 3: ", "по листам"),
    (_standings, "standings, row 1", "таблица, строка 1"),
    (_player, "round 1, table 1: South is 'someone'", "в партии 'someone'"),
    (_move, "round 1, table 2", "тур 1, стол 2"),
    (_deal_count, "the round has 2 deals, the game 1", "сыграно сдач: 1"),
]


@pytest.mark.parametrize(("edit", "en", "ru"), EDITS)
def test_any_edit_is_refused_and_named(edit: Edit, en: str, ru: str) -> None:
    data = copy.deepcopy(swiss_record())
    edit(data)
    report = check(data)
    assert not report.ok
    assert en in report.lines("en")[0], report.lines("en")
    assert ru in report.lines("ru")[0], report.lines("ru")


def test_a_duplicate_deal_edited_at_one_table_is_refused() -> None:
    data = copy.deepcopy(duplicate_record())
    hands = data["rounds"][0]["tables"][2]["deals"][0]["hands"]
    hands["E"], hands["W"] = hands["W"], hands["E"]
    report = check(data)
    assert not report.ok
    assert "round 1, table 3: deal 1 differs" in report.lines("en")[0]


def test_a_round_still_running_ends_the_check_and_is_said_so() -> None:
    data = copy.deepcopy(swiss_record())
    last = data["rounds"][-1]
    last["secret"], last["tables"], last["scores"] = None, [], {}
    data["standings"] = _standings_after(data, 2)
    report = check(data)
    assert report.ok, report.failure
    assert "round 3 is not over" in report.lines("en")[-1]
    assert "тур 3 не окончен" in report.lines("ru")[-1]
    data["rounds"][0]["secret"] = None
    assert "its secret is not revealed" in check(data).lines("en")[0]


def _standings_after(data: dict[str, Any], rounds: int) -> dict[str, Any]:
    short = copy.deepcopy(data)
    short["rounds"] = short["rounds"][:rounds]
    from preferans.tournament.verify import recompute_standings

    return recompute_standings(TournamentRecord.from_dict(short))


def test_the_record_round_trips_through_json() -> None:
    record = TournamentRecord.from_dict(swiss_record())
    assert TournamentRecord.from_json(record.to_json()) == record


@pytest.mark.parametrize(
    ("text", "en", "ru"),
    [
        ("[1]", "a tournament record is a JSON object", "объект JSON"),
        ('{"format": "x"}', "not a tournament record", "это не запись турнира"),
        ("{", "not JSON", "это не JSON"),
        (
            '{"format": "preferans-tournament-1", "id": "t", "players": [], "rounds": [], '
            '"standings": {}, "settings": {"kind": "swiss"}}',
            "the settings: missing setting",
            "настройки: не указана настройка",
        ),
        (
            '{"format": "preferans-tournament-1", "id": 5, "players": [], "rounds": []}',
            "needs an id",
            "должны быть id",
        ),
    ],
)
def test_unreadable_records_are_refused_in_both_languages(text: str, en: str, ru: str) -> None:
    with pytest.raises(RecordError) as caught:
        TournamentRecord.from_json(text)
    assert en in caught.value.message("en")
    assert ru in caught.value.message("ru")


def test_preferans_verify_checks_a_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cup.json"
    path.write_text(json.dumps(swiss_record()), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "OK:" in out and "Всё сходится:" in out
    assert "standings: recomputed" in out and "таблица: пересчитана" in out
    data = copy.deepcopy(swiss_record())
    _swap_hands(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAILED: round 2, table 1: deal 2 differs" in out
    assert "НЕ СХОДИТСЯ: тур 2, стол 1" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "preferans-tournament-1", "id": "t"}', "needs an id, a list of players"),
        (
            '{"format": "preferans-tournament-1", "id": "t", "players": [], "rounds": [7],'
            ' "settings": {"kind": "swiss"}}',
            "the settings: missing setting",
        ),
    ],
)
def test_preferans_verify_refuses_a_broken_tournament_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 2  # the English line and the Russian one
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("changes", "players"),
    [
        ({"variant": "balkan", "rounds": 2, "deals": None, "pulya_target": 5}, 7),
        ({"table_size": 4, "rounds": 2, "deals": 2, "min_players": 4}, 10),
        ({"kind": "duplicate", "table_size": 4, "rounds": 2, "deals": 2, "min_players": 8}, 9),
        ({"variant": "rostov", "rounds": 2, "deals": None, "pulya_target": 5}, 6),
    ],
)
def test_other_variants_table_sizes_and_pulyas_verify(
    changes: dict[str, Any], players: int
) -> None:
    record = play_tournament(helpers.settings(**changes), names(players), "other")
    report = check(record.to_dict())
    assert report.ok, report.failure
