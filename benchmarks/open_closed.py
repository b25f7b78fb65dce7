"""A lone whister's open or closed defence, played out both ways by sampling bots.

Seeded deals are bid and whisted by heuristic bots (``--bidders sampling``: by the sampling
bots); at every lone whister's open/closed choice the deal as it lies is played to its end
twice from there, once open and once closed, with sampling bots at every seat, each seeing
what its seat sees (no claims; the review's playout). Prints the whister's whists both
ways by the chance of the contract that the sampling bot saw, and what each rule (always
open, always closed, open from a chance of one half) loses per choice against the better
of the two in hindsight.

    .venv/bin/python benchmarks/open_closed.py --deals 640
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

from preferans.actions import Call, CallKind
from preferans.bots import make_bot
from preferans.bots.base import Bot
from preferans.bots.sampling import SamplingBot
from preferans.game import Deal, new_deal
from preferans.match import deal_rng
from preferans.review.openclosed import played_out
from preferans.rules import Rules, find_rules
from preferans.seats import player_seats

BUCKETS = ((0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.01))


def choices(rules: Rules, first: int, deals: int, bidders: str) -> list[tuple[float, float, float]]:
    """(chance the bot saw, whists open, whists closed) for every open/closed choice."""
    seats = player_seats(rules.players)
    out = []
    for index in range(first, first + deals):
        dealer = seats[index % len(seats)]
        state = new_deal(rules, Deal.random(rules, dealer, deal_rng(1, index)))
        player = SamplingBot(seed=index)
        bidding: Bot = player if bidders == "sampling" else make_bot("heuristic")
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            calls = {a.kind: a for a in view.legal_actions if isinstance(a, Call)}
            if CallKind.OPEN in calls and CallKind.CLOSED in calls:
                decision = player.decide(view)
                chance = decision.options[0].chance or 0.0
                opened, _ = played_out(state, calls[CallKind.OPEN], actor, player)
                closed, _ = played_out(state, calls[CallKind.CLOSED], actor, player)
                out.append((chance, opened, closed))
                break
            state = state.apply(bidding.choose(view))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--bidders", choices=("heuristic", "sampling"), default="heuristic")
    args = parser.parse_args()
    rules = find_rules(args.variant)
    found = choices(rules, args.first_deal, args.deals, args.bidders)
    print(f"{args.variant}, {args.deals} deals from {args.first_deal}: {len(found)} choices")
    if len(found) < 2:
        return
    for low, high in BUCKETS:
        rows = [o - c for p, o, c in found if low <= p < high]
        if len(rows) > 1:
            se = statistics.stdev(rows) / len(rows) ** 0.5
            print(
                f"  chance {low:.2f}-{min(high, 1.0):.2f}: n={len(rows):3d}  "
                f"open - closed {statistics.mean(rows):+6.2f} whists (SE {se:.2f})"
            )
    rows = [o - c for _, o, c in found]
    se = statistics.stdev(rows) / len(rows) ** 0.5
    print(f"  all: open - closed {statistics.mean(rows):+.2f} whists per choice (SE {se:.2f})")
    rules_of_thumb: dict[str, Callable[[float], bool]] = {
        "always open": lambda p: True,
        "always closed": lambda p: False,
        "open from a chance of 1/2": lambda p: p >= 0.5,
    }
    for name, opens in rules_of_thumb.items():
        loss = [max(o, c) - (o if opens(p) else c) for p, o, c in found]
        print(f"  {name:<26} loses {statistics.mean(loss):5.2f} whists per choice")


if __name__ == "__main__":
    main()
