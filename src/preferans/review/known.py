"""The double-dummy line: the strong bot's evaluation with every card known.

The review prices each option twice. The first price is the sampling bot's, over deals
consistent with the deciding seat's view: what the player could have known. The second
asks the same machinery about the one deal that was really dealt ("the cards lay so
that…"): a bot whose only imagined world is the true one. Reusing the bot's own pricing
keeps both lines in the same units (whists at the table's prices) and the same model of
what each option leads to.
"""

from __future__ import annotations

import random
import zlib
from typing import TYPE_CHECKING

from preferans.bots.inference import DISCARD, TALON, Slots, World
from preferans.review.grade import GradingBot

if TYPE_CHECKING:
    from preferans.game import DealState, View

__all__ = ["KnownDealBot", "true_world"]


def true_world(state: DealState, view: View) -> World:
    """The real placement of every card the view's seat cannot see, as the bot's worlds
    place them: each active hand, the closed talon, the discard once made."""
    slots = {int(seat): state.hand(seat).mask for seat in view.active}
    shown = view.talon.mask if view.talon is not None else 0
    if view.talon is None or len(view.talon) < 2:
        hidden = state.deal.talon.mask & ~shown
        if hidden:
            slots[TALON] = hidden
    discard = state.discard
    if discard:
        slots[DISCARD] = discard.mask
    return World(slots)


class KnownDealBot(GradingBot):
    """The grading bot with one imagined world: the deal as it lies."""

    name = "known"

    def __init__(self, world: World) -> None:
        # The seed names the world: plans memoised by seed (the Balkan bot's) never mix
        # two deals that give the declarer the same cards and auction.
        super().__init__(seed=zlib.crc32(repr(sorted(world.slots.items())).encode()), samples=1)
        self.world = world

    def _worlds(self, view: View, count: int) -> tuple[list[World], bool]:
        return [self.world], True

    def _draw(self, slots: Slots, rng: random.Random, count: int) -> list[World]:
        """The deal as it lies (the Balkan declarer's plans draw through here)."""
        return [self.world]

    def _plan_worlds(
        self, view: View, key: str, known: int, talon_hidden: bool, suffix: str
    ) -> list[World]:
        return [self.world]
