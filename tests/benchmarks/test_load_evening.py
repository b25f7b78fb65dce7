"""The club-evening load generator, run small and seeded, so it keeps working.

A few tables for a few seconds at a quick pace: enough for bots to think in the worker
processes, spectators to watch, clients to drop and come back, and people to register
and log in. No timing is asserted; only that every part of the evening happened, was
measured, and went without errors.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from benchmark_scripts import run

from preferans.bots.levels import DEFAULT_LEVEL


def _evening(*extra: str) -> dict[str, Any]:
    done = run(
        "load",
        "--evening",
        "--tables",
        "3",
        "--duration",
        "14",
        "--pace",
        "0.05",
        "--ramp",
        "0.5",
        "--drop-every",
        "4",
        "--spectated",
        "1",
        "--seed",
        "7",
        *extra,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    plot = tmp_path_factory.mktemp("plot") / "latency.png"
    extra = ("--plot", str(plot)) if _has_matplotlib() else ()
    result = _evening(*extra)
    result["_plot"] = str(plot) if extra else None
    return result


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def test_an_evening_runs_without_errors_and_keeps_the_room_full(evening: dict[str, Any]) -> None:
    assert evening["errors"] == 0, evening["error_samples"]
    assert evening["tables_opened"] >= 3
    assert evening["tables_held_min_once_full"] >= 3
    assert evening["registrations"] + evening["logins"] >= 6  # members arrive and log in


def test_acknowledgements_and_deliveries_are_measured(evening: dict[str, Any]) -> None:
    assert evening["actions"] > 0
    assert evening["ack"]["count"] == evening["actions"]
    for audience in ("delivery_to_seats", "delivery_to_spectators"):
        figures = evening[audience]
        assert figures["count"] > 0, audience
        assert figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]


def test_clients_drop_and_come_back(evening: dict[str, Any]) -> None:
    assert evening["reconnects"] > 0
    assert evening["spectators"] >= 3  # every table is watched with --spectated 1


def test_every_process_is_reported(evening: dict[str, Any]) -> None:
    roles = {p["role"] for p in evening["processes"]}
    assert {"clients", "server", "worker"} <= roles  # the bots thought in worker processes
    assert evening["bot_level"] == DEFAULT_LEVEL  # the level the lobby preselects
    assert all(p["rss_mb_peak"] > 0 for p in evening["processes"])
    assert evening["server_mb_per_table"] is not None


def test_the_latency_plot_is_a_png(evening: dict[str, Any]) -> None:
    if evening["_plot"] is None:
        pytest.skip("matplotlib is not installed")
    assert Path(evening["_plot"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_unknown_bot_level_is_refused() -> None:
    done = run("load", "--evening", "--bot-level", "grandmaster")
    assert done.returncode == 2
    assert "grandmaster" in done.stderr


def test_evening_options_are_refused_without_the_evening() -> None:
    done = run("load", "--sweep", "5,10")
    assert done.returncode == 2
    assert "--evening" in done.stderr
