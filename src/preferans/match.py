"""Duplicate matches between bots.

Every deal is played once for every seating of the bots (each assignment of bots to the
players' seats that uses every bot), so luck of the cards cancels: a bot's score on a
deal is its mean result over the seats it occupied, in whists per deal (see
:mod:`preferans.bots.payoff`). Deals are independent and reproducible from the match seed,
so they spread over processes freely.

A bot is a level of this project (``sampling:samples=64``) or an external engine speaking
the bot protocol (``cmd:COMMAND``, :mod:`preferans.lab`); every bot's decisions, the
seconds they took and its forfeits are counted. Intervals use Student's t; an optional
SPRT (:class:`preferans.lab.stats.SPRT`) stops the match once the difference is shown.
"""

from __future__ import annotations

import itertools
import multiprocessing
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from preferans.actions import Action
from preferans.bots.base import Bot
from preferans.bots.payoff import deal_value
from preferans.errors import RulesError
from preferans.lab.players import BotSpec, TimedBot, close_engines, make_player, parse_spec
from preferans.lab.stats import SPRT, Verdict, interval, nearest_rank
from preferans.result import DealResult
from preferans.rules import Rules
from preferans.seats import Seat, player_seats, seats_for

__all__ = [
    "BotScore",
    "DealScores",
    "MatchResult",
    "confidence_interval",
    "play_deal",
    "run_match",
    "seatings",
]

#: Safety net against an engine that never ends a deal.
MAX_ACTIONS = 400
#: Two per-deal scores closer than this are the same (sums of fractions of whists leave
#: rounding dust such as 6e-16 where two bots played a deal alike).
SAME_SCORE = 1e-6


def seatings(bots: int, players: int) -> list[tuple[int, ...]]:
    """Every assignment of bot numbers to the players' seats that uses every bot.

    Two bots at three seats give six seatings (ABB, BAB, BBA, BAA, ABA, AAB): each bot sits
    in each seat equally often, alone and in company.
    """
    if bots < 1:
        raise RulesError("a match needs at least one bot", ru="для матча нужен хотя бы один бот")
    if bots > players:
        raise RulesError(
            f"{bots} bots do not fit at a table of {players}",
            ru=f"{bots} ботов не помещаются за стол на {players}",
        )
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
    """Play one deal with the given bots; each decision sees only the actor's view.

    A bot with ``choose_state`` (the ``oracle``, which sees the whole deal) gets the state;
    a bot with ``deal_over`` (an external engine) is told the result at the end.
    """

    def decide(state: Any) -> Action:
        actor = state.actor
        if actor is None:
            raise AssertionError(f"no one to act in phase {state.phase}")
        bot = bots[actor]
        whole = getattr(bot, "choose_state", None)
        return whole(state) if whole is not None else bot.choose(state.view(actor))

    def over(state: Any, result: DealResult) -> None:
        _tell_deal_over(rules, state, result, bots)

    played = _play_out(rules, dealer, deal_seed, decide, over)
    assert played is not None  # ``decide`` never gives up
    return played


def _play_out(
    rules: Rules,
    dealer: Seat,
    deal_seed: random.Random,
    decide: Callable[[Any], Action | None],
    over: Callable[[Any, DealResult], None],
) -> DealResult | None:
    """Deal and play to the end, ``decide`` choosing every action (None: stop, no result);
    ``over`` hears the final state and the result."""
    from preferans.game import Deal, new_deal

    state = new_deal(rules, Deal.random(rules, dealer, deal_seed))
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            result = state.result()
            over(state, result)
            return result
        action = decide(state)
        if action is None:
            return None
        state = state.apply(action)
    raise AssertionError("the deal did not end")


