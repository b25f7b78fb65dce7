"""The text notation and the JSON form over plain data (no engine needed)."""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest

from preferans.actions import Declare, parse_action
from preferans.cards import DECK, CardSet
from preferans.contracts import Contract
from preferans.notation import (
    DealRecord,
    GameRecord,
    NotationError,
    Outcome,
    dump,
    dumps,
    from_json,
    load,
    loads,
    record_from_dict,
    record_to_dict,
    to_json,
)
from preferans.result import DealKind
from preferans.rules import find_rules
from preferans.scoring.writes import Column, Reason, Write
from preferans.seats import Seat


def _moves(text: str) -> tuple[tuple[Seat, object], ...]:
    moves = []
    for item in text.split(","):
        seat, action = item.strip().split(" ", 1)
        moves.append((Seat.parse(seat), parse_action(action)))
    return tuple(moves)  # type: ignore[return-value]


def _record() -> GameRecord:
    cards = DECK.sorted()
    deal = DealRecord(
        number=1,
        dealer=Seat.E,
        hands={
            Seat.S: CardSet(cards[:10]),
            Seat.W: CardSet(cards[10:20]),
            Seat.E: CardSet(cards[20:30]),
        },
        talon=(cards[31], cards[30]),
        moves=_moves(
            "S 6♠, W pass, E pass, S ♠7, S ♠8, S play 7♣, W whist, E pass, W open, "
            "S ♠A, W ♣7, E ♦7, S ♠K, S claim 5, W accept, E accept"
        ),  # type: ignore[arg-type]
        outcome=Outcome(
            DealKind.GAME, Seat.S, Contract.parse("7♣"), {Seat.S: 7, Seat.W: 3, Seat.E: 0}
        ),
        sheet=(
            Write(
                Seat.S, Column.PULYA, Fraction(4), Reason.CONTRACT, contract=Contract.parse("7C")
            ),
            Write(
                Seat.W,
                Column.WHISTS,
                Fraction(12),
                Reason.WHIST_TRICKS,
                on=Seat.S,
                count=3,
                unit=Fraction(4),
            ),
        ),
    )
    return GameRecord(
        rules=find_rules("leningrad", raspasy_progression=(1, 2, 4)),
        deals=(deal,),
        tags={"Event": 'Club "night"', "Date": "2026.11.29", "Custom": "kept"},
        players={Seat.S: "Alice", Seat.W: "Bob", Seat.E: "Боря"},
        target=10,
        stake="0.5",
        table_id="t-1",
        commitment="ab" * 32,
        secret="cd" * 32,
        seeds={Seat.S: "two words", Seat.E: "z"},
    )


def test_text_round_trip_and_canonical() -> None:
    record = _record()
    text = dumps(record)
    assert loads(text) == record
    assert dumps(loads(text)) == text
    ascii_text = dumps(record, ascii=True)
    assert ascii_text.isascii() is False  # the player's Cyrillic name stays
    assert "♠" not in ascii_text
    assert loads(ascii_text) == record
    buffer = io.StringIO()
    dump(record, buffer)
    buffer.seek(0)
    assert load(buffer) == record


def test_writer_layout() -> None:
    text = dumps(_record())
    assert "Contract: S 7♣\n" in text
    assert "Whist: W whist, E pass, W open\n" in text
    assert "Trick 2: S ♠K, S claim 5, W accept, E accept\n" in text
    assert "Talon: ♥7 ♥8\n" in text  # dealt order, not sorted
    assert "Sheet: W whists/S 12 whist_tricks count=3 unit=4\n" in text


def test_json_round_trip() -> None:
    record = _record()
    assert from_json(to_json(record)) == record
    data = json.loads(to_json(record, indent=2))
    assert record_from_dict(data) == record
    assert record_to_dict(record)["format"] == "preferans-record/1"


LENIENT = """\
\ufeff# a hand-written record
[Событие "Пятница"]  # Russian tag name
[Вариант "сочи"]
[Rules "players=3 walk_away=false"]

Сдача 1
  Сдающий: Восток
  Юг: SA SK SQ SJ ST S9 S8 S7 CA CK
  Запад: ♣QJ1098 ♣7 ♦AKQJ
  В: ♦10 ♦9 ♦8 ♦7 ♥A ♥K ♥Q ♥J ♥10 ♥9
  Прикуп: h8, h7
  Торговля: Ю 6п, З пас, В пас
  Снос: Ю ♠7, ♠8
  Игра: Ю 7т
  Висты: З вист, В пас, З в светлую
  Взятка 1: Ю ♠A , З ♣7 ,В ♦7
  Итог: игра Ю 7♣; взятки Ю 7, З 3, В 0
"""


