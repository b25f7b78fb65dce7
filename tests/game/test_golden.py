"""Hand-checked playthroughs of whole deals."""

from __future__ import annotations

from preferans.actions import PASS
from preferans.cards import Card, CardSet
from preferans.contracts import Contract
from preferans.game import Phase
from preferans.result import DealKind, WhistChoice
from preferans.rules import find_rules
from preferans.seats import Seat

from ._helpers import deal_of, play_lowest, run, start

S, W, N, E = Seat.S, Seat.W, Seat.N, Seat.E

# S strong in black suits, W the middle, E long hearts; talon ♥8 ♥7 (in that order).
HANDS = {
    "S": "♠AKQJ ♣AKQJ ♦AK",
    "W": "♠10 ♠9 ♠8 ♣10 ♣9 ♣8 ♦QJ10 ♦9",
    "E": "♠7 ♣7 ♦8 ♦7 ♥AKQJ ♥10 ♥9",
}


def c(text: str) -> Card:
    return Card.parse(text)


def test_raspasy_three_players_talon_leads() -> None:
    rules = find_rules("sochi")
    state = start(rules, deal_of("E", HANDS, "♥8 ♥7"), "pass, pass, pass")
    assert state.phase is Phase.PLAY and state.is_raspasy
    # Trick 1: the talon's ♥8 names the suit, first hand plays first.
    assert state.lead_talon_card == c("♥8") and state.to_move == S
    assert state.view(W).talon == CardSet.parse("♥8")
    state = run(state, "♦A, ♦Q")
    assert state.legal_actions() == tuple(
        a for a in state.legal_actions() if a.index >= c("♥9").index
    )  # E must follow hearts
    state = run(state, "♥9")
    trick = state.completed_tricks[0]
    assert trick.winner == E and trick.talon_card == c("♥8")
    # Trick 2: the second talon card; first hand again plays first.
    assert state.lead_talon_card == c("♥7") and state.to_move == S
    state = run(state, "♦K, ♦J, ♥10")
    assert state.completed_tricks[1].winner == E
    # Trick 3 is led by first hand although East won trick 2.
    assert state.to_move == S and state.lead_talon_card is None
    state = run(state, "♠A, ♠10, ♠7")
    assert state.completed_tricks[2].winner == S and state.to_move == S
    state = play_lowest(state)
    result = state.result()
    assert result.kind is DealKind.RASPASY
    assert sum(result.tricks.values()) == 10
    assert result.talon_tricks == 0 and result.played


def test_raspasy_three_players_nobody_follows_the_talon() -> None:
    rules = find_rules("sochi")
    hands = {
        "S": "♠AKQJ ♣AKQJ ♦AK",
        "W": "♠10 ♠9 ♠8 ♣10 ♣9 ♣8 ♦QJ10 ♦9",
        "E": "♠7 ♣7 ♦8 ♦7 ♥QJ ♥10 ♥9 ♥8 ♥7",
    }
    state = start(rules, deal_of("E", hands, "♥A ♥K"), "pass, pass, pass")
    # E must follow the talon's hearts; S and W have none: the first heart (E's) wins.
    state = run(state, "♦A, ♦Q, ♥7")
    assert state.completed_tricks[0].winner == E
    rules = find_rules("sochi")
    hands2 = {
        "S": "♠AKQJ ♣AKQJ ♦AK",
        "W": "♠10 ♠9 ♠8 ♣10 ♣9 ♣8 ♦QJ10 ♦9",
        "E": "♠7 ♣7 ♦8 ♦7 ♥QJ ♥10 ♥9 ♥8 ♥7",
    }
    # Talon of diamonds-free suit nobody holds is impossible with 30 cards dealt, so test
    # the other branch directly: nobody follows → highest card of the first card's suit.
    from preferans.game.trick import trick_winner

    cards = ((S, c("♠A")), (W, c("♣10")), (E, c("♠7")))
    assert trick_winner(cards, -1, c("♥A"), None) == S
    assert hands2 == hands


def test_raspasy_four_players_dealer_talon_tricks() -> None:
    rules = find_rules("sochi", players=4)
    hands = {
        "S": "♠AKQJ ♣AKQJ ♦AK",
        "W": "♠10 ♠9 ♠8 ♣10 ♣9 ♣8 ♦QJ10 ♦9",
        "N": "♠7 ♣7 ♦8 ♦7 ♥QJ ♥10 ♥9 ♥8 ♥7",
    }
    state = start(rules, deal_of("E", hands, "♥A ♥K"), "pass, pass, pass")
    assert state.active == (S, W, N)
    # The dealer's ♥A leads trick 1 and wins it; ♥K leads trick 2 and wins it.
    state = run(state, "♦A, ♦Q, ♥7, ♦K, ♦J, ♥8")
    assert [t.winner for t in state.completed_tricks] == [E, E]
    assert state.talon_tricks == 2
    # Trick 3: first hand (South) leads.
    assert state.to_move == S and state.lead_talon_card is None
    result = play_lowest(state).result()
    assert result.talon_tricks == 2
    assert E not in result.tricks
    assert sum(result.tricks.values()) == 8


