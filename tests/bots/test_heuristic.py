"""The heuristic's bidding where raspasy are paid in whists (Rostov): a thin six on a hand
good on raspasy is passed."""

from __future__ import annotations

from preferans.actions import Action, Bid, Call, CallKind
from preferans.bots.evaluation import misere_holes
from preferans.bots.heuristic import (
    RASPASY_ESCAPE_HOLES,
    RASPASY_ESCAPE_TRICKS,
    RASPASY_PASS_HOLES,
    RASPASY_PASS_TRICKS,
    HeuristicBot,
    declarer_estimate,
    max_contract,
)
from preferans.cards import CardSet
from preferans.game import Deal, View, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat

#: South, first hand: ♠A K Q 9 8 and the sevens and eights of the other suits. The table
#: gives 4.8 tricks in spades (a six with the talon), and on raspasy only the spades
#: can be caught.
THIN_SIX = {"S": "♠AKQ98 ♣78 ♦7 ♥78", "W": "♠J10 ♣AKQ ♦AKQ ♥AK", "E": "♠7 ♣J109 ♦J1098 ♥QJ"}
#: The same shape with ♠J instead of ♠8: 5.3 table tricks, a six worth playing.
SOLID_SIX = {"S": "♠AKQJ9 ♣78 ♦7 ♥78", "W": "♠108 ♣AKQ ♦AKQ ♥AK", "E": "♠7 ♣J109 ♦J1098 ♥QJ"}


def _deal(hands: dict[str, str], talon: str = "♥10 ♥9") -> Deal:
    cards = tuple(CardSet.parse(text).highest() for text in talon.split())
    own = {Seat.parse(seat): CardSet.parse(text) for seat, text in hands.items()}
    return Deal(Seat.E, own, CardSet(cards), cards)


def _first_bid(variant: str, hands: dict[str, str]) -> tuple[View, Action]:
    state = new_deal(find_rules(variant), _deal(hands))
    assert state.actor is Seat.S
    view = state.view(Seat.S)
    return view, HeuristicBot().choose(view)


def test_the_thin_six_is_what_the_rule_is_about() -> None:
    hand = CardSet.parse(THIN_SIX["S"])
    ceiling = max_contract(hand)
    assert ceiling is not None and ceiling.level == 6
    assert declarer_estimate(hand)[1] < RASPASY_PASS_TRICKS
    holes = misere_holes(hand, own_lead=True)
    assert sum(h.catch for h in holes) < RASPASY_PASS_HOLES


def test_rostov_passes_a_thin_six_that_sochi_bids() -> None:
    # Rostov pays raspasy in whists, so the hand good on raspasy passes; Sochi writes
    # raspasy tricks in the gora and the same hand opens its six.
    _, rostov = _first_bid("rostov", THIN_SIX)
    assert rostov == Call(CallKind.PASS)
    _, sochi = _first_bid("sochi", THIN_SIX)
    assert isinstance(sochi, Bid) and sochi.contract.level == 6


def test_rostov_bids_a_six_the_table_makes() -> None:
    _, action = _first_bid("rostov", SOLID_SIX)
    assert isinstance(action, Bid) and action.contract.level == 6


def test_a_hand_bad_on_raspasy_bids_its_six_in_rostov() -> None:
    # ♣K J and ♦Q J beside the spades: three suits to be caught in on raspasy, so the
    # six is the cheaper risk.
    hands = {"S": "♠AKQ98 ♣KJ ♦QJ ♥8", "W": "♠J10 ♣AQ10 ♦AK10 ♥AK", "E": "♠7 ♣987 ♦987 ♥QJ7"}
    hand = CardSet.parse(hands["S"])
    assert declarer_estimate(hand)[1] < RASPASY_PASS_TRICKS
    assert sum(h.catch for h in misere_holes(hand, own_lead=True)) >= RASPASY_PASS_HOLES
    _, action = _first_bid("rostov", hands)
    assert isinstance(action, Bid) and action.contract.level == 6


#: South, first hand: kings and queens, 5.0 table tricks in spades but no suit or pair of
#: suits the opening rule accepts; on raspasy four suits without a seven.
HONOURS = {"S": "♠AKJ9 ♣KQ ♦AQ ♥KJ", "W": "♠Q10 ♣AJ10 ♦KJ10 ♥AQ", "E": "♠87 ♣987 ♦987 ♥87"}


def test_rostov_escapes_raspasy_with_a_six_that_sochi_passes() -> None:
    hand = CardSet.parse(HONOURS["S"])
    assert max_contract(hand) is None
    assert declarer_estimate(hand)[1] >= RASPASY_ESCAPE_TRICKS
    assert sum(h.catch for h in misere_holes(hand, own_lead=True)) >= RASPASY_ESCAPE_HOLES
    _, rostov = _first_bid("rostov", HONOURS)
    assert isinstance(rostov, Bid) and rostov.contract.level == 6
    _, sochi = _first_bid("sochi", HONOURS)
    assert sochi == Call(CallKind.PASS)
