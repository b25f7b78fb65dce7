"""The engine's error: an action the rules do not allow at this moment."""

from __future__ import annotations

__all__ = ["IllegalActionError"]


class IllegalActionError(ValueError):
    """An action that is not legal now. The message is written for the player who tried it
    ("must follow ♥", "it is West's turn"), so a server can show it as it is."""
