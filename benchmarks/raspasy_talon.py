"""Raspasy tricks led by talon cards: the sampling bot's choice against the heuristic's rule.

Seeded deals are bid by heuristic bots; every deal that goes to raspasy is played once for
every seat, with the sampling bot in that seat and heuristic bots in the others: once as
the bot is, once with the heuristic playing the bot's cards in the talon-led tricks 1–2
(the reference). Prints the sampling seat's whists per raspasy in both and the paired
difference with its standard error, measured in one run on the same deals.

    .venv/bin/python benchmarks/raspasy_talon.py --variant sochi --players 3 --deals 800
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from preferans.bots import make_bot
from preferans.bots.payoff import deal_value
from preferans.bots.sampling import Decision, SamplingBot
from preferans.game import Deal, Phase, View, new_deal
from preferans.rules import find_rules
from preferans.seats import player_seats


class _TalonTricksByHeuristic(SamplingBot):
    """The sampling bot, except that the heuristic plays the talon-led tricks."""

    def _play(self, view: View) -> Decision | None:
        if view.lead_talon_card is not None:
            return None
        return super()._play(view)


def run(variant: str, players: int, first: int, deals: int, reference: bool) -> dict[str, float]:
    rules = find_rules(variant, players=players)
    seats = player_seats(rules.players)
    heuristic = make_bot("heuristic", 1)
    out: dict[str, float] = {}
    for seed in range(first, first + deals):
        deal = Deal.random(rules, seats[seed % len(seats)], random.Random(1000 + seed))
        state = new_deal(rules, deal)
        while state.phase is not Phase.PLAY and not state.is_over:
            state = state.apply(heuristic.choose(state.view(state.actor)))  # type: ignore[arg-type]
        if state.is_over or state.contract is not None:
            continue
        start = state
        for me in start.active:
            if me == start.view(me).dummy:
                continue
            bot = (_TalonTricksByHeuristic if reference else SamplingBot)(seed=seed)
            state = start
            while not state.is_over:
                actor = state.actor
                assert actor is not None
                view = state.view(actor)
                state = state.apply((bot if actor == me else heuristic).choose(view))
            out[f"{seed}{me.name}"] = deal_value(state.result(), rules).get(me, 0.0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=3)
    parser.add_argument("--deals", type=int, default=800)
    args = parser.parse_args()
    with ProcessPoolExecutor(2) as pool:
        jobs = [
            pool.submit(run, args.variant, args.players, 0, args.deals, r) for r in (False, True)
        ]
        bot, ref = (job.result() for job in jobs)
    diffs = [bot[k] - ref[k] for k in ref]
    result = {
        "variant": args.variant,
        "players": args.players,
        "deals": args.deals,
        "plays": len(diffs),
        "bot": statistics.mean(bot.values()),
        "heuristic_in_talon_tricks": statistics.mean(ref.values()),
        "difference": statistics.mean(diffs),
        "se": statistics.stdev(diffs) / math.sqrt(len(diffs)),
    }
    print(
        f"{args.variant} {args.players}p, {len(diffs)} raspasy plays: sampling seat "
        f"{result['bot']:+.3f} whists/raspasy, with the heuristic in tricks 1–2 "
        f"{result['heuristic_in_talon_tricks']:+.3f}; difference {result['difference']:+.3f} "
        f"(SE {result['se']:.3f})"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
