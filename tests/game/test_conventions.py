"""Focused tests of each convention and of the error messages."""

from __future__ import annotations

import random

import pytest

from preferans.actions import HERE, PASS, THROW_TALON, WALK_AWAY, Bid, Claim, parse_action
from preferans.cards import CardSet
from preferans.contracts import Contract
from preferans.game import Deal, IllegalActionError, Phase, new_deal
from preferans.result import DealKind, WhistChoice
from preferans.rules import find_rules
from preferans.seats import Seat

from ._helpers import deal_of, play_lowest, run, start

S, W, N, E = Seat.S, Seat.W, Seat.N, Seat.E
HANDS = {
    "S": "♠AKQJ10 ♣AK ♦AK ♥A",
    "W": "♠98 ♣QJ10 ♦QJ10 ♥KQ",
    "E": "♠7 ♣987 ♦987 ♥J10 ♥9",
}
HANDS4 = {"S": HANDS["S"], "W": HANDS["W"], "N": HANDS["E"]}
SOCHI = find_rules("sochi")


def deal3():  # type: ignore[no-untyped-def]
    return deal_of("E", HANDS, "♥8 ♥7")


def bids(state) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(a) for a in state.legal_actions()]


def illegal(state, text: str, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError, match=message):
        state.apply(parse_action(text))


def test_first_bid_and_ladder() -> None:
    state = start(SOCHI, deal3())
    assert bids(state) == ["6♠", "мизер", "pass"]
    state = run(state, "6♠")
    assert bids(state) == ["6♣", "мизер", "pass"]
    illegal(state, "7♠", "no jumps: the next bid is 6♣")
    illegal(state, "6♠", "the bid must be 6♣ or higher")


def test_turn_message() -> None:
    state = start(SOCHI, deal3())
    with pytest.raises(IllegalActionError, match="it is South's turn"):
        state.apply(PASS, seat=W)


def test_misere_only_first_call_and_outbid_misere_passes() -> None:
    state = start(SOCHI, deal3(), "6♠, misere")
    assert bids(state) == ["9♠", "pass"]  # E: after a misère the next bid is 9♠
    state = run(state, "9♠")
    illegal(state, "7♠", "misère can only be a first call|must be")
    state = run(state, "pass")  # S out
    assert state.legal_actions() == (PASS,)  # W's misère was outbid: only pass
    illegal(state, "9♣", "after your misère was outbid you can only pass")
    state = run(state, "pass")
    assert state.declarer == E and state.bid == Contract.parse("9♠")


def test_misere_not_after_another_call() -> None:
    state = start(SOCHI, deal3(), "6♠, 6♣, 6♦")
    illegal(state, "misere", "misère can only be a first call")


def test_here() -> None:
    state = start(SOCHI, deal3(), "6♠, pass")
    assert HERE in state.legal_actions()  # E: right neighbour W passed
    state = run(state, "here")
    assert state.to_move == S and HERE not in state.legal_actions()
    state = run(state, "6♣, here, pass")
    assert state.declarer == E and state.bid == Contract.parse("6♣")
    assert not find_rules("sochi", here=False).here
    state = start(find_rules("sochi", here=False), deal3(), "6♠, pass")
    illegal(state, "here", "not played at this table")


def test_here_for_first_hand_with_four_players() -> None:
    rules = find_rules("sochi", players=4)
    state = start(rules, deal_of("E", HANDS4, "♥8 ♥7"), "6♠, 6♣, pass")
    assert state.to_move == S and HERE in state.legal_actions()  # right neighbour = dealer


def test_jump_bids() -> None:
    state = start(find_rules("sochi", jump_bids=True), deal3(), "6♠")
    assert "10БК" in bids(state) and "6♠" not in bids(state)
    state = run(state, "8♥")
    assert bids(state)[0] == "8БК"


