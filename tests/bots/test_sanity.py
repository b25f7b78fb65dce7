"""Positions a club player judges at a glance, asked of every level players are offered
(and the engineering names they stand for). Each row is a constructed deal, a script of
the actions before the decision, and what no sound bot may do there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from preferans.actions import WALK_AWAY, Action, Bid, Call, CallKind, Declare, parse_action
from preferans.bots.base import Bot
from preferans.bots.levels import make_bot, player_levels
from preferans.cards import CardSet
from preferans.game import Deal, DealState, View, new_deal
from preferans.rules import Rules, find_rules
from preferans.seats import Seat

SOCHI = find_rules("sochi")
FOUR = find_rules("sochi", players=4, throw_talon=True)
LEVELS = ("heuristic", "sampling", *player_levels())


def deal_of(dealer: str, hands: dict[str, str], talon: str) -> Deal:
    cards = tuple(CardSet.parse(text).highest() for text in talon.split())
    own = {Seat.parse(seat): CardSet.parse(text) for seat, text in hands.items()}
    return Deal(Seat.parse(dealer), own, CardSet(cards), cards)


def _trumps_or_made(view: View, action: Action) -> str | None:
    if not isinstance(action, Declare) or action.contract.is_misere:
        return None
    trump = action.contract.trump
    if trump is None or view.hand.count(trump) >= 4:
        return None
    return f"{action.contract} with {view.hand.count(trump)} trumps"


def _no_misere(view: View, action: Action) -> str | None:
    if isinstance(action, Bid) and action.contract.is_misere:
        return "misère with an unguarded ace"
    return None


def _no_walk_away(view: View, action: Action) -> str | None:
    if action == WALK_AWAY or (isinstance(action, Call) and action.kind is CallKind.WALK_AWAY):
        return "walked away from a made contract"
    return None


def _max_level(level: int) -> Callable[[View, Action], str | None]:
    def check(view: View, action: Action) -> str | None:
        contract = action.contract if isinstance(action, Bid) else None
        if contract is not None and not contract.is_misere and contract.level > level:
            return f"bid {action} on a {level}-trick hand"
        return None

    return check


def _accept(expected: bool) -> Callable[[View, Action], str | None]:
    def check(view: View, action: Action) -> str | None:
        accepted = isinstance(action, Call) and action.kind is CallKind.ACCEPT
        if accepted != expected:
            return f"{'rejected' if expected else 'accepted'} the claim"
        return None

    return check


@dataclass(frozen=True)
class Position:
    name: str
    rules: Rules
    deal: Deal
    script: str
    check: Callable[[View, Action], str | None]
    decisions: int = 1
    """How many decisions in a row the bot makes (the discard is two, then the contract)."""


#: South holds every diamond and ♥AK; the talon adds nothing in spades.
DIAMONDS = {"S": "♦AKQJ10987 ♥AK", "W": "♠AKQJ ♣AKQ ♥QJ10", "E": "♠1098 ♣J1098 ♥987"}
TOP = {"S": "♠AKQJ109 ♣AK ♦AK", "W": "♠8 ♣QJ10 ♦QJ10 ♥QJ10", "E": "♠7 ♣987 ♦987 ♥987"}
GREEDY = {"S": "♠AKQJ109 ♣AK ♦A ♥7", "W": "♠8 ♣QJ10 ♦QJ10 ♥AJ10", "E": "♠7 ♣987 ♦K987 ♥98"}
OPEN_DEFENCE = "6♠, pass, pass, ♥A, ♥K, play 6♠, whist, pass, open, ♠A, ♠8, ♠7"
ACE = {"S": "♠AK ♣78 ♦78 ♥A789", "W": "♠QJ10 ♣AKQ ♦AKQ ♥J", "E": "♠987 ♣J109 ♦J109 ♥K"}
#: South: ♠A K and length, ♣A, ♦K — six tricks at best.
SIX = {"S": "♠AK987 ♣A7 ♦K7 ♥7", "W": "♠J10 ♣KQJ ♦AQJ ♥AK", "E": "♠Q ♣1098 ♦1098 ♥QJ10"}
STRONG4 = {"S": "♠AKQJ10 ♣AK ♦AK ♥A", "W": "♠98 ♣QJ10 ♦QJ10 ♥KQ", "N": "♠7 ♣987 ♦987 ♥J109"}

POSITIONS = (
    Position(
        "no spade trump without spades",
        SOCHI,
        deal_of("E", DIAMONDS, "♠7 ♣7"),
        "6♠, pass, pass",
        _trumps_or_made,
        decisions=3,
    ),
    Position("no misère with an unguarded ace", SOCHI, deal_of("E", ACE, "♥10 ♥Q"), "", _no_misere),
    Position(
        "no 8- or 9-level bid on a 6-trick hand",
        SOCHI,
        deal_of("E", SIX, "♥9 ♥8"),
        "6♠, 6♣, 6♦, 6♥, 6NT, 7♠, 7♣, 7♦, 7♥, 7NT, 8♠, 8♣",
        _max_level(7),
    ),
    Position(
        "the talon is taken for a made contract, not walked away from",
        FOUR,
        deal_of("E", STRONG4, "♥8 ♥7"),
        "6♠, pass, pass",
        _no_walk_away,
    ),
    Position(
        "a plainly true claim with open hands is accepted",
        SOCHI,
        deal_of("E", TOP, "♥A ♥K"),
        OPEN_DEFENCE + ", claim 9",
        _accept(True),
    ),
    Position(
        "a claim one trick too greedy is rejected",
        SOCHI,
        deal_of("E", GREEDY, "♥K ♥Q"),
        OPEN_DEFENCE.replace("♥A, ♥K", "♥K, ♥Q") + ", claim 9",
        _accept(False),
    ),
    Position(
        "a closed defender holding an ace rejects a claim of every trick",
        SOCHI,
        deal_of("E", GREEDY, "♥K ♥Q"),
        OPEN_DEFENCE.replace("♥A, ♥K", "♥K, ♥Q").replace("open", "closed") + ", claim 9",
        _accept(False),
    ),
)


def _start(position: Position) -> DealState:
    state = new_deal(position.rules, position.deal)
    for token in filter(None, (t.strip() for t in position.script.split(","))):
        state = state.apply(parse_action(token))
    return state


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_sanity(position: Position, level: str) -> None:
    bot: Bot = make_bot(level, seed=5)
    state = _start(position)
    for _ in range(position.decisions):
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        action = bot.choose(view)
        fault = position.check(view, action)
        assert fault is None, f"{level}: {fault}"
        state = state.apply(action)


def test_the_old_spade_tie_is_gone() -> None:
    # The heuristic's estimate used to be the same for every trump, so it declared spades.
    state = _start(POSITIONS[0])
    bot = make_bot("novice")
    for _ in range(3):
        actor = state.actor
        assert actor is not None
        action = bot.choose(state.view(actor))
        state = state.apply(action)
    assert state.contract is not None and state.contract.trump is not None
    assert state.contract.trump.name == "DIAMONDS"
