"""An early pass's raspasy forecast checked against the deal that followed.

While nobody has bid, the sampling bot prices a pass with the raspasy it may lead to:
the share of its drawn deals in which everybody still to speak passes too, and the
whists that raspasy writes for it (``foresee_raspasy``). Seeded deals are played by one
bot at every seat; at every such decision the forecast is kept, and when the deal is
over it is set against what happened: was it raspasy, how many tricks did the player
take there and what did the sheet write for him. A forecast that fits says raspasy as
often as it comes (the share) and prices it as it is written (the value); the deals
where somebody else bid show what the pass is worth there (the bot prices it at
nothing). Only the player's own passes count for the share: a bid ends the question.

    .venv/bin/python benchmarks/raspasy_forecast.py --deals 400 --seed 7 --player master
"""

from __future__ import annotations

import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from preferans.actions import Call, CallKind
from preferans.bots import make_bot
from preferans.bots.payoff import deal_value
from preferans.game import DealState
from preferans.game.phase import Phase
from preferans.lab.stats import interval
from preferans.result import DealKind
from preferans.seats import Seat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import selfplay  # the sibling script shared by the forecast screens


@dataclass(frozen=True, slots=True)
class Forecast:
    """One early pass: what the bot expected and what came."""

    share: float  # the chance of raspasy the bot gave
    tricks: float  # its own raspasy tricks expected
    value: float  # the whists raspasy writes for it, expected (given raspasy)
    raspasy: bool  # the deal was raspasy
    taken: int  # its tricks in the deal (raspasy: the raspasy tricks)
    written: float  # the whists the deal wrote for it


def play(state: DealState, level: str, options: dict[str, object], seed: int) -> list[Forecast]:
    """Play one deal with the bot at every seat; every early pass's forecast and outcome."""
    bot = make_bot(level, seed=seed, **options)
    asked: list[tuple[Seat, float, float, float]] = []
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        decision = bot.decide(view)  # type: ignore[attr-defined]
        if view.phase is Phase.BIDDING and decision.action == Call(CallKind.PASS):
            # a forced or fallback pass carries no options: nothing was forecast
            option = next((o for o in decision.options if o.action == decision.action), None)
            if option is not None and option.chance and option.tricks is not None:
                asked.append((actor, option.chance, option.tricks, option.value / option.chance))
        state = state.apply(decision.action)
    result = state.result()
    written = deal_value(result, state.rules)
    raspasy = result.kind is DealKind.RASPASY
    return [
        Forecast(share, tricks, value, raspasy, state.tricks_won.get(seat, 0), written[seat])
        for seat, share, tricks, value in asked
    ]


def _ci(values: list[float]) -> str:
    mean, lo, hi = interval(values)
    return f"{mean:+.2f} [{lo:+.2f}, {hi:+.2f}]"


def report(variant: str, player: str, deals: int, forecasts: list[Forecast]) -> None:
    """The forecasts against the outcomes, overall and by the tricks expected."""
    print(f"{variant}: {deals} deals played by {player}, {len(forecasts)} early passes")
    if not forecasts:
        return
    share = sum(f.share for f in forecasts) / len(forecasts)
    came = [f for f in forecasts if f.raspasy]
    print(f"  raspasy: expected {share:.1%} of the passes, came {len(came) / len(forecasts):.1%}")
    print(
        "  a pass, as priced (share x value) - as written: "
        + _ci([f.share * f.value - f.written for f in forecasts])
        + " whists"
    )
    other = [f.written for f in forecasts if not f.raspasy]
    if len(other) > 1:
        print(f"  written when somebody else bid (priced at nothing): {_ci(other)} whists")
    if len(came) < 2:
        return
    print(f"  in the raspasy that came ({len(came)} forecasts):")
    print(f"    own tricks, expected - taken: {_ci([f.tricks - f.taken for f in came])}")
    print(f"    whists, expected - written:   {_ci([f.value - f.written for f in came])}")
    groups: dict[int, list[Forecast]] = defaultdict(list)
    for f in came:
        groups[min(6, int(f.tricks))].append(f)
    head = ("expected", "passes", "tricks", "taken", "whists", "written")
    print("    " + " ".join(f"{h:>{w}s}" for h, w in zip(head, (8, 6, 6, 6, 7, 7), strict=True)))
    for low in sorted(groups):
        g = groups[low]
        label = f"{low}+" if low == 6 else f"{low}-{low + 1}"
        print(
            f"    {label:>8s} {len(g):6d} {sum(f.tricks for f in g) / len(g):6.2f} "
            f"{sum(f.taken for f in g) / len(g):6.2f} {sum(f.value for f in g) / len(g):+7.2f} "
            f"{sum(f.written for f in g) / len(g):+7.2f}"
        )


def main() -> None:
    run = selfplay.parse(
        (__doc__ or "").splitlines()[0], balkan_refused="the Balkan game has no raspasy"
    )
    forecasts: list[Forecast] = []
    for seed, state in run.states(lambda: f"{len(forecasts)} early passes"):
        forecasts.extend(play(state, run.level, run.options, seed))
    report(run.variant, run.text, run.deals, forecasts)


if __name__ == "__main__":
    main()