def _tell_deal_over(rules: Rules, state: Any, result: DealResult, bots: dict[Seat, Bot]) -> None:
    """Give each listening bot the result and the final view of every seat it held."""
    held: dict[int, tuple[Any, list[Seat]]] = {}
    for seat in player_seats(rules.players):
        inner = getattr(bots[seat], "bot", bots[seat])
        if hasattr(inner, "deal_over"):
            held.setdefault(id(inner), (inner, []))[1].append(seat)
    if not held:
        return
    values = deal_value(result, rules)
    for listener, seats in held.values():
        listener.deal_over(result, values, {seat: state.view(seat) for seat in seats})


@dataclass(frozen=True)
class DealTask:
    """One duplicate deal of a match: the bots, the rules, which deal and the bots' seeds."""

    levels: tuple[str, ...]
    rules: Rules
    seed: int
    index: int
    options: tuple[dict[str, Any], ...]
    deadline: float = 30.0
    common_seed: bool = False


@dataclass(frozen=True)
class DealScores:
    """One duplicate deal: each bot's mean whists, decisions, think seconds, forfeits."""

    scores: list[float]
    decisions: list[int]
    seconds: list[float]
    forfeits: list[dict[str, int]]
    cpu_seconds: list[float] = field(default_factory=list)
    decision_cpu: list[list[float]] = field(default_factory=list)
    """Each bot's CPU seconds per decision, in the order it decided."""


def dealer_of(rules: Rules, index: int) -> Seat:
    """Who deals deal ``index``: the deal passes round the table."""
    table = seats_for(rules.players)
    if rules.players == 2:
        table = table[:2]
    return table[index % len(table)]


def duplicate_deal(task: DealTask) -> DealScores:
    """Each bot's mean whists over every seating of one deal."""
    rules = task.rules
    seats = player_seats(rules.players)
    instances = deal_bots(task)
    if task.common_seed:
        agreed = agreed_deal(rules, dealer_of(rules, task.index), task, instances)
        if agreed is not None:
            # Every bot chose alike at every step, so every seating plays this same deal.
            values = deal_value(agreed, rules)
            mean = sum(values.get(seat, 0.0) for seat in seats) / len(seats)
            return DealScores(
                [mean] * len(task.levels),
                [bot.decisions for bot in instances],
                [bot.seconds for bot in instances],
                [dict(bot.forfeits()) for bot in instances],
                [bot.cpu_seconds for bot in instances],
                [bot.decision_cpu for bot in instances],
            )
    return every_seating(task, instances)


def deal_bots(task: DealTask) -> list[TimedBot]:
    """The bots of one deal, each with its seed (one for all with ``common_seed``)."""
    rules = task.rules
    seats = player_seats(rules.players)
    bot_seed = task.seed * 1_000_003 + task.index
    return [
        TimedBot(
            make_player(
                _spec(level),
                slot=i,
                seed=bot_seed if task.common_seed else bot_seed + 7919 * i,
                deal=task.index,
                rules=rules,
                seats=seats,
                options=task.options[i],
                deadline=task.deadline,
            )
        )
        for i, level in enumerate(task.levels)
    ]


def every_seating(task: DealTask, instances: list[TimedBot]) -> DealScores:
    """Each bot's mean whists with the deal played once for every seating."""
    rules = task.rules
    seats = player_seats(rules.players)
    totals = [0.0] * len(task.levels)
    counts = [0] * len(task.levels)
    for seating in seatings(len(task.levels), rules.players):
        bots: dict[Seat, Bot] = {seat: instances[b] for seat, b in zip(seats, seating, strict=True)}
        if rules.players == 2:
            bots[Seat.E] = bots[Seat.S]  # never asked: the dummy has no will of its own
        result = play_deal(
            rules, dealer_of(rules, task.index), deal_rng(task.seed, task.index), bots
        )
        values = deal_value(result, rules)
        for seat, b in zip(seats, seating, strict=True):
            totals[b] += values.get(seat, 0.0)
            counts[b] += 1
    return DealScores(
        [t / c for t, c in zip(totals, counts, strict=True)],
        [bot.decisions for bot in instances],
        [bot.seconds for bot in instances],
        [dict(bot.forfeits()) for bot in instances],
        [bot.cpu_seconds for bot in instances],
        [bot.decision_cpu for bot in instances],
    )


