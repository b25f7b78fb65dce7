"""Card play screened by its double-dummy loss: what each bot's card gives away in the
true deal, on the same views.

Seeded deals are played to their end by one bot (``--player``, by default the first of
``--bots``) at every seat. At every card decision with a choice, the ``oracle`` prices
each card in the true deal (double-dummy, the seat's own whists); each bot of ``--bots``
is asked for its card from the seat's view, and its loss is the best card's value minus
its card's. A bot that reads the cards well and weighs its deals well loses less. The
figures are paired (the same views for every bot) and summed per deal, so the intervals
are over deals, and split by the kind of play: the declarer and the defenders of a game,
misère (its declarer and catchers) and raspasy.

It is a screen, not a match: double-dummy play is not the play a card meets, so a card
that keeps options open for later can show a loss it does not have. It is fast and
narrow (no bot's result depends on another's luck), so ideas are tried here first and
the survivors in duplicate matches (docs/bots.md).

    .venv/bin/python benchmarks/card_loss.py --deals 60 \\
        --bots master,sampling:samples=32:bid_samples=48
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Iterator

from preferans.actions import Action, CardAction
from preferans.bots import make_bot
from preferans.bots.base import Bot
from preferans.bots.oracle import OracleBot
from preferans.bots.sampling import CardTurn, card_turn, twin_card
from preferans.cards import Card
from preferans.game import Deal, DealState, View, new_deal
from preferans.game.phase import Phase
from preferans.lab.players import BotSpec, SpecError, parse_spec, parse_specs
from preferans.lab.stats import interval
from preferans.match import deal_rng
from preferans.rules import Rules, find_rules
from preferans.seats import player_seats

KINDS = ("declarer", "defender", "misère declarer", "misère catcher", "raspasy")


def build(spec: BotSpec, seed: int) -> Bot:
    """An in-process bot of ``spec`` (an external engine cannot be asked off its turn)."""
    if spec.level is None:
        raise SpecError(f"{spec.text!r}: the screen asks in-process bots only")
    return make_bot(spec.level, seed=seed, **spec.options)


def kind_of(view: View) -> str:
    """Whose play this is: a game's declarer or defender, misère's, or raspasy."""
    contract = view.contract
    if contract is None:
        return "raspasy"
    mine = view.seat == view.declarer
    if contract.is_misere:
        return "misère declarer" if mine else "misère catcher"
    return "declarer" if mine else "defender"


def card_states(
    rules: Rules, player: BotSpec, seed: int, index: int
) -> Iterator[tuple[DealState, View]]:
    """The states of one deal, played by ``player`` at every seat, where a card is chosen,
    with the view of the seat choosing it."""
    seats = player_seats(rules.players)
    state = new_deal(rules, Deal.random(rules, seats[index % len(seats)], deal_rng(seed, index)))
    bot = build(player, seed ^ index)
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        cards = [a for a in view.legal_actions if isinstance(a, CardAction)]
        if view.phase is Phase.PLAY and len(cards) > 1:
            yield state, view
        state = state.apply(bot.choose(view))


def true_values(
    oracle: OracleBot, state: DealState, view: View, turn: CardTurn
) -> dict[Card, float] | None:
    """Each card's double-dummy value (the mover's whists) in the true deal, keyed by the
    representative of its group of equivalent cards (``turn.reps``)."""
    decision = oracle.decide_state(state)
    values: dict[Card, float] = {}
    for option in decision.options:
        if not isinstance(option.action, CardAction):
            return None  # the oracle weighed a claim: its options are not the cards
        rep = twin_card(option.action.card, turn.reps, view, table_separates=True)
        if not isinstance(rep, CardAction):
            return None
        values[rep.card] = option.value
    return values or None


def loss(values: dict[Card, float], view: View, turn: CardTurn, action: Action) -> float | None:
    """The best card's value minus that of ``action``'s group of equivalent cards."""
    if not isinstance(action, CardAction):
        return None
    rep = twin_card(action.card, turn.reps, view, table_separates=True)
    if not isinstance(rep, CardAction) or rep.card not in values:
        return None
    return max(values.values()) - values[rep.card]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--bots", default="master,sampling", help="comma-separated, the first is the base"
    )
    parser.add_argument(
        "--player", help="the bot that plays the deals (default: the first of --bots)"
    )
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--deals", type=int, default=30)
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
    except (SpecError, ValueError) as error:
        parser.error(str(error))
    names = [spec.text for spec in specs]
    # per bot, per deal, per kind: the summed loss; per bot: CPU seconds and decisions
    per_deal: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    cpu: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    skipped = 0
    oracle = OracleBot(table_separates=True)
    started = time.monotonic()
    for done, index in enumerate(range(args.first_deal, args.first_deal + args.deals), 1):
        sums = {name: dict.fromkeys(KINDS, 0.0) for name in names}
        bots = {spec.text: build(spec, args.seed ^ index ^ 0x5EED) for spec in specs}
        for state, view in card_states(rules, player, args.seed, index):
            turn = card_turn(view, table_separates=True)
            values = true_values(oracle, state, view, turn) if isinstance(turn, CardTurn) else None
            if not isinstance(turn, CardTurn) or values is None:
                continue
            kind = kind_of(view)
            lost: dict[str, float] = {}
            for name, bot in bots.items():
                clock = time.process_time()
                action = bot.choose(view)
                cpu[name] += time.process_time() - clock
                value = loss(values, view, turn, action)
                if value is None:
                    break
                lost[name] = value
            else:
                counts[kind] += 1
                for name, value in lost.items():
                    sums[name][kind] += value
                continue
            skipped += 1
        for name in names:
            per_deal[name].append(sums[name])
        elapsed = time.monotonic() - started
        print(f"\r{done}/{args.deals} deals, {elapsed:.0f} s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    decisions = sum(counts.values())
    print(
        f"{args.variant}: {args.deals} deals played by {player.text}, {decisions} card decisions "
        f"with a choice ({skipped} without a priced card left out); loss in whists per deal "
        f"(double-dummy, the true deal), 95% interval over deals"
    )
    for name in names:
        total = [sum(d.values()) for d in per_deal[name]]
        mean, lo, hi = interval(total)
        ms = 1000 * cpu[name] / max(1, decisions)
        print(f"  {name:40s} {mean:7.3f} [{lo:+.3f}, {hi:+.3f}]  CPU {ms:6.1f} ms/decision")
        for kind in KINDS:
            if counts[kind]:
                m, lo, hi = interval([d[kind] for d in per_deal[name]])
                print(
                    f"      {kind:16s} {counts[kind]:5d} decisions {m:7.3f} [{lo:+.3f}, {hi:+.3f}]"
                )
    base = names[0]
    for name in names[1:]:
        diff = [
            sum(a.values()) - sum(b.values())
            for a, b in zip(per_deal[name], per_deal[base], strict=True)
        ]
        mean, lo, hi = interval(diff)
        print(f"  {name} - {base}: {mean:+.3f} [{lo:+.3f}, {hi:+.3f}] whists/deal lost")


if __name__ == "__main__":
    main()
