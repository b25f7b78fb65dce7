"""OpenSpiel's search bots as bot levels of the project (``make_bot("ismcts")``,
``preferans match --bots sampling,ismcts``), registered through the ``preferans.bots``
entry points when the ``ai`` extra is installed.

Each decision rebuilds the OpenSpiel state of the deal from the seat's view: the hidden
cards are redrawn (:func:`preferans.game.resample`), which is all ISMCTS needs, since it
redraws them again for every simulation from the information state. The plain MCTS level
searches one such redrawn deal as if every card were known (one determinisation). The
search's randomness comes from :func:`preferans.bots.base.decision_rng`, so the same seed
and view give the same decision, as for every level.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from preferans.actions import Action, action_from_index
from preferans.bots.base import decision_rng
from preferans.env.spiel import load, state_from_deal
from preferans.errors import RulesError
from preferans.game import resample
from preferans.game.errors import IllegalActionError
from preferans.rules import Rules
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game import View

__all__ = ["DEFAULT_SIMULATIONS", "DEFAULT_UCT_C", "ISMCTSLevel", "MCTSLevel"]

DEFAULT_SIMULATIONS: Final = 100
#: Exploration constant in whists: deals are worth tens of whists, not the unit range.
DEFAULT_UCT_C: Final = 40.0


@lru_cache(maxsize=64)
def _game(rules: Rules, dealer: Seat, raspasy_run: int, refe: tuple[Seat, ...]) -> Any:
    return load(rules, dealer, raspasy_run=raspasy_run, refe=refe)


class _SearchLevel(ABC):
    name: str
    salt: str

    def __init__(
        self,
        seed: int = 0,
        simulations: int = DEFAULT_SIMULATIONS,
        uct_c: float = DEFAULT_UCT_C,
        rollouts: int = 1,
    ) -> None:
        if simulations < 1 or rollouts < 1:
            raise RulesError(
                "simulations and rollouts must be at least 1",
                ru="simulations и rollouts — не меньше 1",
            )
        self.seed = seed
        self.simulations = simulations
        self.uct_c = uct_c
        self.rollouts = rollouts

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise IllegalActionError(
                f"{view.seat} has nothing to decide now", ru=f"{view.seat} сейчас нечего решать"
            )
        if len(legal) == 1:
            return legal[0]
        rng = decision_rng(self.seed, view, self.salt)
        game = _game(view.rules, view.dealer, view.raspasy_run, view.refe)
        state = state_from_deal(game, resample(view, rng))
        random_state = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, random_state)
        action = action_from_index(int(self._search(game, evaluator, random_state).step(state)))
        if action not in legal:
            raise AssertionError(f"the search chose {action}, which is not legal")
        return action

    @abstractmethod
    def _search(self, game: Any, evaluator: Any, random_state: Any) -> Any:
        """The OpenSpiel bot that makes this decision."""


class ISMCTSLevel(_SearchLevel):
    """OpenSpiel's information-set MCTS with random roll-outs."""

    name = "ismcts"
    salt = "ismcts"

    def _search(self, game: Any, evaluator: Any, random_state: Any) -> Any:
        bot = ismcts.ISMCTSBot(
            game, evaluator, self.uct_c, self.simulations, random_state=random_state
        )
        # The worlds are drawn from the decision's own generator (OpenSpiel's default
        # sampler has a seed of its own), so the same view gives the same decision.
        bot.set_resampler(
            lambda state, player: state.resample_from_infostate(player, random_state.uniform)
        )
        return bot


class MCTSLevel(_SearchLevel):
    """OpenSpiel's MCTS on one redrawn deal (one determinisation), random roll-outs."""

    name = "mcts"
    salt = "mcts"

    def _search(self, game: Any, evaluator: Any, random_state: Any) -> Any:
        return mcts.MCTSBot(
            game, self.uct_c, self.simulations, evaluator, solve=False, random_state=random_state
        )
