"""The whists a sampling bot's bid must promise over passing: ``BID_MARGIN`` unless given
(``sampling:bid_margin=2.0`` in matches), so the setting a match measured is the one the
bot plays."""

from __future__ import annotations

from preferans.actions import Bid
from preferans.bots.levels import MASTER_BID_MARGIN, make_bot
from preferans.bots.sampling import BID_MARGIN, SamplingBot
from preferans.game import Phase, View

from .conftest import heuristic_views


def _opening_bid(view: View) -> bool:
    return view.phase is Phase.BIDDING and any(isinstance(a, Bid) for a in view.legal_actions)


def test_the_default_margin_is_the_measured_one() -> None:
    assert SamplingBot().bid_margin == BID_MARGIN == 1.0


def test_a_larger_margin_passes_hands_the_default_bids() -> None:
    views = list(heuristic_views("sochi", 3, 40, _opening_bid, first=True))
    default = SamplingBot(seed=2)
    cautious = SamplingBot(seed=2, bid_margin=1000.0)
    bids = [v for v in views if isinstance(default.decide(v).action, Bid)]
    assert bids, "some first hand of forty bids"
    for view in bids:
        assert not isinstance(cautious.decide(view).action, Bid)


def test_a_smaller_margin_never_bids_less() -> None:
    views = list(heuristic_views("sochi", 3, 40, _opening_bid, first=True))
    default = SamplingBot(seed=2)
    bold = SamplingBot(seed=2, bid_margin=0.0)
    for view in views:
        if isinstance(default.decide(view).action, Bid):
            assert isinstance(bold.decide(view).action, Bid)


def test_a_negative_margin_bids_a_call_priced_just_below_the_pass() -> None:
    views = list(heuristic_views("sochi", 3, 40, _opening_bid, first=True))
    default = SamplingBot(seed=2)
    reckless = SamplingBot(seed=2, bid_margin=-1000.0)
    passes = [v for v in views if not isinstance(default.decide(v).action, Bid)]
    assert passes, "some first hand of forty passes"
    for view in passes:
        assert isinstance(reckless.decide(view).action, Bid)


def test_the_master_bids_with_its_measured_margin_and_the_amateur_with_the_bots() -> None:
    master, amateur = make_bot("master"), make_bot("amateur")
    assert isinstance(master, SamplingBot) and isinstance(amateur, SamplingBot)
    assert master.bid_margin == MASTER_BID_MARGIN == -2.0
    assert amateur.bid_margin == BID_MARGIN
    assert make_bot("master", bid_margin=1.0).bid_margin == 1.0  # a match may set it back
