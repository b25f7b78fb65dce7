"""The Russian family (Sochi, Leningrad, Rostov; 2, 3 or 4 players): the engine's phases
in :mod:`preferans.game`, the pulya sheet in :mod:`preferans.scoring`, the bots'
evaluation in :mod:`preferans.bots`. The shared rooms reach it through
:func:`preferans.families.family_of`."""

from __future__ import annotations

from preferans.bots.payoff import russian_deal_value
from preferans.families import Family, SheetForm
from preferans.game.state import new_russian_deal
from preferans.scoring.render_svg import render_pulya_svg
from preferans.scoring.render_text import render_pulya_text
from preferans.scoring.sheet import Sheet

__all__ = ["FAMILY"]


#: The pulya sheet, drawn by the shared renderers.
PULYA_SHEET = SheetForm(Sheet, text=render_pulya_text, svg=render_pulya_svg)

FAMILY = Family(
    name="russian", new_deal=new_russian_deal, sheet=PULYA_SHEET, deal_value=russian_deal_value
)
