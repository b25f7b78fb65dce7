"""``preferans review``: a report for a record, the JSON form, one clear line for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from preferans.cli import main

GOLDEN = Path(__file__).resolve().parents[1] / "notation" / "golden"
SOCHI = GOLDEN / "sochi.pref"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["review", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_review_in_english_and_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, str(SOCHI), "--deal", "1", "--samples", "4", "--lang", "en")
    assert code == 0, err
    assert out.startswith("Deal 1\n")
    assert "Totals" in out and "accuracy" in out
    assert "The costliest decisions" in out and "1. Deal 1, " in out
    code, out, err = _run(capsys, str(SOCHI), "--deal", "1", "--samples", "4", "--lang", "ru")
    assert code == 0, err
    assert out.startswith("Сдача 1\n") and "точность" in out


def test_the_json_form_for_one_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(
        capsys, str(SOCHI), "--deal", "2", "--seat", "W", "--samples", "4", "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["format"] == "preferans-review/1"
    assert {d["seat"] for d in data["deals"][0]["decisions"]} == {"W"}


def test_a_club_download_is_read_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    download = tmp_path / "pulya-7.json"
    notation = SOCHI.read_text(encoding="utf-8")
    download.write_text(json.dumps({"format": "preferans-club-record/1", "notation": notation}))
    code, out, err = _run(capsys, str(download), "--deal", "1", "--samples", "4", "--json")
    assert code == 0, err
    assert json.loads(out)["deals"][0]["number"] == 1


@pytest.mark.parametrize(
    ("make", "argv", "says"),
    [
        (None, ["/no/such/record.pref"], "cannot read /no/such/record.pref"),
        ("garbage\n", [], "expected 'Deal N'"),
        ('{"deals": [1, 2', [], "not a game record: not JSON"),
        ("{}", [], "the record has no deals"),
        (None, [str(SOCHI), "--deal", "99"], "the record has no deal 99"),
        (None, [str(SOCHI), "--seat", "X"], "unknown seat 'X'"),
        (None, [str(SOCHI), "--seat", "N"], "North does not sit at this table"),
        (None, [str(SOCHI), "--samples", "0"], "--samples must be at least 1"),
    ],
)
def test_bad_input_gives_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    make: str | None,
    argv: list[str],
    says: str,
) -> None:
    if make is not None:
        bad = tmp_path / "bad.pref"
        bad.write_text(make, encoding="utf-8")
        argv = [str(bad), *argv]
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("preferans review: "), err
    assert says in lines[0], err


def test_a_record_that_does_not_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = SOCHI.read_text(encoding="utf-8").replace("Contract: E 10♦", "Contract: E 6♦", 1)
    bad = tmp_path / "tampered.pref"
    bad.write_text(text, encoding="utf-8")
    code, _, err = _run(capsys, str(bad))
    assert code == 2
    assert err.startswith(f"preferans review: {bad}: ") and "deal 1" in err.lower(), err
