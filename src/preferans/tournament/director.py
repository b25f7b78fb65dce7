"""The order of a tournament, round by round, for the club and for the verifier alike.

:func:`plan_round` says who plays where in round ``n`` given the finished rounds (so the
club and ``preferans verify`` derive the plan by the same code); :func:`table_pulya` is the
:class:`preferans.scoring.Pulya` a table of the round plays, with the round's deals;
:func:`play_round` plays a whole round offline with one policy (simulations, tests and
benchmarks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from preferans.actions import Action
from preferans.errors import RulesError
from preferans.game import DealState
from preferans.notation import GameRecord
from preferans.notation.replay import play_game
from preferans.scoring import Pulya, Sheet

from .deals import deal_id, round_deal_source, table_deal_source
from .duplicate import duplicate_round
from .pairing import first_round, swiss_round
from .plan import RoundPlan, TablePlan, meetings
from .results import TableResult
from .settings import TournamentSettings
from .standings import RoundResult, Standings

__all__ = ["plan_round", "play_round", "round_result", "table_deal_id", "table_pulya"]


def plan_round(
    settings: TournamentSettings,
    players: Sequence[str],
    finished: Sequence[RoundResult],
    secret: bytes,
) -> RoundPlan:
    """The plan of the round after ``finished``, for ``players`` (those still in)."""
    number = len(finished) + 1
    if number > settings.rounds:
        raise RulesError(
            f"the tournament has {settings.rounds} rounds; there is no round {number}",
            ru=f"в турнире туров: {settings.rounds}; тура {number} нет",
        )
    if settings.kind == "duplicate":
        return duplicate_round(players, settings.table_size, secret, number)
    if number == 1:
        return first_round(players, secret, settings.table_size)
    standings = Standings.compute(finished, players)
    met = meetings(r.plan for r in finished)
    return swiss_round(standings, met, settings.table_size, number, secret, players=set(players))


def table_deal_id(
    settings: TournamentSettings, tournament_id: str, round_no: int, table: TablePlan
) -> str:
    """The ``TableId`` of a table's deals: the round's in duplicate, the table's in Swiss."""
    if settings.kind == "duplicate":
        return deal_id(tournament_id, round_no)
    return deal_id(tournament_id, round_no, table.number)


def table_pulya(
    settings: TournamentSettings,
    tournament_id: str,
    round_no: int,
    table: TablePlan,
    secret: bytes,
) -> Pulya:
    """The pulya one table of the round plays: the round's rules, length and deals."""
    if settings.kind == "duplicate":
        source = round_deal_source(secret, tournament_id, round_no)
    else:
        source = table_deal_source(secret, tournament_id, round_no, table.number)
    return Pulya(
        settings.rules,
        settings.pulya_target,
        deal_source=source,
        max_deals=settings.deals,
    )


def play_round(
    settings: TournamentSettings,
    tournament_id: str,
    round_no: int,
    plan: RoundPlan,
    secret: bytes,
    commitment: str,
    policy: Callable[[TablePlan, DealState], Action],
) -> tuple[tuple[GameRecord, ...], RoundResult]:
    """Play every table of ``plan`` to its end with ``policy`` (which sees the table and
    the state; a fair policy looks only at ``state.view(state.actor)``); the game
    records carry the round's commitment and the revealed secret."""
    records: list[GameRecord] = []
    results: list[TableResult] = []
    for table in plan.tables:
        pulya = table_pulya(settings, tournament_id, round_no, table, secret)
        record = play_game(
            pulya,
            _at(table, policy),
            players=table.by_seat,
            table_id=table_deal_id(settings, tournament_id, round_no, table),
            commitment=commitment,
            secret=secret.hex(),
            tags={"Event": tournament_id, "Round": f"{round_no}.{table.number}"},
        )
        records.append(record)
        results.append(TableResult.from_sheet(table, pulya.sheet))
    return tuple(records), RoundResult(round_no, settings.kind, plan, tuple(results))


def _at(
    table: TablePlan, policy: Callable[[TablePlan, DealState], Action]
) -> Callable[[DealState], Action]:
    def decide(state: DealState) -> Action:
        return policy(table, state)

    return decide


def round_result(
    settings: TournamentSettings, round_no: int, plan: RoundPlan, sheets: Sequence[Sheet]
) -> RoundResult:
    """A finished round from each table's sheet, in the plan's order."""
    if len(sheets) != len(plan.tables):
        raise RulesError(
            f"round {round_no} has {len(plan.tables)} tables, one sheet each",
            ru=f"в туре {round_no} столов {len(plan.tables)}, у каждого свой лист",
        )
    tables = tuple(
        TableResult.from_sheet(table, sheet)
        for table, sheet in zip(plan.tables, sheets, strict=True)
    )
    return RoundResult(round_no, settings.kind, plan, tables)
