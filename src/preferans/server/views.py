"""What each recipient may see of a deal, as JSON, built only from the engine's views.

A player gets ``state.view(seat)``. A spectator gets what *every* player sees: the hands
face up to all, the talon once shown to all, and the history with anything hidden from any
player removed. No card outside these ever enters a message.
"""

from __future__ import annotations

from typing import Any

from preferans.game import DealState
from preferans.result import DealResult
from preferans.scoring import result_to_dict
from preferans.seats import Seat, player_seats

__all__ = ["SPECTATOR", "ViewSet", "result_json"]

SPECTATOR = "*"


def result_json(result: DealResult) -> dict[str, Any]:
    data: dict[str, Any] = result_to_dict(result)
    return data


def _seat_view(state: DealState, seat: Seat) -> dict[str, Any]:
    data: dict[str, Any] = state.view(seat).to_dict()
    del data["rules"]  # the table's rules are in the snapshot; no need to repeat them
    return data


def _public(views: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The intersection of every player's view."""
    first = next(iter(views.values()))
    public = dict(first)
    public["seat"] = None
    public["hand"] = []
    public["discard"] = None
    public["legal_actions"] = []
    hands: dict[str, Any] = {}
    for seat, cards in first["known_hands"].items():
        if all(v["known_hands"].get(seat) == cards for v in views.values()):
            hands[seat] = cards
    public["known_hands"] = hands
    if any(v["talon"] != first["talon"] for v in views.values()):
        public["talon"] = None
    history = []
    for i, (seat, action) in enumerate(first["history"]):
        hidden = any(v["history"][i][1] is None for v in views.values())
        history.append([seat, None if hidden else action])
    public["history"] = history
    return public


class ViewSet:
    """The views of one state for every audience, computed once and shared by an event."""

    def __init__(self, state: DealState, players: int) -> None:
        self.state = state
        self.seats = player_seats(players)
        self._views: dict[str, dict[str, Any]] = {}

    def view(self, audience: str) -> dict[str, Any]:
        cached = self._views.get(audience)
        if cached is not None:
            return cached
        if audience == SPECTATOR:
            players = {s.name: self.view(s.name) for s in self.seats}
            result = _public(players)
        else:
            result = _seat_view(self.state, Seat[audience])
        self._views[audience] = result
        return result

    def payload(self, audience: str) -> dict[str, Any]:
        """The ``view``, whose turn it is, and the legal actions if they are this recipient's."""
        view = self.view(audience)
        return {"view": view, "turn": view["actor"], "legal": view["legal_actions"]}

    def last_action_visible(self, audience: str) -> bool:
        history = self.view(audience)["history"]
        return bool(history) and history[-1][1] is not None
