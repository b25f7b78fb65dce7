"""Properties of the settlement and the sheet (hypothesis)."""

from fractions import Fraction as F

from builders import E, N, S, W, game, misere, raspasy, walk_away
from hypothesis import given, settings
from hypothesis import strategies as st

from preferans.result import DealResult
from preferans.rules import find_rules
from preferans.scoring import Sheet, average_gora_results, round_results, settle_totals
from preferans.seats import Seat

SEATS = {2: (S, W), 3: (S, W, E), 4: (S, W, N, E)}
amounts = st.fractions(min_value=-200, max_value=200, max_denominator=6)
variants = st.sampled_from(["sochi", "leningrad", "rostov"])


@st.composite
def totals(draw: st.DrawFn) -> tuple:  # type: ignore[type-arg]
    players = draw(st.sampled_from([2, 3, 4]))
    seats = SEATS[players]
    rules = find_rules(draw(variants), players=players, rounding="half_away")
    target = draw(st.sampled_from([None, 10, 20]))
    pulya = {s: draw(st.integers(0, 25)) for s in seats}
    gora = {s: draw(amounts) for s in seats}
    whists = {(a, b): draw(amounts.map(abs)) for a in seats for b in seats if a != b}
    return rules, seats, pulya, gora, whists, target


@given(totals())
@settings(max_examples=150, deadline=None)
def test_settlement_sums_to_zero_and_methods_agree(data: tuple) -> None:  # type: ignore[type-arg]
    rules, seats, pulya, gora, whists, target = data
    result = settle_totals(rules, seats, pulya, gora, whists, target=target)
    assert sum(result.exact.values()) == 0
    assert sum(result.rounded.values()) == 0
    assert all(v.denominator == 1 for v in result.rounded.values())
    assert all(abs(result.rounded[s] - result.exact[s]) < len(seats) for s in seats)
    average = average_gora_results(rules, seats, pulya, gora, whists, target=target)
    assert average == result.exact


@given(totals(), amounts)
@settings(max_examples=100, deadline=None)
def test_adding_the_same_gora_to_everyone_changes_nothing(data: tuple, extra: F) -> None:  # type: ignore[type-arg]
    rules, seats, pulya, gora, whists, target = data
    before = settle_totals(rules, seats, pulya, gora, whists, target=target)
    raised = {s: g + extra for s, g in gora.items()}
    after = settle_totals(rules, seats, pulya, raised, whists, target=target)
    assert after.exact == before.exact
    assert after.rounded == before.rounded


@given(st.dictionaries(st.sampled_from([S, W, E]), amounts, min_size=3, max_size=3))
def test_rounding_is_visible_and_balanced(values: dict[Seat, F]) -> None:
    total = sum(values.values(), F(0))
    values[S] -= total  # make them sum to zero
    rounded, adjusted, adjustment = round_results(values)
    assert sum(rounded.values()) == 0
    if adjusted is None:
        assert adjustment == 0


def _deal(draw: st.DrawFn, players: int, dealer: Seat) -> DealResult:
    from builders import active

    hands = active(dealer, players)
    kind = draw(st.sampled_from(["game", "raspasy", "misere", "walk", "pass"]))
    declarer, *others = hands
    if players == 2:
        others = [s for s in hands if s != declarer]
        if declarer == E:
            kind = "raspasy"
    if kind == "raspasy":
        cut = sorted(draw(st.lists(st.integers(0, 10), min_size=2, max_size=2)))
        counts = [cut[0], cut[1] - cut[0], 10 - cut[1]]
        talon = 0
        if players == 4 and draw(st.booleans()):
            talon = min(counts[2], draw(st.integers(0, 2)))
            counts[2] -= talon
        return raspasy(dict(zip(hands, counts, strict=True)), dealer=dealer, players=players,
                       talon=talon)  # fmt: skip
    if kind == "misere":
        return misere(declarer, draw(st.integers(0, 4)), dealer=dealer, players=players)
    if kind == "walk":
        return walk_away("6♥", declarer, dealer=dealer, players=players)
    level = draw(st.integers(6, 9))
    contract = f"{level}♣"
    if kind == "pass":
        live = [s for s in others if not (players == 2 and s == E)]
        return game(contract, declarer, {}, dealer=dealer, players=players, passed=tuple(live))
    taken = draw(st.integers(max(0, level - 3), 10))
    a = draw(st.integers(0, 10 - taken))
    tricks = {declarer: taken, others[0]: a, others[1]: 10 - taken - a}
    if players == 2:
        live = [s for s in others if s != E]
        return game(contract, declarer, tricks, dealer=dealer, players=2, whist=tuple(live))
    whist = tuple(draw(st.sampled_from([others, others[:1], others[1:]])))
    passed = tuple(s for s in others if s not in whist)
    return game(contract, declarer, tricks, dealer=dealer, players=players, whist=whist,
                passed=passed)  # fmt: skip


@st.composite
def games(draw: st.DrawFn) -> tuple:  # type: ignore[type-arg]
    from preferans.seats import next_seat

    players = draw(st.sampled_from([2, 3, 4]))
    rules = find_rules(draw(variants), players=players)
    dealer = E
    results = []
    for _ in range(draw(st.integers(1, 12))):
        results.append(_deal(draw, players, dealer))
        dealer = next_seat(dealer, players)
    return rules, draw(st.sampled_from([None, 10, 20])), results


@given(games())
@settings(max_examples=80, deadline=None)
def test_replaying_the_results_reproduces_the_sheet(data: tuple) -> None:  # type: ignore[type-arg]
    rules, target, results = data
    sheet = Sheet.replay(rules, results, target)
    again = Sheet.from_json(sheet.to_json())
    assert again.to_dict() == sheet.to_dict()
    assert Sheet.replay(rules, [r.result for r in sheet.records], target).records == sheet.records
    settlement = sheet.settle()
    assert sum(settlement.exact.values()) == 0
    if target is not None:
        assert all(p <= target for p in sheet.pulyas.values())
    for record in sheet.records:
        assert record.breakdown("ru") and record.breakdown("en")
