"""The sheet of the rules' variant family, found through the family registry.

Above the sheet and the registry, so the sheet never imports the registry (which names
the sheet's class for the type checker).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from preferans.families import family_of
from preferans.rules import Rules

from .sheet import Sheet, SheetError

__all__ = ["new_sheet", "sheet_from_dict"]


def new_sheet(rules: Rules, target: int | None = None) -> Sheet:
    """The sheet the rules' variant family writes on: the bula sheet for the Balkan game
    (``target`` is the bula start), else the pulya sheet (``target`` is the pulya)."""
    return family_of(rules).sheet.kind(rules, target)


def sheet_from_dict(data: Mapping[str, Any]) -> Sheet:
    """Rebuild a stored sheet of any family (``Sheet.from_dict`` of the family's class)."""
    rules = data.get("rules")
    if not isinstance(rules, Mapping):
        raise SheetError("a stored sheet names its rules")
    return family_of(Rules.from_dict(dict(rules))).sheet.kind.from_dict(data)
