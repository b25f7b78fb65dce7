"""Records and the engine: build a record from played deals, replay a record to check it.

Replaying runs every move through the engine and every result through the sheet, so a
record is accepted only if its calls and cards are legal and its results and sheet figures
are what the rules give. The first problem raises :class:`ReplayError` naming the deal, the
trick and the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from preferans.actions import (
    ACCEPT,
    CLOSED,
    HALF_WHIST,
    HERE,
    INVITE,
    KONTRA,
    OPEN,
    PASS,
    REJECT,
    THROW_TALON,
    WALK_AWAY,
    WHIST,
    Action,
    Call,
    CardAction,
    card_action,
)
from preferans.cards import CardSet
from preferans.game import Deal, DealState, IllegalActionError, Phase, new_deal
from preferans.notation.errors import ReplayError
from preferans.notation.model import DealRecord, GameRecord, Outcome
from preferans.notation.text import format_outcome, format_write
from preferans.rules import Rules
from preferans.scoring import Sheet
from preferans.scoring.pulya import Pulya
from preferans.seats import Seat

__all__ = [
    "Replay",
    "engine_deal",
    "play_game",
    "record_deal",
    "record_from_game",
    "replay",
]


@dataclass(frozen=True, slots=True)
class Replay:
    """What a replay rebuilt: each deal's final state and the sheet."""

    record: GameRecord
    states: tuple[DealState, ...]
    sheet: Sheet


def engine_deal(deal: DealRecord) -> Deal:
    """The engine's :class:`Deal` for a recorded deal."""
    return Deal(deal.dealer, deal.hands, CardSet(deal.talon), tuple(deal.talon))


def record_deal(
    number: int,
    state: DealState,
    writes: Sequence[Any] = (),
    substituted: Iterable[int] = (),
) -> DealRecord:
    """A :class:`DealRecord` of a played deal (``state`` over, or still in progress);
    ``substituted`` are the history indices a stand-in bot played for an absent player."""
    deal = state.deal
    outcome = Outcome.from_result(state.result()) if state.is_over else None
    return DealRecord(
        number=number,
        dealer=deal.dealer,
        hands=deal.hands,
        talon=tuple(deal.talon_order),
        moves=tuple(state.history),
        outcome=outcome,
        sheet=tuple(writes),
        substituted=frozenset(substituted),
    )


def record_from_game(
    rules: Rules,
    states: Sequence[DealState],
    sheet: Sheet | None = None,
    *,
    substituted: Iterable[tuple[int, int]] = (),
    **header: Any,
) -> GameRecord:
    """A record of a played game: the deals' states in order and the sheet they were
    written on. ``substituted`` holds (deal number, history index) of the moves a stand-in
    bot played for an absent player. ``header`` takes the other fields of
    :class:`GameRecord` (tags, players, target, stake, table_id, commitment, secret,
    seeds); the target defaults to the sheet's.
    """
    writes = [r.writes for r in sheet.records] if sheet is not None else []
    marks: dict[int, set[int]] = {}
    for number, index in substituted:
        marks.setdefault(number, set()).add(index)
    deals = [
        record_deal(i, state, writes[i - 1] if i <= len(writes) else (), marks.get(i, ()))
        for i, state in enumerate(states, start=1)
    ]
    if sheet is not None:
        header.setdefault("target", sheet.target)
    return GameRecord(rules=rules, deals=tuple(deals), **header)


def play_game(pulya: Pulya, policy: Callable[[DealState], Action], **header: Any) -> GameRecord:
    """Play ``pulya`` to its end with ``policy`` and return the record of the game."""
    states: list[DealState] = []
    while not pulya.is_over:
        state: DealState = pulya.start_deal()
        while not state.is_over:
            state = state.apply(policy(state))
        pulya.record(state.result())
        states.append(state)
    return record_from_game(pulya.rules, states, pulya.sheet, **header)


