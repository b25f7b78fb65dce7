"""The runner side of the protocol: an external engine as a subprocess, one per seat.

A bad answer never stops a match. Not JSON, not an answer, an unknown index, an illegal
action, an answer past the deadline or a dead process each forfeit that one decision: the
forfeit is logged, counted by kind, and the fallback (the first of the view's legal
actions, the same for every engine) is played. An engine past its deadline or dead is
killed and started again (with a new ``hello``) for its next decision; after
:data:`MAX_RESTARTS` restarts the rest of its decisions are forfeited without asking it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import selectors
import shlex
import subprocess
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from preferans.actions import Action
from preferans.errors import InputSyntaxError
from preferans.lab.protocol import (
    PROTOCOL_VERSION,
    Forfeit,
    ForfeitKind,
    Reply,
    deal_over_message,
    decide_message,
    encode,
    hello_message,
    parse_reply,
    quit_message,
)
from preferans.rules import Rules
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import View
    from preferans.result import DealResult

__all__ = ["MAX_RESTARTS", "EngineProcess", "ExternalBot", "fallback", "split_command"]

log = logging.getLogger("preferans.lab")

#: Restarts of one seat's engine before its remaining decisions are forfeited unasked.
MAX_RESTARTS = 3
#: Seconds an engine has to answer the ``hello`` (interpreter start and imports).
STARTUP_SECONDS = 30.0
#: Seconds an engine has to leave after ``quit`` before it is killed.
QUIT_SECONDS = 2.0
#: Longest line accepted from an engine.
LINE_LIMIT = 1 << 20


def fallback(view: View) -> Action:
    """The action played for a forfeited decision: the first legal action of the view."""
    return view.legal_actions[0]


def split_command(command: str) -> list[str]:
    """The argument list of a ``cmd:`` command line (shell quoting, no shell)."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise InputSyntaxError(
            f"cannot split the command {command!r}: {error}",
            ru=f"не удалось разобрать команду {command!r}: {error}",
        ) from None
    if not argv:
        raise InputSyntaxError("an empty command", ru="пустая команда")
    return argv


