"""Random playouts from random deals under every preset, player count and convention.

Checks on every state: the 32 cards are conserved; every trick has one card per active
hand; legal actions are sorted and never empty before the end; actions outside them raise
and change nothing; every view holds exactly what its seat may see (the allowed set is
computed here from public facts, independently of the engine); resample agrees with the
view.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from preferans.actions import ACTION_COUNT, CardAction, Declare, action_from_index
from preferans.cards import DECK, CardSet
from preferans.game import Deal, DealState, IllegalActionError, Phase, new_deal, resample
from preferans.result import DealKind
from preferans.rules import Rules, find_rules
from preferans.seats import Seat, seats_for

PRESETS = ("sochi", "leningrad", "rostov")
COUNTS = (2, 3, 4)


@st.composite
def tables(draw: st.DrawFn, variant: str | None = None, players: int | None = None) -> Rules:
    """A preset with random conventions."""
    variant = variant or draw(st.sampled_from(PRESETS))
    players = players or draw(st.sampled_from(COUNTS))
    b = st.booleans()
    return find_rules(
        variant,
        players=players,
        jump_bids=draw(b),
        here=draw(b),
        no_talon_bids=draw(b),
        walk_away=draw(b),
        throw_talon=players == 4 and draw(b),
        half_whist=draw(b),
        ten_checked=draw(b),
        stalingrad=draw(b),
        open_after_first_lead=draw(b),
        misere_open_after_first_trick=draw(b),
        claims=draw(b),
        raspasy_exit=draw(st.sampled_from((6, 7))),
    )


def _played(state: DealState) -> int:
    """The cards played so far as every seat's view shows them."""
    return state.view(state.active[0]).played_cards.mask


def check_cards(state: DealState) -> None:
    hands = [h.mask for h in state.hands.values()]
    parts = [*hands, _played(state), state.discard.mask]
    union = 0
    total = 0
    for part in parts:
        assert union & part == 0, "a card is in two places"
        union |= part
        total += part.bit_count()
    rest = DECK.mask & ~union
    # What is in no hand, not played and not discarded is exactly the unused talon.
    assert rest & ~state.deal.talon.mask == 0
    assert total + rest.bit_count() == 32
    for trick in state.completed_tricks:
        assert sorted(s for s, _ in trick.cards) == sorted(state.active)
    for seat in state.active:
        size = len(state.hand(seat))
        if state.phase in (Phase.PLAY, Phase.CLAIM):
            assert size == 10 - len(state.completed_tricks) - any(
                s == seat for s, _ in state.current_trick
            )


def check_legal(state: DealState, rng: random.Random) -> None:
    legal = state.legal_actions()
    if state.is_over:
        assert legal == ()
        return
    assert legal, "no legal action before the end"
    indices = [a.index for a in legal]
    assert indices == sorted(indices) and len(set(indices)) == len(indices)
    for action in legal[:3]:
        assert state.is_legal(action)
    before = _snapshot(state)
    legal_set = set(indices)
    for index in rng.sample(range(ACTION_COUNT), 6):
        if index in legal_set:
            continue
        action = action_from_index(index)
        assert not state.is_legal(action)
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert str(info.value)
        assert _snapshot(state) == before
    others = [s for s in seats_for(state.rules.players) if s != state.actor]
    with pytest.raises(IllegalActionError, match="turn"):
        state.apply(legal[0], seat=rng.choice(others))


def _snapshot(state: DealState) -> tuple[object, ...]:
    return (
        state.phase,
        state.to_move,
        state.actor,
        state.history,
        dict(state.hands),
        state.current_trick,
        state.completed_tricks,
        dict(state.tricks_won),
        state.legal_actions(),
    )


def allowed_hands(state: DealState, seat: Seat) -> set[Seat]:
    """The hands ``seat`` may see, from public facts only."""
    allowed = {seat} if seat in state.active else set()
    rules = state.rules
    in_play = state.phase in (Phase.PLAY, Phase.CLAIM) or (state.is_over and state.result().played)
    if not in_play:
        return allowed
    cards_played = bool(state.completed_tricks or state.current_trick)
    declarer = state.declarer
    if state.is_raspasy:
        if state.dummy is not None:
            allowed.add(state.dummy)
        return allowed
    assert declarer is not None and state.contract is not None
    defenders = {s for s in state.active if s != declarer}
    if state.contract.is_misere:
        if seat in defenders:
            if not rules.misere_open_after_first_trick or state.completed_tricks:
                allowed.add(declarer)
            if state.dummy is not None:
                allowed.add(state.dummy)
        return allowed
    opened = state.defence_open
    if opened:
        first_lead_by_declarer = state.active[0] == declarer
        if not (first_lead_by_declarer and rules.open_after_first_lead) or cards_played:
            allowed |= defenders
    return allowed