def agreed_deal(
    rules: Rules,
    dealer: Seat,
    task: DealTask,
    instances: list[TimedBot],
    split: list[tuple[Any, list[Action]]] | None = None,
) -> DealResult | None:
    """The deal played with every bot asked at every step, or None at the first step where
    they differ (that step's state and each bot's action appended to ``split`` when given).
    Bots with one seed decide by their view alone, so when they all agree the deal goes the
    same way in every seating: played once instead of once per seating."""

    def decide(state: Any) -> Action | None:
        actions: list[Action] = [bot.choose_state(state) for bot in instances]
        if all(a == actions[0] for a in actions[1:]):
            return actions[0]
        if split is not None:
            split.append((state, actions))
        return None

    def over(state: Any, result: DealResult) -> None:
        for bot in instances:
            _tell_deal_over(rules, state, result, dict.fromkeys(player_seats(rules.players), bot))

    return _play_out(rules, dealer, deal_rng(task.seed, task.index), decide, over)


_SPECS: dict[str, BotSpec] = {}


def _spec(text: str) -> BotSpec:
    spec = _SPECS.get(text)
    if spec is None:
        spec = _SPECS[text] = parse_spec(text)
    return spec


def confidence_interval(samples: Sequence[float]) -> tuple[float, float, float]:
    """Mean and the Student's t 95% interval of the mean (infinite for one sample)."""
    return interval(samples, 0.95)


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
    decisions: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)
    decision_cpu: list[list[float]] = field(default_factory=list)
    """Each bot's CPU seconds of every decision (the runner's CPU: in-process bots only)."""
    forfeits: list[Counter[str]] = field(default_factory=list)
    verdict: Verdict | None = None
    """The SPRT's verdict when it stopped the match early."""

    @property
    def deals(self) -> int:
        return len(self.per_deal)

    def add(self, deal: DealScores) -> None:
        if not self.decisions:
            self.decisions = [0] * len(self.levels)
            self.seconds = [0.0] * len(self.levels)
            self.cpu_seconds = [0.0] * len(self.levels)
            self.decision_cpu = [[] for _ in self.levels]
            self.forfeits = [Counter() for _ in self.levels]
        self.per_deal.append(deal.scores)
        for i in range(len(self.levels)):
            self.decisions[i] += deal.decisions[i]
            self.seconds[i] += deal.seconds[i]
            self.cpu_seconds[i] += deal.cpu_seconds[i] if deal.cpu_seconds else 0.0
            if deal.decision_cpu:
                self.decision_cpu[i].extend(deal.decision_cpu[i])
            self.forfeits[i].update(deal.forfeits[i])

    def decision_seconds(self, bot: int, *, cpu: bool = False) -> float:
        """Mean wall-clock (or the runner's CPU) seconds per decision of one bot."""
        if not self.decisions or not self.decisions[bot]:
            return 0.0
        total = self.cpu_seconds[bot] if cpu else self.seconds[bot]
        return total / self.decisions[bot]

    def decision_cpu_profile(self, bot: int) -> tuple[float, float, float]:
        """Median, 95th percentile and maximum CPU seconds of one bot's decisions (zeros
        when none were timed). The mean of :meth:`decision_seconds` is carried by the
        few long decisions; these say how long a typical one takes and how bad the worst are.
        """
        samples = sorted(self.decision_cpu[bot]) if self.decision_cpu else []
        if not samples:
            return 0.0, 0.0, 0.0
        return nearest_rank(samples, 0.5), nearest_rank(samples, 0.95), samples[-1]

    def scores(self) -> list[BotScore]:
        out = []
        for i, level in enumerate(self.levels):
            mean, low, high = confidence_interval([d[i] for d in self.per_deal])
            out.append(BotScore(level, mean, low, high))
        return out

    def difference(self, a: int = 0, b: int = 1) -> tuple[float, float, float]:
        """Bot ``a`` minus bot ``b`` per deal, with its 95% interval."""
        return confidence_interval([d[a] - d[b] for d in self.per_deal])

    def differed(self, a: int = 0, b: int = 1) -> tuple[int, int, int]:
        """Deals where bots ``a`` and ``b`` scored differently, and of those the ones
        ``a`` came out ahead and behind. With a common seed only the deals a change
        reaches differ, so this says how often it mattered and which way it went."""
        gaps = [d[a] - d[b] for d in self.per_deal]
        ahead = sum(g > SAME_SCORE for g in gaps)
        behind = sum(g < -SAME_SCORE for g in gaps)
        return ahead + behind, ahead, behind


