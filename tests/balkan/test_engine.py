"""Golden playthroughs of the Balkan rules in the engine, and random playouts."""

from __future__ import annotations

import random

import pytest

from preferans.actions import ACTION_COUNT, action_from_index, parse_action
from preferans.cards import DECK, CardSet
from preferans.errors import RulesError
from preferans.game import Deal, DealState, IllegalActionError, Phase, new_deal, resample
from preferans.result import DealKind
from preferans.rules import find_rules
from preferans.seats import Seat

S, W, E = Seat.S, Seat.W, Seat.E
RULES = find_rules("balkan")


def deal(seed: int = 0) -> Deal:
    return Deal.random(RULES, E, random.Random(seed))


def say(state: DealState, *texts: str) -> DealState:
    for text in texts:
        state = state.apply(parse_action(text))
    return state


def first_cards(state: DealState) -> DealState:
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def to_contract(state: DealState, contract: str) -> DealState:
    """S bids 2, the others pass, S discards two and names ``contract``."""
    state = say(state, "2♠", "pass", "pass")
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    return say(state, f"play {contract}")


def test_preset_and_strict_rules() -> None:
    assert RULES.is_balkan and RULES.refe == 2 and not RULES.claims
    for bad in ({"players": 4}, {"walk_away": True}, {"half_whist": True}, {"claims": True}):
        with pytest.raises(RulesError):
            RULES.with_(**bad)
    with pytest.raises(RulesError):
        find_rules("sochi", refe=1)
    assert find_rules("serbian") == RULES


def test_new_indices_come_after_the_old_ones() -> None:
    kontra = parse_action("kontra")
    assert kontra.index == ACTION_COUNT - 2 and parse_action("invite").index == ACTION_COUNT - 1
    assert action_from_index(parse_action("betl").index) is parse_action("betl")
    assert parse_action("pass").index == 32 + 2 * 52  # unchanged


def test_bidding_numbers_moje_and_igra() -> None:
    state = new_deal(RULES, deal())
    legal = {str(a) for a in state.legal_actions()}
    assert "2♠" in legal and "3♦" not in legal and "5♣бп" in legal and "pass" in legal
    state = say(state, "2♠", "3♦")
    assert "here" not in {str(a) for a in state.legal_actions()}  # E has no priority
    state = say(state, "pass", "here")  # S holds 3 (moje)
    with pytest.raises(IllegalActionError):
        state.apply(parse_action("5♣bp"))  # igra only as a first call
    state = say(state, "4♥", "here", "pass")
    assert state.declarer is S and state.bid is not None and state.bid.level == 4
    opts = {str(a) for a in state.legal_actions() if not hasattr(a, "card")}
    assert opts == set()  # discarding first


def test_all_pass_is_refe() -> None:
    state = say(new_deal(RULES, deal()), "pass", "pass", "pass")
    assert state.is_over and state.result().kind is DealKind.REFE


def test_nobody_defends_declarer_wins_without_play() -> None:
    state = say(to_contract(new_deal(RULES, deal()), "5♣"), "pass", "pass")
    result = state.result()
    assert state.is_over and not result.played and result.contract is not None


def test_obligatory_kontra_on_two_spades_without_refe() -> None:
    state = say(to_contract(new_deal(RULES, deal()), "2♠"), "whist", "whist", "pass", "pass")
    assert state.is_over and not state.result().played
    lone = say(to_contract(new_deal(RULES, deal()), "2♠"), "whist", "pass")
    assert {str(a) for a in lone.legal_actions()} == {"pass", "kontra"}
    with_refe = say(
        to_contract(new_deal(RULES, deal(), refe=[S]), "2♠"), "whist", "whist", "pass", "pass"
    )
    assert with_refe.phase is Phase.PLAY


def test_not_invited_tricks_of_two_cards_and_first_lead_skips_the_out_seat() -> None:
    # dealer E: first hand S is the declarer; W whists alone, E passes and is out
    state = say(to_contract(new_deal(RULES, deal(3)), "4♥"), "whist", "pass", "pass")
    assert state.out is E and state.phase is Phase.PLAY and state.to_move is S
    out_hand = state.hand(E)
    state = first_cards(state)
    assert all(len(t.cards) == 2 for t in state.completed_tricks)
    assert state.hand(E) == out_hand and len(out_hand) == 10
    assert state.result().out is E


