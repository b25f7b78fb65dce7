"""Instruction counts of the solver and the plain solver, deal by deal, on the same deals.

Wall-clock ratios on this shared 2-core machine move with the load (the plain solver's
20 MiB table suffers from a busy cache far more than our 1 MiB one), so changes to the C
core are judged by instructions: ``valgrind --tool=callgrind`` counts our ``dd_solve``
calls alone (``--toggle-collect=dd_solve``, one dump per call) and the plain solver's
search alone (one dump per ``clock_gettime``, which brackets each deal's search). The
deals and kinds are those of ``benchmarks/plain_solver.py``. Printed per kind: median, p99
and total of each side in thousands of instructions and the ratios plain / ours.

Run: ``nice -n 10 .venv/bin/python benchmarks/solver_instructions.py --deals 100``
(``--kinds misère,trump`` for some kinds, ``--core PATH`` to count another build of
``_dd``, e.g. the previous one, ``--ours-only`` to skip the plain solver, whose counts are
kept in ``--plain-cache`` once measured).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import preferans.solver as solver
from plain_solver import build, kinds
from solver import SEED, deals


def load_core(path: str | None) -> ModuleType:
    """The project's ``_dd`` or the build at ``path`` (the init function fixes its name)."""
    if path is None:
        assert solver._dd is not None, "the C extension is not built"
        return solver._dd
    spec = importlib.util.spec_from_file_location("_dd", path)
    assert spec is not None and spec.loader is not None, f"no extension at {path}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def worker(count: int, names: list[str], core: str | None) -> None:
    """Solve the tasks of the named kinds, in order: the process valgrind counts."""
    dd = load_core(core)
    for name, _lines, _misere, tasks in kinds(deals(count), SEED + 1):
        if name in names:
            for deal_tasks in tasks:
                for task in deal_tasks:
                    dd.solve(*task)


def _dump_totals(out: Path) -> list[int]:
    """Instructions of each numbered dump ``out.1``, ``out.2``, ... in order."""
    totals = []
    for i in range(1, 1_000_000):
        path = Path(f"{out}.{i}")
        if not path.exists():
            break
        value = 0
        for line in path.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                value = int(line.split()[1])
                break
        totals.append(value)
    return totals


def count_ours(count: int, names: list[str], core: str | None, tmp: Path) -> list[int]:
    """Instructions per ``dd_solve`` call over the named kinds."""
    out = tmp / "ours.out"
    command = [
        "valgrind",
        "--tool=callgrind",
        "--collect-atstart=no",
        "--toggle-collect=dd_solve",
        "--dump-after=dd_solve",
        f"--callgrind-out-file={out}",
        sys.executable,
        __file__,
        "--worker",
        "--deals",
        str(count),
        "--kinds",
        ",".join(names),
    ]
    if core is not None:
        command += ["--core", core]
    # valgrind runs the interpreter by its real path, outside the venv: hand over our path
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    subprocess.run(command, check=True, capture_output=True, env=env)
    return _dump_totals(out)


def count_plain(exe: Path, lines: list[str], misere: bool, tmp: Path) -> list[int]:
    """Instructions of the plain solver's search, one figure per input line."""
    out = tmp / "plain.out"
    for old in tmp.glob("plain.out*"):
        old.unlink()
    env = {"PATH": "/usr/bin:/bin"}
    if misere:
        env["MISERE"] = "1"
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--dump-before=*clock_gettime*",
            f"--callgrind-out-file={out}",
            str(exe),
        ],
        input="\n".join(lines) + "\n",
        text=True,
        env=env,
        check=True,
        capture_output=True,
    )
    totals = _dump_totals(out)
    searches = totals[1::2][: len(lines)]  # dumps alternate: reading a deal, its search
    if len(searches) != len(lines):
        raise RuntimeError(f"{len(searches)} plain searches counted for {len(lines)} deals")
    return searches


def _per_deal(values: list[int], sizes: list[int]) -> list[int]:
    """Sum the per-call counts into per-deal counts (raspasy: three calls a deal)."""
    out, i = [], 0
    for size in sizes:
        out.append(sum(values[i : i + size]))
        i += size
    return out


def _stats(values: list[int]) -> tuple[float, float, float]:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered), float(p99), float(sum(ordered))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--kinds", default="trump,no-trump,misère,raspasy (3 seats)")
    parser.add_argument("--core", help="path of another _dd build to count")
    parser.add_argument("--ours-only", action="store_true")
    parser.add_argument("--plain-cache", default="/tmp/plain_instructions.json")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    names = args.kinds.split(",")
    if args.worker:
        worker(args.deals, names, args.core)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed", file=sys.stderr)
        return 1
    cache_path = Path(args.plain_cache)
    cache: dict[str, list[int]] = json.loads(cache_path.read_text()) if cache_path.exists() else {}
    chosen = [k for k in kinds(deals(args.deals), SEED + 1) if k[0] in names]
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        calls = count_ours(args.deals, names, args.core, tmp)
        print(f"instructions, {args.deals} seeded deals (thousands: median / p99 / total)")
        print(f"{'kind':<18} {'ours med':>9} {'p99':>9} {'total':>11}", end="")
        print("" if args.ours_only else f" {'plain med':>10} {'p99':>10} {'×med':>6} {'×p99':>6}")
        offset = 0
        for name, lines, misere, tasks in chosen:
            sizes = [len(t) for t in tasks]
            ours = _per_deal(calls[offset : offset + sum(sizes)], sizes)
            offset += sum(sizes)
            om, op, ot = _stats(ours)
            row = f"{name:<18} {om / 1e3:>9.0f} {op / 1e3:>9.0f} {ot / 1e3:>11.0f}"
            if not args.ours_only:
                key = f"{name}/{args.deals}"
                if key not in cache:
                    exe = build(tmp)
                    flat = [line for group in lines for line in group]
                    cache[key] = _per_deal(count_plain(exe, flat, misere, tmp), sizes)
                    cache_path.write_text(json.dumps(cache))
                pm, pp, _pt = _stats(cache[key])
                row += f" {pm / 1e3:>10.0f} {pp / 1e3:>10.0f} {pm / om:>6.1f} {pp / op:>6.1f}"
            print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
