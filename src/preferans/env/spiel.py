"""Preferans as an OpenSpiel Python game, registered as ``preferans``.

``pyspiel.load_game("preferans(variant=rostov,players=4)")`` gives one deal. The deal is
32 chance nodes, one card each (outcome = card index): the first ten go to first hand,
the next ten to the next active seat, ten to the third, the last two to the talon (in
the order they are turned up on raspasy). Player ``i`` sits at the ``i``-th player seat
(S W for 2 players, S W E for 3, S W N E for 4). Player actions are the stable action
indices of :mod:`preferans.actions`; returns are the deal's whists
(:func:`preferans.env.core.deal_payoff`). Tensors follow :mod:`preferans.game.tensor`:
the observation is ``View.tensor()``, the information state ``View.tensor(history=True)``.

Parameters: ``variant`` (sochi, leningrad, rostov, balkan), ``players`` (2–4), ``dealer``
(S, W, N or E; default E, so South is first hand), ``max_kontra`` (the Balkan kontra
bound of :mod:`preferans.env.core`) and ``rules``: a JSON text of every convention
(:meth:`preferans.rules.Rules.to_json`), which replaces ``variant`` and ``players``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Final

import numpy as np
import pyspiel

from preferans.actions import ACTION_COUNT, Action, action_from_index
from preferans.cards import Card
from preferans.env.core import (
    DEFAULT_MAX_KONTRA,
    MAX_DEAL_ACTIONS,
    deal_payoff,
    make_rules,
    offered_actions,
    player_seats,
    render_deal,
    utility_bound,
)
from preferans.game import Deal, DealState, View, new_deal, resample
from preferans.game.tensor import HISTORY_SIZE, TENSOR_SIZE, offset, view_tensor
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = ["GAME_NAME", "PreferansGame", "PreferansState", "load", "state_from_deal"]

GAME_NAME: Final = "preferans"
_CHANCE_STEPS: Final = 32

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Preferans",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "variant": "sochi",
        "players": 3,
        "dealer": "E",
        "max_kontra": DEFAULT_MAX_KONTRA,
        "rules": "",
    },
)


class _Frozen:
    """An engine state shared by every clone (it never changes) and serialised as the
    cards and the action indices that lead to it; also caches the seats' views."""

    __slots__ = ("state", "views")

    def __init__(self, state: DealState) -> None:
        self.state = state
        self.views: dict[Seat, View] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        state = self.state
        deal = state.deal
        order = [c.index for s in state.active for c in deal.hands[s]]
        order += [c.index for c in deal.talon_order]
        indices = [a.index for _, a in state.history]
        return (_replay, (state.rules.to_json(), int(deal.dealer), order, indices))


def _replay(rules_json: str, dealer: int, order: list[int], indices: list[int]) -> _Frozen:
    rules = Rules.from_json(rules_json)
    deal = Deal.from_order([Card.from_index(i) for i in order], rules, Seat(dealer))
    state = new_deal(rules, deal)
    for index in indices:
        state = state.apply(action_from_index(index))
    return _Frozen(state)


class _Config:
    """The game's settings, shared by every state (deep copies keep the one instance)."""

    __slots__ = ("dealer", "max_kontra", "rules", "seats")

    def __init__(self, rules: Rules, dealer: Seat, max_kontra: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.max_kontra = max_kontra
        self.seats: tuple[Seat, ...] = player_seats(rules)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self


class PreferansGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of Preferans."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = _GAME_TYPE.parameter_specification
        unknown = set(params) - set(spec)
        if unknown:
            raise ValueError(f"unknown parameters {sorted(unknown)}; known: {sorted(spec)}")
        values = {**spec, **params}
        if values["rules"]:
            rules = Rules.from_json(str(values["rules"]))
        else:
            rules = make_rules(str(values["variant"]), int(values["players"]))
        dealer = Seat.parse(str(values["dealer"]))
        max_kontra = int(values["max_kontra"])
        if max_kontra < 1:
            raise ValueError("max_kontra must be at least 1")
        self.config = _Config(rules, dealer, max_kontra)
        bound = utility_bound(rules, max_kontra)
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_COUNT,
            max_chance_outcomes=32,
            num_players=rules.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=MAX_DEAL_ACTIONS,
        )
        super().__init__(_GAME_TYPE, info, params)

    @property
    def rules(self) -> Rules:
        return self.config.rules

    def new_initial_state(self) -> PreferansState:
        return PreferansState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ViewObserver(perfect_recall)


