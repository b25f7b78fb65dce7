"""The solver core built without the processor's bit instructions agrees with the installed one.

`setup.py` adds ``-mpopcnt`` and ``-mbmi2`` where the processor runs them, and the core then
counts bits and squeezes its table keys with those instructions; elsewhere it uses shifts,
masks and lookup tables. A machine with the instructions never compiles the portable code,
so this test does: it builds ``_dd.c`` with the plain flags and solves the same seeded full
deals with both builds.
"""

from __future__ import annotations

import importlib.util
import random
import shutil
import subprocess
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest
from tests.solver.test_solver import random_deal

import preferans.solver as solver
from preferans.solver import Objective, Position

SOURCE = Path(solver.__file__).with_name("_dd.c")


def _build_portable(workdir: Path) -> ModuleType:
    """Compile the core with no instruction-set flags and load it under its own name."""
    cc = shutil.which("cc") or shutil.which("gcc")
    include = sysconfig.get_paths()["include"]
    if cc is None or not (Path(include) / "Python.h").is_file() or not SOURCE.is_file():
        pytest.skip("no C compiler, Python headers or solver source to build with")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    target = workdir / f"_dd{suffix}"
    done = subprocess.run(
        [cc, "-O1", "-std=c11", "-fPIC", "-shared", f"-I{include}", str(SOURCE), "-o", str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    spec = importlib.util.spec_from_file_location("_dd", target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(solver.BACKEND != "c", reason="C extension not built")
def test_portable_build_solves_like_the_installed_one(tmp_path: Path) -> None:
    portable = _build_portable(tmp_path)
    installed = solver._dd
    assert installed is not None
    rng = random.Random("portable-build")
    tasks = []
    for _ in range(40):
        h = random_deal(rng)
        leader = rng.randrange(3)
        tasks.append(solver._task(Position(h, leader, rng.randrange(4)), Objective.TRICKS, 0))
        tasks.append(solver._task(Position(h, leader), Objective.TRICKS, 1))
        tasks.append(solver._task(Position(h, leader), Objective.MISERE, 2))
    values = [installed.solve(*task) for task in tasks]
    assert [portable.solve(*task) for task in tasks] == values
    # both answers vary: a build that returned a constant could not pass
    assert len(set(values)) > 3
