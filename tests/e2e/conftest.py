"""Browser tests: a real server process and Debian's chromium driven by Playwright.

The server runs on a free port with a temporary data directory; every test gets fresh
browser contexts. Screenshots go to ``tmp/artifacts/`` (gitignored) for people to look at.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("PREF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "tmp" / "artifacts"

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real club: ``preferans serve`` on a free port with a temporary data directory."""
    data = tmp_path_factory.mktemp("club")
    port = _free_port()
    log = (data / "server.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "preferans",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data-dir",
            str(data),
            "--bot-delay",
            "0.05",
            "--grace",
            "60",
            "--rate",
            "100",
            # Every browser and socket of the suite comes from 127.0.0.1.
            "--connections-per-address",
            "1000",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError((data / "server.log").read_text())
        time.sleep(0.1)
    # The server says where it serves, so a person starting it knows what to open.
    assert f"the club is at {base}/" in (data / "server.log").read_text()
    yield base
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM}")
    with playwright_api.sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def contexts(browser: Any) -> Iterator[list[Any]]:
    """Browser contexts opened by a test, closed after it (each is a separate person)."""
    opened: list[Any] = []
    yield opened
    for context in opened:
        context.close()


def clean_artifacts() -> None:  # pragma: no cover - a convenience for people
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
