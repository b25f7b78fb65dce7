"""The JSON form of a game record, for the web API: the same data as the text notation.

Cards, contracts and actions are written in their text forms (``♠10``, ``7♣``,
``play 7♣``, ``pass``) so that the JSON stays readable and the two forms share one parser.
Malformed input raises :class:`NotationError` naming the JSON path that is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from preferans.actions import Action, Bid, CardAction, Declare, parse_action
from preferans.cards import Card, CardSet
from preferans.contracts import Contract
from preferans.notation.errors import NotationError
from preferans.notation.model import DealRecord, GameRecord, Move, Outcome
from preferans.result import DealKind
from preferans.rules import Rules
from preferans.scoring.writes import Write
from preferans.seats import Seat

__all__ = ["FORMAT", "from_json", "record_from_dict", "record_to_dict", "to_json"]

#: The ``format`` field of every JSON record; bumped if the shape changes.
FORMAT: Final = "preferans-record/1"


def _action_text(action: Action) -> str:
    if isinstance(action, CardAction):
        return str(action.card)
    if isinstance(action, Bid):
        return str(action.contract)
    if isinstance(action, Declare):
        return f"play {action.contract}"
    return str(action)


def _seat_map(mapping: Mapping[Seat, Any]) -> dict[str, Any]:
    return {seat.name: value for seat, value in mapping.items()}


def _outcome_to_dict(outcome: Outcome) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": outcome.kind.value}
    if outcome.declarer is not None:
        data["declarer"] = outcome.declarer.name
    if outcome.contract is not None:
        data["contract"] = str(outcome.contract)
    data["tricks"] = _seat_map(outcome.tricks)
    if outcome.talon_tricks:
        data["talon_tricks"] = outcome.talon_tricks
    return data


def _deal_to_dict(deal: DealRecord) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": deal.number,
        "dealer": deal.dealer.name,
        "hands": {seat.name: str(hand) for seat, hand in deal.hands.items()},
        "talon": [str(card) for card in deal.talon],
        "moves": [[seat.name, _action_text(action)] for seat, action in deal.moves],
    }
    if deal.substituted:
        data["substituted"] = sorted(deal.substituted)
    if deal.outcome is not None:
        data["result"] = _outcome_to_dict(deal.outcome)
    data["sheet"] = [write.to_dict() for write in deal.sheet]
    return data


def record_to_dict(record: GameRecord) -> dict[str, Any]:
    """A JSON-ready dict of the whole record."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "tags": dict(record.tags),
        "rules": record.rules.to_dict(),
        "players": _seat_map(record.players),
    }
    for name in ("target", "stake", "table_id", "commitment", "secret"):
        value = getattr(record, name)
        if value is not None:
            data[name] = value
    data["seeds"] = _seat_map(record.seeds)
    data["deals"] = [_deal_to_dict(deal) for deal in record.deals]
    return data


def to_json(record: GameRecord, *, indent: int | None = None) -> str:
    return json.dumps(record_to_dict(record), ensure_ascii=False, indent=indent)


# --- reading ---------------------------------------------------------------------------


class _Path:
    """Where in the JSON document we are, for error messages."""

    def __init__(self, path: str) -> None:
        self.path = path

    def error(self, message: str) -> NotationError:
        return NotationError(f"{self.path}: {message}")

    def child(self, key: str | int) -> _Path:
        return _Path(f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}")


def _get(data: Mapping[str, Any], key: str, kind: type, path: _Path, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise path.error(f"missing field {key!r}")
        return default
    value = data[key]
    if kind is int and isinstance(value, bool):
        raise path.child(key).error("expected a whole number")
    if not isinstance(value, kind):
        raise path.child(key).error(f"expected {kind.__name__}, got {type(value).__name__}")
    return value


def _seat(text: Any, path: _Path) -> Seat:
    if not isinstance(text, str):
        raise path.error("a seat is a string like 'S'")
    try:
        return Seat.parse(text)
    except ValueError as error:
        raise path.error(str(error)) from None


def _seats(data: Any, path: _Path, kind: type) -> dict[Seat, Any]:
    if not isinstance(data, dict):
        raise path.error("expected an object keyed by seat")
    result: dict[Seat, Any] = {}
    for key, value in data.items():
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise path.child(key).error(f"expected {kind.__name__}")
        result[_seat(key, path.child(key))] = value
    return result


def _cards(text: Any, path: _Path) -> CardSet:
    if not isinstance(text, str):
        raise path.error("cards are a string like '♠A ♠K'")
    try:
        return CardSet.parse(text)
    except ValueError as error:
        raise path.error(str(error)) from None


def _talon(items: list[Any], path: _Path) -> tuple[Card, ...]:
    cards = []
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise path.child(i).error("a card is a string like '♠A'")
        try:
            cards.append(Card.parse(item))
        except ValueError as error:
            raise path.child(i).error(str(error)) from None
    return tuple(cards)


def _move(item: Any, path: _Path) -> Move:
    if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], str)):
        raise path.error("a move is [seat, action], like ['S', '7♣']")
    try:
        action = parse_action(item[1])
    except ValueError as error:
        raise path.error(str(error)) from None
    return _seat(item[0], path), action


