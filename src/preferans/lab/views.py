"""A seat's view as protocol JSON and back.

The runner sends exactly :meth:`preferans.game.View.to_dict` without the rules (they came
in the ``hello``), the very redaction the club's messages use; an engine of this project
rebuilds the :class:`~preferans.game.View` with :func:`view_from_dict` and hands it to a
bot, so a bot behind the protocol decides exactly as it would in the runner's process.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from preferans.actions import Action, action_from_index
from preferans.cards import Card, CardSet
from preferans.contracts import Contract
from preferans.game import Phase, View
from preferans.game.trick import Trick
from preferans.result import DealKind
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["ViewFormatError", "view_from_dict", "view_message"]


class ViewFormatError(ValueError):
    """A ``view`` object that does not describe a view."""


def view_message(view: View) -> dict[str, Any]:
    """The view as the protocol sends it: the club's JSON without the rules."""
    data = view.to_dict()
    del data["rules"]
    return data


def _seat(text: Any) -> Seat:
    if not isinstance(text, str) or text not in Seat.__members__:
        raise ViewFormatError(f"not a seat: {text!r}")
    return Seat[text]


def _opt_seat(text: Any) -> Seat | None:
    return None if text is None else _seat(text)


def _card(text: Any) -> Card:
    if not isinstance(text, str):
        raise ViewFormatError(f"not a card: {text!r}")
    return Card.parse(text)


def _cards(items: Any) -> CardSet:
    if not isinstance(items, list):
        raise ViewFormatError(f"not a list of cards: {items!r}")
    return CardSet(_card(c) for c in items)


def _opt_cards(items: Any) -> CardSet | None:
    return None if items is None else _cards(items)


def _opt_card(text: Any) -> Card | None:
    return None if text is None else _card(text)


def _action(item: Any) -> Action | None:
    if item is None:
        return None
    if not isinstance(item, dict) or not isinstance(item.get("index"), int):
        raise ViewFormatError(f"not an action: {item!r}")
    return action_from_index(item["index"])


def _contract(text: Any) -> Contract | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise ViewFormatError(f"not a contract: {text!r}")
    return Contract.parse(text)


def _seat_map(items: Any, convert: Any) -> Mapping[Seat, Any]:
    if not isinstance(items, dict):
        raise ViewFormatError(f"not a mapping of seats: {items!r}")
    return MappingProxyType({_seat(k): convert(v) for k, v in items.items()})


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ViewFormatError(f"not a count: {value!r}")
    return value


def _trick(item: Any) -> Trick:
    if not isinstance(item, dict):
        raise ViewFormatError(f"not a trick: {item!r}")
    return Trick(
        leader=_seat(item["leader"]),
        cards=tuple((_seat(s), _card(c)) for s, c in item["cards"]),
        winner=_seat(item["winner"]),
        talon_card=_opt_card(item.get("talon_card")),
    )


def view_from_dict(data: Mapping[str, Any], rules: Rules) -> View:
    """Rebuild the view :func:`view_message` sent (``rules`` from the ``hello``)."""
    try:
        return View(
            seat=_seat(data["seat"]),
            rules=rules,
            dealer=_seat(data["dealer"]),
            phase=Phase(data["phase"]),
            to_move=_opt_seat(data["to_move"]),
            actor=_opt_seat(data["actor"]),
            active=tuple(_seat(s) for s in data["active"]),
            dummy=_opt_seat(data["dummy"]),
            hand=_cards(data["hand"]),
            known_hands=_seat_map(data["known_hands"], _cards),
            hand_sizes=_seat_map(data["hand_sizes"], _count),
            talon=_opt_cards(data["talon"]),
            discard=_opt_cards(data["discard"]),
            history=tuple((_seat(s), _action(a)) for s, a in data["history"]),
            declarer=_opt_seat(data["declarer"]),
            bid=_contract(data["bid"]),
            contract=_contract(data["contract"]),
            kind=None if data["kind"] is None else DealKind(data["kind"]),
            talon_thrown=bool(data["talon_thrown"]),
            whisters=tuple(_seat(s) for s in data["whisters"]),
            defence_open=bool(data["defence_open"]),
            checked=bool(data["checked"]),
            current_trick=tuple((_seat(s), _card(c)) for s, c in data["current_trick"]),
            lead_talon_card=_opt_card(data["lead_talon_card"]),
            completed_tricks=tuple(_trick(t) for t in data["completed_tricks"]),
            tricks_won=_seat_map(data["tricks_won"], _count),
            talon_tricks=_count(data["talon_tricks"]),
            raspasy_run=_count(data["raspasy_run"]),
            legal_actions=tuple(
                a for a in (_action(item) for item in data["legal_actions"]) if a is not None
            ),
            refe=tuple(_seat(s) for s in data.get("refe", ())),
            invited=_opt_seat(data.get("invited")),
            out=_opt_seat(data.get("out")),
            kontra=_seat_map(data.get("kontra", {}), _count),
        )
    except ViewFormatError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise ViewFormatError(f"not a view: {type(error).__name__}: {error}") from None
