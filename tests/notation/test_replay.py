"""Replay rejects illegal records and names the deal, the trick, the line and the reason."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from notation_games import random_game

from preferans.actions import Bid
from preferans.contracts import Contract
from preferans.notation import GameRecord, ReplayError, dumps, loads
from preferans.notation.replay import replay

GOLDEN = Path(__file__).parent / "golden" / "sochi.pref"


def _golden() -> tuple[str, GameRecord]:
    text = GOLDEN.read_text(encoding="utf-8")
    return text, loads(text)


def _first_trick_line(text: str) -> tuple[int, str]:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("Trick 2: "):
            return number, line
    raise AssertionError("no trick 2 in the golden record")


def test_illegal_card_names_deal_trick_line_and_reason() -> None:
    text, record = _golden()
    number, line = _first_trick_line(text)
    deal_number = sum(1 for ln in text.splitlines()[:number] if ln.startswith("Deal "))
    deal = record.deals[deal_number - 1]
    # the card the second player of trick 2 holds but may not play: pick a card from
    # another hand; the engine must say why
    items = line.split(": ", 1)[1].split(", ")
    seat_text, _card = items[1].split(" ")
    others = [c for s, h in deal.hands.items() if s.name != seat_text for c in h]
    broken_line = line.replace(items[1], f"{seat_text} {others[0]}", 1)
    broken = text.replace(line, broken_line, 1)
    with pytest.raises(ReplayError) as info:
        replay(loads(broken))
    error = info.value
    assert error.deal == deal_number
    assert error.trick == 2
    assert error.line == number
    assert error.reason
    assert str(error).startswith(f"deal {deal_number}, trick 2 (line {number}): ")


def test_illegal_call_names_the_deal() -> None:
    _, record = _golden()
    deal = record.deals[0]
    moves = list(deal.moves)
    seat, _ = moves[0]
    moves[0] = (seat, Bid(Contract.parse("8БК")))  # a jump: only 6♠ may open
    broken = dataclasses.replace(
        record, deals=(dataclasses.replace(deal, moves=tuple(moves)), *record.deals[1:])
    )
    with pytest.raises(ReplayError) as info:
        replay(broken)
    assert info.value.deal == 1
    assert info.value.trick is None
    assert "8БК" in str(info.value)


def test_wrong_seat_is_rejected() -> None:
    _, record = _golden()
    deal = record.deals[0]
    moves = list(deal.moves)
    _seat, action = moves[1]
    moves[1] = (moves[0][0], action)
    broken = dataclasses.replace(
        record, deals=(dataclasses.replace(deal, moves=tuple(moves)), *record.deals[1:])
    )
    with pytest.raises(ReplayError, match="but it was"):
        replay(broken)


def test_unfinished_deal() -> None:
    _, record = _golden()
    last = record.deals[-1]
    cut = dataclasses.replace(last, moves=last.moves[:-1], outcome=None, sheet=())
    broken = dataclasses.replace(record, deals=(*record.deals[:-1], cut))
    with pytest.raises(ReplayError, match="stops before"):
        replay(broken)
    partial = replay(broken, allow_unfinished=True)
    assert not partial.states[-1].is_over
    assert partial.sheet.deals_played == len(record.deals) - 1


def test_result_and_sheet_must_match() -> None:
    _, record = _golden()
    deal = record.deals[0]
    assert deal.sheet
    write = dataclasses.replace(deal.sheet[0], amount=deal.sheet[0].amount + Fraction(1))
    broken = dataclasses.replace(
        record,
        deals=(dataclasses.replace(deal, sheet=(write, *deal.sheet[1:])), *record.deals[1:]),
    )
    with pytest.raises(ReplayError, match="sheet says"):
        replay(broken)


def test_dealer_out_of_turn() -> None:
    _, record = _golden()
    second = record.deals[1]
    broken = dataclasses.replace(
        record,
        deals=(record.deals[0], dataclasses.replace(second, dealer=record.deals[0].dealer)),
    )
    with pytest.raises(ReplayError, match="turn to deal"):
        replay(broken)


def test_cards_not_a_deal() -> None:
    _, record = _golden()
    deal = record.deals[0]
    broken = dataclasses.replace(
        record, deals=(dataclasses.replace(deal, talon=deal.talon[:1]), *record.deals[1:])
    )
    with pytest.raises(ReplayError, match="not a deal"):
        replay(broken)


def test_sheet_reproduced_from_text() -> None:
    record = random_game("leningrad", 3, 11, 5)
    again = replay(loads(dumps(record)))
    assert [d.sheet for d in record.deals] == [r.writes for r in again.sheet.records]