def test_lenient_reader() -> None:
    record = loads(LENIENT)
    assert record.tags == {"Event": "Пятница"}
    assert record.rules == find_rules("sochi", walk_away=False)
    deal = record.deals[0]
    assert deal.dealer is Seat.E
    assert deal.talon == tuple(CardSet.parse("♥8 ♥7"))[::-1]
    assert deal.moves[5] == (Seat.S, Declare(Contract.parse("7♣")))
    assert deal.moves[8] == (Seat.W, parse_action("open"))
    assert deal.line_of(0) == 12 and deal.line_of(9) == 16
    assert deal.outcome is not None and deal.outcome.tricks[Seat.W] == 3


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ('[Event "x"\n', 1, 1, "tag"),
        ('[Variant "chess"]\n', 1, None, "unknown variant"),
        ('[Rules "players=5"]\n', 1, None, "players"),
        ('[Rules "bogus=1"]\n', 1, None, "unknown convention"),
        ('[Target "ten"]\n', 1, None, "whole number"),
        ("Dealer: E\n", 1, 1, "before any 'Deal N'"),
        ("Deal 1\nDealer: Q\n", 2, 9, "unknown seat"),
        ("Deal 1\nDealer: E\nS: ♠A ♠Z\n", 3, 4, "not a card"),
        ("Deal 1\nDealer: E\nS: ♠A\nW: ♠A\n", 4, 4, "dealt twice"),
        ("Deal 1\nDealer: E\nS: ♠A\nTalon: ♠K\nBidding: S 6♠, W 11♠\n", 5, 16, "not"),
        ("Deal 1\nDealer: E\nS: ♠A\nTalon: ♠K\nBidding: pass\n", 5, 10, "whose move"),
        ("Deal 1\nDealer: E\nS: ♠A\nTalon: ♠K\nDiscard: S pass\n", 5, 10, "discard is cards"),
        ("Deal 1\nDealer: E\nS: ♠A\nTalon: ♠K\nFoo: bar\n", 5, 1, "unknown line"),
        ("Deal 1\nDealer: E\nS: ♠A\nTalon: ♠K\nResult: win\n", 5, 9, "result"),
        ("Deal 1\nDealer: E\nS: ♠A\nTalon: ♠K\nSheet: S pot 4 contract\n", 5, 8, "column"),
        ("Deal 1\nS: ♠A\nTalon: ♠K\n", 1, None, "no dealer"),
        ("Deal 2\nDealer: E\nS: ♠A\nTalon: ♠K\n\nDeal 1\n", 6, None, "comes after"),
        ('Deal 1\nDealer: E\nS: ♠A\nTalon: ♠K\n[Event "late"]\n', 5, 1, "before the first"),
        ("hello\n", 1, 1, "expected"),
    ],
)
def test_reader_errors_name_the_line(text: str, line: int, column: int | None, words: str) -> None:
    with pytest.raises(NotationError) as info:
        loads(text)
    error = info.value
    assert error.line == line, str(error)
    assert error.column == column, str(error)
    assert words in str(error)
    assert str(error).startswith(f"line {line}")
    assert isinstance(error, ValueError)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "a record is a JSON object"),
        ({"format": "other"}, "unknown format"),
        ({"deals": [{"dealer": "E"}]}, "missing field 'hands'"),
        (
            {"deals": [{"number": 1, "dealer": "E", "hands": {}, "talon": [], "moves": [["S"]]}]},
            "$.deals[0].moves[0]",
        ),
        ({"players": {"Q": "x"}}, "unknown seat"),
    ],
)
def test_json_errors(data: object, words: str) -> None:
    with pytest.raises(NotationError, match=words.replace("[", r"\[").replace("$", r"\$")):
        record_from_dict(data)


def test_json_syntax_error_has_line() -> None:
    with pytest.raises(NotationError) as info:
        from_json('{\n  "deals": [,]\n}')
    assert info.value.line == 2


@pytest.mark.parametrize("name", ["Variant", "secret", "South", "WestSeed", "two words", "event"])
def test_writer_refuses_free_tags_that_would_not_read_back(name: str) -> None:
    record = GameRecord(tags={name: "x"})
    with pytest.raises(ValueError, match="tag"):
        dumps(record)


def test_writer_refuses_multiline_values() -> None:
    with pytest.raises(ValueError, match="one line"):
        dumps(GameRecord(players={Seat.S: "two\nlines"}))


def test_rules_as_json_or_pairs() -> None:
    record = loads('[Rules "{\\"variant\\": \\"rostov\\", \\"players\\": 4}"]\n')
    assert record.rules == find_rules("rostov", players=4)
    record = loads('[Variant "piter"]\n[Rules "players=2 raspasy_progression=2,4,6"]\n')
    assert record.rules == find_rules("leningrad", players=2, raspasy_progression=(2, 4, 6))
    with pytest.raises(NotationError, match="Variant tag") as info:
        loads('[Variant "sochi"]\n[Rules "variant=rostov"]\n')
    assert info.value.line == 2
