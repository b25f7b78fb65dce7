"""Which cards a seat may know, written from docs/rules.md and docs/balkan.md alone (not
from the engine).

The rule reads a deal's record (hands as dealt, the talon, the actions as text) up to a
point and answers, for one seat, the set of cards it may have seen there:

- its own hand as dealt, and every card played to a trick;
- the talon once it is turned up (the bidding won by a bid with the talon: §4; Balkan:
  the declarer takes it, shown to all), for everybody, and at the end of the deal; the
  talon of a bid without the talon (igra) stays hidden (§4);
- raspasy with ``raspasy_talon="leads"`` (§8): each talon card is shown when it leads,
  the first at the start of play, the second once trick 1 is over; the record lists the
  talon sorted, not in dealing order, so the rule allows either card alone before the
  end of trick 1 and both after (``talon_shown``); ``"unused"``: hidden until the end;
- the declarer's discard only for the declarer (§4), and for the misère catchers;
- an open defence (a lone whister's ``open``, the 2-player ``whist``, a checked ten):
  the defenders' hands for everybody from the start of play (the whisting's end, seen
  in the record at the play's first card or claim), or, with ``open_after_first_lead``
  when the declarer is first hand (his card is the first of play), right after that card
  (§6): a claim before it shows nothing, and with no card the defence never opens;
- a misère: the declarer's hand, talon and discard for the catchers from the contract,
  or after trick 1 with ``misere_open_after_first_trick``; with 2 players the live
  catcher sees the dummy too; the Balkan betl (docs/balkan.md): the declarer's hand as
  he plays it (dealt hand and talon, less the discard) for the defenders after trick 1
  (``misere_open_after_first_trick``, preset on), else from the contract;
- the 2-player dummy's hand on raspasy, for everybody (§8).

The Balkan calls (``kontra``, ``invite``, a lone whister's ``pass``: the passer's cards
out, face down) show no card; an igra's talon stays closed; everybody passing ends the
deal (refe), when the talon is shown like at every deal's end.

A spectator may know what every player may know (the intersection).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from preferans.cards import Card, CardSet
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["TABLES", "DealPoint", "cards_in_text", "may_know", "playing_seats", "talon_known"]

_CARD_TOKEN: Final = re.compile(r"[♠♣♦♥](?:10|[789JQKA])")

TABLES: Final[list[dict[str, Any]]] = [
    {"players": 3, "preset": "sochi"},
    {"players": 3, "preset": "rostov"},
    {"players": 3, "preset": "leningrad"},
    {"players": 4, "preset": "sochi"},
    {"players": 4, "preset": "leningrad", "conventions": {"throw_talon": True}},
    {"players": 2, "preset": "sochi"},
    {"players": 3, "preset": "balkan"},
    {"players": 3, "preset": "balkan", "conventions": {"misere_open_after_first_trick": False}},
]
"""The tables the visibility tests play: every Russian variant, every size, a throw-in,
and the Balkan game with its betl hand shown after trick 1 or from the contract."""


def cards_in_text(text: str) -> set[Card]:
    """Every card named in free text (``♠9``, ``♥10``, suit first as the club writes)."""
    return {Card.parse(token) for token in _CARD_TOKEN.findall(text)}


def playing_seats(players: int, dealer: Seat) -> list[Seat]:
    if players == 2:
        return [Seat.S, Seat.W, Seat.E]  # East is the dummy
    if players == 3:
        return [Seat.S, Seat.W, Seat.E]
    return [s for s in (Seat.S, Seat.W, Seat.N, Seat.E) if s != dealer]


_BIDS: Final = ("мизер", "бетл", "санс", "misere", "betl", "sans")


def _is_bid(text: str) -> bool:
    return text in ("pass", "here") or text[:1].isdigit() or text.startswith(_BIDS)


def _is_card(text: str) -> bool:
    return text[:1] in ("♠", "♣", "♦", "♥")


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
    hand_shown: bool = False
    """The misère (betl) declarer's hand is shown to the catchers at this point."""
    talon_shown: int = 0
    """How many talon cards may be known here (raspasy: they are shown one a trick)."""

    def __post_init__(self) -> None:
        self.hands = {Seat[s]: set(CardSet.parse(c)) for s, c in self.deal["hands"].items()}
        self.talon = set(CardSet.parse(self.deal["talon"]))
        dealer = Seat[self.deal["dealer"]]
        self.seats = playing_seats(self.rules.players, dealer)
        actions = [(Seat[e["seat"]], e["action"]) for e in self.deal["actions"]]
        done = self.done
        # The whole record fixes the deal's course; ``done`` says how much of it is public.
        bids = 0
        while bids < len(actions) and _is_bid(actions[bids][1]):
            bids += 1
        named = [t for _, t in actions[:bids] if t not in ("pass", "here")]
        raspasy = not named and not self.rules.is_balkan
        contract_at: int | None = None
        play_at: int | None = None
        if raspasy:
            play_at = bids if bids < len(actions) else None
        elif named:
            for index in range(bids, len(actions)):
                if contract_at is None and actions[index][1].startswith("play "):
                    contract_at = index
                elif contract_at is not None and _is_card(actions[index][1]):
                    play_at = index
                    break
        self.raspasy = raspasy and done >= bids
        self.talon_up = bool(named) and not named[-1].endswith(("бп", "bp")) and done >= bids
        if named and done > bids:
            self.declarer = actions[bids][0]  # the first to act after the bidding
        discarding = actions[bids : min(done, len(actions) if contract_at is None else contract_at)]
        if named:
            self.discards = {Card.parse(t) for _, t in discarding if _is_card(t)}
        if play_at is not None:
            self.played = {Card.parse(t) for _, t in actions[play_at:done] if _is_card(t)}
        if contract_at is not None and done > contract_at:
            self.contract = actions[contract_at][1][5:]
        # An open defence: from the start of play, or after the declarer's first lead.
        # The play starts with its first card or a claim (a lone open whister first hand
        # may claim before any card: the defence was open from the whisting's end).
        start = None if contract_at is None else _play_start(actions, contract_at)
        if contract_at is not None and start is not None:
            calls = [t for _, t in actions[contract_at + 1 : start]]
            opened = "open" in calls or (self.rules.players == 2 and "whist" in calls)
            contract = actions[contract_at][1][5:]
            opened |= (
                contract.startswith("10") and self.rules.ten_checked and not self.rules.is_balkan
            )
            opens_at = start
            leader = actions[start if play_at is None else play_at][0]
            if self.rules.open_after_first_lead and leader == actions[contract_at][0]:
                # The declarer leads: only right after his first card (a claim before it
                # shows nothing; with no card at all the defence never opens).
                opens_at = len(actions) + 1 if play_at is None else play_at + 1
            self.open_defence = opened and done >= opens_at
        trick = 3  # every trick has three cards (with 2 players: the dummy's too)
        if self.contract is not None and contract_at is not None and _misere(self.contract):
            if self.rules.misere_open_after_first_trick:
                self.hand_shown = play_at is not None and done >= play_at + trick
            else:
                self.hand_shown = True
        self.over = done >= len(actions)
        if self.over or self.talon_up:
            self.talon_shown = 2
        elif raspasy and self.rules.raspasy_talon == "leads" and play_at is not None:
            self.talon_shown = 2 if done >= play_at + trick else 1 if done >= bids else 0

    @property
    def defenders(self) -> list[Seat]:
        return [s for s in self.seats if s != self.declarer]


