"""Records of Balkan games: text and JSON round-trip, replay reproduces the bula sheet."""

from __future__ import annotations

import random

from preferans.balkan.sheet import BulaSheet
from preferans.notation import dumps, from_json, loads, to_json
from preferans.notation.replay import play_game, replay
from preferans.rules import find_rules
from preferans.scoring import Pulya, render_svg, render_text


def test_random_balkan_games_round_trip_and_replay() -> None:
    rules = find_rules("balkan")
    for seed in range(6):
        rng = random.Random(seed)
        pulya = Pulya(rules, 30, rng=rng, max_deals=25)
        record = play_game(pulya, lambda state, rng=rng: rng.choice(state.legal_actions()))
        text = dumps(record)
        assert loads(text) == record
        assert loads(dumps(record, ascii=True)) == record
        assert from_json(to_json(record)) == record
        played = replay(loads(text))
        assert isinstance(played.sheet, BulaSheet)
        assert played.sheet.to_dict() == pulya.sheet.to_dict()
        assert sum(played.sheet.settle().rounded.values()) == 0
        assert render_text(played.sheet, "ru", breakdown=True)
        assert render_svg(played.sheet).startswith("<svg")
