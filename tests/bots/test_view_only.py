"""A bot receives one seat's View and nothing through which the full state could be reached;
its decisions depend on the view (and its seed) alone."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

import pytest

from preferans.actions import Action
from preferans.bots import make_bot
from preferans.bots.sampling import SamplingBot
from preferans.game import Deal, DealState, Phase, View, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat

from .conftest import play, seat_bots


def _reachable(value: Any, depth: int = 0) -> list[Any]:
    """Every object reachable from a view's fields (containers walked, values listed)."""
    if depth > 6:
        return []
    out = [value]
    if isinstance(value, Mapping):
        for k, v in value.items():
            out += _reachable(k, depth + 1) + _reachable(v, depth + 1)
    elif isinstance(value, tuple | list):
        for item in value:
            out += _reachable(item, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out += _reachable(getattr(value, f.name), depth + 1)
    return out


class Spy:
    """Wraps a bot and records exactly what it was handed."""

    def __init__(self, level: str) -> None:
        self.inner = make_bot(level, 3, samples=4) if level == "sampling" else make_bot(level, 3)
        self.name = self.inner.name
        self.seen: list[object] = []

    def choose(self, view: View) -> Action:
        self.seen.append(view)
        return self.inner.choose(view)


@pytest.mark.parametrize("level", ["random", "heuristic", "sampling"])
def test_bot_is_handed_a_view_that_leads_to_no_state(level: str) -> None:
    rules = find_rules("sochi")
    spies = {s: Spy(level) for s in (Seat.S, Seat.W, Seat.E)}
    play(rules, 5, dict(spies))
    for spy in spies.values():
        assert spy.seen
        for view in spy.seen:
            assert type(view) is View
            assert not isinstance(view, DealState)
            assert not any(isinstance(v, DealState) for v in _reachable(view))
            assert not hasattr(view, "deal")


def test_view_hides_other_hands_and_the_talon_during_bidding() -> None:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(1)))
    view = state.view(state.actor or Seat.S)
    assert set(view.known_hands) == {view.seat}
    assert view.talon is None
    hidden = [c for s in (Seat.W, Seat.E) for c in state.hand(s)]
    for card in hidden:
        assert card not in view.hand


def _swapped_deal(deal: Deal, keep: Seat) -> Deal:
    """The same deal for ``keep``, with the two other hands exchanged."""
    others = [s for s in deal.hands if s != keep]
    hands = dict(deal.hands)
    hands[others[0]], hands[others[1]] = deal.hands[others[1]], deal.hands[others[0]]
    return Deal(deal.dealer, hands, deal.talon, deal.talon_order)


@pytest.mark.parametrize("level", ["random", "heuristic", "sampling"])
def test_decision_depends_only_on_the_view(level: str) -> None:
    rules = find_rules("sochi")
    for seed in range(4):
        deal = Deal.random(rules, Seat.E, random.Random(seed))
        first = new_deal(rules, deal)
        me = first.actor
        assert me is not None
        other = new_deal(rules, _swapped_deal(deal, me))
        a, b = first.view(me), other.view(me)
        assert a == b
        bot = make_bot(level, 11, samples=4) if level == "sampling" else make_bot(level, 11)
        assert bot.choose(a) == bot.choose(b)


def test_same_seed_same_decisions_and_different_instances_agree() -> None:
    rules = find_rules("leningrad")
    for level in ("random", "heuristic", "sampling"):
        logs: list[list[str]] = []
        for _ in range(2):
            log: list[str] = []

            def make(i: int, level: str = level) -> Any:
                if level == "sampling":
                    return make_bot(level, 7 + i, samples=4)
                return make_bot(level, 7 + i)

            play(rules, 9, seat_bots(rules, make), lambda v, a, log=log: log.append(str(a)))
            logs.append(log)
        assert logs[0] == logs[1], level


def test_sampling_bot_reads_open_hands_exactly() -> None:
    """An open defence: the declarer sees everything, so one deal, marked exact."""

    rules = find_rules("sochi")
    bot = SamplingBot(seed=1, samples=6)
    heuristic = make_bot("heuristic")
    found = False

    def check(view: View, _action: Action) -> None:
        nonlocal found
        if (
            view.phase is Phase.PLAY
            and view.defence_open
            and view.seat == view.declarer
            and len(view.known_hands) == 3
            and view.lead_talon_card is None
        ):
            decision = bot.decide(view)
            if decision.options:
                assert decision.exact and decision.samples == 1
                found = True

    for seed in range(60):
        play(rules, seed, seat_bots(rules, lambda _: heuristic), check, dealer=Seat.E)
        if found:
            break
    assert found


def test_misere_catcher_knows_the_deal_exactly() -> None:
    """Catchers see the declarer's cards (and so the discard): one arrangement is left."""
    rules = find_rules("sochi")
    bot = SamplingBot(seed=2, samples=6)
    heuristic = make_bot("heuristic")
    checked = 0

    def check(view: View, _action: Action) -> None:
        nonlocal checked
        contract = view.contract
        if (
            checked < 3
            and view.phase is Phase.PLAY
            and contract is not None
            and contract.is_misere
            and view.seat != view.declarer
        ):
            decision = bot.decide(view)
            if decision.options:
                assert decision.exact
                checked += 1

    for seed in range(200):
        play(rules, seed, seat_bots(rules, lambda _: heuristic), check, dealer=Seat.E)
        if checked >= 3:
            break
    assert checked
