"""DealResult to and from JSON-ready dicts, so a stored sheet can be replayed."""

from __future__ import annotations

from typing import Any

from preferans.actions import Action, action_from_index
from preferans.contracts import Contract
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.seats import Seat

__all__ = ["result_from_dict", "result_to_dict"]


def _calls(calls: tuple[tuple[Seat, Action], ...]) -> list[list[Any]]:
    return [[seat.name, action.index] for seat, action in calls]


def _read_calls(data: list[list[Any]]) -> tuple[tuple[Seat, Action], ...]:
    return tuple((Seat[seat], action_from_index(int(index))) for seat, index in data)


def _contract(contract: Contract | None) -> str | None:
    return None if contract is None else contract.format(ascii=True)


def _read_contract(text: str | None) -> Contract | None:
    return None if text is None else Contract.parse(text)


def result_to_dict(result: DealResult) -> dict[str, Any]:
    """Every field of ``result``; seats by letter, actions by their stable index."""
    return {
        "kind": result.kind.value,
        "dealer": result.dealer.name,
        "active": [s.name for s in result.active],
        "dummy": None if result.dummy is None else result.dummy.name,
        "bidding": _calls(result.bidding),
        "declarer": None if result.declarer is None else result.declarer.name,
        "bid": _contract(result.bid),
        "contract": _contract(result.contract),
        "talon_thrown": result.talon_thrown,
        "whist_calls": _calls(result.whist_calls),
        "defenders": {s.name: c.value for s, c in result.defenders.items()},
        "whisters": [s.name for s in result.whisters],
        "open": result.open,
        "checked": result.checked,
        "played": result.played,
        "claimed": result.claimed,
        "tricks": {s.name: n for s, n in result.tricks.items()},
        "talon_tricks": result.talon_tricks,
        **(
            {
                "invited": None if result.invited is None else result.invited.name,
                "kontra": {s.name: n for s, n in result.kontra.items()},
            }
            if result.invited is not None or result.kontra
            else {}
        ),
    }


def result_from_dict(data: dict[str, Any]) -> DealResult:
    """The inverse of :func:`result_to_dict`."""
    return DealResult(
        kind=DealKind(data["kind"]),
        dealer=Seat[data["dealer"]],
        active=tuple(Seat[s] for s in data["active"]),
        dummy=None if data.get("dummy") is None else Seat[data["dummy"]],
        bidding=_read_calls(data.get("bidding", [])),
        declarer=None if data.get("declarer") is None else Seat[data["declarer"]],
        bid=_read_contract(data.get("bid")),
        contract=_read_contract(data.get("contract")),
        talon_thrown=bool(data.get("talon_thrown", False)),
        whist_calls=_read_calls(data.get("whist_calls", [])),
        defenders={Seat[s]: WhistChoice(c) for s, c in data.get("defenders", {}).items()},
        whisters=tuple(Seat[s] for s in data.get("whisters", [])),
        open=bool(data.get("open", False)),
        checked=bool(data.get("checked", False)),
        played=bool(data.get("played", False)),
        claimed=bool(data.get("claimed", False)),
        tricks={Seat[s]: int(n) for s, n in data.get("tricks", {}).items()},
        talon_tricks=int(data.get("talon_tricks", 0)),
        invited=None if data.get("invited") is None else Seat[data["invited"]],
        kontra={Seat[s]: int(n) for s, n in data.get("kontra", {}).items()},
    )
