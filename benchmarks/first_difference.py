"""Where a duplicate margin comes from: each deal put to the first decision where the bots part.

Two bots with one seed (``preferans match --common-seed``) play a deal alike up to the
first decision where they would choose differently; everything that differs in the
deal's score follows from that decision. Each deal is played as the match plays it
(once when the bots agree throughout, else in every seating) and its difference, the
first bot's result minus the second's, is put to the kind of that first decision: the
auction before anyone has bid or after, the declarer's talon, discard and contract, the
whist calls, card play as declarer, in defence, in raspasy, in a misère, a claim. A kind
whose share of the margin is large is where the first bot wins (or loses) its deals;
the shares add up to the match's difference, deal for deal, with the same seeds. Under
each kind, the two bots' choices there (the first bot's / the second's: "pass / 6♠" is
a pass where the other bid) with their deals and share.

    .venv/bin/python benchmarks/first_difference.py --deals 300 --seed 621 --processes 2 \\
        --bots master,sampling:read_pool=0:bid_margin=2.0
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterator
from typing import Any

from preferans.actions import Action, Bid, CardAction, Claim, Declare
from preferans.game import Phase
from preferans.lab.players import SpecError, check_options, parse_specs
from preferans.lab.stats import interval
from preferans.match import DealTask, agreed_deal, deal_bots, dealer_of, every_seating
from preferans.rules import Rules, find_rules

OPENING = "auction, nobody has bid"
AUCTION = "auction, after a bid"
DECLARER_HAND = "talon, discard, contract"
WHIST_CALLS = "whist calls"
DECLARER_PLAY = "declarer's play"
DEFENCE = "defence"
MISERE_PLAY = "misère play"
RASPASY_PLAY = "raspasy play"
CLAIM = "claim"
#: The kinds of first difference, in the order a deal meets them.
KINDS = (
    OPENING,
    AUCTION,
    DECLARER_HAND,
    WHIST_CALLS,
    DECLARER_PLAY,
    DEFENCE,
    MISERE_PLAY,
    RASPASY_PLAY,
    CLAIM,
)


#: Pairs of choices shown under each kind (the JSON has them all).
TOP_CHOICES = 4


def kind(state: Any) -> str:
    """The kind of the decision the bots differ on, from the state where they part."""
    view = state.view(state.actor)
    phase = view.phase
    if phase is Phase.BIDDING:
        return OPENING if view.bid is None else AUCTION
    if phase in (Phase.TALON, Phase.DISCARD, Phase.CONTRACT):
        return DECLARER_HAND
    if phase is Phase.WHISTING:
        return WHIST_CALLS
    if phase is Phase.CLAIM:
        return CLAIM
    if phase is not Phase.PLAY:
        raise ValueError(f"the bots cannot part in phase {phase.value}")
    if view.contract is None:
        return RASPASY_PLAY
    if view.contract.is_misere:
        return MISERE_PLAY
    return DECLARER_PLAY if state.actor == view.declarer else DEFENCE


def choice(action: Action) -> str:
    """An action as the breakdown groups it: which card is not told, only that it is one;
    a bid by its kind (a game by its level)."""
    if isinstance(action, CardAction):
        return "card"
    if isinstance(action, Claim):
        return "claim"
    if isinstance(action, Bid | Declare):
        contract = action.contract
        word = "play " if isinstance(action, Declare) else ""
        return word + ("misère" if contract.is_misere else str(contract))
    return str(action)


#: One deal's row: its kind of first difference and the two bots' choices there (None
#: when they agreed throughout), and the first bot's result minus the second's.
Row = tuple[str | None, str | None, float]


def judge(task: DealTask) -> Row:
    """One deal, played as the match plays it, with where the bots first parted."""
    instances = deal_bots(task)
    split: list[tuple[Any, list[Action]]] = []
    agreed = agreed_deal(task.rules, dealer_of(task.rules, task.index), task, instances, split)
    if agreed is not None:
        return None, None, 0.0
    state, actions = split[0]
    scores = every_seating(task, instances).scores
    return kind(state), f"{choice(actions[0])} / {choice(actions[1])}", scores[0] - scores[1]


def tasks(args: argparse.Namespace, levels: tuple[str, ...], rules: Rules) -> Iterator[DealTask]:
    for index in range(args.first_deal, args.first_deal + args.deals):
        yield DealTask(levels, rules, args.seed, index, ({}, {}), common_seed=True)


def share(rows: list[Row], mine: list[bool]) -> dict[str, Any]:
    """The marked deals' share of the mean difference per deal, with its interval over all
    the deals (an unmarked deal counts 0), and their deals won and lost."""
    marked = [d for (_, _, d), m in zip(rows, mine, strict=True) if m]
    mean, low, high = interval([d if m else 0.0 for (_, _, d), m in zip(rows, mine, strict=True)])
    return {
        "deals": len(marked),
        "won": sum(d > 1e-9 for d in marked),
        "lost": sum(d < -1e-9 for d in marked),
        "share": mean,
        "low": low,
        "high": high,
    }


def report(rows: list[Row], names: tuple[str, ...]) -> dict[str, Any]:
    """Each kind's share of the difference, and under it each pair of choices' share
    (the most deals first)."""
    kinds: dict[str, Any] = {}
    for name in KINDS:
        if not any(k == name for k, _, _ in rows):
            continue
        kinds[name] = share(rows, [k == name for k, _, _ in rows])
        pairs = sorted({p for k, p, _ in rows if k == name and p is not None})
        found = {pair: share(rows, [k == name and p == pair for k, p, _ in rows]) for pair in pairs}
        kinds[name]["choices"] = dict(sorted(found.items(), key=lambda item: -item[1]["deals"]))
    mean, low, high = interval([d for _, _, d in rows])
    return {
        "bots": list(names),
        "deals": len(rows),
        "agreed": sum(k is None for k, _, _ in rows),
        "difference": {"mean": mean, "low": low, "high": high},
        "kinds": kinds,
    }


def line(label: str, row: dict[str, Any], scale: float) -> str:
    bar = "#" * round(20 * abs(row["share"]) / scale)
    sign = "+" if row["share"] >= 0 else "-"
    return (
        f"  {label:<26} {row['deals']:>5} {row['won']:>4} {row['lost']:>4}   "
        f"{row['share']:+.2f} [{row['low']:+.2f}, {row['high']:+.2f}]  {sign}{bar}"
    )


def print_report(summary: dict[str, Any]) -> None:
    first, second = summary["bots"]
    diff = summary["difference"]
    print(f"{first} - {second}, {summary['deals']} deals ({summary['agreed']} played alike):")
    print(f"  difference {diff['mean']:+.2f} [{diff['low']:+.2f}, {diff['high']:+.2f}] whists/deal")
    print()
    print(
        f"  {'first difference':<26} {'deals':>5} {'won':>4} {'lost':>4}   share of the difference"
    )
    scale = max((abs(k["share"]) for k in summary["kinds"].values()), default=0.0) or 1.0
    for name, row in summary["kinds"].items():
        print(line(name, row, scale))
        for pair, inner in list(row["choices"].items())[:TOP_CHOICES]:
            print(line("    " + pair, inner, scale))
        if len(row["choices"]) > TOP_CHOICES:
            print(f"      ... {len(row['choices']) - TOP_CHOICES} more pairs of choices")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bots", default="master,sampling:read_pool=0:bid_margin=2.0")
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    if args.deals < 1 or args.first_deal < 0 or args.processes < 1:
        parser.error("--deals and --processes must be at least 1, --first-deal 0 or more")
    try:
        specs = parse_specs(args.bots)
        if len(specs) != 2:
            parser.error(f"--bots needs exactly two bots (got {args.bots!r})")
        for spec in specs:
            check_options(spec, {})
        rules = find_rules(args.variant)
    except (SpecError, ValueError) as error:
        parser.error(str(error))
    levels = (specs[0].text, specs[1].text)
    rows: list[Row] = []
    started = time.monotonic()

    def take(row: Row) -> None:
        rows.append(row)
        print(
            f"\r{len(rows)}/{args.deals} deals, {time.monotonic() - started:.0f} s",
            end="", file=sys.stderr, flush=True,
        )  # fmt: skip

    if args.processes == 1:
        for task in tasks(args, levels, rules):
            take(judge(task))
    else:
        with multiprocessing.get_context("fork").Pool(args.processes) as pool:
            for row in pool.imap(judge, tasks(args, levels, rules), chunksize=2):
                take(row)
    print(file=sys.stderr)
    summary = report(rows, levels)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print_report(summary)


if __name__ == "__main__":
    main()
