"""The solver side by side with a plain alpha-beta solver on the same seeded deals.

The plain solver is a yardstick kept outside the project (``../shared/yardsticks/plain_dd.c``
next to the repository): alpha-beta over cards with a transposition table of whole positions
at trick starts, equivalent adjacent cards merged, moves by rank, nothing else. It is built
here at run time (``cc -O2`` into a temporary directory) and fed the deals on stdin; it
times each deal itself (monotonic clock around the search). Our side is timed the same way
around the C call alone (``_dd.solve`` on a prepared task, no Python-level validation), so
both figures are the search only. Each deal is run ``repeat`` times on both sides and the
best time kept, which keeps the ratios steady on a shared machine.

Kinds: trump (random suit), no-trump, misère (seat 0 declares in all three) and raspasy
(the fewest tricks of each of the three seats, summed: the plain solver's misère with the
hands rotated so that the seat asked about is its seat 0). Printed per kind: the median and
p99 of each side, their ratios (plain / ours), and whether every value agreed.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import preferans.solver as solver
from preferans.solver import Objective, Position

YARDSTICK = Path(__file__).resolve().parents[1].parent / "shared" / "yardsticks" / "plain_dd.c"
NO_TRUMP = 4  # the plain solver's code for no trumps


def build(workdir: Path) -> Path:
    """Compile the yardstick into ``workdir``; raise ``RuntimeError`` saying what is missing."""
    if not YARDSTICK.is_file():
        raise RuntimeError(
            f"plain solver not found at {YARDSTICK}: the comparison needs "
            "../shared/yardsticks/plain_dd.c next to the repository"
        )
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        raise RuntimeError("no C compiler (cc) on PATH to build the plain solver")
    exe = workdir / "plain_dd"
    done = subprocess.run(
        [cc, "-O2", "-o", str(exe), str(YARDSTICK)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"building the plain solver failed:\n{done.stderr}")
    return exe


def run_plain(exe: Path, lines: list[str], misere: bool) -> list[tuple[int, float]]:
    """(value, seconds) per input line, as the plain solver reports them."""
    env = dict(os.environ)
    env.pop("ALLMOVES", None)
    env.pop("MISERE", None)
    if misere:
        env["MISERE"] = "1"
    done = subprocess.run(
        [str(exe)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    out = []
    for line in done.stdout.splitlines():
        if line.startswith("deal "):
            words = line.split()
            out.append(
                (int(words[words.index("value") + 1]), float(words[words.index("time") + 1]))
            )
    if len(out) != len(lines):
        raise RuntimeError(f"the plain solver answered {len(out)} of {len(lines)} deals")
    return out


def ours(tasks: list[tuple[object, ...]]) -> tuple[int, float]:
    """Our C core on one or more tasks of one deal: summed value and seconds."""
    dd = solver._dd
    assert dd is not None
    clock = time.perf_counter
    value, spent = 0, 0.0
    for task in tasks:
        start = clock()
        value += dd.solve(*task)
        spent += clock() - start
    return value, spent


def _stats(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered), p99


def _line(hands: tuple[int, int, int], trump: int, leader: int) -> str:
    return f"{hands[0]} {hands[1]} {hands[2]} {trump} {leader}"


def compare(hands: list[tuple[int, int, int]], seed: int, repeat: int = 3) -> int:
    """Time both solvers on ``hands`` for every kind; print the table. 0, or 1 if unusable."""
    try:
        with tempfile.TemporaryDirectory() as tmp:
            exe = build(Path(tmp))
            return _compare(exe, hands, seed, max(1, repeat))
    except RuntimeError as err:
        print(f"comparison with the plain solver skipped: {err}", file=sys.stderr)
        return 1


Kind = tuple[str, list[list[str]], bool, list[list[tuple[object, ...]]]]
"""A kind's name, the plain solver's input lines and misère flag, and our tasks, per deal."""


def kinds(hands: list[tuple[int, int, int]], seed: int) -> list[Kind]:
    """The four kinds on ``hands``: the same positions for both solvers, deal by deal."""
    rng = random.Random(seed)
    trumps = [rng.randrange(4) for _ in hands]
    leaders = [rng.randrange(3) for _ in hands]
    task = solver._task
    out: list[Kind] = []
    out.append(
        (
            "trump",
            [[_line(h, t, ld)] for h, t, ld in zip(hands, trumps, leaders, strict=True)],
            False,
            [
                [task(Position(h, ld, t), Objective.TRICKS, 0)]
                for h, t, ld in zip(hands, trumps, leaders, strict=True)
            ],
        )
    )
    out.append(
        (
            "no-trump",
            [[_line(h, NO_TRUMP, ld)] for h, ld in zip(hands, leaders, strict=True)],
            False,
            [
                [task(Position(h, ld), Objective.TRICKS, 0)]
                for h, ld in zip(hands, leaders, strict=True)
            ],
        )
    )
    out.append(
        (
            "misère",
            [[_line(h, NO_TRUMP, ld)] for h, ld in zip(hands, leaders, strict=True)],
            True,
            [
                [task(Position(h, ld), Objective.MISERE, 0)]
                for h, ld in zip(hands, leaders, strict=True)
            ],
        )
    )
    rotated = []
    for h, ld in zip(hands, leaders, strict=True):
        rotated.append(
            [
                _line((h[s], h[(s + 1) % 3], h[(s + 2) % 3]), NO_TRUMP, (ld - s) % 3)
                for s in range(3)
            ]
        )
    out.append(
        (
            "raspasy (3 seats)",
            rotated,
            True,
            [
                [task(Position(h, ld), Objective.RASPASY, s) for s in range(3)]
                for h, ld in zip(hands, leaders, strict=True)
            ],
        )
    )
    return out


def _compare(exe: Path, hands: list[tuple[int, int, int]], seed: int, repeat: int) -> int:
    kinds_ = kinds(hands, seed)
    print(
        f"side by side with the plain solver ({YARDSTICK.name}, cc -O2): {len(hands)} seeded "
        f"deals, best of {repeat} runs per deal, wall-clock of the search alone"
    )
    print(
        f"{'kind':<18} {'plain med':>10} {'ours med':>9} {'×median':>8} "
        f"{'plain p99':>10} {'ours p99':>9} {'×p99':>7}  values"
    )
    contracts: tuple[list[float], list[float]] = ([], [])
    for name, lines, misere, tasks in kinds_:
        plain_best, ours_best, bad = _time_kind(exe, lines, misere, tasks, repeat)
        _row(name, plain_best, ours_best, "all agree" if bad == 0 else f"{bad} DIFFER")
        if bad:
            return 1
        if not misere:
            contracts[0].extend(plain_best)
            contracts[1].extend(ours_best)
            if len(contracts[0]) == 2 * len(hands):
                _row("trump + no-trump", contracts[0], contracts[1], "(both rows pooled)")
    return 0


def _time_kind(
    exe: Path,
    lines: list[list[str]],
    misere: bool,
    tasks: list[list[tuple[object, ...]]],
    repeat: int,
) -> tuple[list[float], list[float], int]:
    """Best seconds per deal of each side, and how many deals' values differ."""
    flat = [line for group in lines for line in group]
    plain_best = [float("inf")] * len(lines)
    ours_best = [float("inf")] * len(lines)
    plain_value = [0] * len(lines)
    our_value = [0] * len(lines)
    for _ in range(repeat):
        answers = iter(run_plain(exe, flat, misere))
        for i, group in enumerate(lines):
            spent, value = 0.0, 0
            for _ in group:
                v, t = next(answers)
                value += v
                spent += t
            plain_best[i] = min(plain_best[i], spent)
            plain_value[i] = value
        for i, deal_tasks in enumerate(tasks):
            value, spent = ours(deal_tasks)
            ours_best[i] = min(ours_best[i], spent)
            our_value[i] = value
    bad = sum(1 for a, b in zip(plain_value, our_value, strict=True) if a != b)
    return plain_best, ours_best, bad


def _row(name: str, plain_best: list[float], ours_best: list[float], verdict: str) -> None:
    pm, pp = _stats(plain_best)
    om, op = _stats(ours_best)
    print(
        f"{name:<18} {pm * 1e3:>8.3f}ms {om * 1e3:>7.3f}ms {pm / om:>7.1f}× "
        f"{pp * 1e3:>8.3f}ms {op * 1e3:>7.3f}ms {pp / op:>6.1f}×  {verdict}"
    )
    sys.stdout.flush()
