"""Game records: a PGN-like text notation, a JSON form, replay and fairness checks.

``load``/``loads``/``dump``/``dumps`` read and write the text notation as the ``json``
module does; ``record_to_dict``/``record_from_dict`` (and ``to_json``/``from_json``) give
the JSON form the web API serves. See ``docs/notation.md``.
"""

from __future__ import annotations

from preferans.notation.errors import NotationError, ReplayError
from preferans.notation.jsonform import from_json, record_from_dict, record_to_dict, to_json
from preferans.notation.lines import LINE_BREAKS
from preferans.notation.model import DealRecord, GameRecord, Move, Outcome
from preferans.notation.text import dump, dumps, load, loads

__all__ = [
    "LINE_BREAKS",
    "DealRecord",
    "GameRecord",
    "Move",
    "NotationError",
    "Outcome",
    "ReplayError",
    "dump",
    "dumps",
    "from_json",
    "load",
    "loads",
    "record_from_dict",
    "record_to_dict",
    "to_json",
]
