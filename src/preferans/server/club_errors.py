"""The club's members of the library's error family (:mod:`preferans.errors`): what the
server itself refuses outside an HTTP answer, each message in English and Russian.

HTTP handlers answer with :class:`fastapi.HTTPException` (or
:class:`preferans.server.refusals.Refusal`) instead; these are for the settings a club
is started with and for a table that is not (or no longer) in the database.
"""

from __future__ import annotations

from preferans.errors import PreferansError

__all__ = ["NoSuchTableError", "SettingsError"]


class SettingsError(PreferansError):
    """A club setting that cannot be used: the command line or the settings object names
    a schema, a prefix, a proxy or a number of processes the club cannot start with."""

    title_ru = "Неверная настройка клуба"


class NoSuchTableError(PreferansError):
    """A table the database does not hold (never created, or deleted since): no process
    can load it, so a command for it has nowhere to go."""

    title_ru = "Нет такого стола"

    def __init__(self, table_id: int) -> None:
        super().__init__(f"there is no table {table_id}", ru=f"стола {table_id} нет")
        self.table_id = table_id

    def __reduce__(self) -> tuple[object, ...]:
        return (NoSuchTableError, (self.table_id,))
