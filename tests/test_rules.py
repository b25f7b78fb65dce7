"""Rules presets and validation."""

from __future__ import annotations

import pytest

from preferans.errors import RulesError
from preferans.rules import Rules, find_rules


def test_presets_and_json() -> None:
    rules = find_rules("leningrad", players=4)
    assert rules.whist_style == "gentleman" and Rules.from_json(rules.to_json()) == rules
    assert find_rules("rostov").raspasy_talon == "unused"


def test_validation() -> None:
    with pytest.raises(RulesError):
        find_rules("sochi", throw_talon=True)
    with pytest.raises(RulesError):
        find_rules("sochi", raspasy_exit=8)
