"""A match between the working tree and an older commit, in one command.

    python benchmarks/versus.py BASELINE [preferans match options ...]
    python benchmarks/versus.py main --deals 400 --sprt -1,1
    python benchmarks/versus.py HEAD~3 --level heuristic --deals 200

The baseline commit is checked out into its own git worktree (``.versus/COMMIT`` next to
the repository, reused on later runs), installed into its own virtual environment there,
and played through the bot protocol: ``preferans match --bots 'LEVEL,cmd:BASE/.venv/bin/
preferans bot --level LEVEL'``. The baseline must be a commit that has ``preferans bot``
(protocol version 1). The first bot is the working tree, so a positive difference means
the working tree is stronger.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(argv: list[str], cwd: Path | None = None) -> None:
    print("$", " ".join(shlex.quote(a) for a in argv), flush=True)
    subprocess.run(argv, cwd=cwd, check=True)


def baseline(commit: str) -> Path:
    """The installed worktree of ``commit`` (made on the first use)."""
    sha = subprocess.run(
        ["git", "rev-parse", "--verify", f"{commit}^{{commit}}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    where = ROOT / ".versus" / sha[:12]
    if not where.exists():
        _run(["git", "worktree", "add", "--detach", str(where), sha], cwd=ROOT)
    engine = where / ".venv" / "bin" / "preferans"
    if not engine.exists():
        _run([sys.executable, "-m", "venv", str(where / ".venv")])
        _run([str(where / ".venv" / "bin" / "pip"), "install", "--quiet", "-e", str(where)])
    check = subprocess.run([str(engine), "bot", "--help"], capture_output=True, check=False)
    if check.returncode != 0:
        raise SystemExit(f"versus: {commit} ({sha[:12]}) has no `preferans bot`; pick a newer one")
    return engine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit", nargs="?", help="the baseline commit (any git revision)")
    parser.add_argument("--level", default="sampling", help="the level both sides play")
    parser.add_argument("--engine-options", default="", help="extra `preferans bot` options")
    args, match_args = parser.parse_known_args(argv)
    if args.commit is None:  # `make bench` runs every benchmark without arguments
        parser.print_help()
        return 0
    engine = baseline(args.commit)
    here = Path(sys.executable).with_name("preferans")
    command = f"{engine} bot --level {args.level} {args.engine_options}".strip()
    local = args.level
    if args.engine_options:
        pairs = shlex.split(args.engine_options)
        options = [p.lstrip("-").replace("-", "_") for p in pairs[::2]]
        local = ":".join([local, *(f"{k}={v}" for k, v in zip(options, pairs[1::2], strict=True))])
    bots = f"{local},cmd:{command}"
    program = str(here) if here.exists() else "preferans"
    _run([program, "match", "--bots", bots, *match_args], cwd=ROOT)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
