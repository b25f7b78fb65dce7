"""Whist calls checked against the true deal: how strong each bot believes the declarer is.

Seeded deals are played by one bot (``--player``, by default the first of ``--bots``) at
every seat. At every decision to whist a declared game, each bot of ``--bots`` is asked
from the defender's view and its evidence (the contract's chance, the declarer's expected
tricks, both over its drawn deals) is set against the declarer's double-dummy tricks in
the true deal. A bot whose deals fit what the declarer's contract says about his cards
predicts the tricks he takes (bias near 0) and the share of contracts made; the Brier
score rates the chance it gave (lower is better; 0.25 is a coin). Where the game was
then played, the tricks each bot predicted are also set against those the declarer took
at the table, whose play is not double-dummy. The figures are paired: every bot answers
the same views.

    .venv/bin/python benchmarks/whist_calibration.py --deals 200 \\
        --bots master,master:contract_tilt=true
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict

from preferans.actions import Call, CallKind
from preferans.bots import make_bot
from preferans.bots.base import Bot
from preferans.bots.oracle import OracleBot
from preferans.game import Deal, View, new_deal
from preferans.lab.players import BotSpec, SpecError, parse_spec, parse_specs
from preferans.lab.stats import interval
from preferans.match import deal_rng
from preferans.rules import find_rules
from preferans.seats import player_seats


def build(spec: BotSpec, seed: int) -> Bot:
    """An in-process bot of ``spec`` (an external engine cannot be asked off its turn)."""
    if spec.level is None:
        raise SpecError(f"{spec.text!r}: the calibration asks in-process bots only")
    return make_bot(spec.level, seed=seed, **spec.options)


def whist_view(view: View) -> bool:
    """A defender deciding whether to whist a declared game."""
    contract = view.contract
    kinds = {a.kind for a in view.legal_actions if isinstance(a, Call)}
    return contract is not None and not contract.is_misere and CallKind.WHIST in kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bots", default="master,master:contract_tilt=true")
    parser.add_argument("--player", help="the bot that plays the deals (default: the first)")
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        specs = parse_specs(args.bots)
        if not specs or args.deals < 1:
            parser.error("one bot and one deal at least")
        player = parse_spec(args.player) if args.player else specs[0]
        rules = find_rules(args.variant)
        build(player, 0)
        for spec in specs:
            if not callable(getattr(build(spec, 0), "decide", None)):
                parser.error(f"{spec.text}: the calibration asks bots that show their evidence")
    except (SpecError, ValueError) as error:
        parser.error(str(error))
    names = [spec.text for spec in specs]
    seats = player_seats(rules.players)
    # per bot, per whist view: (tricks predicted - true tricks, chance, made or not)
    rows: dict[str, list[tuple[float, float, bool]]] = defaultdict(list)
    whists: dict[str, int] = defaultdict(int)
    # per bot, per whist view of a game then played: tricks predicted - tricks taken
    played: dict[str, list[float]] = defaultdict(list)
    edge: list[float] = []  # per such view: tricks taken - the true deal's count
    oracle = OracleBot()  # its whist decision solves the true deal: the declarer's tricks
    started = time.monotonic()
    for done, index in enumerate(range(args.first_deal, args.first_deal + args.deals), 1):
        deal = Deal.random(rules, seats[index % len(seats)], deal_rng(args.seed, index))
        state = new_deal(rules, deal)
        playing = build(player, args.seed ^ index)
        asked = {spec.text: build(spec, args.seed ^ index ^ 0x5EED) for spec in specs}
        predicted: list[tuple[float, dict[str, float]]] = []  # this deal's: true, per bot
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            if whist_view(view):
                assert view.contract is not None
                truth = oracle.decide_state(state).options[0].tricks
                assert truth is not None
                made = truth >= view.contract.level
                predicted.append((truth, {}))
                for name, bot in asked.items():
                    decision = bot.decide(view)  # type: ignore[attr-defined]
                    option = decision.options[0]
                    if option.tricks is None or option.chance is None:
                        raise SystemExit(f"{name} gives no chance for its whist call")
                    rows[name].append((option.tricks - truth, option.chance, made))
                    predicted[-1][1][name] = option.tricks
                    whists[name] += isinstance(decision.action, Call) and (
                        decision.action.kind is CallKind.WHIST
                    )
            state = state.apply(playing.choose(view))
        result = state.result()
        if result.played and result.declarer is not None:
            taken = result.tricks.get(result.declarer, 0)
            for truth, tricks in predicted:
                edge.append(taken - truth)
                for name, value in tricks.items():
                    played[name].append(value - taken)
        elapsed = time.monotonic() - started
        print(f"\r{done}/{args.deals} deals, {elapsed:.0f} s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    views = len(rows[names[0]])
    if not views:
        raise SystemExit("no whist decision in these deals")
    made_share = sum(r[2] for r in rows[names[0]]) / views
    print(
        f"{args.variant}: {args.deals} deals played by {player.text}, {views} whist decisions; "
        f"the contract made double-dummy in the true deal: {made_share:.0%}"
    )
    head = f"{'tricks: predicted - true [95% CI]':>34s} {'chance':>7s} {'Brier':>6s} whists"
    print(f"  {'bot':40s} {head}")
    for name in names:
        bias, lo, hi = interval([r[0] for r in rows[name]])
        chance = sum(r[1] for r in rows[name]) / views
        brier = sum((r[1] - r[2]) ** 2 for r in rows[name]) / views
        print(
            f"  {name:40s} {bias:+13.2f} [{lo:+.2f}, {hi:+.2f}]{'':6s} {chance:7.0%} "
            f"{brier:6.3f} {whists[name] / views:6.0%}"
        )
    if edge:
        mean, lo, hi = interval(edge)
        print(
            f"  {len(edge)} of them in games then played, where the declarer took "
            f"{mean:+.2f} [{lo:+.2f}, {hi:+.2f}] tricks over the true deal's count"
        )
        for name in names:
            bias, lo, hi = interval(played[name])
            print(f"  {name:40s} predicted - taken {bias:+.2f} [{lo:+.2f}, {hi:+.2f}]")
    base = names[0]
    for name in names[1:]:
        diff = [
            (a[1] - a[2]) ** 2 - (b[1] - b[2]) ** 2
            for a, b in zip(rows[name], rows[base], strict=True)
        ]
        mean, lo, hi = interval(diff)
        print(f"  Brier, {name} - {base}: {mean:+.3f} [{lo:+.3f}, {hi:+.3f}]")


if __name__ == "__main__":
    main()
