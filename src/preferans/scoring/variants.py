"""What one deal writes on the sheet under the table's rules (RULES §9.2).

:func:`score_deal` is a pure function from a :class:`DealResult` to the list of writes,
before the overflow of pulyas beyond the target (the sheet applies that, since it depends on
the pulyas so far). Sochi, Leningrad and Rostov differ only in the rates and conventions of
:class:`Rules`, so one function serves all three.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from preferans.contracts import Contract
from preferans.errors import RecordError
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import Rules
from preferans.seats import Seat, seats_for

from .writes import Column, Reason, Write

__all__ = [
    "RASPASY_WHIST_UNIT",
    "THROWN_TALON_PENALTY",
    "score_deal",
    "sheet_seats",
]

#: Rostov: whists per raspasy trick written by the player with fewest tricks [seed 000].
RASPASY_WHIST_UNIT: Final = 5
#: 4 players: refusing the talon writes 2 into the dealer's gora [seed 000], at every rate.
THROWN_TALON_PENALTY: Final = 2


def sheet_seats(rules: Rules) -> tuple[Seat, ...]:
    """The seats that have a sheet: every player, never the dummy (2 players: S and W)."""
    seats = seats_for(rules.players)
    return seats[:2] if rules.has_dummy else seats


def _clockwise_from(seat: Seat, seats: Sequence[Seat]) -> list[Seat]:
    """The other seats in clockwise order, starting left of ``seat``."""
    order = sorted(seats)
    if seat not in order:
        order = sorted([*order, seat])
    i = order.index(seat)
    return [s for s in order[i + 1 :] + order[:i] if s in seats]


def score_deal(rules: Rules, result: DealResult, *, raspasy_run: int = 1) -> list[Write]:
    """Everything ``result`` writes, in the order a scorer would write it.

    ``raspasy_run`` is this deal's place in a run of consecutive raspasy (1 for the first);
    it sets the progression multiplier and matters only for raspasy.
    """
    players = sheet_seats(rules)
    writes: list[Write] = []
    if result.talon_thrown:
        if result.declarer is None:
            raise RecordError("a thrown talon needs a declarer")
        writes.append(
            Write(
                result.dealer,
                Column.GORA,
                Fraction(THROWN_TALON_PENALTY),
                Reason.THROWN_TALON,
                other=result.declarer,
            )
        )
    kind = result.kind
    if kind is DealKind.WALK_AWAY:
        writes += _walk_away(rules, result)
    elif kind is DealKind.MISERE:
        writes += _misere(rules, result)
    elif kind is DealKind.RASPASY:
        if rules.raspasy_scoring == "whists":
            writes += _raspasy_whists(rules, result, players, raspasy_run)
        else:
            writes += _raspasy_gora(rules, result, players, raspasy_run)
    else:
        writes += _game(rules, result, players)
    return writes


def _declarer(result: DealResult) -> Seat:
    if result.declarer is None:
        raise RecordError(f"a {result.kind.value} deal needs a declarer")
    return result.declarer


def _walk_away(rules: Rules, result: DealResult) -> list[Write]:
    declarer = _declarer(result)
    bid = result.bid or result.contract
    if bid is None:
        raise RecordError("walking away needs the declarer's bid")
    unit = Fraction(bid.price * rules.rate)
    return [Write.product(declarer, Column.GORA, Reason.WALK_AWAY, 3, unit, contract=bid)]


def _misere(rules: Rules, result: DealResult) -> list[Write]:
    declarer = _declarer(result)
    contract = result.contract or Contract.misere()
    taken = result.declarer_tricks
    if taken == 0:
        return [_made(declarer, contract)]
    unit = Fraction(contract.price * rules.rate)
    return [Write.product(declarer, Column.GORA, Reason.MISERE, taken, unit, contract=contract)]


def _made(declarer: Seat, contract: Contract) -> Write:
    """The contract's price into the declarer's pulya."""
    return Write(
        declarer, Column.PULYA, Fraction(contract.price), Reason.CONTRACT, contract=contract
    )


def _game(rules: Rules, result: DealResult, players: Sequence[Seat]) -> list[Write]:
    declarer = _declarer(result)
    contract = result.contract
    if contract is None or contract.is_misere:
        raise RecordError("a trick game needs its contract")
    price = contract.price
    unit = Fraction(price * rules.rate)
    others = _clockwise_from(declarer, players)
    writes: list[Write] = []

    half_whisters = [s for s, c in result.defenders.items() if c is WhistChoice.HALF_WHIST]
    if half_whisters and not result.whisters:
        writes.append(_made(declarer, contract))
        half = contract.defence_obligation // 2
        for seat in half_whisters:
            writes.append(
                Write.product(
                    seat,
                    Column.WHISTS,
                    Reason.HALF_WHIST,
                    half,
                    unit,
                    on=declarer,
                    contract=contract,
                )
            )
        return writes

    whisters = list(result.whisters)
    if not result.checked and not whisters:
        # Both passed: the contract counts as made without play.
        writes.append(_made(declarer, contract))
        return writes

    undertricks = max(0, contract.level - result.declarer_tricks)
    defence = result.defence_tricks
    if undertricks == 0:
        writes.append(_made(declarer, contract))
    else:
        writes.append(
            Write.product(
                declarer, Column.GORA, Reason.UNDERTRICKS, undertricks, unit, contract=contract
            )
        )
    if result.checked:
        # A checked ten: no whists per trick and no obligation; a failure still consoles.
        writes += _consolation(others, declarer, undertricks, unit, contract)
        return writes

    # Whists per trick.
    if len(whisters) >= 2:
        for seat in whisters:
            n = result.tricks.get(seat, 0)
            if n:
                writes.append(_whists(seat, declarer, n, unit, contract))
    else:
        (whister,) = whisters
        passers = [s for s in others if s in result.defenders and s != whister]
        gentleman = rules.whist_style == "gentleman" and undertricks > 0 and bool(passers)
        if defence and gentleman:
            halves = Fraction(1, 2)
            for seat in [whister, *passers]:
                writes.append(_whists(seat, declarer, defence, unit, contract, share=halves))
        elif defence:
            writes.append(_whists(whister, declarer, defence, unit, contract))
    writes += _consolation(others, declarer, undertricks, unit, contract)
    writes += _shortfall(rules, result, contract, whisters, unit)
    return writes


def _whists(
    seat: Seat,
    declarer: Seat,
    tricks: int,
    unit: Fraction,
    contract: Contract,
    share: Fraction | None = None,
) -> Write:
    return Write.product(
        seat,
        Column.WHISTS,
        Reason.WHIST_TRICKS,
        tricks,
        unit,
        on=declarer,
        share=share,
        contract=contract,
    )


def _consolation(
    others: Sequence[Seat], declarer: Seat, undertricks: int, unit: Fraction, contract: Contract
) -> list[Write]:
    if not undertricks:
        return []
    return [
        Write.product(
            seat,
            Column.WHISTS,
            Reason.CONSOLATION,
            undertricks,
            unit,
            on=declarer,
            contract=contract,
        )
        for seat in others
    ]


def _shortfall(
    rules: Rules,
    result: DealResult,
    contract: Contract,
    whisters: Sequence[Seat],
    unit: Fraction,
) -> list[Write]:
    """Whisters short of the obligation write the missing tricks into gora (RULES §5).

    A lone whister answers for the whole obligation (his side's tricks, the passer's or the
    dummy's included). Two whisters: on 8–10 the second answers for the one trick; on 6 and
    7 each answers for half, and a whister short of his half pays for the tricks he lacks,
    but never more than the side lacks, so together they pay exactly the side's shortfall.
    """
    obligation = contract.defence_obligation
    side = result.defence_tricks
    short = obligation - side
    if short <= 0:
        return []
    rate = unit if rules.responsibility == "responsible" else unit / 2
    owed: list[tuple[Seat, int]] = []
    if len(whisters) == 1:
        owed.append((whisters[0], short))
    elif contract.level >= 8:
        owed.append((whisters[1], short))
    else:
        half = obligation // 2
        for seat in whisters:
            missing = min(max(0, half - result.tricks.get(seat, 0)), short)
            if missing:
                owed.append((seat, missing))
    return [
        Write.product(seat, Column.GORA, Reason.SHORTFALL, n, rate, contract=contract)
        for seat, n in owed
    ]


def _raspasy_counts(
    rules: Rules, result: DealResult, players: Sequence[Seat]
) -> tuple[dict[Seat, int], Seat | None]:
    """Raspasy tricks of every player who held cards (not the dummy), and the sitting-out
    dealer with 4 players (None otherwise)."""
    counts = {s: result.tricks.get(s, 0) for s in players if s in result.active}
    sitting_out = result.dealer if rules.players == 4 and result.dealer in players else None
    if sitting_out is not None and sitting_out in counts:
        sitting_out = None
    return counts, sitting_out


def _raspasy_gora(
    rules: Rules, result: DealResult, players: Sequence[Seat], run: int
) -> list[Write]:
    multiplier = rules.raspasy_multiplier(run)
    unit = Fraction(rules.rate * multiplier)
    counts, sitting_out = _raspasy_counts(rules, result, players)
    everyone = dict(counts)
    if sitting_out is not None:
        # 4 players: the talon's tricks are the dealer's and take part in the amnesty.
        everyone[sitting_out] = result.talon_tricks
    amnesty = min(everyone.values()) if everyone else 0
    writes: list[Write] = []
    for seat in _order(result, everyone):
        n = everyone[seat]
        if n - amnesty > 0:
            writes.append(
                Write(
                    seat,
                    Column.GORA,
                    (n - amnesty) * unit,
                    Reason.RASPASY,
                    count=n,
                    unit=unit,
                    amnesty=amnesty,
                    multiplier=multiplier,
                )
            )
    for seat in _order(result, counts):
        if counts[seat] == 0:
            writes.append(
                Write(seat, Column.PULYA, unit, Reason.RASPASY_ZERO, multiplier=multiplier)
            )
    return writes


def _raspasy_whists(
    rules: Rules, result: DealResult, players: Sequence[Seat], run: int
) -> list[Write]:
    multiplier = rules.raspasy_multiplier(run)
    unit = Fraction(RASPASY_WHIST_UNIT * multiplier)
    counts, sitting_out = _raspasy_counts(rules, result, players)
    writes: list[Write] = []
    if counts:
        fewest = min(counts.values())
        low = [s for s in _order(result, counts) if counts[s] == fewest]
        high = [s for s in _order(result, counts) if counts[s] != fewest]
        share = Fraction(1, len(low)) if len(low) > 1 else None
        for writer in low:
            for seat in high:
                writes.append(
                    Write.product(
                        writer,
                        Column.WHISTS,
                        Reason.RASPASY_WHISTS,
                        counts[seat],
                        unit,
                        on=seat,
                        share=share,
                        multiplier=multiplier,
                    )
                )
    zero = [s for s in _order(result, counts) if counts[s] == 0]
    if sitting_out is not None:
        zero.append(sitting_out)
    for seat in zero:
        writes.append(Write(seat, Column.PULYA, Fraction(1), Reason.RASPASY_ZERO))
    return writes


def _order(result: DealResult, seats: dict[Seat, int]) -> list[Seat]:
    """Seats from first hand clockwise (the dealer last), for a stable order of writes."""
    return [s for s in _clockwise_from(result.dealer, list(seats))] + (
        [result.dealer] if result.dealer in seats else []
    )