def test_without_talon_bids() -> None:
    rules = find_rules("sochi", no_talon_bids=True)
    state = start(rules, deal3(), "6♠, 6♠бп")
    # RULES §3: 6♠бп sits just above 6♠, so the next step with the talon is 6♣.
    assert bids(state)[0] == "6♣" and "6♣бп" in bids(state) and "7♠" not in bids(state)
    state = run(state, "pass, pass")
    assert state.declarer == W and state.phase is Phase.CONTRACT
    assert state.view(S).talon is None and len(state.hand(W)) == 10
    assert WALK_AWAY not in state.legal_actions()
    assert all(a.contract.without_talon for a in state.legal_actions())  # type: ignore[union-attr]
    illegal(state, "play 7♠", "without the talon")
    state = run(state, "play 6♠бп")
    assert state.phase is Phase.WHISTING
    illegal(start(SOCHI, deal3()), "6♠бп", "not played at this table")


def test_raspasy_exit_rule() -> None:
    rules = find_rules("sochi", raspasy_exit=7)
    state = start(rules, deal3(), raspasy_run=1)
    assert bids(state) == ["7♠", "мизер", "pass"]
    illegal(state, "6♠", "7♠")
    assert bids(start(rules, deal3()))[0] == "6♠"


def test_contract_floor_and_walk_away_rules() -> None:
    state = start(SOCHI, deal3(), "6♠, 6♣, pass, pass")
    assert state.declarer == W and state.phase is Phase.DISCARD
    assert state.view(S).talon == CardSet.parse("♥8 ♥7")
    illegal(state, "play 7♠", "discard two cards first")
    state = run(state, "♥8, ♥7")
    illegal(state, "play 6♠", "must be 6♣ or higher")
    illegal(state, "play misere", "only if it was bid")
    state = start(find_rules("sochi", walk_away=False), deal3(), "6♠, pass, pass")
    illegal(state, "walk away", "not played at this table")


def test_throw_talon() -> None:
    rules = find_rules("sochi", players=4, throw_talon=True, walk_away=False)
    state = start(rules, deal_of("E", HANDS4, "♥8 ♥7"), "6♠, pass, pass")
    assert state.phase is Phase.TALON and THROW_TALON in state.legal_actions()
    state = run(state, "throw talon")
    assert state.phase is Phase.CONTRACT and len(state.hand(S)) == 10
    assert WALK_AWAY in state.legal_actions()
    assert state.view(W).discard == CardSet.parse("♥8 ♥7")
    result = run(state, "walk away").result()
    assert result.kind is DealKind.WALK_AWAY and result.talon_thrown
    # Discarding takes the talon.
    state = run(start(rules, deal_of("E", HANDS4, "♥8 ♥7"), "6♠, pass, pass"), "♥8")
    assert state.phase is Phase.DISCARD and len(state.hand(S)) == 11
    illegal(state, "throw talon", "only before you take it")


def test_stalingrad() -> None:
    rules = find_rules("sochi", stalingrad=True)
    state = start(rules, deal3(), "6♠, pass, pass, ♥8, ♥7, play 6♠")
    illegal(state, "pass", "Stalingrad")
    state = run(state, "whist, whist")
    assert state.phase is Phase.PLAY and state.whisters == (W, E) and not state.defence_open


def test_half_whist_only_on_six_and_seven() -> None:
    state = start(SOCHI, deal3(), "6♠, pass, pass, ♥8, ♥7, play 8♠, pass")
    illegal(state, "half-whist", "only for sixes and sevens")
    state = start(find_rules("sochi", half_whist=False), deal3(), "6♠, pass, pass")
    state = run(state, "♥8, ♥7, play 6♠, pass")
    illegal(state, "half-whist", "not played at this table")


def test_both_pass_made_without_play() -> None:
    state = start(SOCHI, deal3(), "6♠, pass, pass, ♥8, ♥7, play 7♥, pass, pass")
    result = state.result()
    assert result.kind is DealKind.GAME and not result.played
    assert result.defenders == {W: WhistChoice.PASS, E: WhistChoice.PASS}


