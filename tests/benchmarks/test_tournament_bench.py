"""The tournament benchmark, run small and seeded, so it keeps working: six players, one
round of one deal, quick moves. No timing is asserted; only that both runs played, were
measured, and went without errors."""

from __future__ import annotations

import json

import benchmark_scripts


def test_a_small_tournament_round_beside_ordinary_tables() -> None:
    done = benchmark_scripts.run(
        "tournament",
        "--players",
        "6",
        "--deals",
        "1",
        "--think",
        "0.01,0.03",
        "--seed",
        "3",
        "--json",
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["tables"] == 2
    for run in ("baseline", "tournament"):
        assert figures[run]["actions"] > 0
        assert figures[run]["errors"] == 0
        assert figures[run]["p99_ms"] >= figures[run]["p50_ms"] > 0
    assert figures["director"]["tables_opened_s"] >= 0
    assert isinstance(figures["p99_target_met"], bool)
