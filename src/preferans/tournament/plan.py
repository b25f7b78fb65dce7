"""A round's seating: who sits at which table in which seat, and who has a bye.

``None`` in a seat is a bot at the strong level, filling a table that is short. A bot's
name in results and standings is :func:`bot_name` (table and seat): it cannot clash with a
player, since the club's names never contain ``:``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from preferans.errors import RecordError
from preferans.seats import Seat, player_seats

__all__ = ["RoundPlan", "TablePlan", "bot_name", "is_bot", "meetings"]


def bot_name(table: int, seat: Seat) -> str:
    """The name a bot goes by in results: ``bot:3:W`` is the bot at table 3, West."""
    return f"bot:{table}:{seat.name}"


def is_bot(name: str) -> bool:
    return name.startswith("bot:")


@dataclass(frozen=True, slots=True)
class TablePlan:
    """One table: ``seats`` in seat order (S, W, E with 3; S, W, N, E with 4).

    ``rotation`` (duplicate only, else 0) says how the seat groups are turned at this
    table: the player of line ``j`` sits in seat ``(j + rotation) mod table size``
    (``docs/tournaments.md``).
    """

    number: int
    seats: tuple[str | None, ...]
    rotation: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        if self.number < 1:
            raise RecordError(
                f"tables are numbered from 1, not {self.number}",
                ru=f"столы нумеруются с 1, а не {self.number}",
            )
        if len(self.seats) not in (3, 4):
            raise RecordError(
                f"table {self.number} has {len(self.seats)} seats; a table has 3 or 4",
                ru=f"за столом {self.number} мест: {len(self.seats)}; бывает 3 или 4",
            )
        if not 0 <= self.rotation < len(self.seats):
            raise RecordError(
                f"table {self.number}: rotation {self.rotation} is not a seat offset",
                ru=f"стол {self.number}: поворот {self.rotation} не сдвиг мест",
            )

    @property
    def seat_order(self) -> tuple[Seat, ...]:
        """The engine's seats, in the order of ``seats``."""
        return player_seats(len(self.seats))

    @property
    def by_seat(self) -> dict[Seat, str]:
        """Every seat's name: the player's, or the bot's (:func:`bot_name`)."""
        return {
            seat: name if name is not None else bot_name(self.number, seat)
            for seat, name in zip(self.seat_order, self.seats, strict=True)
        }

    @property
    def players(self) -> tuple[str, ...]:
        """The people at the table (bots left out), in seat order."""
        return tuple(name for name in self.seats if name is not None)

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "seats": list(self.seats), "rotation": self.rotation}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TablePlan:
        try:
            number, seats, rotation = data["number"], data["seats"], data.get("rotation", 0)
        except (KeyError, TypeError):
            raise RecordError(
                "a table of a plan needs its number and seats",
                ru="у стола в плане должны быть номер и места",
            ) from None
        if (
            not isinstance(number, int)
            or not isinstance(rotation, int)
            or not isinstance(seats, list)
            or not all(name is None or isinstance(name, str) for name in seats)
        ):
            raise RecordError(
                f"a table of a plan is malformed: {dict(data)!r}",
                ru=f"стол в плане записан неверно: {dict(data)!r}",
            )
        return cls(number, tuple(seats), rotation)


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """A round: its tables in order and the players who sit it out (byes)."""

    tables: tuple[TablePlan, ...]
    byes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.tables))
        object.__setattr__(self, "byes", tuple(self.byes))
        seen: set[str] = set()
        for name in [*self.byes, *(p for t in self.tables for p in t.players)]:
            if name in seen:
                raise RecordError(
                    f"{name} is seated twice in one round",
                    ru=f"{name} посажен в одном туре дважды",
                )
            seen.add(name)
        numbers = [t.number for t in self.tables]
        if numbers != list(range(1, len(numbers) + 1)):
            raise RecordError(
                f"the tables must be numbered 1, 2, 3…, not {numbers}",
                ru=f"столы нумеруются 1, 2, 3…, а не {numbers}",
            )

    @property
    def players(self) -> tuple[str, ...]:
        """Everybody of the round: the seated people, then the byes."""
        return (*(p for t in self.tables for p in t.players), *self.byes)

    def table_of(self, player: str) -> TablePlan | None:
        """The player's table, or None for a bye (or a stranger)."""
        for table in self.tables:
            if player in table.seats:
                return table
        return None

    def meetings(self) -> Iterator[tuple[str, str]]:
        """Every pair of people who share a table this round."""
        for table in self.tables:
            people = table.players
            for i, a in enumerate(people):
                for b in people[i + 1 :]:
                    yield a, b

    def to_dict(self) -> dict[str, Any]:
        return {"tables": [t.to_dict() for t in self.tables], "byes": list(self.byes)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundPlan:
        tables = data.get("tables") if isinstance(data, Mapping) else None
        byes = data.get("byes", []) if isinstance(data, Mapping) else None
        if (
            not isinstance(tables, list)
            or not all(isinstance(t, Mapping) for t in tables)
            or not isinstance(byes, list)
            or not all(isinstance(b, str) for b in byes)
        ):
            raise RecordError(
                "a round's plan needs a list of tables and a list of byes",
                ru="в плане тура должны быть список столов и список свободных от игры",
            )
        return cls(tuple(TablePlan.from_dict(t) for t in tables), tuple(byes))


def meetings(plans: Iterable[RoundPlan]) -> dict[str, set[str]]:
    """Who has shared a table with whom over ``plans`` (bots left out): Swiss's ``met``."""
    met: dict[str, set[str]] = {}
    for plan in plans:
        for a, b in plan.meetings():
            met.setdefault(a, set()).add(b)
            met.setdefault(b, set()).add(a)
    return met
