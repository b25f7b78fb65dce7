"""Shared pieces of the tournament tests: settings, a fast random policy, a whole
tournament played offline."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from preferans.actions import Action
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


def random_policy(seed: int) -> Callable[[TablePlan, DealState], Action]:
    """Any legal action, from the actor's view only, reproducibly."""
    rng = random.Random(seed)

    def policy(table: TablePlan, state: DealState) -> Action:
        actor = state.actor
        assert actor is not None
        return rng.choice(state.view(actor).legal_actions)

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
            random_policy(seed * 100 + number),
        )
        results.append(result)
        rounds.append(RoundRecord.finished(result, commitment(secret), secret, tables))
    standings = Standings.compute(results, players)
    return TournamentRecord(tournament_id, conf, tuple(players), tuple(rounds), standings.to_dict())
