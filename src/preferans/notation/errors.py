"""Errors of the notation: where a text went wrong, and which deal a replay rejected."""

from __future__ import annotations

from preferans.errors import RecordError

__all__ = ["NotationError", "ReplayError"]


class NotationError(RecordError):
    """A record text that cannot be read; ``line`` (1-based) and ``column`` say where."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.detail = message
        self.line = line
        self.column = column
        where = ""
        if line is not None:
            where = f"line {line}" + (f", column {column}" if column is not None else "") + ": "
        super().__init__(where + message)


class ReplayError(RecordError):
    """A record the engine or the sheet does not accept: an illegal call or card, or a
    result or sheet figure that differs from what the record says.

    ``deal`` is the deal number, ``trick`` the trick (1–10) when cards were being played,
    ``line`` the text line of the move when the record was read from text, and ``reason``
    the engine's own words.
    """

    def __init__(
        self,
        reason: str,
        *,
        deal: int,
        trick: int | None = None,
        move: int | None = None,
        line: int | None = None,
    ) -> None:
        self.reason = reason
        self.deal = deal
        self.trick = trick
        self.move = move
        self.line = line
        where = f"deal {deal}"
        if trick is not None:
            where += f", trick {trick}"
        if line is not None:
            where += f" (line {line})"
        super().__init__(f"{where}: {reason}")
