"""Bot specifications for matches: ``LEVEL``, ``LEVEL:key=value:key=value``, ``cmd:COMMAND``.

``sampling:samples=64`` is the sampling level with 64 samples in the runner's process;
``cmd:preferans bot --level sampling`` is an external engine speaking the protocol
(:mod:`preferans.lab.runner`), one process per seat it holds, kept for the whole match in
each worker process. Specifications are checked before a match starts, so a typo is a
one-line error and not a traceback in the middle of a match.
"""

from __future__ import annotations

import atexit
import inspect
import multiprocessing.util
import os
import shutil
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from preferans.bots.base import Bot
from preferans.bots.levels import LEVELS, level_names, make_bot
from preferans.lab.runner import ExternalBot, split_command
from preferans.rules import Rules
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import DealState

__all__ = [
    "BotSpec",
    "SpecError",
    "TimedBot",
    "close_engines",
    "make_player",
    "parse_spec",
    "parse_specs",
]

CMD = "cmd:"


class SpecError(ValueError):
    """A bot specification that cannot be played."""


@dataclass(frozen=True)
class BotSpec:
    """One bot of a match: an in-process level with options, or an external command."""

    text: str
    level: str | None = None
    command: str | None = None
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.text


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_spec(text: str) -> BotSpec:
    """Read one specification; :class:`SpecError` names what is wrong."""
    text = text.strip()
    if text.startswith(CMD):
        command = text[len(CMD) :].strip()
        try:
            argv = split_command(command)
        except ValueError as error:
            raise SpecError(str(error)) from None
        program = argv[0]
        found = shutil.which(program) if os.sep not in program else program
        if found is None or not os.access(found, os.X_OK) or os.path.isdir(found):
            raise SpecError(f"{text!r}: {program!r} is not an executable program")
        return BotSpec(text, command=command)
    level, *pairs = text.split(":")
    known = level_names(whole_deal=True)
    if level not in known:
        raise SpecError(f"unknown bot level {level!r} (levels: {', '.join(known)}, or cmd:COMMAND)")
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SpecError(f"{text!r}: options are written key=value, not {pair!r}")
        options[key.strip()] = _value(value.strip())
    spec = BotSpec(text, level=level, options=options)
    check_options(spec)
    return spec


def _check_kinds(spec: BotSpec) -> None:
    """Each option of the kind its setting's default is (``bid_margin=x`` would otherwise
    reach the bot as text and fail in the middle of a match, or with Python's words)."""
    try:
        parameters = inspect.signature(LEVELS[spec.level or ""]).parameters
    except (KeyError, TypeError, ValueError):
        return
    for key, value in spec.options.items():
        parameter = parameters.get(key)
        default = None if parameter is None else parameter.default
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if isinstance(default, bool):
            wanted, fits = "true or false", isinstance(value, bool)
        elif isinstance(default, int):
            wanted, fits = "a whole number", number and isinstance(value, int)
        elif isinstance(default, float):
            wanted, fits = "a number", number
        else:
            continue
        if not fits:
            raise SpecError(f"{spec.text!r}: {key} must be {wanted}, not {value!r}")


def check_options(spec: BotSpec, extra: dict[str, Any] | None = None) -> None:
    """Build the level once with its options, so bad ones fail now with their message."""
    if spec.level is None:
        return
    _check_kinds(spec)
    try:
        make_bot(spec.level, seed=0, **{**spec.options, **(extra or {})})
    except (TypeError, ValueError) as error:
        raise SpecError(f"{spec.text!r}: {error}") from None


def parse_specs(text: str) -> list[BotSpec]:
    """The comma-separated ``--bots`` list (a ``cmd:`` command cannot contain a comma)."""
    return [parse_spec(part) for part in text.split(",") if part.strip()]


_EXTERNAL: dict[tuple[int, str, str, float], ExternalBot] = {}


def close_engines() -> None:
    """Say ``quit`` to every engine this process started (a match's end, or the exit of
    a worker process: registered with multiprocessing's finalizers, which pool workers
    run when the pool is closed, and with atexit for the main process)."""
    for bot in _EXTERNAL.values():
        bot.close()
    _EXTERNAL.clear()


atexit.register(close_engines)
multiprocessing.util.Finalize(None, close_engines, exitpriority=10)


def make_player(
    spec: BotSpec,
    *,
    slot: int,
    seed: int,
    deal: int,
    rules: Rules,
    seats: tuple[Seat, ...],
    options: dict[str, Any] | None = None,
    deadline: float = 30.0,
) -> Bot:
    """The bot for one deal: a fresh in-process bot, or this process's engines for it."""
    if spec.command is None:
        assert spec.level is not None
        return make_bot(spec.level, seed=seed, **{**spec.options, **(options or {})})
    key = (slot, spec.command, rules.to_json(), deadline)
    bot = _EXTERNAL.get(key)
    if bot is None:
        bot = ExternalBot(spec.command, rules, seats, deadline=deadline, label=spec.text)
        _EXTERNAL[key] = bot
    bot.begin_deal(deal, seed)
    return bot


class TimedBot:
    """A bot wrapper that counts decisions and the seconds they took: wall-clock seconds,
    and the runner process's CPU seconds (the fair measure of an in-process bot on a busy
    machine; an external engine's CPU is its own process's and is not seen here)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.cpu_seconds = 0.0
        self.decisions = 0
        self.decision_cpu: list[float] = []
        """The CPU seconds of each decision: a mean hides the rare long think that a
        player at the table notices, so matches report the tail too."""
        self._before = self._counts()

    def choose(self, view: Any) -> Any:
        started, cpu = time.perf_counter(), time.process_time()
        try:
            return self.bot.choose(view)
        finally:
            self._count(started, cpu)

    def choose_state(self, state: DealState) -> Any:
        """Bots that see the whole deal (``oracle``) get the state; others their view."""
        started, cpu = time.perf_counter(), time.process_time()
        try:
            inner = getattr(self.bot, "choose_state", None)
            if inner is not None:
                return inner(state)
            actor = state.actor
            assert actor is not None
            return self.bot.choose(state.view(actor))
        finally:
            self._count(started, cpu)

    def _count(self, started: float, cpu: float) -> None:
        self.seconds += time.perf_counter() - started
        spent = time.process_time() - cpu
        self.cpu_seconds += spent
        self.decision_cpu.append(spent)
        self.decisions += 1

    def _counts(self) -> Counter[str]:
        counts: Counter[Any] = Counter(getattr(self.bot, "forfeits", {}))
        return Counter({kind.value: n for kind, n in counts.items()})

    def forfeits(self) -> Counter[str]:
        """Forfeits since this wrapper was made (an engine's counter lasts the match)."""
        return self._counts() - self._before
