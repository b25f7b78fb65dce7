"""The start of a deal in the rules' variant family.

Above the engine's state and the family registry: :func:`new_deal` asks the family for its
state class, so a caller never chooses it, and the state never imports the registry.
"""

from __future__ import annotations

from collections.abc import Iterable

from preferans.families import family_of
from preferans.game.deal import Deal
from preferans.game.state import DealState
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["new_deal"]


def new_deal(
    rules: Rules, deal: Deal, *, raspasy_run: int = 0, refe: Iterable[Seat] = ()
) -> DealState:
    """The state before the first call, in the rules' variant family. ``raspasy_run`` =
    raspasy played in a row just before this deal (the exit rule ``rules.raspasy_exit``
    applies when it is > 0). ``refe`` (Balkan) = the seats holding an open refe, read off
    the bula sheet: a declarer with one is spared the obligatory kontra on 2♠."""
    return family_of(rules).new_deal(rules, deal, raspasy_run=raspasy_run, refe=refe)
