"""The game review: how fast a pulya is reviewed, and how honest the grades are.

``speed``: a pulya of ``--deals`` deals (played by heuristic bots, Sochi, 3 players) is
reviewed the way the club does it: one task per deal on ``--processes`` worker processes
(:class:`preferans.server.thinking.Thinking`), deals shown as they come back. Prints the
wall time to the first deal and to the whole review::

    .venv/bin/python benchmarks/review.py speed --deals 30 --processes 2

``honesty``: deals played by bots of each ``--levels`` level at every seat are reviewed;
prints the mean loss per graded decision and the accuracy per level. The strong bot's own
choices should lose next to nothing on average (the grader draws other deals than the bot
did, so a little noise remains), weaker levels clearly more::

    .venv/bin/python benchmarks/review.py honesty --deals 100 --levels sampling heuristic random
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from preferans import notation
from preferans.actions import Action
from preferans.bots import make_bot
from preferans.game import DealState
from preferans.notation import GameRecord
from preferans.notation.replay import play_game
from preferans.review import review_record
from preferans.rules import find_rules
from preferans.scoring.pulya import Pulya


def play_record(variant: str, deals: int, level: str, seed: int) -> GameRecord:
    """``deals`` deals of one pulya (a target high enough not to end it first)."""
    bot = make_bot(level, seed=seed)

    def policy(state: DealState) -> Action:
        assert state.actor is not None
        return bot.choose(state.view(state.actor))

    pulya = Pulya(find_rules(variant), 1000, rng=random.Random(seed), max_deals=deals)
    return play_game(pulya, policy)


def timed_deal(text: str, number: int) -> float:
    """In a worker: review one deal, return the CPU seconds it took."""
    from preferans.review.worker import review_deal_json

    started = time.process_time()
    review_deal_json(text, number)
    return time.process_time() - started


async def _speed(text: str, numbers: list[int], processes: int) -> tuple[float, float, float]:
    from preferans.server.thinking import Thinking

    thinking = Thinking(processes)
    # Start the workers (imports, the solver) before the clock, as a running club has.
    await asyncio.gather(*(thinking.run(sum, [i]) for i in range(max(1, processes))))
    started = time.perf_counter()
    first: list[float] = []
    cpu: list[float] = []

    async def one(number: int) -> None:
        cpu.append(await thinking.run(timed_deal, text, number))
        if not first:
            first.append(time.perf_counter() - started)

    await asyncio.gather(*(one(n) for n in numbers))
    total = time.perf_counter() - started
    thinking.close()
    return first[0], total, sum(cpu)


def speed(args: argparse.Namespace) -> None:
    record = play_record(args.variant, args.deals, "heuristic", args.seed)
    text = notation.dumps(record)
    numbers = [d.number for d in record.deals]
    first, total, cpu = asyncio.run(_speed(text, numbers, args.processes))
    decisions = len(review_record(record, deals=numbers[:1]).grades)
    print(
        f"{args.variant}: {len(numbers)} deals on {args.processes} worker processes: "
        f"first deal after {first:.1f} s, the whole pulya in {total:.1f} s wall time; "
        f"{cpu:.1f} CPU seconds in the workers ({cpu / len(numbers):.2f} s per deal, "
        f"{cpu / args.processes:.1f} s on {args.processes} free cores); "
        f"deal 1 has {decisions} decisions"
    )


def honesty(args: argparse.Namespace) -> None:
    for level in args.levels:
        losses: list[float] = []
        by_kind: dict[str, list[float]] = {}
        marked = 0
        for game in range(args.games):
            record = play_record(args.variant, args.deals // args.games, level, args.seed + game)
            review = review_record(record, seed=args.review_seed)
            graded = [g for g in review.grades if g.graded]
            losses += [g.loss for g in graded]
            for g in graded:
                by_kind.setdefault(g.kind, []).append(g.loss)
            marked += sum(g.mark.value != "good" for g in graded)
        mean = statistics.fmean(losses) if losses else 0.0
        accuracy = 100.0 * (1 - marked / len(losses)) if losses else 0.0
        kinds = ", ".join(
            f"{kind} {statistics.fmean(values):.2f} ({len(values)})"
            for kind, values in sorted(by_kind.items())
        )
        print(
            f"{level:>9}: {len(losses)} graded decisions over {args.deals} deals: "
            f"mean loss {mean:.2f} whists per decision, accuracy {accuracy:.1f}%; "
            f"mean loss by kind (decisions): {kinds}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    fast = sub.add_parser("speed")
    fast.add_argument("--deals", type=int, default=30)
    fast.add_argument("--processes", type=int, default=2)
    fast.add_argument("--variant", default="sochi")
    fast.add_argument("--seed", type=int, default=7)
    fair = sub.add_parser("honesty")
    fair.add_argument("--deals", type=int, default=100)
    fair.add_argument("--games", type=int, default=5, help="pulyas the deals are split into")
    fair.add_argument("--levels", nargs="+", default=["sampling", "heuristic", "random"])
    fair.add_argument("--variant", default="sochi")
    fair.add_argument("--seed", type=int, default=7)
    fair.add_argument("--review-seed", type=int, default=1)
    args = parser.parse_args()
    if args.what == "speed":
        speed(args)
    else:
        honesty(args)


if __name__ == "__main__":
    main()
