"""Variant families: the Russian game and the Balkan one, each in its own rooms.

A family is a set of modules implementing one small protocol (:class:`Family`): how a
deal starts (its phases and legal actions live behind the state it returns), which sheet
it writes on and how that sheet is drawn, what a finished deal is worth to a bot, and the
bot decisions that differ from the shared ones. The shared rooms (cards, tricks, the
trick-play phase, views, the sheet's breakdown, the sampling machinery) reach a family
only through :func:`family_of`, which loads the family's module by name. So the Russian
rooms never import a Balkan module, and a new family is one new package plus one line in
``_MODULES`` (docs/architecture.md has the recipe).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from preferans.actions import Action
    from preferans.bots.decision import Decision
    from preferans.game.state import DealState
    from preferans.game.views import View
    from preferans.rules import Rules
    from preferans.scoring.sheet import Sheet
    from preferans.seats import Seat

__all__ = ["Family", "SheetForm", "family_names", "family_of"]

#: Family name -> the module whose ``FAMILY`` attribute implements it.
_MODULES: dict[str, str] = {
    "russian": "preferans.russian",
    "balkan": "preferans.balkan.family",
}

_LOADED: dict[str, Family] = {}


def _shared_choice(view: View) -> Action | None:
    """No family-specific choice: the shared heuristic decides every phase."""
    return None


@dataclass(frozen=True, slots=True)
class SheetForm:
    """A family's sheet: the class it writes on and the sheet's two drawings."""

    kind: type[Sheet]
    """``kind(rules, target)`` starts a sheet; ``kind.from_dict`` rebuilds a stored one
    (refusing an edited one)."""
    text: Callable[..., str]
    """``(sheet, language, *, breakdown, settle) -> str``: the sheet as text."""
    svg: Callable[..., str]
    """``(sheet, language, *, settle) -> str``: the sheet drawn as SVG."""


@dataclass(frozen=True, slots=True)
class Family:
    """What the shared rooms ask of a variant family."""

    name: str
    new_deal: Callable[..., DealState]
    """``(rules, deal, *, raspasy_run=0, refe=()) -> DealState``: the state before the
    first call; the state's class carries the family's phases."""
    sheet: SheetForm
    """The sheet this family writes on and how it is drawn."""
    deal_value: Callable[..., dict[Seat, float]]
    """``(result, rules, *, raspasy_run=1) -> {seat: whists}``: a deal's worth, summing to 0."""
    bot_action: Callable[[View], Action | None] = _shared_choice
    """The heuristic bot's family-specific choice, or None where the shared one applies."""
    sampling_decide: Callable[..., Decision | None] | None = None
    """``(bot, view) -> Decision | None``: the sampling bot's family-specific decision
    (None: the shared one; the bot is a :class:`~preferans.bots.sampling.SamplingBot`,
    which the registry does not import)."""
    bid_weight: Callable[..., float] | None = None
    """Inference: the likelihood of a player's calls given his cards (None: shared)."""


def family_names() -> tuple[str, ...]:
    return tuple(_MODULES)


def family_of(rules: Rules) -> Family:
    """The family playing under ``rules`` (loaded the first time it is asked for)."""
    name = rules.family
    found = _LOADED.get(name)
    if found is None:
        module = importlib.import_module(_MODULES[name])
        found = _LOADED[name] = module.FAMILY
    return found
