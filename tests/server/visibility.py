"""Which cards a seat may know, written from docs/rules.md alone (not from the engine).

The rule reads a deal's record (hands as dealt, the talon, the actions as text) up to a
point and answers, for one seat, the set of cards it may have seen there:

- its own hand as dealt, and every card played to a trick;
- the talon once it is turned up (the bidding won by a bid with the talon: §4), for
  everybody; on
  raspasy with ``raspasy_talon="leads"`` the talon cards lead (§8) — this rule allows
  the whole talon from the start of raspasy play (looser than one card per trick);
  the talon of a bid without the talon stays hidden (§4);
- the declarer's discard only for the declarer (§4), and for the misère catchers (§6);
- an open defence (a lone whister's ``open``, the 2-player ``whist``, a checked ten):
  the defenders' hands for everybody once the contract is named (looser by the first
  card than ``open_after_first_lead``);
- a misère: the declarer's hand, talon and discard for the catchers (looser: from the
  contract on, also with ``misere_open_after_first_trick``); with 2 players the live
  catcher sees the dummy too;
- the 2-player dummy's hand on raspasy, for everybody (§8).

A spectator may know what every player may know (the intersection). The Balkan game is
not covered (its out seat and two-card tricks follow docs/balkan.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from preferans.cards import Card, CardSet
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["TABLES", "DealPoint", "cards_in_text", "may_know", "playing_seats"]

_CARD_TOKEN: Final = re.compile(r"[♠♣♦♥](?:10|[789JQKA])")

TABLES: Final[list[dict[str, Any]]] = [
    {"players": 3, "preset": "sochi"},
    {"players": 3, "preset": "rostov"},
    {"players": 3, "preset": "leningrad"},
    {"players": 4, "preset": "sochi"},
    {"players": 4, "preset": "leningrad", "conventions": {"throw_talon": True}},
    {"players": 2, "preset": "sochi"},
]
"""The Russian tables the visibility tests play: every variant, every size, a throw-in."""


def cards_in_text(text: str) -> set[Card]:
    """Every card named in free text (``♠9``, ``♥10``, suit first as the club writes)."""
    return {Card.parse(token) for token in _CARD_TOKEN.findall(text)}


def playing_seats(players: int, dealer: Seat) -> list[Seat]:
    if players == 2:
        return [Seat.S, Seat.W, Seat.E]  # East is the dummy
    if players == 3:
        return [Seat.S, Seat.W, Seat.E]
    return [s for s in (Seat.S, Seat.W, Seat.N, Seat.E) if s != dealer]


@dataclass
class DealPoint:
    """What the public history of one deal says after ``done`` of its actions."""

    rules: Rules
    deal: dict[str, Any]
    done: int
    over: bool = False
    hands: dict[Seat, set[Card]] = field(default_factory=dict)
    talon: set[Card] = field(default_factory=set)
    played: set[Card] = field(default_factory=set)
    discards: set[Card] = field(default_factory=set)
    declarer: Seat | None = None
    contract: str | None = None
    talon_up: bool = False
    raspasy: bool = False
    open_defence: bool = False

    def __post_init__(self) -> None:
        self.hands = {Seat[s]: set(CardSet.parse(c)) for s, c in self.deal["hands"].items()}
        self.talon = set(CardSet.parse(self.deal["talon"]))
        dealer = Seat[self.deal["dealer"]]
        self.seats = playing_seats(self.rules.players, dealer)
        stage, any_bid = "bidding", False
        # The bidding's end is known from the whole record: the talon of a bid with the
        # talon is turned up for all as soon as the bidding is over (§4).
        actions = self.deal["actions"]
        last_bid = None
        for index, entry in enumerate(actions):
            text = entry["action"]
            if text in ("pass", "here") or text[:1].isdigit() or text.startswith("мизер"):
                last_bid = text if text not in ("pass", "here") else last_bid
                continue
            if self.done >= index:
                # Bidding over: raspasy when nobody bid (the talon leads from now on).
                self.raspasy = last_bid is None
                self.talon_up = last_bid is not None and not last_bid.endswith("бп")
            break
        for entry in self.deal["actions"][: self.done]:
            seat, text = Seat[entry["seat"]], entry["action"]
            card = text if text[:1] in "♠♣♦♥" else None
            if stage == "bidding":
                if text in ("pass", "here") or text[:1].isdigit() or "мизер" in text:
                    any_bid |= text not in ("pass", "here")
                    continue
                stage = "talon" if any_bid else "play"
                self.raspasy = not any_bid
            if stage == "talon":
                if card is not None:
                    self.discards.add(Card.parse(card))
                    self.declarer, self.talon_up = seat, True
                    continue
                if text == "throw talon":
                    self.declarer, self.talon_up = seat, True
                    continue
                if text.startswith("play "):
                    self.declarer, self.contract, stage = seat, text[5:], "whist"
                    if self.contract.startswith("10") and self.rules.ten_checked:
                        self.open_defence = True
                continue
            if stage == "whist":
                if card is None:
                    if text == "open" or (text == "whist" and self.rules.players == 2):
                        self.open_defence = True
                    continue
                stage = "play"
            if card is not None:
                self.played.add(Card.parse(card))
        self.over = self.done >= len(self.deal["actions"])

    @property
    def defenders(self) -> list[Seat]:
        return [s for s in self.seats if s != self.declarer]


def may_know(point: DealPoint, seat: Seat) -> set[Card]:
    """The cards ``seat`` may have seen at ``point`` (see the module's docstring)."""
    known = set(point.hands.get(seat, set())) | point.played
    if point.talon_up or point.over:
        known |= point.talon
    if point.raspasy and point.rules.raspasy_talon == "leads":
        known |= point.talon
    if point.raspasy and point.rules.players == 2:
        known |= point.hands.get(Seat.E, set())
    if seat == point.declarer:
        known |= point.talon | point.discards if point.talon_up else set()
    if point.open_defence:
        for defender in point.defenders:
            known |= point.hands.get(defender, set())
    misere = point.contract is not None and "мизер" in point.contract
    if misere and point.declarer is not None and seat in point.defenders:
        known |= point.hands[point.declarer] | point.discards
        if point.talon_up:
            known |= point.talon
        if point.rules.players == 2:
            known |= point.hands.get(Seat.E, set())
    return known
