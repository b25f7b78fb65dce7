"""Duplicate rounds are rated on the duplicate score (seed 000's formula with ``n`` the
player's duplicate score of the round), not on the table's raw whists."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from preferans.scoring.rating import VARIANT_K, rating_delta
from preferans.server.tournaments_rating import duplicate_deltas

NAMES = ("anna", "boris", "vera")


def test_a_player_is_rated_on_his_duplicate_score() -> None:
    ratings = {"anna": 1500.0, "boris": 1500.0, "vera": 1500.0}
    # Whatever the cards gave the table, a player who did exactly as well as the others
    # who held his cards (score 0) keeps his rating; the one who did better gains.
    deltas = duplicate_deltas(
        "sochi", 20, ratings, {"anna": Fraction(0), "boris": Fraction(100), "vera": Fraction(-100)}
    )
    assert deltas == {"anna": 0, "boris": 4, "vera": -4}  # 100 · k 2 · 20/20 / 50


def test_a_table_whose_ratings_spread_too_far_is_not_rated() -> None:
    ratings = {"anna": 1900.0, "boris": 1500.0, "vera": 1450.0}
    scores = dict.fromkeys(NAMES, Fraction(0))
    assert duplicate_deltas("sochi", 10, ratings, scores) is None


@given(
    st.lists(st.integers(1300, 1700), min_size=3, max_size=3),
    st.lists(st.fractions(-300, 300, max_denominator=6), min_size=3, max_size=3),
    st.integers(1, 30),
    st.sampled_from(["sochi", "piter", "rostov"]),
)
def test_the_formula_is_seed_000s_with_n_the_duplicate_score(
    ratings: list[int], scores: list[Fraction], deals: int, variant: str
) -> None:
    by_name = {name: float(r) for name, r in zip(NAMES, ratings, strict=True)}
    score = dict(zip(NAMES, scores, strict=True))
    deltas = duplicate_deltas(variant, deals, by_name, score)
    if max(ratings) - min(ratings) > 400:
        assert deltas is None
        return
    assert deltas is not None
    for name in NAMES:
        others = sum(by_name[o] for o in NAMES if o != name) / 2
        difference = Fraction(by_name[name]) - Fraction(others)
        expected = rating_delta(score[name], VARIANT_K[variant], deals, deals, difference)
        assert deltas[name] == expected
