"""A duplicate match of the heuristic against the heuristic of an earlier commit.

The earlier bot is read from git (``git show COMMIT:src/preferans/bots/heuristic.py``,
with the hand evaluation and counted card play it imports, ``bots/evaluation.py`` and
``bots/counted_play.py`` of the same commit where it has them) and loaded
as modules of their own beside the current package, so both play in one duplicate match
and a change of the trick table or the misère figures is measured too; it is registered as
the level ``heuristic-old``. The earlier modules must import only names the current
package still has (true for the heuristic before the levels were named).

    python benchmarks/heuristic_vs_old.py --commit 276fdc3 --deals 1000 --variant sochi

``--set NAME=VALUE`` (repeatable) first changes a numeric constant of the current
heuristic (``preferans.bots.heuristic``, else ``evaluation`` or ``counted_play``), so a tuning
idea is measured without editing the code: ``--set RAISE_CAP=1.5``.

``--common-seed`` plays with common random numbers (``run_match(common_seed=True)``): a
deal on which both versions decide alike at every step is played once, so a change that
touches few deals is measured quickly. Each side's CPU per decision (median, 95th
percentile, maximum) is printed after the result, so a change that thinks longer shows.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import types
from pathlib import Path

import preferans.bots.counted_play
import preferans.bots.evaluation
import preferans.bots.heuristic
from preferans.bots.levels import register_level
from preferans.match import run_match
from preferans.rules import find_rules

ROOT = Path(__file__).resolve().parent.parent


def _git_show(commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "show", f"{commit}:{path}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def _load_module(name: str, source: str, origin: str) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__file__ = origin
    sys.modules[name] = module
    exec(compile(source, origin, "exec"), module.__dict__)
    return module


#: The heuristic's own modules, loaded from the earlier commit too when it has them.
OWN_MODULES = ("evaluation", "counted_play")


def _exists(commit: str, path: str) -> bool:
    return (
        subprocess.run(
            ["git", "cat-file", "-e", f"{commit}:{path}"], cwd=ROOT, capture_output=True
        ).returncode
        == 0
    )


def load_old(commit: str) -> type:
    """The ``HeuristicBot`` class of ``commit``, bound to that commit's evaluation (and
    its counted card play, where it has one)."""
    source = _git_show(commit, "src/preferans/bots/heuristic.py")
    for name in OWN_MODULES:
        path = f"src/preferans/bots/{name}.py"
        if not _exists(commit, path):
            continue
        module = _load_module(
            f"heuristic_old_{name}", _git_show(commit, path), f"{commit}:{name}.py"
        )
        source = source.replace(
            f"from preferans.bots.{name} import", f"from {module.__name__} import"
        )
    module = _load_module("heuristic_old", source, f"{commit}:heuristic.py")
    bot: type = module.HeuristicBot
    return bot


def set_constant(assignment: str) -> None:
    """Apply ``NAME=VALUE`` to the current heuristic's module (or its evaluation's)."""
    name, _, value = assignment.partition("=")
    for module in (
        preferans.bots.heuristic,
        preferans.bots.evaluation,
        preferans.bots.counted_play,
    ):
        current = getattr(module, name, None)
        if isinstance(current, int | float):
            # a limit stays an int (it counts), a threshold a float
            setattr(module, name, type(current)(float(value)))
            return
    raise SystemExit(f"--set: no numeric constant {name!r} in the heuristic or evaluation")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", required=True)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--common-seed", action="store_true")
    args = parser.parse_args()
    for assignment in args.set:
        set_constant(assignment)
    register_level("heuristic-old", load_old(args.commit))
    rules = find_rules(args.variant)
    result = run_match(
        ["heuristic", "heuristic-old"],
        rules,
        args.deals,
        seed=args.seed,
        processes=args.processes,
        common_seed=args.common_seed,
    )
    mean, low, high = result.difference(0, 1)
    print(
        f"{args.variant}: heuristic{''.join(' ' + a for a in args.set)} - "
        f"heuristic@{args.commit} over {result.deals} duplicate "
        f"deals: {mean:+.2f} whists per deal, 95% interval [{low:+.2f}, {high:+.2f}]"
    )
    for bot, name in enumerate(("heuristic", f"heuristic@{args.commit}")):
        median, p95, most = result.decision_cpu_profile(bot)
        print(
            f"  {name}: {result.decisions[bot]} decisions, CPU per decision "
            f"median {median * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, max {most * 1e3:.0f} ms"
        )


if __name__ == "__main__":
    main()