_CALLS: Final = {
    call.kind: call
    for call in (
        PASS,
        HERE,
        WHIST,
        HALF_WHIST,
        OPEN,
        CLOSED,
        WALK_AWAY,
        THROW_TALON,
        ACCEPT,
        REJECT,
        KONTRA,
        INVITE,
    )
}


def _canonical(action: Action) -> Action:
    """The shared instance of an action: the engine compares some calls by identity."""
    if isinstance(action, Call):
        return _CALLS[action.kind]
    if isinstance(action, CardAction):
        return card_action(action.card)
    return action


def _trick(state: DealState) -> int | None:
    if state.phase in (Phase.PLAY, Phase.CLAIM):
        return len(state.completed_tricks) + 1
    return None


def _replay_deal(
    record: DealRecord,
    rules: Rules,
    raspasy_run: int,
    *,
    finished: bool,
    refe: tuple[Seat, ...] = (),
) -> DealState:
    number = record.number
    try:
        deal = engine_deal(record)
    except ValueError as error:
        raise ReplayError(f"the cards are not a deal: {error}", deal=number) from None
    state = new_deal(rules, deal, raspasy_run=raspasy_run, refe=refe)
    moves = record.moves
    index = 0
    while index < len(moves):
        seat, action = moves[index]
        line = record.line_of(index)
        trick = _trick(state)

        def fail(
            reason: str, index: int = index, line: int | None = line, trick: int | None = trick
        ) -> ReplayError:
            return ReplayError(reason, deal=number, trick=trick, move=index, line=line)

        try:
            after = state.apply(_canonical(action))
        except IllegalActionError as error:
            raise fail(f"{seat.english}: {action}: {error}") from None
        # the engine may add moves of its own (the dummy's cards on 2-player raspasy)
        added = after.history[len(state.history) :]
        mover = added[0][0]
        if mover != seat:
            raise fail(f"the record gives {action} to {seat.english}, but it was {mover.english}'s")
        for offset, (auto_seat, auto_action) in enumerate(added[1:], start=1):
            position = index + offset
            if position >= len(moves) or moves[position] != (auto_seat, auto_action):
                raise fail(
                    f"the engine plays {auto_seat.name} {auto_action} by itself here, "
                    "and the record must say so",
                    position,
                    record.line_of(position),
                )
        index += len(added)
        state = after
    if finished and not state.is_over:
        raise ReplayError("the record stops before the deal is over", deal=number)
    return state


def replay(record: GameRecord, *, allow_unfinished: bool = False) -> Replay:
    """Replay every deal through the engine and the sheet; :class:`ReplayError` on the first
    illegal move, on a dealer out of turn, or on a result or sheet figure that differs.

    With ``allow_unfinished`` the last deal may stop before its end (a game in progress).
    """
    rules = record.rules
    pulya = Pulya(rules, record.target)
    sheet = pulya.sheet
    states: list[DealState] = []
    for position, deal in enumerate(record.deals):
        last = position == len(record.deals) - 1
        expected_dealer = pulya.dealer
        if deal.dealer != expected_dealer:
            raise ReplayError(
                f"{deal.dealer.english} deals, but it is {expected_dealer.english}'s turn to deal",
                deal=deal.number,
            )
        state = _replay_deal(
            deal,
            rules,
            sheet.raspasy_run,
            finished=not (allow_unfinished and last),
            refe=sheet.refe_seats,
        )
        states.append(state)
        if not state.is_over:
            break
        result = state.result()
        outcome = Outcome.from_result(result)
        if deal.outcome is not None and deal.outcome != outcome:
            raise ReplayError(
                f"the record says '{format_outcome(deal.outcome)}', "
                f"the engine says '{format_outcome(outcome)}'",
                deal=deal.number,
            )
        written = pulya.record(result)
        if deal.sheet and tuple(deal.sheet) != written.writes:
            recorded = "; ".join(format_write(w) for w in deal.sheet)
            actual = "; ".join(format_write(w) for w in written.writes)
            raise ReplayError(
                f"the record's sheet says '{recorded}', the rules give '{actual}'",
                deal=deal.number,
            )
    return Replay(record, tuple(states), sheet)
