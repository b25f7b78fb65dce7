"""Regenerate the golden records: ``python tests/notation/make_golden.py``.

Each golden file is a short random legal game of one variant, dealt by the fair shuffle
from a fixed secret. The tests only read them back; regenerate after a deliberate change
of the notation and review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from notation_games import random_game

from preferans.notation import GameRecord, dumps
from preferans.result import DealKind

GOLDEN = Path(__file__).parent / "golden"
#: variant → (players, deals, seed); seeds chosen for games with raspasy and a whisted game.
GAMES = {"sochi": (3, 6, 0), "leningrad": (4, 8, 0), "rostov": (2, 6, 0)}


def varied(record: GameRecord) -> bool:
    kinds = {d.outcome.kind for d in record.deals if d.outcome is not None}
    whisted = any("Whist: " in line for line in dumps(record).splitlines())
    return DealKind.RASPASY in kinds and DealKind.GAME in kinds and whisted


def build(variant: str) -> GameRecord:
    players, deals, seed = GAMES[variant]
    while True:
        record = random_game(variant, players, seed, deals, table_id=f"golden-{variant}")
        if varied(record):
            return record
        seed += 1


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for variant in GAMES:
        record = build(variant)
        (GOLDEN / f"{variant}.pref").write_text(dumps(record), encoding="utf-8")
        print(variant, record.tags["Event"], len(record.deals), "deals")
