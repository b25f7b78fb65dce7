"""The whist calibration, run small and seeded: the same bot asked twice scores the same,
the trusting bot gives the contract a higher chance, the games then played are set
against the tricks taken, and bad input is refused."""

from __future__ import annotations

import re

from benchmark_scripts import run

PLAIN = "sampling:bid_samples=6:contract_tilt=false"
TRUSTING = "sampling:bid_samples=6"


def _chance(stdout: str, bot: str) -> int:
    line = next(x for x in stdout.splitlines() if x.strip().startswith(bot + " "))
    found = re.search(r"(\d+)%\s+[\d.]+\s+\d+%$", line)
    assert found is not None, line
    return int(found.group(1))


def test_the_same_bot_twice_scores_alike_and_trusting_the_contract_raises_its_chance() -> None:
    done = run(
        "whist_calibration", "--deals", "4", "--seed", "3", "--player", "heuristic",
        "--bots", f"{PLAIN},{PLAIN},{TRUSTING}",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "whist decisions" in done.stdout
    assert f"Brier, {PLAIN} - {PLAIN}: +0.000 [+0.000, +0.000]" in done.stdout
    assert _chance(done.stdout, TRUSTING) > _chance(done.stdout, PLAIN)
    # the games then played: the heuristic's declarer took the true deal's count there, so
    # each bot's error against the table is its error against the true deal
    assert "4 of them in games then played, where the declarer took +0.00" in done.stdout
    lines = done.stdout.splitlines()
    for bot in (PLAIN, TRUSTING):
        true = next(x for x in lines if x.strip().startswith(bot + " ") and "%" in x)
        taken = next(x for x in lines if x.strip().startswith(bot + " ") and "taken" in x)
        assert true.split()[1] == taken.split()[-3]


def test_a_bot_that_shows_no_evidence_and_an_unknown_bot_are_refused() -> None:
    unknown = run("whist_calibration", "--bots", "heuristic,nobody")
    assert unknown.returncode == 2
    assert "unknown bot level 'nobody'" in unknown.stderr
    silent = run("whist_calibration", "--deals", "3", "--bots", f"{PLAIN},heuristic")
    assert silent.returncode == 2
    assert "heuristic: the calibration asks bots that show their evidence" in silent.stderr
