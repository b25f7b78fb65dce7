"""The club's side of scoring a round and planning the next: finished games in, JSON out.

The pairings, the duplicate comparison and the standings are the library's
(``preferans.tournament``); this module only turns the club's stored games into its
inputs (every table's sheet, read back from the game's record) and its answers into what
the database keeps (``tournament_rounds.results_json``, ``tournaments.standings_json``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from preferans.scoring import sheet_from_dict
from preferans.server.tournaments_store import PlannedTable, TableGame
from preferans.tournament.director import plan_round
from preferans.tournament.plan import RoundPlan
from preferans.tournament.results import TableResult
from preferans.tournament.settings import TournamentSettings
from preferans.tournament.standings import RoundResult, Standings, scores_to_dict

__all__ = ["next_plan", "round_results", "score_round", "standings_of"]


def round_results(done: Sequence[Mapping[str, Any]], kind: str) -> list[RoundResult]:
    """The finished rounds (as ``score_round`` stored them) for the library."""
    return [
        RoundResult(
            int(stored["number"]),
            "duplicate" if kind == "duplicate" else "swiss",
            RoundPlan.from_dict(stored["plan"]),
            tuple(TableResult.from_dict(table) for table in stored["tables"]),
        )
        for stored in done
    ]


def standings_of(
    settings: TournamentSettings, players: Sequence[str], done: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The standings (JSON) after the finished rounds."""
    standings = Standings.compute(round_results(done, settings.kind), players)
    return standings.to_dict()


def next_plan(
    settings: TournamentSettings,
    players: Mapping[str, int],
    number: int,
    secret: bytes,
    done: Sequence[Mapping[str, Any]],
) -> tuple[dict[str, Any], list[PlannedTable]]:
    """Round ``number``'s plan (JSON) and its tables with user ids (None: a bot)."""
    finished = round_results(done, settings.kind)
    assert len(finished) == number - 1
    # The library's plan_round: the one ``preferans verify`` derives the plan with.
    plan = plan_round(settings, list(players), finished, secret)
    planned = [
        PlannedTable(table, tuple(None if name is None else players[name] for name in table.seats))
        for table in plan.tables
    ]
    return plan.to_dict(), planned


def score_round(
    settings: TournamentSettings, number: int, plan: Mapping[str, Any], games: Sequence[TableGame]
) -> dict[str, Any]:
    """A finished round as the database keeps it: the plan, every table's whists per
    deal and seat (from its sheet: ``preferans.tournament.results``) and the scores."""
    round_plan = RoundPlan.from_dict(plan)
    by_number = {game.number: game for game in games}
    tables = []
    for table in round_plan.tables:
        game = by_number[table.number]
        assert game.record is not None
        sheet = sheet_from_dict(game.record["sheet"])
        tables.append(TableResult.from_sheet(table, sheet))
    result = RoundResult(number, settings.kind, round_plan, tuple(tables))
    return {
        "number": number,
        "plan": round_plan.to_dict(),
        "tables": [table.to_dict() for table in tables],
        "table_ids": {str(game.number): game.table_id for game in games},
        "scores": scores_to_dict(result.scores()),
    }
