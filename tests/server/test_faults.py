"""Short seeded runs of ``benchmarks/faults.py``: kill -9 with a move in flight on SQLite
and on PostgreSQL, the owner killed and Redis killed and restarted in a two-process
cluster (acknowledged moves compared with the log and every seat's view continuing),
and generated bad requests and frames (no 500, no traceback).

PostgreSQL and Redis are this machine's servers (Redis: a private ``redis-server`` on a
free port, so killing it disturbs nobody); without them these tests skip, except under
``CI=true``, where a missing service is a failure, not a skip.
"""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from server_harness import ServerProcess

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def _faults() -> ModuleType:
    spec = importlib.util.spec_from_file_location("faults", ROOT / "benchmarks" / "faults.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["faults"] = module
    spec.loader.exec_module(module)
    return module


def require_services() -> None:
    """PostgreSQL and redis-server, or a skip (a failure under CI=true)."""
    missing = []
    if shutil.which("redis-server") is None:
        missing.append("redis-server")
    try:
        done = subprocess.run(
            ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-c", "select 1"],
            capture_output=True,
            timeout=10,
        )
        if done.returncode != 0:
            missing.append("PostgreSQL (database test)")
    except (OSError, subprocess.TimeoutExpired):
        missing.append("psql")
    if missing:
        message = f"needs {', '.join(missing)} on 127.0.0.1"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{message}: a CI run must have them")
        pytest.skip(message)


async def test_kill_9_with_moves_in_flight_on_sqlite(tmp_path: Path) -> None:
    tally = await _faults().kill_faults(tmp_path / "club", 3, random.Random(3), None)
    assert tally.faults == 3 and tally.acknowledged >= 9
    assert tally.lost == 0 and not tally.problems, tally


async def test_kill_9_with_moves_in_flight_on_postgresql(tmp_path: Path) -> None:
    require_services()
    faults = _faults()
    tally = await faults.kill_faults(tmp_path / "club", 3, random.Random(4), faults.PG)
    assert tally.faults == 3 and tally.acknowledged >= 9
    assert tally.lost == 0 and not tally.problems, tally


@pytest.mark.alone  # its 2-second leases must not compete with the other tests for the cores
async def test_owner_kill_and_redis_restart_lose_no_acknowledged_move(tmp_path: Path) -> None:
    """Owner kill, Redis restart, owner kill, Redis restart: play goes on after each (no
    table left without an owner, no request left unanswered)."""
    require_services()
    tally = await _faults().cluster_faults(tmp_path / "cluster", 4, random.Random(5))
    assert tally.lost == 0, tally
    assert tally.faults == 4 and tally.acknowledged >= 17
    assert not tally.problems, tally


async def test_generated_bad_input_never_breaks_the_server(tmp_path: Path) -> None:
    faults = _faults()
    server = ServerProcess(tmp_path / "club", "--grace", "600").start(120)
    try:
        served = await faults.bad_input(server, 600, random.Random(6))
    finally:
        server.stop()
    assert served["requests"] + served["frames"] == 600
    assert served["status_500"] == 0
    assert served["unanswered"] == 0 and served["dropped"] == 0, served
    assert faults.tracebacks(server) == 0
