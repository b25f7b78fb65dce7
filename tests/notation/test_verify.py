"""``preferans verify``: re-deriving the deals from the revealed secret and the seeds."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

import pytest
from notation_games import random_game

from preferans.cards import CardSet
from preferans.cli import verify
from preferans.errors import RecordError
from preferans.fairness import commitment
from preferans.notation import GameRecord, dumps, to_json
from preferans.notation.fair import check_fairness


def _run(path: Path, *extra: str) -> int:
    parser = argparse.ArgumentParser()
    verify.add_parser(parser.add_subparsers())
    args = parser.parse_args(["verify", str(path), *extra])
    return verify.run(args)


def _record() -> GameRecord:
    return random_game("sochi", 3, 5, 4, table_id="verify")


def _swap_one_card(record: GameRecord, deal_index: int) -> GameRecord:
    """Exchange one card between the first two hands of one deal."""
    deal = record.deals[deal_index]
    (s1, h1), (s2, h2) = list(deal.hands.items())[:2]
    a, b = next(iter(h1)), next(iter(h2))
    hands = dict(deal.hands)
    hands[s1] = (h1 - CardSet([a])) | CardSet([b])
    hands[s2] = (h2 - CardSet([b])) | CardSet([a])
    changed = dataclasses.replace(deal, hands=hands)
    deals = list(record.deals)
    deals[deal_index] = changed
    return dataclasses.replace(record, deals=tuple(deals))


def test_fair_record_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.pref"
    path.write_text(dumps(_record()), encoding="utf-8")
    assert _run(path) == 0
    assert capsys.readouterr().out.startswith("OK")
    assert _run(path, "--replay") == 0
    json_path = tmp_path / "game.json"
    json_path.write_text(to_json(_record()), encoding="utf-8")
    assert _run(json_path) == 0


def test_single_swapped_card_is_detected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _swap_one_card(_record(), 2)
    report = check_fairness(record)
    assert not report.ok and report.deal == 3
    path = tmp_path / "game.pref"
    path.write_text(dumps(record), encoding="utf-8")
    assert _run(path) == 1
    out = capsys.readouterr().out
    assert "deal 3 differs" in out


def test_swapped_talon_order_is_detected() -> None:
    record = _record()
    deal = record.deals[0]
    swapped = dataclasses.replace(deal, talon=deal.talon[::-1])
    report = check_fairness(dataclasses.replace(record, deals=(swapped, *record.deals[1:])))
    assert not report.ok and report.deal == 1 and "talon" in report.message


def test_commitment_mismatch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = dataclasses.replace(_record(), commitment=commitment(b"another secret"))
    assert not check_fairness(record).ok
    path = tmp_path / "game.pref"
    path.write_text(dumps(record), encoding="utf-8")
    assert _run(path) == 1
    assert "commitment" in capsys.readouterr().out


def test_dealer_out_of_turn_is_detected() -> None:
    record = _record()
    deal = record.deals[1]
    moved = dataclasses.replace(deal, dealer=record.deals[0].dealer)
    report = check_fairness(dataclasses.replace(record, deals=(record.deals[0], moved)))
    assert not report.ok and report.deal == 2


def test_other_seeds_give_other_deals() -> None:
    record = _record()
    seeds = dict(record.seeds)
    first = next(iter(seeds))
    seeds[first] += "!"
    assert check_fairness(dataclasses.replace(record, seeds=seeds)).deal == 1


def test_bad_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.pref"
    assert _run(missing) == 2
    garbage = tmp_path / "garbage.pref"
    garbage.write_text("Deal 1\nDealer: Q\n", encoding="utf-8")
    assert _run(garbage) == 2
    err = capsys.readouterr().err
    assert "line 2" in err
    no_secret = tmp_path / "nosecret.pref"
    no_secret.write_text(dumps(dataclasses.replace(_record(), secret=None)), encoding="utf-8")
    assert _run(no_secret) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    with pytest.raises(RecordError):
        check_fairness(dataclasses.replace(_record(), table_id=None))


def test_replay_flag_catches_illegal_moves(tmp_path: Path) -> None:
    record = _record()
    deal = record.deals[0]
    broken = dataclasses.replace(deal, moves=deal.moves[1:])
    path = tmp_path / "game.pref"
    path.write_text(dumps(dataclasses.replace(record, deals=(broken, *record.deals[1:]))))
    assert _run(path) == 0
    assert _run(path, "--replay") == 2  # a record that does not replay is bad input (docs/cli.md)