def test_sans_declarer_does_not_lead_first() -> None:
    state = say(to_contract(new_deal(RULES, deal()), "sans"), "whist", "whist", "pass", "pass")
    assert state.to_move is W


def test_invitation_and_kontra_chain() -> None:
    state = say(to_contract(new_deal(RULES, deal()), "5♣"), "pass", "whist", "kontra")
    assert state.invited is W and state.actor is S
    state = say(state, "kontra", "kontra", "kontra", "pass")  # re, sub, mort
    assert dict(state.kontra) == {E: 4} and state.phase is Phase.PLAY
    result = first_cards(state).result()
    assert result.multiplier(E) == 16 and result.multiplier(W) == 1
    assert result.invited is W


def test_play_stops_at_the_fifth_defence_trick() -> None:
    stopped = 0
    for seed in range(40):
        state = say(to_contract(new_deal(RULES, deal(seed)), "sans"), "whist", "whist")
        state = first_cards(say(state, "pass", "pass"))
        defence = sum(n for s, n in state.tricks_won.items() if s != S)
        assert defence <= 5
        if defence == 5:
            stopped += len(state.completed_tricks) < 10
    assert stopped


def test_betl_is_defended_by_both_and_stops_at_the_declarer_trick() -> None:
    state = to_contract(new_deal(RULES, deal(1)), "betl")
    assert {str(a) for a in state.legal_actions()} == {"pass", "kontra"}
    state = first_cards(say(state, "pass", "pass"))
    assert state.result().kind is DealKind.MISERE and state.tricks_won[S] <= 1


def _playout(seed: int) -> None:
    rng = random.Random(seed)
    refe = [s for s in (S, W, E) if rng.random() < 0.3]
    state = new_deal(RULES, Deal.random(RULES, E, rng), refe=refe)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal
        cards = CardSet()
        for hand in state.hands.values():
            cards |= hand
        played = [c for t in state.completed_tricks for _, c in t.cards]
        played += [c for _, c in state.current_trick]
        assert (
            len(cards) + len(played) + len(state.discard) + (0 if state.talon_shown else 2) == 32
            or state.phase is Phase.DISCARD
        )
        bad = next(a for a in map(action_from_index, range(ACTION_COUNT)) if a not in legal)
        before = state.history
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        assert state.history == before
        for seat in (S, W, E):
            view = state.view(seat)
            for other in view.known_hands:
                betl = state.contract is not None and state.contract.is_misere
                assert other == seat or (betl and other == state.declarer)
            assert view.to_dict()["out"] == (None if state.out is None else state.out.name)
        actor = state.actor
        assert actor is not None
        again = resample(state.view(actor), rng)
        assert again.legal_actions() == legal
        assert again.view(actor).history == state.view(actor).history
        state = state.apply(rng.choice(legal))
    result = state.result()
    assert sum(result.tricks.values()) == len(state.completed_tricks)
    assert CardSet(DECK) == DECK


def test_random_playouts() -> None:
    for seed in range(150):
        _playout(seed)


@pytest.mark.parametrize("after_trick", [True, False])
def test_betl_shows_the_declarer_hand_not_his_discard(after_trick: bool) -> None:
    """docs/balkan.md: the betl hand is shown to the defenders; the discard stays down."""
    rules = RULES.with_(misere_open_after_first_trick=after_trick)
    state = say(to_contract(new_deal(rules, deal(1)), "betl"), "pass", "pass")
    for _ in range(3 if after_trick else 0):
        state = state.apply(state.legal_actions()[0])
    discard = state.discard
    assert len(discard) == 2
    for seat in (W, E):
        view = state.view(seat)
        assert view.known_hands[S] == state.hands[S]  # the hand he plays, face up
        assert view.discard is None
        assert [a for _, a in view.history[3:5]] == [None, None]  # discard actions hidden
    assert state.view(S).discard == discard