class EngineProcess:
    """One running engine for one seat: writes lines to it, reads lines with a deadline."""

    def __init__(self, argv: list[str], rules: Rules, seat: Seat, seats: tuple[Seat, ...]):
        self.argv = argv
        self.rules = rules
        self.seat = seat
        self.seats = seats
        self.name: str | None = None
        self._buffer = b""
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Start the process and exchange ``hello``/``ready``; :class:`Forfeit` on failure."""
        self.stop(kill=True)
        self._buffer = b""
        try:
            self._process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
            )
        except OSError as error:
            raise Forfeit(ForfeitKind.DIED, f"cannot start {self.argv[0]!r}: {error}") from None
        self.send(hello_message(self.rules, self.seat, self.seats))
        line = self.read_line(time.monotonic() + STARTUP_SECONDS)
        answer: Any
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if not isinstance(answer, dict) or answer.get("type") != "ready":
            self.stop(kill=True)
            raise Forfeit(ForfeitKind.NOT_AN_ANSWER, f"expected ready to hello, got {line[:80]!r}")
        if answer.get("protocol") != PROTOCOL_VERSION:
            self.stop(kill=True)
            raise Forfeit(
                ForfeitKind.NOT_AN_ANSWER,
                f"the engine speaks protocol {answer.get('protocol')!r}, not {PROTOCOL_VERSION}",
            )
        name = answer.get("name")
        self.name = name if isinstance(name, str) else None

    def send(self, message: dict[str, Any]) -> None:
        process = self._process
        if process is None or process.stdin is None:
            raise Forfeit(ForfeitKind.DIED, "not running")
        try:
            process.stdin.write((encode(message) + "\n").encode())
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Forfeit(ForfeitKind.DIED, self._exit_text()) from None

    def read_line(self, deadline: float) -> str:
        """The next line, or :class:`Forfeit` when the deadline passes or the process ends."""
        process = self._process
        if process is None or process.stdout is None:
            raise Forfeit(ForfeitKind.DIED, "not running")
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise Forfeit(ForfeitKind.LATE, "no answer in time")
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise Forfeit(ForfeitKind.DIED, self._exit_text())
                self._buffer += chunk
                if len(self._buffer) > LINE_LIMIT:
                    raise Forfeit(ForfeitKind.NOT_JSON, f"a line over {LINE_LIMIT} bytes")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")

    def _exit_text(self) -> str:
        process = self._process
        if process is None:
            return "not running"
        try:
            code = process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "its output closed"
        return f"exited with code {code}"

    def stop(self, *, kill: bool = False) -> None:
        """Say ``quit`` (unless ``kill``) and make sure the process is gone."""
        process = self._process
        self._process = None
        if process is None:
            return
        if not kill and process.poll() is None:
            try:
                assert process.stdin is not None
                process.stdin.write((encode(quit_message()) + "\n").encode())
                process.stdin.close()
                process.wait(timeout=QUIT_SECONDS)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


class ExternalBot:
    """A bot played by an external engine (``cmd:COMMAND``): one process per seat it holds.

    The runner calls :meth:`begin_deal` before a deal (the deal number and the bot seed for
    it go into every ``decide``) and :meth:`deal_over` after it.
    """

    def __init__(
        self,
        command: str,
        rules: Rules,
        seats: tuple[Seat, ...],
        *,
        deadline: float = 30.0,
        label: str | None = None,
    ) -> None:
        self.argv = split_command(command)
        self.rules = rules
        self.seats = seats
        self.deadline = deadline
        self.name = label if label is not None else f"cmd:{command}"
        self.deal = 0
        self.seed = 0
        self.forfeits: Counter[ForfeitKind] = Counter()
        self.restarts: Counter[Seat] = Counter()
        self._engines: dict[Seat, EngineProcess] = {}

    def begin_deal(self, deal: int, seed: int) -> None:
        self.deal = deal
        self.seed = seed

    def choose(self, view: View) -> Action:
        try:
            return self._ask(view).action
        except Forfeit as forfeit:
            played = fallback(view)
            self.forfeits[forfeit.kind] += 1
            log.warning(
                "%s at %s, deal %d: forfeit (%s); played %s",
                self.name,
                view.seat.name,
                self.deal,
                forfeit,
                played,
            )
            return played

    def _ask(self, view: View) -> Reply:
        engine = self._engine(view.seat)
        deadline_ms = round(self.deadline * 1000)
        engine.send(decide_message(view, deal=self.deal, seed=self.seed, deadline_ms=deadline_ms))
        try:
            line = engine.read_line(time.monotonic() + self.deadline)
        except Forfeit:
            engine.stop(kill=True)  # a late answer would be read as the next one
            raise
        return parse_reply(line, view.legal_actions)

    def _engine(self, seat: Seat) -> EngineProcess:
        engine = self._engines.get(seat)
        if engine is None:
            engine = EngineProcess(self.argv, self.rules, seat, self.seats)
            self._engines[seat] = engine
            engine.start()
            return engine
        if engine.alive:
            return engine
        if self.restarts[seat] >= MAX_RESTARTS:
            raise Forfeit(ForfeitKind.GAVE_UP, f"restarted {MAX_RESTARTS} times already")
        self.restarts[seat] += 1
        log.warning(
            "%s at %s: restarting the engine (restart %d of %d)",
            self.name,
            seat.name,
            self.restarts[seat],
            MAX_RESTARTS,
        )
        engine.start()
        return engine

    def deal_over(
        self, result: DealResult, values: dict[Seat, float], finals: dict[Seat, View]
    ) -> None:
        """Tell the engine of every seat in ``finals`` how the deal ended (no answer)."""
        for seat in finals:
            engine = self._engines.get(seat)
            if engine is None or not engine.alive:
                continue
            with contextlib.suppress(Forfeit):  # noticed (and restarted) at its next decision
                engine.send(deal_over_message(result, values, finals[seat], deal=self.deal))

    def close(self) -> None:
        for engine in self._engines.values():
            engine.stop()
        self._engines.clear()
