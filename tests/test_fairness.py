"""The fair shuffle: commitment, determinism, the published test vector and uniformity."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from preferans.cards import DECK, Card, CardSet
from preferans.errors import RecordError
from preferans.fairness import (
    ByteStream,
    check_commitment,
    commitment,
    deal_message,
    new_secret,
    parse_secret,
    shuffled_order,
    uniform_int,
)
from preferans.seats import Seat

SECRET = bytes(range(32))
SEEDS = {Seat.S: "alice", Seat.W: "bob", Seat.E: "carol"}


def test_new_secret_is_random_and_committable() -> None:
    first, second = new_secret(), new_secret()
    assert len(first) == 32 and first != second
    assert check_commitment(commitment(first), first)
    assert not check_commitment(commitment(first), second)


def test_commitment_mismatch_detected() -> None:
    published = commitment(SECRET)
    tampered = bytes([SECRET[0] ^ 1]) + SECRET[1:]
    assert check_commitment(published.upper(), SECRET)
    assert not check_commitment(published, tampered)


def test_test_vector_from_docs() -> None:
    assert commitment(SECRET) == (
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    )
    order = shuffled_order(SECRET, "table-1", 1, SEEDS)
    assert [c.index for c in order] == [
        22, 3, 31, 29, 0, 9, 10, 15, 24, 30, 12, 18, 20, 25, 11, 6,
        26, 27, 1, 8, 14, 23, 16, 7, 4, 5, 19, 28, 17, 21, 2, 13,
    ]  # fmt: skip


def test_message_is_length_prefixed_and_seat_bound() -> None:
    assert deal_message("ab", 1, {Seat.S: "c"}) != deal_message("a", 1, {Seat.S: "bc"})
    swapped = {Seat.S: "bob", Seat.W: "alice", Seat.E: "carol"}
    assert shuffled_order(SECRET, "t", 1, SEEDS) != shuffled_order(SECRET, "t", 1, swapped)
    # the order of the mapping does not matter, only the seats
    reordered = dict(reversed(list(SEEDS.items())))
    assert shuffled_order(SECRET, "t", 1, SEEDS) == shuffled_order(SECRET, "t", 1, reordered)


def test_every_input_changes_the_deal() -> None:
    base = shuffled_order(SECRET, "t", 1, SEEDS)
    assert base != shuffled_order(SECRET, "t", 2, SEEDS)
    assert base != shuffled_order(SECRET, "u", 1, SEEDS)
    assert base != shuffled_order(SECRET[::-1], "t", 1, SEEDS)
    assert base != shuffled_order(SECRET, "t", 1, {**SEEDS, Seat.E: "carol!"})


def test_bad_inputs() -> None:
    with pytest.raises(RecordError):
        parse_secret("not hex")
    with pytest.raises(RecordError):
        parse_secret("")
    with pytest.raises(RecordError):
        shuffled_order(SECRET, "t", 0, SEEDS)
    with pytest.raises(RecordError):
        commitment(b"")
    assert parse_secret(" " + SECRET.hex().upper() + "\n") == SECRET


@given(
    secret=st.binary(min_size=1, max_size=64),
    table=st.text(max_size=20),
    number=st.integers(min_value=1, max_value=10_000),
    seeds=st.dictionaries(st.sampled_from(list(Seat)), st.text(max_size=10), max_size=4),
)
def test_order_is_a_permutation_and_deterministic(
    secret: bytes, table: str, number: int, seeds: dict[Seat, str]
) -> None:
    order = shuffled_order(secret, table, number, seeds)
    assert len(order) == 32 and set(order) == set(DECK)
    assert order == shuffled_order(secret, table, number, seeds)


def test_uniform_int_rejects_biased_bytes() -> None:
    stream = ByteStream(SECRET, b"x")
    values = [uniform_int(stream, 3) for _ in range(3000)]
    assert set(values) == {0, 1, 2}
    with pytest.raises(ValueError):
        uniform_int(stream, 0)


def _chi2_critical(df: int, z: float) -> float:
    """Wilson–Hilferty approximation of the chi-squared quantile for the normal quantile z."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _position_chi2(orders: list[tuple[Card, ...]]) -> float:
    counts = [[0] * 32 for _ in range(32)]
    for order in orders:
        for position, card in enumerate(order):
            counts[card.index][position] += 1
    expected = len(orders) / 32
    return sum((n - expected) ** 2 / expected for row in counts for n in row)


# 20 000 shuffles put 625 expectations in each of the 32×32 card/position cells; the
# statistic has (32 − 1)² = 961 degrees of freedom. The threshold is the 0.999 quantile.
SAMPLES = 20_000
CRITICAL = _chi2_critical(31 * 31, 3.0902)


def test_shuffle_is_uniform_over_positions() -> None:
    orders = [shuffled_order(SECRET, "chi2", n, SEEDS) for n in range(1, SAMPLES + 1)]
    assert _position_chi2(orders) < CRITICAL


def test_chi2_catches_the_classic_naive_shuffle() -> None:
    """The same test rejects swap-with-any-position, so it has the power to notice bias."""
    orders = []
    for n in range(1, SAMPLES + 1):
        stream = ByteStream(SECRET, b"naive" + n.to_bytes(4, "big"))
        order = [Card.from_index(i) for i in range(32)]
        for i in range(32):
            j = uniform_int(stream, 32)
            order[i], order[j] = order[j], order[i]
        orders.append(tuple(order))
    assert _position_chi2(orders) > CRITICAL


def test_fair_deal_deals_the_shuffled_order() -> None:
    from preferans.fairness import fair_deal
    from preferans.game import Deal
    from preferans.rules import find_rules

    rules = find_rules("sochi", players=4)
    order = shuffled_order(SECRET, "t", 3, SEEDS)
    deal = fair_deal(SECRET, "t", 3, SEEDS, rules, Seat.W)
    assert deal == Deal.from_order(order, rules, Seat.W)
    assert Seat.W not in deal.hands  # the dealer sits out with 4 players
    assert deal.hands[Seat.N] == CardSet(order[:10])  # first hand: left of the dealer
    assert deal.talon_order == order[30:]


def test_deal_source_feeds_a_pulya() -> None:
    from preferans.fairness import deal_source
    from preferans.rules import find_rules
    from preferans.scoring.pulya import Pulya

    rules = find_rules("rostov")
    first = Pulya(rules, 10, deal_source=deal_source(SECRET, "t", SEEDS)).next_cards()
    again = Pulya(rules, 10, deal_source=deal_source(SECRET, "t", SEEDS)).next_cards()
    assert first == again
    assert first.dealer is Seat.E
