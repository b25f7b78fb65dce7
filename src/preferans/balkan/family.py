"""The Balkan family's answers to :class:`preferans.families.Family`."""

from __future__ import annotations

from preferans.balkan.bot import family_action
from preferans.balkan.inference import balkan_weight
from preferans.balkan.payoff import balkan_value
from preferans.balkan.sampling import balkan_decide
from preferans.balkan.sheet import BulaSheet, render_bula_svg, render_bula_text
from preferans.balkan.state import new_balkan_deal
from preferans.families import Family, SheetForm

__all__ = ["FAMILY"]


FAMILY = Family(
    name="balkan",
    new_deal=new_balkan_deal,
    sheet=SheetForm(BulaSheet, text=render_bula_text, svg=render_bula_svg),
    deal_value=balkan_value,
    bot_action=family_action,
    sampling_decide=balkan_decide,
    bid_weight=balkan_weight,
)
