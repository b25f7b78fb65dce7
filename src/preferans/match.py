"""Duplicate matches between bots.

Every deal is played once for every seating of the bots (each assignment of bots to the
players' seats that uses every bot), so luck of the cards cancels: a bot's score on a
deal is its mean result over the seats it occupied, in whists per deal (see
:mod:`preferans.bots.payoff`). Deals are independent and reproducible from the match seed,
so they spread over processes freely.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from preferans.bots.base import Bot
from preferans.bots.levels import make_bot
from preferans.bots.payoff import deal_value
from preferans.result import DealResult
from preferans.rules import Rules
from preferans.seats import Seat, player_seats, seats_for

__all__ = [
    "BotScore",
    "MatchResult",
    "confidence_interval",
    "play_deal",
    "run_match",
    "seatings",
]

#: Safety net against an engine that never ends a deal.
MAX_ACTIONS = 400


def seatings(bots: int, players: int) -> list[tuple[int, ...]]:
    """Every assignment of bot numbers to the players' seats that uses every bot.

    Two bots at three seats give six seatings (ABB, BAB, BBA, BAA, ABA, AAB): each bot sits
    in each seat equally often, alone and in company.
    """
    if bots < 1:
        raise ValueError("a match needs at least one bot")
    if bots > players:
        raise ValueError(f"{bots} bots do not fit at a table of {players}")
    return [
        combo for combo in itertools.product(range(bots), repeat=players) if len(set(combo)) == bots
    ]


def deal_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"match|{seed}|{index}")


def play_deal(
    rules: Rules,
    dealer: Seat,
    deal_seed: random.Random,
    bots: dict[Seat, Bot],
) -> DealResult:
    """Play one deal with the given bots; each decision sees only the actor's view."""
    from preferans.game import Deal, new_deal

    deal = Deal.random(rules, dealer, deal_seed)
    state = new_deal(rules, deal)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state.result()
        actor = state.actor
        if actor is None:
            raise RuntimeError(f"no one to act in phase {state.phase}")
        action = bots[actor].choose(state.view(actor))
        state = state.apply(action)
    raise RuntimeError("the deal did not end")


@dataclass(frozen=True)
class _Task:
    levels: tuple[str, ...]
    rules: Rules
    seed: int
    index: int
    options: tuple[dict[str, Any], ...]


def _dealer(rules: Rules, index: int) -> Seat:
    table = seats_for(rules.players)
    if rules.players == 2:
        table = table[:2]
    return table[index % len(table)]


def duplicate_deal(task: _Task) -> list[float]:
    """Each bot's mean whists over every seating of one deal."""
    rules = task.rules
    seats = player_seats(rules.players)
    totals = [0.0] * len(task.levels)
    counts = [0] * len(task.levels)
    bot_seed = task.seed * 1_000_003 + task.index
    instances = [
        make_bot(level, seed=bot_seed + 7919 * i, **task.options[i])
        for i, level in enumerate(task.levels)
    ]
    for seating in seatings(len(task.levels), rules.players):
        bots = {seat: instances[b] for seat, b in zip(seats, seating, strict=True)}
        if rules.players == 2:
            bots[Seat.E] = bots[Seat.S]  # never asked: the dummy has no will of its own
        result = play_deal(rules, _dealer(rules, task.index), deal_rng(task.seed, task.index), bots)
        values = deal_value(result, rules)
        for seat, b in zip(seats, seating, strict=True):
            totals[b] += values.get(seat, 0.0)
            counts[b] += 1
    return [t / c for t, c in zip(totals, counts, strict=True)]


def confidence_interval(samples: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and the normal-approximation 95% interval of the mean."""
    n = len(samples)
    if n == 0:
        raise ValueError("no samples")
    mean = statistics.fmean(samples)
    if n == 1:
        return mean, -math.inf, math.inf
    half = z * statistics.stdev(samples) / math.sqrt(n)
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class BotScore:
    level: str
    mean: float
    low: float
    high: float


@dataclass
class MatchResult:
    """Per-deal scores of every bot, and their summary."""

    levels: tuple[str, ...]
    rules: Rules
    seed: int
    per_deal: list[list[float]] = field(default_factory=list)

    @property
    def deals(self) -> int:
        return len(self.per_deal)

    def scores(self) -> list[BotScore]:
        out = []
        for i, level in enumerate(self.levels):
            mean, low, high = confidence_interval([d[i] for d in self.per_deal])
            out.append(BotScore(level, mean, low, high))
        return out

    def difference(self, a: int = 0, b: int = 1) -> tuple[float, float, float]:
        """Bot ``a`` minus bot ``b`` per deal, with its 95% interval."""
        return confidence_interval([d[a] - d[b] for d in self.per_deal])


def _tasks(
    levels: tuple[str, ...],
    rules: Rules,
    deals: int,
    seed: int,
    options: tuple[dict[str, Any], ...],
    first: int = 0,
) -> Iterator[_Task]:
    for index in range(first, first + deals):
        yield _Task(levels, rules, seed, index, options)


def run_match(
    levels: Sequence[str],
    rules: Rules,
    deals: int,
    *,
    seed: int = 0,
    processes: int | None = 1,
    options: Sequence[dict[str, Any]] | None = None,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
) -> MatchResult:
    """Play ``deals`` duplicate deals; ``processes=None`` uses every core.

    The result does not depend on the number of processes: deal ``i`` always gets the same
    cards and the bots' decisions depend only on their seeds and views. ``first`` is the
    number of the first deal, so a long match can be played in pieces and joined.
    """
    names = tuple(levels)
    opts = tuple(options) if options is not None else tuple({} for _ in names)
    if len(opts) != len(names):
        raise ValueError("one options mapping per bot")
    seatings(len(names), rules.players)  # validates the count early
    result = MatchResult(names, rules, seed)
    tasks = _tasks(names, rules, deals, seed, opts, first)
    workers = processes or multiprocessing.cpu_count()
    if workers <= 1:
        for task in tasks:
            result.per_deal.append(duplicate_deal(task))
            if progress is not None:
                progress(1)
        return result
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers) as pool:
        for scores in pool.imap(duplicate_deal, tasks, chunksize=4):
            result.per_deal.append(scores)
            if progress is not None:
                progress(1)
    return result
