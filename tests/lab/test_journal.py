"""A match's journal: a stopped match goes on where it stopped, and gives the result an
unbroken run gives."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from preferans.cli import match as match_cli
from preferans.lab.journal import Journal, JournalError, match_header
from preferans.match import run_match
from preferans.rules import find_rules

BOTS = "heuristic,random"


def _match(
    capsys: pytest.CaptureFixture[str], journal: Path, *extra: str, seed: int = 3
) -> tuple[int, dict[str, Any] | None, str]:
    parser = argparse.ArgumentParser()
    match_cli.add_parser(parser.add_subparsers())
    argv = ["match", "--bots", BOTS, "--seed", str(seed), "--processes", "1", "--json"]
    args = parser.parse_args([*argv, "--journal", str(journal), "--no-progress", *extra])
    code = match_cli.run(args)
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out else None), err


def _deal_lines(journal: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in journal.read_text().splitlines()[1:]]


def test_a_stopped_match_goes_on_where_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = tmp_path / "whole.jsonl"
    code, unbroken, _ = _match(capsys, whole, "--deals", "6")
    assert code == 0 and unbroken is not None
    assert [d["index"] for d in _deal_lines(whole)] == list(range(6))
    # Killed while writing the fourth deal: three whole deals and a torn line.
    lines = whole.read_text().splitlines()
    stopped = tmp_path / "stopped.jsonl"
    stopped.write_text("\n".join(lines[:4]) + "\n" + lines[4][:40])
    code, resumed, err = _match(capsys, stopped, "--deals", "6")
    assert code == 0 and resumed is not None
    assert "3 deals from" in err
    assert resumed["journal_deals"] == 3
    timing = {"decision_seconds", "decision_cpu_seconds"}
    for mine, theirs in zip(resumed["bots"], unbroken["bots"], strict=True):
        assert {k: v for k, v in mine.items() if k not in timing} == {
            k: v for k, v in theirs.items() if k not in timing
        }
    assert resumed["difference"] == unbroken["difference"]
    # The torn line is gone and the deals it lacked were played again, in order.
    played = [(d["index"], d["scores"], d["decisions"]) for d in _deal_lines(stopped)]
    assert played == [(d["index"], d["scores"], d["decisions"]) for d in _deal_lines(whole)]


def test_a_longer_match_plays_only_the_deals_it_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "m.jsonl"
    assert _match(capsys, journal, "--deals", "3")[0] == 0
    code, longer, _ = _match(capsys, journal, "--deals", "5")
    assert code == 0 and longer is not None and longer["journal_deals"] == 3
    rules = find_rules("sochi")
    fresh = run_match(["heuristic", "random"], rules, 5, seed=3, processes=1)
    assert [d["scores"] for d in _deal_lines(journal)] == fresh.per_deal
    # A shorter run of the same match takes its deals from the journal and plays none.
    code, shorter, _ = _match(capsys, journal, "--deals", "2")
    assert code == 0 and shorter is not None and shorter["deals"] == 2
    assert len(_deal_lines(journal)) == 5


def test_another_matchs_journal_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "m.jsonl"
    assert _match(capsys, journal, "--deals", "2")[0] == 0
    before = journal.read_text()
    code, out, err = _match(capsys, journal, "--deals", "2", seed=4)
    assert code == 2 and out is None
    assert "journal of another match" in err and "seed is 3" in err
    assert journal.read_text() == before


def test_a_damaged_journal_is_refused_with_its_line(tmp_path: Path) -> None:
    header = match_header(
        ["heuristic", "random"],
        [{}, {}],
        variant="sochi",
        players=3,
        seed=1,
        first_deal=0,
        common_seed=False,
    )
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps(header) + "\nnot json\n" + '{"index": 0}\n')
    with pytest.raises(JournalError, match="line 2: not JSON"):
        Journal(str(path), header).load()
    path.write_text(json.dumps(header) + '\n{"index": 1, "scores": [0, 0]}\n')
    with pytest.raises(JournalError, match="deal 1 where deal 0 was expected"):
        Journal(str(path), header).load()
    path.write_text(json.dumps(header) + '\n{"index": 0, "scores": [0, 0]}\n')
    with pytest.raises(JournalError, match="line 2: not a deal"):
        Journal(str(path), header).load()
    assert Journal(str(tmp_path / "none.jsonl"), header).load() == []
