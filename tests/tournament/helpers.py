"""Shared pieces of the tournament tests: settings, a fast random policy, a whole
tournament played offline."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from preferans.actions import Action
from preferans.bots.heuristic import HeuristicBot
from preferans.fairness import commitment
from preferans.game import DealState
from preferans.tournament.director import plan_round, play_round
from preferans.tournament.plan import TablePlan
from preferans.tournament.record import RoundRecord, TournamentRecord
from preferans.tournament.settings import TournamentSettings
from preferans.tournament.standings import RoundResult, Standings


def settings(**changes: Any) -> TournamentSettings:
    data: dict[str, Any] = {
        "kind": "swiss",
        "variant": "sochi",
        "table_size": 3,
        "rounds": 4,
        "deals": 2,
        "move_seconds": 30,
        "bank_seconds": 300,
        "start_at": "2026-12-02T18:00:00Z",
        "min_players": 3,
        "max_players": 100,
    }
    data.update(changes)
    return TournamentSettings.parse(data)


def names(count: int) -> list[str]:
    return [f"player{i:02d}" for i in range(1, count + 1)]


def secret_of(round_no: int, salt: str = "") -> bytes:
    return bytes([round_no]) * 16 + salt.encode().ljust(16, b".")[:16]


def bot_policy(seed: int) -> Callable[[TablePlan, DealState], Action]:
    """The heuristic bot (fast, and it finishes a Balkan bula, which random play does not),
    from the actor's view only, reproducibly."""
    bot = HeuristicBot(seed=seed)

    def policy(table: TablePlan, state: DealState) -> Action:
        actor = state.actor
        assert actor is not None
        return bot.choose(state.view(actor))

    return policy


def play_tournament(
    conf: TournamentSettings, players: list[str], tournament_id: str = "cup", seed: int = 1
) -> TournamentRecord:
    """Every round planned, played with random legal moves and recorded."""
    results: list[RoundResult] = []
    rounds: list[RoundRecord] = []
    for number in range(1, conf.rounds + 1):
        secret = secret_of(number, tournament_id)
        plan = plan_round(conf, players, results, secret)
        tables, result = play_round(
            conf,
            tournament_id,
            number,
            plan,
            secret,
            commitment(secret),
            bot_policy(seed * 100 + number),
        )
        results.append(result)
        rounds.append(RoundRecord.finished(result, commitment(secret), secret, tables))
    standings = Standings.compute(results, players)
    return TournamentRecord(tournament_id, conf, tuple(players), tuple(rounds), standings.to_dict())
