"""An event on its way from a table actor to every connection watching the table.

The actor hands it to the club, which delivers it to this process's connections and
publishes it for the others (``cluster``, as the JSON below).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Broadcast"]


@dataclass(frozen=True, slots=True)
class Broadcast:
    """One table event as each audience reads it (``version`` None: the announcement of
    a new epoch, which carries no text)."""

    table_id: int
    users: dict[int, str]
    """Each watching person's audience (a seat's name); anybody else is a spectator."""
    epoch: str
    version: int | None
    texts: dict[str, str]
    """The event's JSON text for each audience."""

    def to_json(self, node: str) -> dict[str, Any]:
        """The form published between processes, signed by the sending ``node``."""
        return {
            "n": node,
            "t": self.table_id,
            "u": {str(k): v for k, v in self.users.items()},
            "e": self.epoch,
            "v": self.version,
            "p": self.texts,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Broadcast:
        users = {int(k): v for k, v in data["u"].items()}
        return cls(int(data["t"]), users, data["e"], data["v"], data["p"])
