"""The solver's view of a card-play position: what each legal card is worth.

The engine's state is turned into the solver's three-hand :class:`Position` (seats in
clockwise order from first hand, as the solver plays 0 → 1 → 2). Values are given for the
side of the player to move, counting the tricks it takes from here on, so "higher is
better" holds for the declarer and the defence alike; on misère and raspasy, where fewer
is better, the value is the mover's own tricks.
"""

from __future__ import annotations

from dataclasses import dataclass

from preferans.cards import Card
from preferans.game import DealState, Phase
from preferans.seats import Seat

__all__ = ["CardValues", "analyse_state", "unavailable_reason"]


@dataclass(frozen=True, slots=True)
class CardValues:
    """Per legal card of the mover: tricks from here on, with best play by everybody."""

    mover: Seat
    values: dict[Card, int]
    meaning: str
    """``side``: tricks of the mover's side (more is better); ``own``: the mover's own tricks
    on raspasy or his misère (fewer is better); ``declarer``: the misère player's tricks,
    seen by a catcher (more is better)."""
    remaining: int


def unavailable_reason(state: DealState) -> str | None:
    """Why the solver cannot answer for this position, or None when it can."""
    if state.phase is not Phase.PLAY:
        return "not card play"
    if state.is_raspasy and state.rules.has_dummy:
        return "the dummy plays by a fixed rule on raspasy"
    try:
        import preferans.solver  # noqa: F401
    except ImportError:
        return "the solver is not installed"
    return None


def analyse_state(state: DealState) -> CardValues | None:
    """The value of every legal card for the player to move, or None (see
    :func:`unavailable_reason`)."""
    if unavailable_reason(state) is not None:
        return None
    from preferans.solver import Objective, Position, analyse, remaining_tricks

    seats = state.active
    hands = [state.hand(seat).mask for seat in seats]
    trick = state.current_trick
    mover = state.to_move
    assert mover is not None
    leader = trick[0][0] if trick else mover
    trump = None if state.contract is None or state.contract.trump is None else state.contract.trump
    # Raspasy tricks 1-2 led by talon cards: the replay knows the talon's order.
    talon: list[Card] = []
    if state.lead_talon_card is not None:
        talon = list(state.deal.talon_order[len(state.completed_tricks) : 2])
    position = Position.make(
        hands,
        leader=seats.index(leader),
        trump=None if trump is None else int(trump),
        played=[card for _, card in trick],
        talon=talon,
        talon_wins=bool(talon) and state.rules.players == 4,
    )
    remaining = remaining_tricks(position)
    declarer = state.declarer
    if state.is_raspasy or declarer is None:
        objective, solver_seat = Objective.RASPASY, seats.index(mover)
    elif state.contract is not None and state.contract.is_misere:
        objective, solver_seat = Objective.MISERE, seats.index(declarer)
    else:
        objective, solver_seat = Objective.TRICKS, seats.index(declarer)
    raw = analyse(position, objective, solver_seat)
    if objective is Objective.TRICKS:
        meaning = "side"
    else:
        meaning = "own" if mover == declarer or declarer is None else "declarer"
    values: dict[Card, int] = {}
    for index, value in raw.items():
        if objective is Objective.TRICKS and mover != declarer:
            value = remaining - value
        values[Card.from_index(index)] = value
    return CardValues(mover, values, meaning, remaining)
