from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_harness import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One real club process (SQLite) shared by a test module."""
    process = ServerProcess(Path(tmp_path_factory.mktemp("club")), "--grace", "2").start()
    yield process
    process.stop()
