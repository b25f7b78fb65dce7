"""Worker processes die with the server.

A ``kill -9`` of the server gives it no chance to stop its bot workers; they (and the
multiprocessing resource tracker, which lives while any of them holds its pipe) would
go on for hours. Each worker therefore asks Linux for ``SIGKILL`` when its parent dies
(``prctl(PR_SET_PDEATHSIG)`` through ``ctypes``), and checks that the parent is still
the one that started it (it may have died before the request). The tracker then sees
every holder of its pipe gone and exits by itself. Where there is no ``prctl`` (not
Linux) the worker watches its parent from a thread instead.
"""

from __future__ import annotations

import ctypes
import os
import signal
import threading
import time
from typing import Final

__all__ = ["die_with_parent"]

PR_SET_PDEATHSIG: Final = 1


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def die_with_parent(parent: int) -> None:
    """Run in a worker (the pool's initializer): end this process when ``parent`` ends."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl failed")
    except (OSError, AttributeError):
        threading.Thread(target=_watch, args=(parent,), daemon=True, name="lifeline").start()
    if os.getppid() != parent:
        os._exit(1)
