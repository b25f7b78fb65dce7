"""Decision time of the sampling bot (default setting or ``--samples N``) and the heuristic.

Deals are played with the sampling bot in one seat (rotating) and heuristic bots in the
others; every decision the sampling bot is asked for is timed, and the heuristic bot is
timed on the very same views, so the ratio comes from one run. Times are CPU time of the
process (``time.process_time``): the solver runs one thread, so this is one core, and it
is not inflated by other work on a shared machine. Usage::

    .venv/bin/python benchmarks/bots.py [--deals 60] [--variant sochi] [--seed 7] [--samples 16]
        [--bid-samples 32] [--selfish-cards 7] [--fused-cards 7] [--discard-options 8]

The times are also shown per kind of decision (the game's phase: bidding, the discard and
the contract, whisting, card play; in the Balkan game also play beside an out seat), each
with its share of the bot's time, which says where more deals per decision cost most;
raspasy card play is shown apart from the play of a game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from preferans.bots import make_bot
from preferans.bots.sampling import (
    DEFAULT_SAMPLES,
    DISCARD_OPTIONS,
    FUSED_CARDS,
    SELFISH_CARDS,
    SamplingBot,
)
from preferans.game import Deal, new_deal
from preferans.rules import find_rules
from preferans.seats import player_seats
from preferans.solver import BACKEND


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--samples", type=int, default=DEFAULT_SAMPLES, help="the sampling bot's deals per decision"
    )
    parser.add_argument(
        "--bid-samples",
        type=int,
        default=None,
        help="the sampling bot's deals per bid (default: its own, half of --samples)",
    )
    parser.add_argument(
        "--selfish-cards",
        type=int,
        default=SELFISH_CARDS,
        help="raspasy play with at most this many cards solves every seat for himself "
        "(default: %(default)s; 0: never)",
    )
    parser.add_argument(
        "--fused-cards",
        type=int,
        default=FUSED_CARDS,
        help="selfish raspasy play with 3 to this many cards chooses the next card without "
        "seeing the drawn deals (default: %(default)s; 0: never)",
    )
    parser.add_argument(
        "--discard-options",
        type=int,
        default=DISCARD_OPTIONS,
        help="discards the declarer's plan solves for each strain (default: %(default)s)",
    )
    args = parser.parse_args()
    rules = find_rules(args.variant)
    seats = player_seats(rules.players)
    sampling = SamplingBot(
        seed=args.seed,
        samples=args.samples,
        bid_samples=args.bid_samples,
        selfish_cards=args.selfish_cards,
        fused_cards=args.fused_cards,
        discard_options=args.discard_options,
    )
    heuristic = make_bot("heuristic", args.seed)
    times: list[float] = []
    heuristic_times: list[float] = []
    choices: list[int] = []
    talon_led: list[bool] = []
    phases: list[str] = []
    for index in range(args.deals):
        dealer = seats[index % len(seats)]
        me = seats[(index // len(seats)) % len(seats)]
        state = new_deal(rules, Deal.random(rules, dealer, random.Random(args.seed * 7919 + index)))
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            if actor == me:
                start = time.process_time()
                action = sampling.choose(view)
                times.append(time.process_time() - start)
                start = time.process_time()
                heuristic.choose(view)
                heuristic_times.append(time.process_time() - start)
                choices.append(len(view.legal_actions))
                talon_led.append(view.lead_talon_card is not None)
                kind = view.phase.name.lower()
                if kind == "play" and view.contract is None:
                    kind = "raspasy play"
                phases.append(kind + (" (out seat)" if view.out else ""))
            else:
                action = heuristic.choose(view)
            state = state.apply(action)
    real = [t for t, n in zip(times, choices, strict=True) if n > 1]
    real_h = [t for t, n in zip(heuristic_times, choices, strict=True) if n > 1]
    # raspasy tricks 1-2 led by a talon card: ten-card solves, the slowest card play
    talon = [t for t, n, x in zip(times, choices, talon_led, strict=True) if n > 1 and x]
    talon_h = [
        t for t, n, x in zip(heuristic_times, choices, talon_led, strict=True) if n > 1 and x
    ]
    print(
        f"sampling bot, {args.samples} deals per decision, {sampling.bid_samples} per bid, "
        f"selfish raspasy from {args.selfish_cards} cards (next card unseen from "
        f"{args.fused_cards}), "
        f"{args.discard_options} discards a strain, "
        f"solver backend {BACKEND}, {args.variant}, {args.deals} deals, one core (CPU time)"
    )
    for label, s_times, h_times in (
        ("all decisions", times, heuristic_times),
        ("decisions with a choice", real, real_h),
        ("talon-led, with a choice", talon, talon_h),
    ):
        if not s_times:
            continue
        med, p95 = statistics.median(s_times), _quantile(s_times, 0.95)
        h_med, h_p95 = statistics.median(h_times), _quantile(h_times, 0.95)
        print(
            f"  {label:<24} n={len(s_times):4d}  sampling median {med * 1000:7.1f} ms  "
            f"p95 {p95 * 1000:7.1f} ms  max {max(s_times) * 1000:7.1f} ms  |  heuristic median "
            f"{h_med * 1000:6.2f} ms  p95 {h_p95 * 1000:6.2f} ms  |  ratio of medians "
            f"{med / max(h_med, 1e-9):6.0f}×  of p95 {p95 / max(h_p95, 1e-9):6.0f}×"
        )
    # Each kind of decision's times (choices only) and its share of the bot's time.
    total = sum(real) or 1.0
    kinds = sorted({p for p, n in zip(phases, choices, strict=True) if n > 1})
    for kind in kinds:
        got = [t for t, p, n in zip(times, phases, choices, strict=True) if p == kind and n > 1]
        med, p95 = statistics.median(got), _quantile(got, 0.95)
        print(
            f"  {args.variant} {kind:<17} n={len(got):4d}  sampling median "
            f"{med * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms  max {max(got) * 1000:7.1f} ms"
            f"  share of time {100 * sum(got) / total:5.1f}%"
        )


if __name__ == "__main__":
    main()
