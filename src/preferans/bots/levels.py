"""The registry of bot levels: ``make_bot(level, seed)`` builds a bot of a named level.

Players choose among the levels named for players (:data:`PLAYER_LEVELS`): novice
(новичок) is the heuristic, amateur (любитель) the sampling bot with few deals per
decision, master (мастер) the sampling bot at its full setting, the default everywhere
(:data:`DEFAULT_LEVEL`). The engineering names (``random``, ``heuristic``, ``sampling``)
stay for matches and tests; ``random`` is never offered to players.

Kept apart from :mod:`preferans.bots.base` (the interface every bot module imports), so
that the registry may import the bots without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from preferans.bots.base import Bot
from preferans.bots.heuristic import HeuristicBot
from preferans.bots.oracle import OracleBot
from preferans.bots.random_bot import RandomBot
from preferans.bots.sampling import SamplingBot
from preferans.errors import PreferansError

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "PLAYER_LEVELS",
    "SEES_WHOLE_DEAL",
    "PlayerLevel",
    "level_names",
    "level_title",
    "make_bot",
    "player_levels",
    "register_level",
]

#: Deals drawn per decision at the amateur level (the master draws the bot's default).
AMATEUR_SAMPLES = 4
#: Deals drawn for each auction decision (bids, the declarer's plan, whist calls) at the
#: master level: 48 beat the bot's default of 8 by +0.58 [+0.01, +1.15] whists per deal
#: over 1,000 Sochi deals (docs/bots.md).
MASTER_BID_SAMPLES = 48
#: Whists the master's bid may be priced below the pass and still be made: the passers'
#: drawn raspasy flatter them (2.6 whists in master self-play), and the declarer beats
#: his double-dummy count. -2 against the bot's 1 over 1,000 Sochi deals: +0.13 [+0.01,
#: +0.24] whists per deal; Leningrad +0.04 [-0.15, +0.24] (docs/bots.md).
MASTER_BID_MARGIN = -2.0
#: Raspasy play with at most this many cards a hand after the talon tricks solves every
#: seat for himself (``Objective.SELFISH``), not two against the mover: every Sochi and
#: Leningrad raspasy trick. Over 1,000 Leningrad deals +0.24 [+0.03, +0.44] whists per
#: deal against the paranoid solve (docs/bots.md).
MASTER_SELFISH_CARDS = 8
#: Selfish raspasy play with three to this many cards in hand chooses the mover's next
#: card once for all the drawn deals he cannot then tell apart (``bots/fused_play.py``).
#: Over 2,000 Leningrad deals +0.08 [+0.00, +0.15] whists per deal against seeing each
#: deal (docs/bots.md).
MASTER_FUSED_CARDS = 8


@dataclass(frozen=True, slots=True)
class PlayerLevel:
    """A level offered to players: its titles and the bot setting behind it."""

    name: str
    ru: str
    en: str
    setting: str
    """What it is, in the engineering names (docs/bots.md)."""


PLAYER_LEVELS: tuple[PlayerLevel, ...] = (
    PlayerLevel("novice", "новичок", "novice", "heuristic: seed 002's rules of thumb"),
    PlayerLevel(
        "amateur",
        "любитель",
        "amateur",
        f"sampling with {AMATEUR_SAMPLES} deals per decision",
    ),
    PlayerLevel(
        "master",
        "мастер",
        "master",
        f"sampling with {MASTER_BID_SAMPLES} deals per auction decision, bidding calls priced"
        f" up to {-MASTER_BID_MARGIN:g} whists below the pass, raspasy played every seat for"
        " himself, its next card chosen without seeing the drawn deals",
    ),
)
#: The strongest level within the time budget: the default opponent, stand-in and hint.
DEFAULT_LEVEL = "master"

BotFactory = Callable[..., Bot]
LEVELS: dict[str, BotFactory] = {}
#: Levels that decide from the whole deal (``choose_state``), not from one seat's view:
#: matches and benchmarks may seat them, the club never does.
SEES_WHOLE_DEAL: frozenset[str] = frozenset({"oracle"})


def register_level(name: str, factory: BotFactory) -> None:
    """Make ``make_bot(name, seed)`` build bots with ``factory(seed=..., **options)``."""
    LEVELS[name] = factory


def _ensure_builtin() -> None:
    if "random" in LEVELS:
        return
    LEVELS.setdefault("random", RandomBot)
    LEVELS.setdefault("heuristic", HeuristicBot)
    LEVELS.setdefault("sampling", SamplingBot)
    LEVELS.setdefault("novice", HeuristicBot)
    LEVELS.setdefault("amateur", partial(SamplingBot, samples=AMATEUR_SAMPLES))
    LEVELS.setdefault(
        "master",
        partial(
            SamplingBot,
            bid_samples=MASTER_BID_SAMPLES,
            bid_margin=MASTER_BID_MARGIN,
            selfish_cards=MASTER_SELFISH_CARDS,
            fused_cards=MASTER_FUSED_CARDS,
        ),
    )
    LEVELS.setdefault("oracle", OracleBot)
    _load_plugins()


#: Levels offered by installed packages that could not load (their extra is missing).
UNAVAILABLE: dict[str, str] = {}


def _load_plugins() -> None:
    """Levels other packages (or the optional extras) offer in the ``preferans.bots``
    entry-point group, e.g. ``ismcts`` with ``pip install preferans[ai]``."""
    from importlib.metadata import entry_points

    for entry in entry_points(group="preferans.bots"):
        try:
            factory = entry.load()
        except ImportError as error:
            UNAVAILABLE[entry.name] = str(error)
            continue
        LEVELS.setdefault(entry.name, factory)


def level_names(*, whole_deal: bool = False) -> tuple[str, ...]:
    """Registered levels, weakest first for the built-in ones; those that see the whole
    deal (:data:`SEES_WHOLE_DEAL`) only with ``whole_deal`` (matches, benchmarks)."""
    _ensure_builtin()
    return tuple(name for name in LEVELS if whole_deal or name not in SEES_WHOLE_DEAL)


def player_levels() -> tuple[str, ...]:
    """The levels players are offered, weakest first."""
    _ensure_builtin()
    return tuple(level.name for level in PLAYER_LEVELS)


def level_title(name: str, lang: str = "en") -> str:
    """A level's name for players in ``lang`` ("ru" or "en"); other names as they are."""
    for level in PLAYER_LEVELS:
        if level.name == name:
            return level.ru if lang == "ru" else level.en
    return name


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of the named level; ``options`` go to its constructor (e.g. ``samples``)."""
    _ensure_builtin()
    factory = LEVELS.get(level)
    if factory is None:
        known = ", ".join(LEVELS)
        if level in UNAVAILABLE:
            raise PreferansError(
                f"bot level {level!r} needs the ai extra (pip install 'preferans[ai]'): "
                f"{UNAVAILABLE[level]}; known levels: {known}"
            )
        raise PreferansError(f"unknown bot level {level!r}; known levels: {known}")
    return factory(seed=seed, **options)