def check_views(state: DealState, rng: random.Random, resamples: int) -> None:
    rules = state.rules
    discards = _discard_positions(state)
    for seat in seats_for(rules.players):
        view = state.view(seat)
        allowed = allowed_hands(state, seat)
        assert set(view.known_hands) == allowed, (seat, state)
        for s, hand in view.known_hands.items():
            assert hand == state.hand(s)
        assert view.hand == (state.hand(seat) if seat in state.active else CardSet())
        # The talon: only once shown, or turned up on raspasy, or at the end.
        talon = state.deal.talon
        if state.is_over or state.talon_shown:
            assert view.talon == talon
        elif state.is_raspasy and rules.raspasy_talon == "leads":
            shown = [t.talon_card for t in state.completed_tricks if t.talon_card]
            if state.lead_talon_card is not None:
                shown.append(state.lead_talon_card)
            assert view.talon == (CardSet(shown) if shown else None)
        else:
            assert view.talon is None
        # The discard: the declarer; a thrown talon is public; misère catchers once shown.
        knows = bool(state.discard) and (
            seat == state.declarer
            or state.talon_thrown
            or (state.declarer in allowed and seat != state.declarer)
        )
        assert (view.discard is not None) == knows
        for i, (who, action) in enumerate(view.history):
            if i in discards and not knows:
                assert action is None
            else:
                assert action == state.history[i][1] and who == state.history[i][0]
        assert bool(view.legal_actions) == (seat == state.actor)
        if seat == state.actor:
            # The view crosses to a bot's worker process and comes back equal, read-only.
            copy = pickle.loads(pickle.dumps(view))
            assert copy == view and copy.legal_actions == view.legal_actions
            with pytest.raises(TypeError):
                copy.known_hands[seat] = CardSet()  # type: ignore[index]
    for _ in range(resamples):
        seat = rng.choice(seats_for(rules.players))
        view = state.view(seat)
        sampled = resample(view, rng)
        assert sampled.view(seat) == view
        check_cards(sampled)


def _discard_positions(state: DealState) -> set[int]:
    out: set[int] = set()
    if state.declarer is None:
        return out
    started = False
    for i, (_, action) in enumerate(state.history):
        if isinstance(action, Declare):
            break
        if isinstance(action, CardAction):
            started = True
            out.add(i)
    assert not started or len(out) <= 2
    return out


def check_result(state: DealState) -> None:
    result = state.result()
    assert set(result.tricks) == set(state.active)
    if result.played:
        assert sum(result.tricks.values()) + result.talon_tricks == 10
    else:
        assert sum(result.tricks.values()) == 0
    if result.kind is DealKind.RASPASY:
        assert result.declarer is None and result.contract is None
    else:
        assert result.declarer is not None and result.bid is not None
    if result.kind is DealKind.GAME:
        assert result.contract is not None and result.contract >= result.bid  # type: ignore[operator]
        if not result.checked:
            assert set(result.defenders) == {s for s in state.active if s != result.declarer}
    if result.talon_tricks:
        assert state.rules.players == 4 and result.kind is DealKind.RASPASY
    assert result.bidding == state.history[: len(result.bidding)]


def playout(rules: Rules, seed: int, *, views: bool, resamples: int = 0) -> DealState:
    rng = random.Random(seed)
    dealer = rng.choice(seats_for(rules.players))
    run = rng.choice((0, 0, 1))
    state = new_deal(rules, Deal.random(rules, dealer, rng), raspasy_run=run)
    while True:
        check_cards(state)
        check_legal(state, rng)
        if views:
            check_views(state, rng, resamples)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    check_result(state)
    return state


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VIEWS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("variant", PRESETS)
@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_preset_playouts(variant: str, players: int, seed: int) -> None:
    playout(find_rules(variant, players=players), seed, views=False)


@FAST
@given(rules=tables(), seed=st.integers(0, 2**32 - 1))
def test_convention_playouts(rules: Rules, seed: int) -> None:
    playout(rules, seed, views=False)


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("variant", PRESETS)
@VIEWS
@given(seed=st.integers(0, 2**32 - 1))
def test_preset_views_and_resample(variant: str, players: int, seed: int) -> None:
    playout(find_rules(variant, players=players), seed, views=True, resamples=1)


@VIEWS
@given(rules=tables(), seed=st.integers(0, 2**32 - 1))
def test_convention_views_and_resample(rules: Rules, seed: int) -> None:
    playout(rules, seed, views=True, resamples=1)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=tables(), seed=st.integers(0, 2**32 - 1))
def test_many_convention_views_and_resample(rules: Rules, seed: int) -> None:
    playout(rules, seed, views=True, resamples=2)