def test_rostov_raspasy_talon_unused_and_hidden() -> None:
    rules = find_rules("rostov")
    state = start(rules, deal_of("E", HANDS, "♥8 ♥7"), "pass, pass, pass")
    assert state.lead_talon_card is None and state.to_move == S
    assert state.view(S).talon is None
    state = run(state, "♠A, ♠10, ♠7")
    assert state.completed_tricks[0].winner == S
    state = play_lowest(state)
    assert state.view(S).talon == CardSet.parse("♥8 ♥7")  # shown when the deal is over


MISERE_HANDS = {
    "S": "♠789 ♣789 ♦789 ♥7",
    "W": "♠AKQJ10 ♣AKQJ10",
    "E": "♦AKQJ10 ♥AKQJ10",
}


def test_misere() -> None:
    rules = find_rules("sochi")
    state = start(rules, deal_of("E", MISERE_HANDS, "♥8 ♥9"), "misere, pass, pass")
    assert state.declarer == S and state.phase is Phase.DISCARD
    assert len(state.hand(S)) == 12
    # Only a misère can be declared, no walking away on a misère.
    state = run(state, "♥9, ♥8")
    assert [str(a) for a in state.legal_actions()] == ["play мизер"]
    view_w = state.view(W)
    assert view_w.discard is None and [a for _, a in view_w.history[-2:]] == [None, None]
    state = run(state, "play misere")
    assert state.phase is Phase.PLAY and state.contract == Contract.misere()
    # The catchers see all the declarer's cards, not each other's.
    view_w = state.view(W)
    assert view_w.known_hands[S] == CardSet.parse("♠789 ♣789 ♦789 ♥7")
    assert view_w.discard == CardSet.parse("♥8 ♥9")
    assert E not in view_w.known_hands
    assert W not in state.view(S).known_hands and E not in state.view(S).known_hands
    result = play_lowest(state).result()
    assert result.kind is DealKind.MISERE
    assert result.tricks[S] == 0 and sum(result.tricks.values()) == 10
    assert result.whist_calls == () and result.defenders == {}


def test_misere_open_after_first_trick() -> None:
    rules = find_rules("sochi", misere_open_after_first_trick=True)
    state = start(
        rules, deal_of("E", MISERE_HANDS, "♥8 ♥9"), "misere, pass, pass, ♥9, ♥8, play misere"
    )
    assert S not in state.view(W).known_hands
    state = run(state, "♠7, ♠A, ♦10")
    assert state.view(W).known_hands[S] == CardSet.parse("♠89 ♣789 ♦789 ♥7")


OPEN_HANDS = {
    "S": "♠AKQJ10 ♣AK ♦AK ♥A",
    "W": "♠987 ♣QJ10 ♦QJ10 ♥K",
    "E": "♠7 ♣987 ♦987 ♥QJ10",
}


def _open_deal() -> dict[str, str]:
    return {
        "S": "♠AKQJ10 ♣AK ♦AK ♥A",
        "W": "♠98 ♣QJ10 ♦QJ10 ♥KQ",
        "E": "♠7 ♣987 ♦987 ♥J10 ♥9",
    }


def test_open_whist_shown_after_first_lead() -> None:
    rules = find_rules("sochi")
    hands = _open_deal()
    deal = deal_of("E", hands, "♥8 ♥7")
    state = start(rules, deal, "6♠, pass, pass, ♥8, ♥7, play 6♠")
    assert state.phase is Phase.WHISTING and state.to_move == W
    state = run(state, "whist")
    assert state.to_move == E
    assert [str(a) for a in state.legal_actions()] == ["pass", "whist"]
    state = run(state, "pass")
    assert state.to_move == W and [str(a) for a in state.legal_actions()] == ["open", "closed"]
    state = run(state, "open")
    # The declarer leads first: the defence is opened after his lead.
    assert state.phase is Phase.PLAY and state.to_move == S
    assert set(state.view(S).known_hands) == {S}
    state = run(state, "♠A")
    for seat in (S, W, E):
        assert set(state.view(seat).known_hands) >= {W, E}
    state = run(state, "♠8")
    assert state.to_move == E and state.actor == W  # the whister plays the passer's hand
    result = play_lowest(state).result()
    assert result.kind is DealKind.GAME and result.open and result.whisters == (W,)
    assert result.defenders == {W: WhistChoice.WHIST, E: WhistChoice.PASS}
    assert [str(a) for _, a in result.whist_calls] == ["whist", "pass", "open"]
    assert sum(result.tricks.values()) == 10


def test_open_after_first_lead_off_opens_at_once() -> None:
    rules = find_rules("sochi", open_after_first_lead=False)
    deal = deal_of("E", _open_deal(), "♥8 ♥7")
    state = start(rules, deal, "6♠, pass, pass, ♥8, ♥7, play 6♠, whist, pass, open")
    assert set(state.view(S).known_hands) == {S, W, E}


