"""The declarer's forecast checked against the deal that followed.

A sampling bot bids when its drawn deals, solved double-dummy, price declaring above
passing by its margin. Double-dummy play flatters the declarer (he plays as if he saw the
defenders' cards), so a bid's price may lean high, and most of all on a misère, where one
wrong guess is a trick. Seeded deals are played by one bot at every seat; the last bid of
the seat that became the declarer is kept with its price (the whists, the tricks expected
on a game, the chance of being caught on a misère), and when the deal is over it is set
against what the sheet wrote for him. A price that fits leaves a difference near zero in
each kind of contract; a kind priced well above what it writes is bid too often.

    .venv/bin/python benchmarks/contract_forecast.py --deals 400 --seed 7 --player master
"""

from __future__ import annotations

import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from preferans.actions import Bid, Call, CallKind
from preferans.bots import make_bot
from preferans.bots.payoff import deal_value
from preferans.contracts import Contract
from preferans.game import DealState
from preferans.game.phase import Phase
from preferans.lab.stats import interval
from preferans.result import DealKind
from preferans.seats import Seat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import selfplay  # the sibling script shared by the forecast screens


@dataclass(frozen=True, slots=True)
class Forecast:
    """The declarer's last bid: what he expected and what came."""

    kind: str  # "misère", or a game's tricks expected: "<6", "6-7", "7-8", "8+"
    value: float  # the whists the bid was priced at
    tricks: float | None  # the declarer's tricks expected (a game)
    caught: float | None  # the chance of taking a trick (a misère)
    alone: bool  # every other player had passed before this bid: the auction was over
    walked: bool  # the declarer conceded without play
    played: bool  # cards were played (not on a walk-away or when both defenders passed)
    taken: int  # his tricks in the deal
    written: float  # the whists the deal wrote for him


def _kind(bid: Contract, tricks: float | None) -> str:
    """The group of a forecast, by what was known when the bid was made (grouping by the
    contract named would sort by the talon, which the price could not see)."""
    if bid.is_misere or tricks is None:
        return "misère"
    if tricks < 6:
        return "<6"
    return "8+" if tricks >= 8 else f"{int(tricks)}-{int(tricks) + 1}"


def play(state: DealState, level: str, options: dict[str, object], seed: int) -> Forecast | None:
    """Play one deal with the bot at every seat; the declarer's forecast and outcome (None
    when nobody declared, or the declarer's last bid carried no price)."""
    bot = make_bot(level, seed=seed, **options)
    last: dict[Seat, tuple[Contract, float, float | None, float | None, bool] | None] = {}
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        decision = bot.decide(view)  # type: ignore[attr-defined]
        action = decision.action
        # a bid, or the elder hand's "here" holding the bid on the table
        held = view.bid if action == Call(CallKind.HERE) else None
        if view.phase is Phase.BIDDING and (isinstance(action, Bid) or held is not None):
            contract = action.contract if isinstance(action, Bid) else held
            assert contract is not None
            # a forced or fallback bid carries no options: nothing was priced
            option = next((o for o in decision.options if o.action == decision.action), None)
            passed = {seat for seat, call in view.history if call == Call(CallKind.PASS)}
            alone = passed >= set(view.active) - {actor}
            last[actor] = (
                None
                if option is None
                else (contract, option.value, option.tricks, option.chance, alone)
            )
        state = state.apply(decision.action)
    result = state.result()
    declarer = result.declarer
    if declarer is None or result.kind not in (DealKind.GAME, DealKind.MISERE, DealKind.WALK_AWAY):
        return None
    priced = last.get(declarer)
    if priced is None:
        return None
    bid, value, tricks, caught, alone = priced
    written = deal_value(result, state.rules)[declarer]
    walked = result.kind is DealKind.WALK_AWAY
    taken = result.tricks.get(declarer, 0)
    return Forecast(
        _kind(bid, tricks), value, tricks, caught, alone, walked, result.played, taken, written
    )


def _ci(values: list[float]) -> str:
    if len(values) < 2:
        return f"{values[0]:+.2f}" if values else "-"
    mean, lo, hi = interval(values)
    return f"{mean:+.2f} [{lo:+.2f}, {hi:+.2f}]"


KINDS = ("<6", "6-7", "7-8", "8+", "misère")


def report(variant: str, player: str, deals: int, forecasts: list[Forecast]) -> None:
    """The forecasts against the outcomes, by the tricks a game's bid expected, and
    misère."""
    print(f"{variant}: {deals} deals played by {player}, {len(forecasts)} declarers")
    if not forecasts:
        return
    print(f"  all: priced - written {_ci([f.value - f.written for f in forecasts])} whists")
    # A bid the others may still answer is priced before their calls say how weak they
    # are; one made after they all passed is not: the two apart show that selection.
    for alone, label in ((True, "after the others passed"), (False, "before they had")):
        part = [f for f in forecasts if f.alone is alone]
        if part:
            print(
                f"    bid {label}: {len(part)}, priced - written"
                f" {_ci([f.value - f.written for f in part])}"
            )
    groups: dict[str, list[Forecast]] = defaultdict(list)
    for f in forecasts:
        groups[f.kind].append(f)
    for kind in KINDS:
        g = groups.get(kind, [])
        if not g:
            continue
        priced = sum(f.value for f in g) / len(g)
        written = sum(f.written for f in g) / len(g)
        walked = sum(f.walked for f in g)
        print(
            f"  {kind:>6s}: {len(g):4d} declarers ({walked} walked away), priced {priced:+.2f},"
            f" written {written:+.2f}, priced - written {_ci([f.value - f.written for f in g])}"
        )
        games = [f for f in g if f.tricks is not None and f.played]
        if games:
            expected = sum(f.tricks or 0.0 for f in games) / len(games)
            taken = sum(f.taken for f in games) / len(games)
            print(f"          tricks expected {expected:.2f}, taken {taken:.2f} (played games)")
        misere = [f for f in g if f.caught is not None and f.played]
        if misere:
            chance = sum(f.caught or 0.0 for f in misere) / len(misere)
            came = sum(f.taken > 0 for f in misere) / len(misere)
            print(f"          caught: expected {chance:.1%}, came {came:.1%}")


def main() -> None:
    run = selfplay.parse(
        (__doc__ or "").splitlines()[0],
        balkan_refused="the Balkan game's bids are priced by its own bot; this reads the ladder",
    )
    forecasts: list[Forecast] = []
    for seed, state in run.states(lambda: f"{len(forecasts)} declarers"):
        found = play(state, run.level, run.options, seed)
        if found is not None:
            forecasts.append(found)
    report(run.variant, run.text, run.deals, forecasts)


if __name__ == "__main__":
    main()
