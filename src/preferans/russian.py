"""The Russian family (Sochi, Leningrad, Rostov; 2, 3 or 4 players): the engine's phases
in :mod:`preferans.game`, the pulya sheet in :mod:`preferans.scoring`, the bots'
evaluation in :mod:`preferans.bots`. The shared rooms reach it through
:func:`preferans.families.family_of`."""

from __future__ import annotations

from preferans.actions import Action
from preferans.bots.payoff import russian_deal_value
from preferans.families import Family
from preferans.game.state import new_russian_deal
from preferans.game.views import View
from preferans.scoring.render_svg import render_pulya_svg
from preferans.scoring.render_text import render_pulya_text
from preferans.scoring.sheet import Sheet

__all__ = ["FAMILY"]


def _no_action(view: View) -> Action | None:
    """The shared heuristic decides every phase of the Russian game."""
    return None


FAMILY = Family(
    name="russian",
    new_deal=new_russian_deal,
    new_sheet=Sheet,
    sheet_from_dict=Sheet.from_dict,
    render_text=render_pulya_text,
    render_svg=render_pulya_svg,
    deal_value=russian_deal_value,
    bot_action=_no_action,
)
