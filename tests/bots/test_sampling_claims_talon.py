"""The sampling bot decides claims, the 4-player talon throw and bids without the talon by
double-dummy play and the sheet's prices, not by the heuristic's rules of thumb."""

from __future__ import annotations

import random

import pytest

from preferans.actions import (
    ACCEPT,
    REJECT,
    THROW_TALON,
    Bid,
    CardAction,
    Claim,
    Declare,
    parse_action,
)
from preferans.bots import hint
from preferans.bots.sampling import SamplingBot
from preferans.cards import CardSet
from preferans.contracts import Strain
from preferans.game import Deal, DealState, Phase, new_deal
from preferans.rules import Rules, find_rules
from preferans.seats import Seat, player_seats


def deal_of(dealer: str, hands: dict[str, str], talon: str) -> Deal:
    """A deal from text; the talon cards in the order written."""
    cards = tuple(CardSet.parse(text).highest() for text in talon.split())
    own = {Seat.parse(seat): CardSet.parse(text) for seat, text in hands.items()}
    return Deal(Seat.parse(dealer), own, CardSet(cards), cards)


def run(state: DealState, script: str) -> DealState:
    """Apply the comma-separated actions of ``script``."""
    for token in filter(None, (t.strip() for t in script.split(","))):
        state = state.apply(parse_action(token))
    return state


def start(rules: Rules, deal: Deal, script: str) -> DealState:
    return run(new_deal(rules, deal), script)


SOCHI = find_rules("sochi")
#: South holds twelve winners: the ten trumps and side aces and kings, and the hearts.
TOP = {"S": "♠AKQJ109 ♣AK ♦AK", "W": "♠8 ♣QJ10 ♦QJ10 ♥QJ10", "E": "♠7 ♣987 ♦987 ♥987"}
#: West holds ♥A: South has a heart loser.
GREEDY = {"S": "♠AKQJ109 ♣AK ♦A ♥7", "W": "♠8 ♣QJ10 ♦QJ10 ♥AJ10", "E": "♠7 ♣987 ♦K987 ♥98"}
OPEN_DEFENCE = "6♠, pass, pass, ♥A, ♥K, play 6♠, whist, pass, open, ♠A, ♠8, ♠7"


def bot() -> SamplingBot:
    return SamplingBot(seed=3)


def decide(state: DealState):  # type: ignore[no-untyped-def]
    actor = state.actor
    assert actor is not None
    view = state.view(actor)
    return view, bot().decide(view)


# --- claims ------------------------------------------------------------------------------


def test_declarer_claims_the_rest_when_the_defence_can_see_it_too() -> None:
    # After the first trick the open defence is face up: West sees East's hand, the
    # talon, and so every card South can hold. South's nine cards are all winners.
    state = start(SOCHI, deal_of("E", TOP, "♥A ♥K"), OPEN_DEFENCE)
    view, decision = decide(state)
    assert view.seat.name == "S"
    assert decision.action == Claim(9)
    assert decision.method != "heuristic"
    h = hint(view, seed=3)
    assert h.action == Claim(9)
    assert "claim 9" in h.text_en and "gives 9 tricks" in h.text_en
    assert "предлагаю 9" in h.text_ru and "9 взяток" in h.text_ru


def test_after_a_rejected_claim_the_declarer_plays_the_deal_out() -> None:
    script = OPEN_DEFENCE + ", claim 9, reject, ♣A, ♣10, ♣7"
    state = start(SOCHI, deal_of("E", TOP, "♥A ♥K"), script)
    view, decision = decide(state)
    assert Claim(8) in view.legal_actions
    assert isinstance(decision.action, CardAction)


def test_declarer_does_not_claim_what_a_closed_defence_cannot_check() -> None:
    # The same cards with a closed defence: West cannot tell South's hand from East's,
    # so a claim would be rejected; South plays on.
    script = OPEN_DEFENCE.replace("open", "closed")
    state = start(SOCHI, deal_of("E", TOP, "♥A ♥K"), script)
    view, decision = decide(state)
    assert isinstance(decision.action, CardAction)
    assert Claim(9) in view.legal_actions


def test_an_obviously_right_claim_is_accepted() -> None:
    state = start(SOCHI, deal_of("E", TOP, "♥A ♥K"), OPEN_DEFENCE + ", claim 9")
    assert state.phase is Phase.CLAIM
    view, decision = decide(state)
    assert view.seat.name == "W"
    assert decision.action is ACCEPT
    assert decision.method in ("sampling", "exact")
    h = hint(view, seed=3)
    assert "accept: the claim matches double-dummy play in" in h.text_en
    assert "согласен: предложение совпадает с игрой в открытую" in h.text_ru
    # Both defenders accept: the deal ends with South's ten tricks.
    state = state.apply(decision.action)
    state = state.apply(decide(state)[1].action)
    assert state.is_over and state.result().claimed
    assert state.result().tricks[state.result().declarer] == 10  # type: ignore[index]


def test_a_claim_one_trick_too_greedy_is_rejected() -> None:
    # South claims every remaining trick, but West's ♥A takes one.
    script = OPEN_DEFENCE.replace("♥A, ♥K", "♥K, ♥Q") + ", claim 9"
    state = start(SOCHI, deal_of("E", GREEDY, "♥K ♥Q"), script)
    view, decision = decide(state)
    assert decision.action is REJECT
    accept = next(o for o in decision.options if o.action is ACCEPT)
    reject = next(o for o in decision.options if o.action is REJECT)
    assert reject.value > accept.value
    h = hint(view, seed=3)
    assert h.text_en.startswith("reject: play on")
    assert h.text_ru.startswith("не согласен: играть дальше")


