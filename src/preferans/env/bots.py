"""The project's bots in the agents' worlds: as OpenSpiel bots and as PettingZoo policies.

Both hand the bot the acting seat's :class:`~preferans.game.View` (never the state), with
the legal actions the environment offers, and return the stable index of its choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pyspiel

from preferans.bots.base import Bot
from preferans.bots.levels import make_bot
from preferans.game.errors import IllegalActionError

if TYPE_CHECKING:
    from preferans.env.aec import PreferansEnv
    from preferans.env.spiel import PreferansState

__all__ = ["BotPolicy", "SpielBot"]


class SpielBot(pyspiel.Bot):  # type: ignore[misc]
    """A project bot playing one player of the OpenSpiel game ``preferans``.

    >>> import pyspiel, preferans.env.spiel
    >>> bot = SpielBot(0, "heuristic", seed=1)
    >>> bot.player_id()
    0
    """

    def __init__(self, player_id: int, bot: Bot | str, *, seed: int = 0, **options: Any) -> None:
        pyspiel.Bot.__init__(self)
        self._player_id = player_id
        self.bot: Bot = make_bot(bot, seed, **options) if isinstance(bot, str) else bot

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: PreferansState) -> None:
        """The bot keeps nothing between decisions."""

    def inform_action(self, state: PreferansState, player_id: int, action: int) -> None:
        """The next view carries every action; nothing to remember."""

    def provides_policy(self) -> bool:
        return False

    def step(self, state: PreferansState) -> int:
        if state.current_player() != self._player_id:
            raise IllegalActionError(
                f"player {self._player_id} is not to act",
                ru=f"игрок {self._player_id} сейчас не ходит",
            )
        return self.bot.choose(state.view(self._player_id)).index


class BotPolicy:
    """A project bot as a PettingZoo policy: ``policy(env, agent)`` is its action index.

    >>> from preferans.env.aec import PreferansEnv
    >>> env = PreferansEnv("sochi", 3)
    >>> env.reset(seed=1)
    >>> policy = BotPolicy("heuristic", seed=1)
    >>> policy(env, env.agent_selection) in env.legal_actions(env.agent_selection)
    True
    """

    def __init__(self, bot: Bot | str, *, seed: int = 0, **options: Any) -> None:
        self.bot: Bot = make_bot(bot, seed, **options) if isinstance(bot, str) else bot

    def __call__(self, env: PreferansEnv, agent: str) -> int:
        return self.bot.choose(env.view(agent)).index
