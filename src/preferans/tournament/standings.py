"""Standings: ranks, scores per round and the stated tie-breaks.

A round's score is in whists: in a Swiss round the player's share of his table's
settlement (0 for a bye), in a duplicate round his difference from the mean of everybody
who held the same cards (:func:`~.duplicate.duplicate_scores`). Players are ordered by

1. the total score;
2. the **opponents' sum** (Buchholz): the totals of the people he sat with, once per
   round shared (bots count nothing);
3. the rounds won (a positive score);
4. the best round's score;

and players equal on all four share the rank (shown in name order). Bots are listed with
their scores, round by round, but are not ranked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from preferans.errors import RecordError

from .duplicate import duplicate_scores
from .plan import RoundPlan, is_bot
from .results import TableResult
from .settings import Kind

__all__ = ["BotRow", "RoundResult", "Standing", "Standings", "scores_to_dict"]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: its kind, plan and every table's result (in the plan's order)."""

    number: int
    kind: Kind
    plan: RoundPlan
    tables: tuple[TableResult, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.tables))
        if tuple(t.table for t in self.tables) != self.plan.tables:
            raise RecordError(
                f"round {self.number}: the tables' results do not match the round's plan",
                ru=f"тур {self.number}: результаты столов не совпадают с планом тура",
            )

    def scores(self) -> dict[str, Fraction]:
        """Everybody's score of the round (bots by their bot names; byes score 0)."""
        if self.kind == "duplicate":
            out = duplicate_scores(self.tables)
        else:
            out = {}
            for table in self.tables:
                out.update(table.totals)
        for name in self.plan.byes:
            out[name] = Fraction(0)
        return out


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line."""

    rank: int
    player: str
    total: Fraction
    rounds: tuple[Fraction | None, ...]
    """Score per round (None: not in that round)."""
    opponents_sum: Fraction
    rounds_won: int
    best_round: Fraction
    byes: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "total": str(self.total),
            "total_whists": round(float(self.total), 2),
            "rounds": [None if r is None else str(r) for r in self.rounds],
            "opponents_sum": str(self.opponents_sum),
            "rounds_won": self.rounds_won,
            "best_round": str(self.best_round),
            "byes": self.byes,
        }


@dataclass(frozen=True, slots=True)
class BotRow:
    """A bot's score in one round: shown, not ranked."""

    round: int
    name: str
    score: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "name": self.name, "score": str(self.score)}


@dataclass(frozen=True, slots=True)
class Standings:
    """The table of a tournament after some rounds."""

    rows: tuple[Standing, ...]
    bots: tuple[BotRow, ...] = ()

    @classmethod
    def compute(cls, rounds: Sequence[RoundResult], players: Sequence[str] = ()) -> Standings:
        """From the finished rounds; ``players`` adds the registered who have not played
        yet (before round 1 they all share rank 1)."""
        names = list(dict.fromkeys([*players, *(p for r in rounds for p in r.plan.players)]))
        per_round = [r.scores() for r in rounds]
        scores: dict[str, list[Fraction | None]] = {
            name: [s.get(name) for s in per_round] for name in names
        }
        total = {n: sum((s for s in scores[n] if s is not None), Fraction(0)) for n in names}
        opponents = dict.fromkeys(names, Fraction(0))
        for r in rounds:
            for a, b in r.plan.meetings():
                opponents[a] += total[b]
                opponents[b] += total[a]
        byes = {n: sum(n in r.plan.byes for r in rounds) for n in names}

        def key(name: str) -> tuple[Fraction, Fraction, int, Fraction]:
            played = [s for s in scores[name] if s is not None]
            won = sum(1 for s in played if s > 0)
            best = max(played, default=Fraction(0))
            return (total[name], opponents[name], won, best)

        ordered = sorted(names, key=lambda n: (tuple(-k for k in key(n)), n))
        rows: list[Standing] = []
        for position, name in enumerate(ordered, start=1):
            rank = rows[-1].rank if rows and key(rows[-1].player) == key(name) else position
            _, opp, won, best = key(name)
            rows.append(
                Standing(rank, name, total[name], tuple(scores[name]), opp, won, best, byes[name])
            )
        bots = tuple(
            BotRow(r.number, name, score)
            for r, s in zip(rounds, per_round, strict=True)
            for name, score in s.items()
            if is_bot(name)
        )
        return cls(tuple(rows), bots)

    @property
    def ranking(self) -> tuple[str, ...]:
        return tuple(row.player for row in self.rows)

    def row(self, player: str) -> Standing:
        for row in self.rows:
            if row.player == player:
                return row
        raise RecordError(
            f"{player} is not in the standings", ru=f"{player} нет в турнирной таблице"
        )

    def rank_of(self, player: str) -> int:
        return self.row(player).rank

    def byes_of(self, player: str) -> int:
        return self.row(player).byes

    def to_dict(self) -> dict[str, Any]:
        return {
            "tie_breaks": ["total", "opponents_sum", "rounds_won", "best_round"],
            "rows": [row.to_dict() for row in self.rows],
            "bots": [bot.to_dict() for bot in self.bots],
        }


def scores_to_dict(scores: Mapping[str, Fraction]) -> dict[str, str]:
    """A round's scores as exact strings (the record's form)."""
    return {name: str(value) for name, value in sorted(scores.items())}
