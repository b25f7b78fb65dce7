"""What both environments share: the table's players, the legal actions they offer, the
per-deal payoff and the text picture of a deal.

Both environments offer exactly the engine's legal actions with one exception, in the
Balkan game: the kontra chain has no end in the rules (each answer doubles), while an
agent's game needs a longest game and a largest payoff. ``max_kontra`` bounds it: once a
defender's kontra level reaches it, kontra is no longer offered (pass still is).
"""

from __future__ import annotations

from typing import Final

from preferans.actions import KONTRA, Action
from preferans.bots.payoff import deal_value
from preferans.errors import RulesError
from preferans.game import DealState
from preferans.result import DealKind
from preferans.rules import Rules, find_rules
from preferans.seats import Seat
from preferans.seats import player_seats as _seats_of_players

__all__ = [
    "DEFAULT_MAX_KONTRA",
    "MAX_DEAL_ACTIONS",
    "VARIANTS",
    "deal_payoff",
    "make_rules",
    "offered_actions",
    "player_seats",
    "refe_of",
    "render_deal",
    "utility_bound",
]

VARIANTS: Final = ("sochi", "leningrad", "rostov", "balkan")
DEFAULT_MAX_KONTRA: Final = 4
#: More decisions than any deal takes (auction, talon, whisting, 30 cards, claims).
MAX_DEAL_ACTIONS: Final = 400


def player_seats(rules: Rules) -> tuple[Seat, ...]:
    """The seats that have players (never the 2-player dummy's): S W; S W E; S W N E."""
    return _seats_of_players(rules.players)


def make_rules(variant: str, players: int) -> Rules:
    """The preset of ``variant`` for ``players`` (Balkan: 3 players only)."""
    if variant not in VARIANTS:
        raise RulesError(
            f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}",
            ru=f"вариант — один из {', '.join(VARIANTS)}, а не {variant!r}",
        )
    return find_rules(variant, players=players)


def offered_actions(state: DealState, max_kontra: int) -> tuple[Action, ...]:
    """The engine's legal actions, kontra left out once the chain reached ``max_kontra``."""
    legal = state.legal_actions()
    if (
        state.rules.is_balkan
        and KONTRA in legal
        and state.actor is not None
        and max(state.view(state.actor).kontra.values(), default=0) >= max_kontra
    ):
        return tuple(a for a in legal if a is not KONTRA)
    return legal


def refe_of(state: DealState) -> tuple[Seat, ...]:
    """Balkan: the seats that held an open refe when the deal began (public; else ())."""
    return state.view(state.active[0]).refe


def deal_payoff(state: DealState) -> dict[Seat, float]:
    """Whists each player gains by the finished deal (:mod:`preferans.bots.payoff`): the
    sheet's prices and the raspasy progression included; sums to zero. As for the bots,
    a Balkan refe's doubling of its holder's later game is not counted."""
    rules = state.rules
    result = state.result()
    run = state.raspasy_run + 1 if result.kind is DealKind.RASPASY else 1
    values = deal_value(result, rules, raspasy_run=run)
    return {seat: values.get(seat, 0.0) for seat in player_seats(rules)}


def utility_bound(rules: Rules, max_kontra: int = DEFAULT_MAX_KONTRA) -> float:
    """A bound on any player's payoff in one deal, in whists.

    The dearest Russian outcomes are a ten or a misère lost by ten tricks (price 10, rate
    up to 2, raspasy progression up to its last multiplier): at most 200 gora points
    times the progression, each worth 10 whists, plus the whists on top. The Balkan figures
    double with every kontra step.
    """
    worst = 10 * 10 * rules.rate * max(rules.raspasy_progression)
    bound = 10.0 * worst + 10.0 * worst
    if rules.is_balkan:
        bound *= 2 ** (max_kontra + 1)
    return bound


def render_deal(state: DealState) -> str:
    """The whole table as text (every hand shown: this is the referee's picture)."""
    rules = state.rules
    lines = [f"{rules.variant}, {rules.players} players, dealer {state.deal.dealer.english}"]
    phase = state.phase.value
    if state.contract is not None:
        phase += f", contract {state.contract} by {_name(state.declarer)}"
    elif state.bid is not None:
        phase += f", bid {state.bid} by {_name(state.declarer)}"
    lines.append(f"phase: {phase}")
    for seat in state.active:
        hand = state.hand(seat)
        marks = []
        if seat == state.dummy:
            marks.append("dummy")
        if seat == state.actor:
            marks.append("to act")
        tail = f" ({', '.join(marks)})" if marks else ""
        lines.append(
            f"{seat.name}: {hand.format() if len(hand) else '-'}  "
            f"tricks {state.tricks_won[seat]}{tail}"
        )
    shown = "" if state.talon_shown else " (face down)"
    lines.append(f"talon: {state.deal.talon.format()}{shown}")
    if state.current_trick:
        lines.append("trick: " + " ".join(f"{s.name}:{c}" for s, c in state.current_trick))
    if state.history:
        seat, action = state.history[-1]
        lines.append(f"last: {seat.name} {action}")
    return "\n".join(lines)


def _name(seat: Seat | None) -> str:
    return "-" if seat is None else seat.english
