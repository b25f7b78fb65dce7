"""A PettingZoo AEC environment: one deal, or a whole pulya, of any variant and table size.

Agents are ``player_0`` … ``player_{n-1}``, sitting at the player seats of the table
(S W for 2 players, S W E for 3, S W N E for 4); the 2-player dummy is played by the
declarer's side as the engine decides, so it never appears as an agent. An observation
is ``{"observation": View.tensor(), "action_mask": legal actions}`` for the observing
agent only; the mask is all zeros except for the agent to act. Rewards come at the end
of each deal, in whists, zero-sum (:func:`preferans.env.core.deal_payoff`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from preferans.actions import ACTION_COUNT, action_from_index
from preferans.env import core
from preferans.errors import RulesError
from preferans.game import Deal, DealState, View, new_deal
from preferans.game.errors import IllegalActionError
from preferans.game.tensor import TENSOR_SIZE
from preferans.scoring import Pulya, render_text
from preferans.seats import Seat, seats_for

__all__ = ["PreferansEnv", "env", "raw_env"]

Observation = dict[str, np.ndarray[Any, Any]]


class PreferansEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """Preferans for PettingZoo.

    ``pulya=False`` (the default): one deal per episode, dealt by a seat drawn from the
    seed. ``pulya=True``: deals follow one another on one sheet (East deals first, the
    deal passes clockwise, raspasy runs and Balkan refes carry over) until the pulya
    reaches ``target`` or ``max_deals`` deals were played; each deal pays its rewards
    when it ends.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "preferans_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "sochi",
        players: int = 3,
        *,
        pulya: bool = False,
        target: int | None = None,
        max_deals: int | None = None,
        max_kontra: int = core.DEFAULT_MAX_KONTRA,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise RulesError(
                f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}",
                ru=f"render_mode — 'ansi', 'human' или None, а не {render_mode!r}",
            )
        if max_kontra < 1:
            raise RulesError("max_kontra must be at least 1", ru="max_kontra — не меньше 1")
        if max_deals is not None and max_deals < 1:
            raise RulesError("max_deals must be at least 1", ru="max_deals — не меньше 1")
        if pulya and target is None and max_deals is None:
            raise RulesError(
                "a pulya needs a target or max_deals, or it never ends",
                ru="пуле нужна цель или max_deals, иначе она не кончится",
            )
        self.rules = core.make_rules(variant, players)
        self.pulya_mode = pulya
        self.target = target
        self.max_deals = max_deals
        self.max_kontra = max_kontra
        self.render_mode = render_mode
        self.seats: tuple[Seat, ...] = core.player_seats(self.rules)
        self.possible_agents = [f"player_{i}" for i in range(len(self.seats))]
        self._agent_of = dict(zip(self.seats, self.possible_agents, strict=True))
        self._seat_of = {agent: seat for seat, agent in self._agent_of.items()}
        box = spaces.Box(0.0, 1.0, (TENSOR_SIZE,), np.float32)
        mask = spaces.Box(0, 1, (ACTION_COUNT,), np.int8)
        self._observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(ACTION_COUNT) for a in self.possible_agents}
        self._rng = random.Random()
        self._state: DealState | None = None
        self._pulya: Pulya | None = None
        self._actions = 0
        self.deals_played = 0

    # --- spaces ---------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # --- episode ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode; the same ``seed`` deals the same cards. ``options`` are
        accepted for the PettingZoo API and not used."""
        del options
        if seed is not None:
            self._rng = random.Random(seed)
            for i, agent in enumerate(self.possible_agents):
                self._action_spaces[agent].seed(seed + i)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.deals_played = 0
        if self.pulya_mode:
            self._pulya = Pulya(
                self.rules,
                self.target,
                rng=random.Random(self._rng.getrandbits(64)),
                max_deals=self.max_deals,
            )
            self._state = self._pulya.start_deal()
        else:
            self._pulya = None
            dealer = self._rng.choice(seats_for(self.rules.players))
            self._state = new_deal(self.rules, Deal.random(self.rules, dealer, self._rng))
        self._actions = 0
        self._select()

    def _select(self) -> None:
        state = self._require_state()
        actor = state.actor
        if actor is not None:
            self.agent_selection = self._agent_of[actor]

    def _require_state(self) -> DealState:
        if self._state is None:
            raise IllegalActionError(
                "call reset() before using the environment",
                ru="сначала вызовите reset()",
            )
        return self._state

    @property
    def state_now(self) -> DealState:
        """The engine's full state (every hand): for referees and rendering, not agents."""
        return self._require_state()

    def view(self, agent: str) -> View:
        """What ``agent`` may know now, with the legal actions this environment offers
        (project bots decide on this)."""
        state = self._require_state()
        view = state.view(self._seat_of[agent])
        if view.legal_actions:
            offered = core.offered_actions(state, self.max_kontra)
            if offered != view.legal_actions:
                view = replace(view, legal_actions=offered)
        return view

    def legal_actions(self, agent: str) -> tuple[int, ...]:
        """Stable indices of the actions ``agent`` may take now (empty if not its turn)."""
        state = self._require_state()
        if state.actor != self._seat_of[agent]:
            return ()
        return tuple(a.index for a in core.offered_actions(state, self.max_kontra))

    def observe(self, agent: str) -> Observation:
        state = self._require_state()
        seat = self._seat_of[agent]
        tensor = np.asarray(state.view(seat).tensor(), dtype=np.float32)
        mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        if state.actor == seat:
            mask[[a.index for a in core.offered_actions(state, self.max_kontra)]] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._require_state()
        legal = self.legal_actions(agent)
        if action is None or int(action) not in legal:
            raise IllegalActionError(
                f"{agent} may not take action {action!r} now; legal: {legal}",
                ru=f"{agent} сейчас не может сделать {action!r}; можно: {legal}",
            )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        state = state.apply(action_from_index(int(action)))
        self._actions += 1
        if self._actions > core.MAX_DEAL_ACTIONS:
            raise AssertionError("the deal did not end")
        if state.is_over:
            self._state = state
            self._finish_deal(state)
        else:
            self._state = state
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def _finish_deal(self, state: DealState) -> None:
        values = core.deal_payoff(state)
        for seat, value in values.items():
            self.rewards[self._agent_of[seat]] = value
        self.deals_played += 1
        pulya = self._pulya
        if pulya is not None:
            pulya.record(state.result())
            if not pulya.is_over:
                self._state = pulya.start_deal()
                self._actions = 0
                return
        self.terminations = dict.fromkeys(self.agents, True)

    # --- output ---------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as text (every hand: a referee's picture), with the sheet in a pulya."""
        if self.render_mode is None:
            return None
        text = core.render_deal(self._require_state())
        if self._pulya is not None:
            text += "\n" + render_text(self._pulya.sheet)
        return text

    def close(self) -> None:
        """Nothing to release; defined because PettingZoo expects it next to render()."""


def raw_env(**kwargs: Any) -> PreferansEnv:
    """The environment without wrappers (PettingZoo's naming)."""
    return PreferansEnv(**kwargs)


def env(**kwargs: Any) -> PreferansEnv:
    """The environment (PettingZoo's naming); illegal actions raise ``ValueError``."""
    return PreferansEnv(**kwargs)
