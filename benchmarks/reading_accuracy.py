"""How well each bot's drawn deals place the cards it cannot see: the share of hidden
cards its weighted deals put in the hand that truly holds them.

Seeded deals are played to their end by one bot (``--player``, by default the first of
``--bots``) at every seat. At every decision with a choice, each sampling bot of
``--bots`` draws the deals it would draw for that decision (the auction's deals for a
call, its card deals, read by the cards played, for a card) from the seat's view, and
each deal is scored by the share of the hidden cards of the other active hands that it
places right. The shares are averaged per decision (the deals weighed as the bot weighs
them) and per deal played, so the intervals are over deals, and split by the kind of
decision. The figures are paired (every bot answers the same views), so a reading
change shows here long before it shows in a match; a better placement is not yet a
better result (docs/bots.md).

    .venv/bin/python benchmarks/reading_accuracy.py --deals 200 --seed 5 \\
        --bots master,master:read_pool=0
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict

from preferans.bots import make_bot
from preferans.bots.inference import World
from preferans.bots.sampling import SamplingBot
from preferans.game import Deal, DealState, View, new_deal
from preferans.game.phase import Phase
from preferans.lab.players import BotSpec, SpecError, parse_spec, parse_specs
from preferans.lab.stats import interval
from preferans.match import deal_rng
from preferans.rules import find_rules
from preferans.seats import player_seats

KINDS = ("bidding", "whisting", "declarer", "defender", "misère", "raspasy")


def build(spec: BotSpec, seed: int) -> SamplingBot:
    """An in-process sampling bot of ``spec`` (its deals are what is measured)."""
    if spec.level is None:
        raise SpecError(f"{spec.text!r}: only in-process bots draw deals to measure")
    bot = make_bot(spec.level, seed=seed, **spec.options)
    if not isinstance(bot, SamplingBot):
        raise SpecError(f"{spec.text!r}: not a sampling bot")
    return bot


def kind_of(view: View) -> str | None:
    """The kind of decision, or None where nothing hidden is drawn for it."""
    if view.phase is Phase.BIDDING:
        return "bidding"
    if view.phase is Phase.WHISTING:
        return "whisting"
    if view.phase is not Phase.PLAY:
        return None
    contract = view.contract
    if contract is None:
        return "raspasy"
    if contract.is_misere:
        return "misère"
    return "declarer" if view.seat == view.declarer else "defender"


def placed_right(state: DealState, view: View, worlds: list[World]) -> float | None:
    """The weighted share of hidden cards the worlds put in their true hands."""
    hidden = [s for s in view.active if s != view.seat and s not in view.known_hands]
    truth = {s: state.hand(s).mask for s in hidden}
    total = sum(m.bit_count() for m in truth.values())
    weight = sum(w.weight for w in worlds)
    if not total or weight <= 0:
        return None
    right = sum(w.weight * sum((w.hand(s) & truth[s]).bit_count() for s in hidden) for w in worlds)
    return right / weight / total


def worlds_for(bot: SamplingBot, view: View, kind: str) -> list[World]:
    """The deals the bot draws for this decision."""
    if kind == "bidding" or kind == "whisting":
        return bot._worlds(view, bot.bid_samples)[0]
    return bot.card_worlds(view, bot.samples)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bots", default="master,master:read_pool=0")
    parser.add_argument("--player", help="the bot that plays the deals (default: the first)")
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        specs = parse_specs(args.bots)
        if not specs or args.deals < 1:
            parser.error("one bot and one deal at least")
        player = parse_spec(args.player) if args.player else specs[0]
        rules = find_rules(args.variant)
        for spec in specs:
            build(spec, 0)
        if player.level is None:
            parser.error("the player must be an in-process bot")
    except (SpecError, ValueError) as error:
        parser.error(str(error))
    names = [spec.text for spec in specs]
    seats = player_seats(rules.players)
    # per bot, per kind: one mean share per deal played (deals without that kind skipped)
    per_deal: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    counts: dict[str, int] = defaultdict(int)
    started = time.monotonic()
    for done, index in enumerate(range(args.first_deal, args.first_deal + args.deals), 1):
        deal = Deal.random(rules, seats[index % len(seats)], deal_rng(args.seed, index))
        state = new_deal(rules, deal)
        assert player.level is not None
        playing = make_bot(player.level, seed=args.seed ^ index, **player.options)
        asked = {spec.text: build(spec, args.seed ^ index ^ 0x5EED) for spec in specs}
        shares: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            kind = kind_of(view)
            if kind is not None and len(view.legal_actions) > 1:
                for name, bot in asked.items():
                    share = placed_right(state, view, worlds_for(bot, view, kind))
                    if share is not None:
                        shares[name][kind].append(share)
                if kind in shares[names[0]]:
                    counts[kind] += 1
            state = state.apply(playing.choose(view))
        for name in names:
            for kind, values in shares[name].items():
                per_deal[name][kind].append(sum(values) / len(values))
        elapsed = time.monotonic() - started
        print(f"\r{done}/{args.deals} deals, {elapsed:.0f} s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(
        f"{args.variant}: {args.deals} deals played by {player.text}; the share of hidden "
        "cards placed in the right hand, per deal, [95% CI]"
    )
    print(f"  {'kind':10s} {'decisions':>9s}  " + "  ".join(f"{n:>28s}" for n in names))
    for kind in KINDS:
        if not per_deal[names[0]][kind]:
            continue
        cells = []
        for name in names:
            mean, lo, hi = interval(per_deal[name][kind])
            cells.append(f"{mean:8.1%} [{lo:6.1%}, {hi:6.1%}]")
        print(f"  {kind:10s} {counts[kind]:9d}  " + "  ".join(f"{c:>28s}" for c in cells))
    base = names[0]
    for name in names[1:]:
        for kind in KINDS:
            pairs = list(zip(per_deal[name][kind], per_deal[base][kind], strict=True))
            if not pairs:
                continue
            mean, lo, hi = interval([(a - b) * 100 for a, b in pairs])
            print(f"  {name} - {base}, {kind}: {mean:+.2f} [{lo:+.2f}, {hi:+.2f}] points")


if __name__ == "__main__":
    main()