def test_ten_checked() -> None:
    state = start(SOCHI, deal3(), "6♠, pass, pass, ♥8, ♥7, play 10БК")
    assert state.phase is Phase.PLAY and state.checked
    state = run(state, "♥A")  # declarer led: the defence opens after the first lead
    assert set(state.view(S).known_hands) == {S, W, E}
    assert state.actor == state.to_move  # each defender plays his own hand
    result = play_lowest(state).result()
    assert result.checked and result.open and result.defenders == {}
    state = start(find_rules("sochi", ten_checked=False), deal3(), "6♠, pass, pass")
    assert run(state, "♥8, ♥7, play 10БК").phase is Phase.WHISTING


def test_follow_suit_messages() -> None:
    state = start(SOCHI, deal3(), "6♠, pass, pass, ♥8, ♥7, play 6♣, whist, whist, ♦A")
    illegal(state, "♠9", "must follow ♦")
    state = run(state, "♦10")
    illegal(state, "♠A", "not in")


def test_must_trump() -> None:
    hands = {
        "S": "♠AKQJ10 ♣AK ♦AK ♥A",
        "W": "♠98 ♣QJ10 ♦QJ10 ♥KQ",
        "E": "♠7 ♣987 ♦987 ♥J10 ♥9",
    }
    state = start(SOCHI, deal_of("E", hands, "♥8 ♥7"), "6♠, pass, pass, ♥8, ♥7")
    state = run(state, "play 6♦, whist, whist, ♥A")  # hearts led; declarer's trumps ♦
    state = run(state, "♥K")
    assert state.to_move == E
    state = run(state, "♥9, ♣A")
    # W leads? The declarer won trick 1 with ♥A and leads again.
    assert state.completed_tricks[0].winner == S


def test_claims() -> None:
    state = start(SOCHI, deal3(), "6♠, pass, pass, ♥8, ♥7, play 6♠, whist, pass, closed")
    assert Claim(10) in state.legal_actions() and Claim(3) in state.legal_actions()
    state = run(state, "claim 8")
    assert state.phase is Phase.CLAIM and state.to_move == W
    rejected = run(state, "reject")
    assert rejected.phase is Phase.PLAY and not any(
        isinstance(a, Claim) for a in rejected.legal_actions()
    )
    result = run(state, "accept, accept").result()
    assert result.claimed and result.tricks == {S: 8, W: 2, E: 0}
    # Two whisters: only all the remaining tricks can be claimed.
    state = start(SOCHI, deal3(), "6♠, pass, pass, ♥8, ♥7, play 6♠, whist, whist")
    assert [a for a in state.legal_actions() if isinstance(a, Claim)] == [Claim(10)]
    state = start(find_rules("sochi", claims=False), deal3(), "6♠, pass, pass")
    state = run(state, "♥8, ♥7, play 6♠, whist, whist")
    illegal(state, "claim 10", "not played at this table")


def test_no_claims_on_raspasy() -> None:
    state = start(SOCHI, deal3(), "pass, pass, pass")
    assert not any(isinstance(a, Claim) for a in state.legal_actions())


def test_bid_instances_by_value() -> None:
    state = start(SOCHI, deal3())
    after = state.apply(Bid(Contract.parse("6♠")))
    assert after.bid == Contract.parse("6♠") and state.bid is None


def test_here_cannot_answer_here_with_four_players() -> None:
    """Both neighbours of the sitting-out dealer may hold a bid, but never each other's
    "here": the one answered must raise or pass, so the auction cannot loop."""
    rules = find_rules("sochi", players=4)
    state = new_deal(rules, Deal.random(rules, Seat.N, random.Random(4)))
    assert state.to_move is Seat.E
    for text in ("6♠", "pass", "here"):
        state = state.apply(parse_action(text))
    assert state.to_move is Seat.E
    assert HERE not in state.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(HERE)
    assert refused.value.code == "here_after_here"
    assert "повышайте или пасуйте" in refused.value.message("ru")
    state = state.apply(parse_action("6♣"))
    assert HERE in state.legal_actions()  # W may hold the new bid again
