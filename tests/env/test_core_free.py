"""The core needs none of the ai extra's packages: every module outside preferans.env
(and the database migration scripts, which only alembic runs) imports with pettingzoo,
gymnasium, OpenSpiel and numpy blocked, and the bot registry then names what the missing
extra would add."""

from __future__ import annotations

import subprocess
import sys
import textwrap

_SCRIPT = textwrap.dedent(
    """
    import importlib, importlib.abc, pkgutil, sys

    BLOCKED = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "numpy")

    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {name!r} (blocked)")
            return None

    sys.meta_path.insert(0, Block())
    import preferans

    names = [
        m.name
        for m in pkgutil.walk_packages(preferans.__path__, "preferans.")
        if not m.name.startswith("preferans.env.")
        and m.name not in ("preferans.env", "preferans.__main__")
        and ".migrations" not in m.name  # alembic's scripts, run by alembic only
    ]
    for name in names:
        importlib.import_module(name)
    from preferans.bots import level_names, make_bot

    assert "ismcts" not in level_names(), level_names()
    try:
        make_bot("ismcts")
    except ValueError as error:
        assert "ai extra" in str(error), error
    else:
        raise AssertionError("ismcts was built without OpenSpiel")
    try:
        import preferans.env as env
        env.PreferansEnv
    except ImportError as error:
        assert "pip install" in str(error), error
    else:
        raise AssertionError("the environment loaded without PettingZoo")
    print(len(names))
    """
)


def test_every_core_module_imports_without_the_ai_packages() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip()) > 80
