"""The value of one deal to each player, in whists, as the bots and the match runner see it.

A pulya is settled in whists (RULES §9.4): a gora point costs its owner ``10·(n−1)/n``
whists and pays every other player ``10/n``; a pulya point counts as a gora point taken off
(the missing pulya points of an unfinished pulya go to gora, twice in Leningrad); written
whists move one for one. Summing these per deal gives a zero-sum number per player that
does not depend on the rest of the pulya, which is what a bot should maximise and what a
match between bots should measure. Pulya overflow and the end of the pulya are ignored.

The Balkan game is settled the same way in bula-equivalent whists (docs/balkan.md): a bula
point costs its owner ``10·(n−1)/n`` whists and pays every other player ``10/n`` (each
player gets 10 × (mean bula − own bula)), written whists move one for one; the figures come
from :func:`preferans.balkan.sheet.score_balkan`, kontra multipliers included. A refe (all
pass) is worth 0; its later doubling of the holder's next game is ignored.
"""

from __future__ import annotations

from collections import defaultdict

from preferans.contracts import Contract
from preferans.families import family_of
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import Rules
from preferans.seats import Seat, seats_for

__all__ = [
    "Ledger",
    "deal_value",
    "game_value",
    "russian_deal_value",
    "split_defence",
    "synth_result",
]


class Ledger:
    """Pulya, gora and whists of one deal, to be turned into whists per player."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = seats_for(rules.players)[: rules.players]
        self.gora: dict[Seat, float] = defaultdict(float)
        self.pulya: dict[Seat, float] = defaultdict(float)
        self.whists: dict[tuple[Seat, Seat], float] = defaultdict(float)

    def write_whists(self, writer: Seat, on: Seat, amount: float) -> None:
        if writer != on and amount:
            self.whists[(writer, on)] += amount

    def values(self) -> dict[Seat, float]:
        n = len(self.players)
        pulya_rate = float(self.rules.rate)
        out = dict.fromkeys(self.players, 0.0)
        for seat in self.players:
            debt = self.gora[seat] - pulya_rate * self.pulya[seat]
            if debt:
                for other in self.players:
                    if other != seat:
                        share = 10.0 * debt / n
                        out[seat] -= share
                        out[other] += share
        for (writer, on), amount in self.whists.items():
            if writer in out and on in out:
                out[writer] += amount
                out[on] -= amount
        return out


def deal_value(result: DealResult, rules: Rules, *, raspasy_run: int = 1) -> dict[Seat, float]:
    """Whists each player gains (or loses) by this deal; the values sum to zero.

    The writes come from the sheet (:func:`preferans.scoring.score_deal`), so a match
    measures exactly what the table would write; ``raspasy_run`` is the position of a
    raspasy in a run of consecutive raspasy (1 for the first).
    """
    return family_of(rules).deal_value(result, rules, raspasy_run=raspasy_run)


def russian_deal_value(
    result: DealResult, rules: Rules, *, raspasy_run: int = 1
) -> dict[Seat, float]:
    """The Russian family's :func:`deal_value`: the pulya sheet's writes."""
    from preferans.scoring import Column, score_deal

    ledger = Ledger(rules)
    for write in score_deal(rules, result, raspasy_run=raspasy_run):
        amount = float(write.amount)
        if write.column is Column.PULYA:
            ledger.pulya[write.seat] += amount
        elif write.column is Column.GORA:
            ledger.gora[write.seat] += amount
        elif write.on is not None:
            ledger.write_whists(write.seat, write.on, amount)
    return ledger.values()


def game_value(
    rules: Rules,
    contract: Contract,
    declarer_tricks: int,
    *,
    whisters: int,
    lone_open: bool = False,
) -> float:
    """The declarer's value of a played trick contract (3 players, defence as a team).

    Used by the bots to compare contracts and whist decisions before a deal is over:
    the declarer's gain in whists when it takes ``declarer_tricks``; the defence shares
    the negative equally.
    """
    del lone_open
    price = contract.price
    rate = rules.rate
    n = rules.players if rules.players > 2 else 2
    pulya_rate = float(rules.rate)
    under = max(0, contract.level - declarer_tricks)
    defence = 10 - declarer_tricks
    value = 0.0
    if under == 0:
        value += 10.0 * pulya_rate * price * (n - 1) / n
    else:
        value -= 10.0 * under * price * rate * (n - 1) / n
        value -= under * price * rate * (n - 1)
    if whisters and not (contract.level == 10 and rules.ten_checked):
        value -= defence * price * rate
    return value


def synth_result(
    rules: Rules,
    dealer: Seat,
    active: tuple[Seat, ...],
    kind: DealKind,
    *,
    declarer: Seat | None = None,
    contract: Contract | None = None,
    bid: Contract | None = None,
    tricks: dict[Seat, int] | None = None,
    choices: dict[Seat, WhistChoice] | None = None,
    whisters: tuple[Seat, ...] = (),
    open_: bool = False,
    played: bool = True,
) -> DealResult:
    """A deal's outcome imagined by a bot, in the form the sheet scores."""
    dummy = Seat.E if rules.players == 2 else None
    return DealResult(
        kind=kind,
        dealer=dealer,
        active=active,
        dummy=dummy,
        declarer=declarer,
        bid=bid if bid is not None else contract,
        contract=contract,
        defenders=choices or {},
        whisters=whisters,
        open=open_,
        checked=bool(
            contract is not None and contract.level == 10 and rules.ten_checked and played
        ),
        played=played,
        tricks=tricks or {},
    )


def split_defence(
    declarer: Seat,
    active: tuple[Seat, ...],
    declarer_tricks: int,
    already: dict[Seat, int] | None = None,
    shares: dict[Seat, float] | None = None,
) -> dict[Seat, int]:
    """Tricks per seat when the declarer ends with ``declarer_tricks``: the defence's
    remaining tricks go to the defenders in proportion to ``shares`` (equal by default)."""
    defenders = [s for s in active if s != declarer]
    already = already or {}
    out = {declarer: declarer_tricks}
    total = 10 - declarer_tricks
    base = {s: already.get(s, 0) for s in defenders}
    rest = max(0, total - sum(base.values()))
    weights = shares or {}
    w0 = max(weights.get(defenders[0], 1.0), 1e-6)
    w1 = max(weights.get(defenders[1], 1.0), 1e-6)
    first = round(rest * w0 / (w0 + w1))
    out[defenders[0]] = base[defenders[0]] + first
    out[defenders[1]] = total - out[defenders[0]]
    if out[defenders[1]] < base[defenders[1]]:
        out[defenders[1]] = base[defenders[1]]
        out[defenders[0]] = total - base[defenders[1]]
    return out
