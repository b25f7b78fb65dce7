"""Every table the environments offer: each variant at each size it is played at."""

from __future__ import annotations

TABLES = [
    ("sochi", 2),
    ("sochi", 3),
    ("sochi", 4),
    ("leningrad", 2),
    ("leningrad", 3),
    ("leningrad", 4),
    ("rostov", 2),
    ("rostov", 3),
    ("rostov", 4),
    ("balkan", 3),
]
