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

from preferans.actions import ACTION_COUNT, KONTRA, Action, action_from_index
from preferans.cards import Card
from preferans.env.core import (
    DEFAULT_MAX_KONTRA,
    MAX_DEAL_ACTIONS,
    deal_payoff,
    make_rules,
    offered_actions,
    player_seats,
    refe_of,
    render_deal,
    utility_bound,
)
from preferans.errors import RecordError, RulesError
from preferans.game import Deal, DealState, View, new_deal, resample
from preferans.game.errors import IllegalActionError
from preferans.game.tensor import HISTORY_SIZE, TENSOR_SIZE, offset, view_tensor
from preferans.rules import Rules
from preferans.seats import Seat

__all__ = [
    "GAME_NAME",
    "PreferansGame",
    "PreferansState",
    "information_text",
    "load",
    "state_from_deal",
]

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
        "raspasy_run": 0,
        "refe": "",
    },
)


class _Frozen:
    """An engine state shared by every clone (it never changes) and serialised as the
    cards and the action indices that lead to it; also caches the seats' views."""

    __slots__ = ("state", "texts", "views")

    def __init__(self, state: DealState) -> None:
        self.state = state
        self.views: dict[Seat, View] = {}
        self.texts: dict[tuple[Seat, bool], str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        state = self.state
        deal = state.deal
        order = [c.index for s in state.active for c in deal.hands[s]]
        order += [c.index for c in deal.talon_order]
        indices = [a.index for _, a in state.history]
        table = (state.rules.to_json(), int(deal.dealer), state.raspasy_run, _seats(refe_of(state)))
        return (_replay, (table, order, indices))


def _replay(table: tuple[str, int, int, str], order: list[int], indices: list[int]) -> _Frozen:
    rules_json, dealer, raspasy_run, refe = table
    rules = Rules.from_json(rules_json)
    deal = Deal.from_order([Card.from_index(i) for i in order], rules, Seat(dealer))
    state = new_deal(rules, deal, raspasy_run=raspasy_run, refe=_parse_seats(refe))
    for index in indices:
        state = state.apply(action_from_index(index))
    return _Frozen(state)


class _Config:
    """The game's settings, shared by every state (deep copies keep the one instance)."""

    __slots__ = ("dealer", "max_kontra", "raspasy_run", "refe", "rules", "seats")

    def __init__(
        self, rules: Rules, dealer: Seat, max_kontra: int, raspasy_run: int, refe: tuple[Seat, ...]
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.max_kontra = max_kontra
        self.raspasy_run = raspasy_run
        self.refe = refe
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
            raise RulesError(
                f"unknown parameters {sorted(unknown)}; known: {sorted(spec)}",
                ru=f"неизвестные параметры {sorted(unknown)}; есть: {sorted(spec)}",
            )
        values = {**spec, **params}
        if values["rules"]:
            rules = Rules.from_json(str(values["rules"]))
        else:
            rules = make_rules(str(values["variant"]), int(values["players"]))
        dealer = Seat.parse(str(values["dealer"]))
        max_kontra = int(values["max_kontra"])
        if max_kontra < 1:
            raise RulesError("max_kontra must be at least 1", ru="max_kontra — не меньше 1")
        raspasy_run = int(values["raspasy_run"])
        if raspasy_run < 0:
            raise RulesError(
                "raspasy_run counts raspasy in a row: 0 or more",
                ru="raspasy_run — число распасов подряд: 0 или больше",
            )
        refe = _parse_seats(str(values["refe"]))
        new_deal(rules, _any_deal(rules, dealer), raspasy_run=raspasy_run, refe=refe)  # checks
        self.config = _Config(rules, dealer, max_kontra, raspasy_run, refe)
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
            raise RulesError(
                f"observation parameters are not supported: {params}",
                ru=f"параметры наблюдения не поддерживаются: {params}",
            )
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise RulesError(
                "only a player's own observation is offered (private and public)",
                ru="доступно только наблюдение самого игрока (личное и общее)",
            )
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ViewObserver(perfect_recall)


class PreferansState(pyspiel.State):  # type: ignore[misc]
    """A deal being dealt (chance nodes) or played (the engine's state inside)."""

    def __init__(self, game: PreferansGame) -> None:
        super().__init__(game)
        self._config = game.config
        self._cards: list[int] = []
        self._engine: _Frozen | None = None
        self._player = int(pyspiel.PlayerId.CHANCE)

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
            raise IllegalActionError("the cards are still being dealt", ru="карты ещё сдаются")
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
        return self._player

    def _set_engine(self, state: DealState) -> None:
        self._engine = _Frozen(state)
        actor = state.actor
        if actor is None:
            self._player = int(pyspiel.PlayerId.TERMINAL)
        else:
            self._player = self._config.seats.index(actor)

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
                raise IllegalActionError(
                    f"card {action} cannot be dealt now", ru=f"карту {action} сейчас не сдать"
                )
            self._cards.append(action)
            if len(self._cards) == _CHANCE_STEPS:
                config = self._config
                cards = [Card.from_index(i) for i in self._cards]
                deal = Deal.from_order(cards, config.rules, config.dealer)
                self._set_engine(
                    new_deal(config.rules, deal, raspasy_run=config.raspasy_run, refe=config.refe)
                )
            return
        state = self._engine.state
        chosen = action_from_index(action)
        if chosen is KONTRA and chosen not in offered_actions(state, self._config.max_kontra):
            raise IllegalActionError(
                f"{chosen} is not offered now (the kontra chain reached its bound)",
                ru=f"{chosen} сейчас нельзя (цепочка контр дошла до предела)",
            )
        self._set_engine(state.apply(chosen))

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
            raise IllegalActionError(
                "resampling needs the cards dealt", ru="пересдача возможна после сдачи карт"
            )
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
    config = state._config
    if (
        deal.dealer != config.dealer
        or deal_state.rules != config.rules
        or deal_state.raspasy_run != config.raspasy_run
        or refe_of(deal_state) != config.refe
    ):
        raise RecordError(
            "the engine state belongs to another table (see load())",
            ru="состояние движка от другого стола (см. load())",
        )
    for seat in deal_state.active:
        for card in deal.hands[seat]:
            state.apply_action(card.index)
    for card in deal.talon_order:
        state.apply_action(card.index)
    for _, action in deal_state.history:
        state.apply_action(action.index)
    return state


def load(
    rules: Rules,
    dealer: Seat = Seat.E,
    *,
    max_kontra: int = DEFAULT_MAX_KONTRA,
    raspasy_run: int = 0,
    refe: tuple[Seat, ...] = (),
) -> Any:
    """The OpenSpiel game of a table with any conventions (and a deal's place in a pulya:
    raspasy in a row before it, Balkan refes held)."""
    return pyspiel.load_game(
        GAME_NAME,
        {
            "rules": rules.to_json(),
            "dealer": dealer.name,
            "max_kontra": max_kontra,
            "raspasy_run": raspasy_run,
            "refe": _seats(refe),
        },
    )


def _seats(seats: tuple[Seat, ...]) -> str:
    return "".join(s.name for s in seats)


def _parse_seats(text: str) -> tuple[Seat, ...]:
    return tuple(Seat.parse(letter) for letter in text)


def _any_deal(rules: Rules, dealer: Seat) -> Deal:
    """A fixed deal, to check a table's settings before any state exists."""
    return Deal.random(rules, dealer, random.Random(0))


def _text(view: View, history: bool) -> str:
    """One seat's knowledge as text: equal for every state of the same information."""
    parts = [
        f"seat {view.seat.name}",
        f"phase {view.phase.value}",
        f"hand {_cards(view.hand.mask)}",
    ]
    for seat, cards in sorted(view.known_hands.items()):
        if seat != view.seat:
            parts.append(f"open {seat.name} {_cards(cards.mask)}")
    if view.talon is not None:
        parts.append(f"talon {_cards(view.talon.mask)}")
    if view.discard is not None:
        parts.append(f"discard {_cards(view.discard.mask)}")
    last: dict[Seat, str] = {}
    for seat, action in view.history:
        if action is not None and action.index >= 32:
            last[seat] = _ACTION_TEXT[action.index]
    if last:
        parts.append("calls " + " ".join(f"{s.name}:{a}" for s, a in last.items()))
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


def information_text(view: View) -> str:
    """The information-state string of a view (what OpenSpiel's search keys on)."""
    return _text(view, True)


def _step(seat: Seat, action: Action | None) -> str:
    return f"{seat.name}:{'?' if action is None else _ACTION_TEXT[action.index]}"


_CARD_TEXT: Final = tuple(str(Card.from_index(i)) for i in range(32))
_ACTION_TEXT: Final = tuple(
    str(action_from_index(i)).replace(" ", "_") for i in range(ACTION_COUNT)
)


def _cards(mask: int) -> str:
    """Cards of a mask in index order (fast: the search asks for these texts often)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARD_TEXT[low.bit_length() - 1])
        mask ^= low
    return "".join(out) or "-"


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
        engine = state._engine
        if engine is None:
            cards = " ".join(str(c) for c in state.dealt_to(player))
            return f"seat {state.seat_of(player).name} | dealing | dealt {cards}"
        key = (state.seat_of(player), self.perfect_recall)
        text = engine.texts.get(key)
        if text is None:
            text = engine.texts[key] = _text(state.view(player), self.perfect_recall)
        return text


_HAND_START: Final = offset("hand")

pyspiel.register_game(_GAME_TYPE, PreferansGame)
