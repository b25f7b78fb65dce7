"""The seed-000 rating formula on hand-computed cases."""

from fractions import Fraction as F

from preferans.scoring import rate_pulya, rating_delta


def test_hand_computed() -> None:
    # Sochi k=2, L=20, S=20, d=0: (100·2·20/20)/50 = 4
    assert rating_delta(100, 2, 20, 20, 0) == 4
    # Piter k=1, L=10, S=15, d=100: (60·10/20 − 100·15/20)/50 = (30 − 75)/50 = −0.9 → clamp 0
    assert rating_delta(60, 1, 10, 15, 100) == 0
    # n<0: (−60·1·10/20 − 100·15/20)/50 = (−30 − 75)/50 = −2.1 → −2
    assert rating_delta(-60, 1, 10, 15, 100) == -2
    # caps at 20: L=50, S=40 behave as 20
    assert rating_delta(100, 2, 50, 40, 0) == rating_delta(100, 2, 20, 20, 0)
    # Rostov k=4/3: 150·4/3·20/20/50 = 4
    assert rating_delta(150, F(4, 3), 20, 20, 0) == 4
    # halves round away from zero: 125·2/50 = 5 … 62.5 → (62.5)/50 = 1.25 → 1; 75/50 = 1.5 → 2
    assert rating_delta(75, 1, 20, 20, 0) == 2
    assert rating_delta(-75, 1, 20, 20, 0) == -2
    # n>0 but a strong favourite: delta negative → 0
    assert rating_delta(10, 1, 20, 20, 300) == 0
    # n=0: the rating difference alone moves it
    assert rating_delta(0, 2, 20, 20, 300) == -6


def test_rate_pulya() -> None:
    ratings = {"ann": 1600, "bob": 1500, "cy": 1400}
    whists = {"ann": 54, "bob": -74, "cy": 20}
    deltas = rate_pulya(ratings, whists, "sochi", 20, 20)
    # ann: d = 1600 − 1450 = 150: (54·2 − 150)/50 = −0.84 → −1 → clamped 0
    # bob: d = 0: −148/50 = −2.96 → −3;  cy: d = −150: (40 + 150)/50 = 3.8 → 4
    assert deltas == {"ann": 0, "bob": -3, "cy": 4}


def test_spread_over_400_is_not_rated() -> None:
    assert (
        rate_pulya({"a": 1000, "b": 1401, "c": 1200}, {"a": 1, "b": -1, "c": 0}, "sochi", 20, 20)
        is None
    )
    assert (
        rate_pulya({"a": 1000, "b": 1400, "c": 1200}, {"a": 1, "b": -1, "c": 0}, "sochi", 20, 20)
        is not None
    )
