"""CPU and memory of the processes a benchmark runs: psutil when installed, else /proc.

A watch is given the server processes; their children (the bots' worker processes) and
the benchmark's own process (the simulated clients) are found and reported too, because
on a two-core machine every one of them competes for the same cores.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import psutil
except ImportError:  # the /proc reader below covers Linux without it
    psutil = None

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _proc_children(pid: int) -> list[int]:
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            child = int(entry.name)
            found += [child, *_proc_children(child)]
    return found


def children(pid: int) -> list[int]:
    if psutil is not None:
        try:
            return [c.pid for c in psutil.Process(pid).children(recursive=True)]
        except psutil.Error:
            return []
    return _proc_children(pid)


def cpu_and_rss(pid: int) -> tuple[float, float] | None:
    """(CPU seconds used so far, resident MB), or None once the process is gone."""
    if psutil is not None:
        try:
            process = psutil.Process(pid)
            times = process.cpu_times()
            return times.user + times.system, process.memory_info().rss / 2**20
        except psutil.Error:
            return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    cpu = (int(fields[11]) + int(fields[12])) / _TICKS
    rss = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
    return cpu, rss / 1024


@dataclass
class _Track:
    role: str
    pid: int
    cpu_start: float
    rss_start: float
    cpu_last: float
    cpu_mark: float | None
    rss_peak: float
    rss_last: float


@dataclass
class ProcessWatch:
    """Samples the servers, their children and this process between ``start`` and the end."""

    servers: list[int]
    tracks: dict[int, _Track] = field(default_factory=dict)
    wall_start: float = 0.0
    wall_last: float = 0.0
    wall_mark: float | None = None

    def mark(self) -> None:
        """The steady part begins: CPU from here on is reported on its own."""
        import time

        self.sample()
        self.wall_mark = time.monotonic()
        for track in self.tracks.values():
            track.cpu_mark = track.cpu_last

    def _roles(self) -> list[tuple[str, int]]:
        roles = [("clients", os.getpid())]
        for pid in self.servers:
            roles.append(("server", pid))
            roles += [("worker", child) for child in children(pid)]
        return roles

    def start(self) -> None:
        import time

        self.wall_start = self.wall_last = time.monotonic()
        self.sample()

    def sample(self) -> None:
        import time

        self.wall_last = time.monotonic()
        for role, pid in self._roles():
            measured = cpu_and_rss(pid)
            if measured is None:
                continue
            cpu, rss = measured
            track = self.tracks.get(pid)
            if track is None:
                self.tracks[pid] = _Track(role, pid, cpu, rss, cpu, None, rss, rss)
            else:
                track.cpu_last, track.rss_last = cpu, rss
                track.rss_peak = max(track.rss_peak, rss)

    def report(self) -> list[dict[str, Any]]:
        wall = max(self.wall_last - self.wall_start, 1e-9)
        return [
            {
                "role": t.role,
                "pid": t.pid,
                "cpu_seconds": round(t.cpu_last - t.cpu_start, 1),
                "cpu_percent_of_one_core": round(100 * (t.cpu_last - t.cpu_start) / wall, 1),
                "cpu_percent_steady": None
                if t.cpu_mark is None or self.wall_mark is None
                else round(
                    100 * (t.cpu_last - t.cpu_mark) / max(self.wall_last - self.wall_mark, 1e-9),
                    1,
                ),
                "rss_mb_start": round(t.rss_start, 1),
                "rss_mb_peak": round(t.rss_peak, 1),
                "rss_mb_end": round(t.rss_last, 1),
            }
            for t in self.tracks.values()
        ]