def test_half_whist_returned() -> None:
    rules = find_rules("sochi")
    deal = deal_of("E", _open_deal(), "♥8 ♥7")
    state = start(rules, deal, "6♠, pass, pass, ♥8, ♥7, play 6♠, pass, half-whist")
    assert state.to_move == W and [str(a) for a in state.legal_actions()] == ["pass", "whist"]
    state = run(state, "whist")
    assert state.to_move == E and state.legal_actions() == (PASS,)
    state = run(state, "pass, closed")
    assert state.phase is Phase.PLAY
    result = play_lowest(state).result()
    assert result.whisters == (W,) and not result.open
    assert result.defenders == {W: WhistChoice.WHIST, E: WhistChoice.PASS}
    assert [str(a) for _, a in result.whist_calls] == [
        "pass",
        "half-whist",
        "whist",
        "pass",
        "closed",
    ]


def test_half_whist_standing_ends_the_deal() -> None:
    rules = find_rules("sochi")
    deal = deal_of("E", _open_deal(), "♥8 ♥7")
    state = start(rules, deal, "6♠, pass, pass, ♥8, ♥7, play 6♠, pass, half-whist, pass")
    result = state.result()
    assert result.defenders == {W: WhistChoice.PASS, E: WhistChoice.HALF_WHIST}
    assert not result.played and result.whisters == ()


def test_walk_away() -> None:
    rules = find_rules("sochi")
    deal = deal_of("E", _open_deal(), "♥8 ♥7")
    state = start(rules, deal, "6♠, 6♣, pass, 6♦, pass")
    assert state.declarer == S and state.bid == Contract.parse("6♦")
    state = run(state, "♥8, walk away")
    result = state.result()
    assert result.kind is DealKind.WALK_AWAY
    assert result.bid == Contract.parse("6♦") and result.contract is None
    assert not result.played and result.declarer == S


def test_two_players_with_the_dummy() -> None:
    rules = find_rules("sochi", players=2)
    deal = deal_of("E", _open_deal(), "♥8 ♥7")
    state = start(rules, deal)
    assert state.dummy == E and state.to_move == S
    assert E not in state.view(S).known_hands and E not in state.view(W).known_hands
    state = run(state, "6♠, pass")
    assert state.declarer == S
    state = run(state, "♥8, ♥7, play 6♠")
    assert state.phase is Phase.WHISTING and state.to_move == W
    assert state.legal_actions() == (PASS, *state.legal_actions()[1:])
    state = run(state, "whist")
    assert state.phase is Phase.PLAY and state.defence_open
    state = run(state, "♠A")
    assert set(state.view(S).known_hands) == {S, W, E}
    state = run(state, "♠8")
    assert state.to_move == E and state.actor == W
    result = play_lowest(state).result()
    assert result.dummy == E and result.open
    assert result.defenders == {W: WhistChoice.WHIST, E: WhistChoice.PASS}
    assert sum(result.tricks.values()) == 10


def test_two_players_raspasy_dummy_plays_itself() -> None:
    rules = find_rules("sochi", players=2)
    deal = deal_of("E", HANDS, "♥8 ♥7")
    state = start(rules, deal, "pass, pass")
    assert state.is_raspasy
    assert state.view(S).known_hands[E] == CardSet.parse(HANDS["E"])
    # Trick 1: talon ♥8; S and W have no hearts; the dummy follows with its lowest heart.
    state = run(state, "♦A, ♦Q")
    trick = state.completed_tricks[0]
    assert trick.card_of(E) == Card.parse("♥9") and trick.winner == E
    assert state.to_move in (S, W)
    result = play_lowest(state).result()
    assert sum(result.tricks.values()) == 10


def test_when_the_declarer_leads_first_the_hands_are_opened_only_after_the_first_lead() -> None:
    """RULES §5 ``open_after_first_lead``: no seat, the whister included, sees a
    defender's hand between the ``open`` call and the declarer's first card."""
    rules = find_rules("sochi")
    deal = deal_of("E", _open_deal(), "♥8 ♥7")  # S, the declarer, is first hand
    state = start(rules, deal, "6♠, pass, pass, ♥8, ♥7, play 6♠, whist, pass, open")
    for seat in (S, W, E):
        view = state.view(seat)
        assert set(view.known_hands) == {seat} and view.defence_open
        assert set(view.to_dict()["known_hands"]) == {seat.name}
    state = run(state, "♠A")
    for seat in (S, W, E):
        assert set(state.view(seat).known_hands) == {S, W, E} - {S} | {seat}


def test_an_open_defence_is_face_up_from_the_open_call_when_a_defender_leads() -> None:
    """RULES §5: without the declarer leading first, both defenders' hands are face up
    to everybody from the start of play (here E, first hand, passed and leads)."""
    rules = find_rules("sochi")
    deal = deal_of("W", _open_deal(), "♥8 ♥7")  # first hand E
    state = start(rules, deal, "pass, 6♠, pass, ♥8, ♥7, play 6♠, whist, pass, open")
    assert state.phase is Phase.PLAY and state.to_move == E and state.actor == W
    for seat in (S, W, E):
        assert set(state.view(seat).known_hands) == {W, E} | {seat}
