"""Ending a deal: the state becomes OVER and nobody is to move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.game.phase import Phase

if TYPE_CHECKING:
    from preferans.game.core import DealCore

__all__ = ["end"]


def end(state: DealCore) -> None:
    state.phase = Phase.OVER
    state.to_move = None
    state.actor = None
    state._claim = None