def _outcome(data: Any, path: _Path) -> Outcome:
    if not isinstance(data, dict):
        raise path.error("expected an object")
    try:
        kind = DealKind(_get(data, "kind", str, path))
    except ValueError:
        raise path.child("kind").error("unknown kind") from None
    declarer = data.get("declarer")
    contract_text = _get(data, "contract", str, path, None)
    try:
        contract = Contract.parse(contract_text) if contract_text is not None else None
        return Outcome(
            kind,
            _seat(declarer, path.child("declarer")) if declarer is not None else None,
            contract,
            _seats(data.get("tricks", {}), path.child("tricks"), int),
            _get(data, "talon_tricks", int, path, 0),
        )
    except ValueError as error:
        if isinstance(error, NotationError):
            raise
        raise path.error(str(error)) from None


def _deal(data: Any, path: _Path) -> DealRecord:
    if not isinstance(data, dict):
        raise path.error("a deal is an object")
    hands_data = _get(data, "hands", dict, path)
    hands = {
        _seat(k, path.child("hands")): _cards(v, path.child("hands").child(k))
        for k, v in hands_data.items()
    }
    moves = [
        _move(m, path.child("moves").child(i))
        for i, m in enumerate(_get(data, "moves", list, path, []))
    ]
    sheet = []
    for i, item in enumerate(_get(data, "sheet", list, path, [])):
        try:
            sheet.append(Write.from_dict(item))
        except (KeyError, ValueError, TypeError) as error:
            raise path.child("sheet").child(i).error(f"bad sheet figure: {error}") from None
    substituted = _get(data, "substituted", list, path, [])
    for i, index in enumerate(substituted):
        if not isinstance(index, int) or isinstance(index, bool):
            raise path.child("substituted").child(i).error(f"not a move index: {index!r}")
    result = data.get("result")
    try:
        return DealRecord(
            number=_get(data, "number", int, path),
            dealer=_seat(_get(data, "dealer", str, path), path.child("dealer")),
            hands=hands,
            talon=_talon(_get(data, "talon", list, path), path.child("talon")),
            moves=tuple(moves),
            outcome=_outcome(result, path.child("result")) if result is not None else None,
            sheet=tuple(sheet),
            substituted=frozenset(substituted),
        )
    except ValueError as error:
        if isinstance(error, NotationError):
            raise
        raise path.error(str(error)) from None


def record_from_dict(data: Any) -> GameRecord:
    """Rebuild a record from :func:`record_to_dict`; :class:`NotationError` if malformed."""
    path = _Path("$")
    if not isinstance(data, dict):
        raise path.error("a record is a JSON object")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise path.child("format").error(f"unknown format {fmt!r}; expected {FORMAT!r}")
    try:
        rules = Rules.from_dict(_get(data, "rules", dict, path, {}))
    except ValueError as error:
        raise path.child("rules").error(str(error)) from None
    tags = _get(data, "tags", dict, path, {})
    for key, value in tags.items():
        if not isinstance(value, str):
            raise path.child("tags").child(key).error("a tag value is a string")
    target = _get(data, "target", int, path, None)
    fields = {
        name: _get(data, name, str, path, None)
        for name in ("stake", "table_id", "commitment", "secret")
    }
    deals = [
        _deal(d, path.child("deals").child(i))
        for i, d in enumerate(_get(data, "deals", list, path, []))
    ]
    return GameRecord(
        rules=rules,
        deals=tuple(deals),
        tags=tags,
        players=_seats(data.get("players", {}), path.child("players"), str),
        target=target,
        seeds=_seats(data.get("seeds", {}), path.child("seeds"), str),
        **fields,
    )


def from_json(text: str) -> GameRecord:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise NotationError(f"not JSON: {error.msg}", error.lineno, error.colno) from None
    return record_from_dict(data)
