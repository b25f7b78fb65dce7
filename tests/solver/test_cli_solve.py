"""``preferans solve``: called through its own functions (the coordinator wires the CLI)."""

from __future__ import annotations

import argparse
import json

import pytest

from preferans.cli import solve as cli

DEAL = "♠AKQJ ♣AK10 ♦87 ♥7 / ♠1098 ♣QJ9 ♦AK ♥K8 / ♠7 ♣87 ♦QJ109 ♥AQJ | ♥10 ♥9"


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="preferans")
    cli.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["solve", *argv])


def test_table_and_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.run(parse([DEAL, "--cards"])) == 0
    out = capsys.readouterr().out
    assert "misère" in out and "БК" in out and "opening leads of hand 0" in out


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.run(parse([DEAL, "--json", "--cards", "--leader", "1"])) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["leader"] == 1
    assert set(doc["tricks"]["0"]) == {"spades", "clubs", "diamonds", "hearts", "notrump"}
    assert doc["misere"] == doc["raspasy"]
    assert doc["cards"]["declarer"] == 1
    assert len(doc["cards"]["notrump"]) == 10


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ("♠AK / ♠QJ", "3 hands"),
        ("♠AK / ♠QJ / ♠7", "same number"),
        ("♠AK / ♠AJ / ♠78", "repeats"),
        ("♠AX / ♠QJ / ♠78", "not a card"),
    ],
)
def test_bad_input(deal: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.run(parse([deal])) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