# --- the 4-player talon throw -----------------------------------------------------------

FOUR = find_rules("sochi", players=4, throw_talon=True)
STRONG4 = {"S": "♠AKQJ10 ♣AK ♦AK ♥A", "W": "♠98 ♣QJ10 ♦QJ10 ♥KQ", "N": "♠7 ♣987 ♦987 ♥J109"}
NEEDY4 = {"S": "♠QJ109 ♣AK ♦AK ♥87", "W": "♠87 ♣QJ10 ♦QJ10 ♥KQ", "N": "♣987 ♦987 ♥AJ109"}


def test_a_useless_talon_is_thrown_and_the_contract_named_on_ten_cards() -> None:
    # Ten sure tricks without help: throwing costs South nothing (the dealer writes 2
    # into gora), so the throw is worth more than taking the two small hearts.
    state = start(FOUR, deal_of("E", STRONG4, "♥8 ♥7"), "6♠, pass, pass")
    assert state.phase is Phase.TALON
    view, decision = decide(state)
    assert decision.action is THROW_TALON
    assert decision.method == "sampling"
    throw = next(o for o in decision.options if o.action is THROW_TALON)
    take = next(o for o in decision.options if o.action is not THROW_TALON)
    assert throw.value > take.value
    h = hint(view, seed=3)
    assert h.text_en.startswith("throw talon") and "take the talon" in h.text_en
    assert h.text_ru.startswith("бросаю прикуп") and "взять прикуп" in h.text_ru
    state = state.apply(decision.action)
    assert state.phase is Phase.CONTRACT and state.view(state.actor).talon_thrown  # type: ignore[arg-type]
    _, named = decide(state)
    assert isinstance(named.action, Declare) and named.method == "sampling"
    # Ten sure tricks: the ten (checked, nobody whists) or the nine, which the master's
    # defenders, not seeing his cards, whist and fail (a master West does whist it: the
    # declarer's pricing takes the defenders' calls from the master's habits).
    assert named.action.contract.level >= 9
    assert named.action.contract.strain in (Strain.SPADES, Strain.NO_TRUMP)


def test_a_talon_with_the_missing_trumps_is_taken() -> None:
    state = start(FOUR, deal_of("E", NEEDY4, "♠A ♠K"), "6♠, pass, pass")
    _, decision = decide(state)
    assert isinstance(decision.action, CardAction)
    assert decision.method == "sampling"
    assert decision.notes["take"] > decision.notes["throw"]


# --- bids without the talon ---------------------------------------------------------------

BARE = find_rules("sochi", no_talon_bids=True)
#: West's eight hearts and ♠A are nine sure tricks; with the talon ten need luck.
NINE = {"S": "♠KQJ ♣KQJ ♦KQJ10", "W": "♥AKQJ10987 ♠A ♣7", "E": "♠1098 ♣A1098 ♦A98"}


def test_over_a_bid_without_the_talon_a_strong_hand_takes_the_talon_at_the_same_level() -> None:
    """Seed 002: a bid without the talon sits just above the same bid with it, so over 9♠бп
    the nine with the talon is still open; it scores the same and the talon can only help."""
    state = start(BARE, deal_of("E", NINE, "♦7 ♠7"), "9♠бп")
    view, decision = decide(state)
    assert view.seat.name == "W"
    assert isinstance(decision.action, Bid)
    assert decision.action.contract.level == 9 and not decision.action.contract.without_talon
    assert decision.method == "sampling"
    state = run(state.apply(decision.action), "pass, pass")
    assert state.view(Seat.W).talon is not None


def test_without_the_convention_the_same_hand_has_no_such_bid() -> None:
    state = start(SOCHI, deal_of("E", NINE, "♦7 ♠7"), "6♠")
    _, decision = decide(state)
    assert not (isinstance(decision.action, Bid) and decision.action.contract.without_talon)


# --- 2 and 4 players with every convention on ----------------------------------------------


@pytest.mark.parametrize(
    ("players", "conventions", "seen"),
    [
        (2, {"no_talon_bids": True}, {Phase.CLAIM, Phase.CONTRACT}),
        (4, {"no_talon_bids": True, "throw_talon": True}, {Phase.CLAIM, Phase.TALON}),
    ],
)
def test_no_heuristic_fallbacks_with_2_and_4_players(
    players: int, conventions: dict[str, bool], seen: set[Phase]
) -> None:
    rules = find_rules("sochi", players=players, **conventions)
    sampler = SamplingBot(seed=1, samples=4)
    kinds: set[Phase] = set()
    for seed in range(6):
        seats = player_seats(rules.players)
        state = new_deal(rules, Deal.random(rules, seats[seed % len(seats)], random.Random(seed)))
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            decision = sampler.decide(view)
            assert decision.action in view.legal_actions
            # Every kind of decision is the sampling bot's own, talon-led raspasy tricks too.
            assert decision.method != "heuristic", (view.phase, view.history)
            kinds.add(view.phase)
            state = state.apply(decision.action)
    assert {Phase.BIDDING, Phase.PLAY} | seen <= kinds
