"""The tournament record: everything needed to check a tournament after the fact.

JSON (``docs/tournaments.md``)::

    {"format": "preferans-tournament-1", "id": ..., "settings": {...}, "players": [...],
     "rounds": [{"number": 1, "commitment": HEX, "secret": HEX or null, "plan": {...},
                 "tables": [GAME RECORD (preferans.notation JSON), ...],
                 "scores": {NAME: "exact fraction", ...}}, ...],
     "standings": {...}}

A round's commitment is published before it starts, its plan at the start, its secret,
tables and scores when it ends.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from preferans.errors import PreferansError, RecordError
from preferans.notation import GameRecord, NotationError, record_from_dict, record_to_dict

from .plan import RoundPlan
from .settings import TournamentSettings
from .standings import RoundResult, scores_to_dict

__all__ = ["FORMAT", "RoundRecord", "TournamentRecord", "plain_json"]

#: The ``format`` of a tournament record; it changes if the layout does.
FORMAT: Final = "preferans-tournament-1"


def _bad(en: str, ru: str) -> RecordError:
    return RecordError(en, ru=ru)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round as published: commitment, plan, then secret, tables and scores."""

    number: int
    commitment: str
    plan: RoundPlan
    secret: str | None = None
    tables: tuple[GameRecord, ...] = ()
    scores: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Every seat's score of the round (bots by their bot names), exact, as text."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.tables))
        object.__setattr__(self, "scores", MappingProxyType(dict(self.scores)))

    @classmethod
    def finished(
        cls,
        result: RoundResult,
        commitment: str,
        secret: bytes,
        tables: Sequence[GameRecord],
    ) -> RoundRecord:
        """The record of a finished round: its result's plan and scores, the revealed
        secret and every table's game record (in the plan's order)."""
        scores = scores_to_dict(result.scores())
        return cls(result.number, commitment, result.plan, secret.hex(), tuple(tables), scores)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "commitment": self.commitment,
            "secret": self.secret,
            "plan": self.plan.to_dict(),
            "tables": [record_to_dict(t) for t in self.tables],
            "scores": dict(self.scores),
        }

    @classmethod
    def from_dict(cls, data: Any, position: int) -> RoundRecord:
        where = f"round {position}"
        if not isinstance(data, Mapping):
            raise _bad(f"{where} is not a JSON object", f"тур {position} — не объект JSON")
        number, commitment = data.get("number"), data.get("commitment")
        secret, scores = data.get("secret"), data.get("scores", {})
        tables = data.get("tables", [])
        if (
            not isinstance(number, int)
            or not isinstance(commitment, str)
            or not (secret is None or isinstance(secret, str))
            or not isinstance(tables, list)
            or not isinstance(scores, Mapping)
            or not all(isinstance(v, str) for v in scores.values())
        ):
            raise _bad(
                f"{where} needs a number, a commitment, a secret or null, a list of tables "
                f"and scores as text",
                f"у тура {position} должны быть номер, обязательство, секрет или null, "
                f"список столов и очки текстом",
            )
        for value in scores.values():
            try:
                Fraction(value)
            except (ValueError, ZeroDivisionError):
                raise _bad(
                    f"{where}: the score {value!r} is not a number",
                    f"тур {position}: очки {value!r} — не число",
                ) from None
        plan = RoundPlan.from_dict(data.get("plan", {}))
        games = []
        for index, table in enumerate(tables, start=1):
            try:
                games.append(record_from_dict(table))
            except NotationError as error:
                raise _bad(
                    f"{where}, table {index}: {error}",
                    f"тур {position}, стол {index}: {error.message('ru')}",
                ) from None
        return cls(number, commitment, plan, secret, tuple(games), dict(scores))


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A whole tournament: its id, settings, registered players, rounds and standings
    (the standings in their JSON form, :meth:`Standings.to_dict`)."""

    id: str
    settings: TournamentSettings
    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...] = ()
    standings: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "rounds", tuple(self.rounds))
        object.__setattr__(self, "standings", MappingProxyType(dict(self.standings)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "id": self.id,
            "settings": self.settings.to_dict(),
            "players": list(self.players),
            "rounds": [r.to_dict() for r in self.rounds],
            "standings": plain_json(self.standings),
        }

    def to_json(self, *, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> TournamentRecord:
        if not isinstance(data, Mapping):
            raise _bad("a tournament record is a JSON object", "запись турнира — объект JSON")
        if data.get("format") != FORMAT:
            raise _bad(
                f"not a tournament record: the format is {data.get('format')!r}, "
                f"expected {FORMAT!r}",
                f"это не запись турнира: формат {data.get('format')!r}, нужен {FORMAT!r}",
            )
        ident, players = data.get("id"), data.get("players")
        rounds, standings = data.get("rounds", []), data.get("standings", {})
        if (
            not isinstance(ident, str)
            or not isinstance(players, list)
            or not all(isinstance(p, str) for p in players)
            or not isinstance(rounds, list)
            or not isinstance(standings, Mapping)
        ):
            raise _bad(
                "a tournament record needs an id, a list of players, a list of rounds and "
                "the standings",
                "в записи турнира должны быть id, список игроков, список туров и таблица",
            )
        try:
            settings = TournamentSettings.parse(data.get("settings", {}))
        except PreferansError as error:
            raise _bad(f"the settings: {error}", f"настройки: {error.message('ru')}") from None
        return cls(
            ident,
            settings,
            tuple(players),
            tuple(RoundRecord.from_dict(r, i) for i, r in enumerate(rounds, start=1)),
            standings,
        )

    @classmethod
    def from_json(cls, text: str) -> TournamentRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise _bad(
                f"not JSON: {error.msg} (line {error.lineno})",
                f"это не JSON: {error.msg} (строка {error.lineno})",
            ) from None
        return cls.from_dict(data)


def plain_json(value: Any) -> Any:
    """Mapping proxies back into dicts, for ``json``."""
    if isinstance(value, Mapping):
        return {k: plain_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain_json(v) for v in value]
    return value