def _tasks(
    levels: tuple[str, ...],
    rules: Rules,
    deals: int,
    seed: int,
    options: tuple[dict[str, Any], ...],
    first: int = 0,
    deadline: float = 30.0,
    common_seed: bool = False,
) -> Iterator[DealTask]:
    for index in range(first, first + deals):
        yield DealTask(levels, rules, seed, index, options, deadline, common_seed)


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
    deadline: float = 30.0,
    sprt: SPRT | None = None,
    common_seed: bool = False,
    played: Sequence[DealScores] = (),
    on_deal: Callable[[int, DealScores], None] | None = None,
) -> MatchResult:
    """Play ``deals`` duplicate deals; ``processes=None`` uses every core.

    The result does not depend on the number of processes: deal ``i`` always gets the same
    cards and the bots' decisions depend only on their seeds and views. ``first`` is the
    number of the first deal, so a long match can be played in pieces and joined.
    ``deadline`` is an external engine's time per decision in seconds; ``sprt`` stops the
    match at the first deal where it reaches a verdict on bot 0 minus bot 1 (the deals
    are judged in order, so the stopping point does not depend on the processes either).
    ``common_seed`` gives every bot the same seed (common random numbers): two versions of
    one bot then play alike wherever their decisions agree, so only the deals where they
    differ add noise to the difference; a deal where every bot agrees at every step is
    played once (every seating would play it the same way), the others in every seating.
    ``played`` are the first deals' scores from an earlier run of the same match (a
    journal): they are counted, not played again. ``on_deal`` hears every deal played,
    with its number, in the order of the deals.
    """
    names = tuple(levels)
    opts = tuple(options) if options is not None else tuple({} for _ in names)
    if len(opts) != len(names):
        raise RulesError("one options mapping per bot", ru="нужно по набору настроек на бота")
    seatings(len(names), rules.players)  # validates the count early
    result = MatchResult(names, rules, seed)
    differences: list[float] = []

    def take(deal: DealScores) -> bool:
        result.add(deal)
        if progress is not None:
            progress(1)
        if sprt is None:
            return False
        differences.append(deal.scores[0] - deal.scores[1])
        result.verdict = sprt.verdict(differences)
        return result.verdict is not None

    for deal in played[:deals]:
        if take(deal):
            return result
    done = min(len(played), deals)
    if done == deals:
        return result
    tasks = _tasks(names, rules, deals - done, seed, opts, first + done, deadline, common_seed)
    count = itertools.count(first + done)

    def take_new(deal: DealScores) -> bool:
        if on_deal is not None:
            on_deal(next(count), deal)
        return take(deal)

    workers = processes or multiprocessing.cpu_count()
    if workers <= 1:
        try:
            for task in tasks:
                if take_new(duplicate_deal(task)):
                    break
        finally:
            close_engines()
        return result
    ctx = multiprocessing.get_context("fork")
    pool = ctx.Pool(workers)
    try:
        for scores in pool.imap(duplicate_deal, tasks, chunksize=4):
            if take_new(scores):
                break
        else:
            pool.close()  # the workers leave normally and quit their engines
            pool.join()
    finally:
        pool.terminate()
    return result