def _play_start(actions: list[tuple[Seat, str]], contract_at: int) -> int | None:
    """The index of the play's first action (a card or a claim) after the contract."""
    for index in range(contract_at + 1, len(actions)):
        text = actions[index][1]
        if _is_card(text) or text.startswith(("claim", "предлагаю")):
            return index
    return None


def _misere(contract: str) -> bool:
    return contract.startswith(("мизер", "misere", "бетл", "betl"))


def may_know(point: DealPoint, seat: Seat) -> set[Card]:
    """The cards ``seat`` may have seen at ``point`` (see the module's docstring); at most
    ``point.talon_shown`` of the talon's cards (``talon_known``)."""
    known = set(point.hands.get(seat, set())) | point.played
    if point.talon_shown:
        known |= point.talon
    if point.raspasy and point.rules.players == 2:
        known |= point.hands.get(Seat.E, set())
    if seat == point.declarer:
        known |= point.talon | point.discards if point.talon_up else set()
    if point.open_defence:
        for defender in point.defenders:
            known |= point.hands.get(defender, set())
    if point.hand_shown and point.declarer is not None and seat in point.defenders:
        assert point.contract is not None
        if point.rules.is_balkan:
            shown = point.hands[point.declarer] | (point.talon if point.talon_up else set())
            known |= shown - point.discards
        else:
            known |= point.hands[point.declarer] | point.discards
            if point.talon_up:
                known |= point.talon
        if point.rules.players == 2:
            known |= point.hands.get(Seat.E, set())
    return known


def talon_known(point: DealPoint, cards: set[Card]) -> bool:
    """Whether naming ``cards`` keeps to the talon cards shown so far."""
    return len(cards & point.talon) <= point.talon_shown
