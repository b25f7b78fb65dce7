"""The value of one deal to each player, in whists, as the bots and the match runner see it.

A pulya is settled in whists (RULES §9.4): a gora point costs its owner ``10·(n−1)/n``
whists and pays every other player ``10/n``; a pulya point counts as a gora point taken off
(the missing pulya points of an unfinished pulya go to gora, twice in Leningrad); written
whists move one for one. Summing these per deal gives a zero-sum number per player that
does not depend on the rest of the pulya, which is what a bot should maximise and what a
match between bots should measure. Pulya overflow and the end of the pulya are ignored.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from preferans.contracts import Contract
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import Rules
from preferans.seats import Seat, seats_for

__all__ = ["Ledger", "deal_value", "game_value"]


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
        pulya_rate = 2.0 if self.rules.variant == "leningrad" else 1.0
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

    ``raspasy_run`` is the position of a raspasy in a run of consecutive raspasy (1 for
    the first), which sets its progression multiplier.
    """
    ledger = Ledger(rules)
    if result.kind is DealKind.RASPASY:
        _raspasy(ledger, result, rules, raspasy_run)
    elif result.kind is DealKind.WALK_AWAY:
        assert result.declarer is not None and result.bid is not None
        bid = result.bid
        ledger.gora[result.declarer] += 3 * bid.price * rules.rate
        if result.talon_thrown:
            ledger.gora[result.dealer] += 2
    elif result.kind is DealKind.MISERE:
        assert result.declarer is not None
        taken = result.tricks.get(result.declarer, 0)
        if taken == 0:
            ledger.pulya[result.declarer] += 10
        else:
            ledger.gora[result.declarer] += 10 * rules.rate * taken
    else:
        _game(ledger, result, rules)
    return ledger.values()


def _game(ledger: Ledger, result: DealResult, rules: Rules) -> None:
    declarer = result.declarer
    contract = result.contract
    assert declarer is not None and contract is not None
    price = contract.price
    rate = rules.rate
    defenders = [s for s in result.defenders]
    whisters = list(result.whisters)
    if result.talon_thrown:
        ledger.gora[result.dealer] += 2
    half = [s for s, c in result.defenders.items() if c is WhistChoice.HALF_WHIST]
    if not result.played:
        ledger.pulya[declarer] += price
        for seat in half:
            ledger.write_whists(seat, declarer, price * rate * (contract.defence_obligation // 2))
        return
    taken = result.tricks.get(declarer, 0)
    defence = 10 - taken
    under = max(0, contract.level - taken)
    if under == 0:
        ledger.pulya[declarer] += price
    else:
        ledger.gora[declarer] += under * price * rate
        for seat in ledger.players:
            if seat != declarer:
                ledger.write_whists(seat, declarer, under * price * rate)
    if result.checked:
        return
    own = {s: result.tricks.get(s, 0) for s in defenders}
    if len(whisters) == 2:
        for seat in whisters:
            ledger.write_whists(seat, declarer, own[seat] * price * rate)
    elif len(whisters) == 1:
        whister = whisters[0]
        passers = [s for s in defenders if s != whister]
        if under and rules.whist_style == "gentleman" and passers:
            ledger.write_whists(whister, declarer, defence * price * rate / 2)
            ledger.write_whists(passers[0], declarer, defence * price * rate / 2)
        else:
            ledger.write_whists(whister, declarer, defence * price * rate)
    if under == 0 and whisters:
        _shortfall(ledger, result, contract, whisters, own, defence)


def _shortfall(
    ledger: Ledger,
    result: DealResult,
    contract: Contract,
    whisters: list[Seat],
    own: Mapping[Seat, int],
    defence: int,
) -> None:
    """Whisters short of their obligation pay into gora (RULES §5, §9.2)."""
    obligation = contract.defence_obligation
    price = contract.price
    if len(whisters) == 1:
        missing = max(0, obligation - defence)
        if missing:
            ledger.gora[whisters[0]] += missing * price
        return
    if contract.level >= 8:
        second = whisters[1]
        if own[second] < 1 and defence < obligation:
            ledger.gora[second] += price
        return
    share = obligation // 2
    if defence >= obligation:
        return
    for seat in whisters:
        missing = max(0, share - own[seat])
        if missing:
            ledger.gora[seat] += missing * price


def _raspasy(ledger: Ledger, result: DealResult, rules: Rules, run: int) -> None:
    tricks = {s: result.tricks.get(s, 0) for s in ledger.players if s in result.tricks}
    if rules.players == 4:
        tricks[result.dealer] = result.talon_tricks
    if not tricks:
        return
    mult = rules.raspasy_multiplier(max(1, run))
    if rules.raspasy_scoring == "whists":
        low = min(tricks.values())
        mins = [s for s, n in tricks.items() if n == low]
        for seat, n in tricks.items():
            if n == 0:
                ledger.pulya[seat] += 1
            if seat in mins:
                continue
            for writer in mins:
                ledger.write_whists(writer, seat, 5.0 * (n - low) * mult / len(mins))
        return
    amnesty = min(tricks.values())
    for seat, n in tricks.items():
        if n == 0:
            ledger.pulya[seat] += rules.rate * mult
        ledger.gora[seat] += (n - amnesty) * rules.rate * mult


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
    pulya_rate = 2.0 if rules.variant == "leningrad" else 1.0
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