class PreferansState(pyspiel.State):  # type: ignore[misc]
    """A deal being dealt (chance nodes) or played (the engine's state inside)."""

    def __init__(self, game: PreferansGame) -> None:
        super().__init__(game)
        self._config = game.config
        self._cards: list[int] = []
        self._engine: _Frozen | None = None

    # --- what the engine knows ---------------------------------------------------------

    @property
    def deal_state(self) -> DealState | None:
        """The engine's full state once the cards are dealt (every hand: not for agents)."""
        return None if self._engine is None else self._engine.state

    def seat_of(self, player: int) -> Seat:
        return self._config.seats[player]

    def view(self, player: int) -> View:
        """What ``player`` may know (the legal actions as this game offers them)."""
        engine = self._engine
        if engine is None:
            raise ValueError("the cards are still being dealt")
        seat = self._config.seats[player]
        view = engine.views.get(seat)
        if view is None:
            view = engine.state.view(seat)
            if view.legal_actions:
                offered = offered_actions(engine.state, self._config.max_kontra)
                if offered != view.legal_actions:
                    view = replace(view, legal_actions=offered)
            engine.views[seat] = view
        return view

    def dealt_to(self, player: int) -> list[Card]:
        """The cards dealt so far to ``player``'s seat (while dealing)."""
        rules = self._config.rules
        from preferans.game import active_seats

        seat = self._config.seats[player]
        active = active_seats(rules.players, self._config.dealer)
        if seat not in active:
            return []
        k = active.index(seat)
        return [Card.from_index(i) for i in self._cards[10 * k : 10 * k + 10]]

    # --- the OpenSpiel API -------------------------------------------------------------

    def current_player(self) -> int:
        if self._engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        state = self._engine.state
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        actor = state.actor
        assert actor is not None
        return self._config.seats.index(actor)

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._engine
        if engine is None or player != self.current_player():
            return []
        return [a.index for a in offered_actions(engine.state, self._config.max_kontra)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = set(self._cards)
        rest = [i for i in range(32) if i not in dealt]
        p = 1.0 / len(rest)
        return [(i, p) for i in rest]

    def _apply_action(self, action: int) -> None:
        if self._engine is None:
            if action in self._cards or not 0 <= action < 32:
                raise ValueError(f"card {action} cannot be dealt now")
            self._cards.append(action)
            if len(self._cards) == _CHANCE_STEPS:
                config = self._config
                cards = [Card.from_index(i) for i in self._cards]
                deal = Deal.from_order(cards, config.rules, config.dealer)
                self._engine = _Frozen(new_deal(config.rules, deal))
            return
        state = self._engine.state
        chosen = action_from_index(action)
        if chosen not in offered_actions(state, self._config.max_kontra):
            raise ValueError(f"{chosen} is not offered now")
        self._engine = _Frozen(state.apply(chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_index(action)}"
        return str(action_from_index(action))

    def is_terminal(self) -> bool:
        return self._engine is not None and self._engine.state.is_over

    def returns(self) -> list[float]:
        engine = self._engine
        if engine is None or not engine.state.is_over:
            return [0.0] * len(self._config.seats)
        values = deal_payoff(engine.state)
        return [values[seat] for seat in self._config.seats]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PreferansState:
        """A state with ``player_id``'s information state and the other cards redrawn
        (``preferans.game.resample``); the sampler's number seeds the draw."""
        if self._engine is None:
            raise ValueError("resampling needs the cards dealt")
        seed = int(float(probability_sampler()) * 2**53)
        view = self._engine.state.view(self._config.seats[player_id])
        drawn = resample(view, random.Random(seed))
        return state_from_deal(self.get_game(), drawn)

    def __str__(self) -> str:
        if self._engine is None:
            return f"dealing: {len(self._cards)} of 32 cards dealt"
        return render_deal(self._engine.state)


def state_from_deal(game: Any, deal_state: DealState) -> PreferansState:
    """The OpenSpiel state of an engine state of this game's table (same dealer)."""
    state: PreferansState = game.new_initial_state()
    deal = deal_state.deal
    if deal.dealer != state._config.dealer or deal_state.rules != state._config.rules:
        raise ValueError("the engine state belongs to another table")
    for seat in deal_state.active:
        for card in deal.hands[seat]:
            state.apply_action(card.index)
    for card in deal.talon_order:
        state.apply_action(card.index)
    for _, action in deal_state.history:
        state.apply_action(action.index)
    return state


def load(rules: Rules, dealer: Seat = Seat.E, max_kontra: int = DEFAULT_MAX_KONTRA) -> Any:
    """The OpenSpiel game of a table with any conventions."""
    return pyspiel.load_game(
        GAME_NAME, {"rules": rules.to_json(), "dealer": dealer.name, "max_kontra": max_kontra}
    )


def _text(view: View, history: bool) -> str:
    """One seat's knowledge as text: equal for every state of the same information."""
    parts = [
        f"seat {view.seat.name}",
        f"phase {view.phase.value}",
        f"hand {view.hand.format()}",
    ]
    for seat, cards in sorted(view.known_hands.items()):
        if seat != view.seat:
            parts.append(f"open {seat.name} {cards.format()}")
    if view.talon is not None:
        parts.append(f"talon {view.talon.format()}")
    if view.discard is not None:
        parts.append(f"discard {view.discard.format()}")
    if view.contract is not None:
        parts.append(f"contract {view.contract} by {view.declarer}")
    elif view.bid is not None:
        parts.append(f"bid {view.bid} by {view.declarer}")
    if view.whisters:
        parts.append("whisters " + " ".join(s.name for s in view.whisters))
    if view.kontra:
        parts.append("kontra " + " ".join(f"{s.name}{n}" for s, n in sorted(view.kontra.items())))
    parts.append("tricks " + " ".join(f"{s.name}{n}" for s, n in view.tricks_won.items()))
    if view.lead_talon_card is not None:
        parts.append(f"talon leads {view.lead_talon_card}")
    if view.current_trick:
        parts.append("trick " + " ".join(f"{s.name}:{c}" for s, c in view.current_trick))
    if view.actor is not None:
        parts.append(f"to act {view.actor.name}")
    if history:
        parts.append("history " + " ".join(_step(s, a) for s, a in view.history))
    return " | ".join(parts)


def _step(seat: Seat, action: Action | None) -> str:
    return f"{seat.name}:{'?' if action is None else action.index}"


class ViewObserver:
    """OpenSpiel's observer of this game: the view's tensor and text for one player.

    ``perfect_recall`` (the information state) adds the trick history to the tensor and
    the whole action history (another's discard shown as ``?``) to the text."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = HISTORY_SIZE if perfect_recall else TENSOR_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: PreferansState, player: int) -> None:
        if state.deal_state is None:
            self.tensor.fill(0.0)
            for card in state.dealt_to(player):
                self.tensor[_HAND_START + card.index] = 1.0
            return
        values = view_tensor(state.view(player), history=self.perfect_recall)
        self.tensor[:] = values

    def string_from(self, state: PreferansState, player: int) -> str:
        if state.deal_state is None:
            cards = " ".join(str(c) for c in state.dealt_to(player))
            return f"seat {state.seat_of(player).name} | dealing | dealt {cards}"
        return _text(state.view(player), self.perfect_recall)


_HAND_START: Final = offset("hand")

pyspiel.register_game(_GAME_TYPE, PreferansGame)
