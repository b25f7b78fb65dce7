"""The sampling bot's whist calls: a lone whister defends open."""

from __future__ import annotations

from collections.abc import Iterator

from preferans.actions import Call, CallKind
from preferans.bots.sampling import SamplingBot
from preferans.game import View

from .conftest import heuristic_views


def open_or_closed_views(deals: int) -> Iterator[View]:
    """Views of a lone whister choosing open or closed (Sochi, heuristic bidding)."""

    def lone_whister(view: View) -> bool:
        kinds = {a.kind for a in view.legal_actions if isinstance(a, Call)}
        return {CallKind.OPEN, CallKind.CLOSED} <= kinds

    return heuristic_views("sochi", 3, deals, lone_whister, first=True)


def test_a_lone_whister_opens_whatever_the_contracts_chance() -> None:
    # Played out both ways by sampling bots, open defence gave the whister more whists
    # also where the contract was likely to fail (docs/bots.md), so the bot opens there
    # too and still tells the chance it saw.
    bot = SamplingBot(seed=3, samples=6)
    chances = []
    for view in open_or_closed_views(40):
        decision = bot.decide(view)
        assert isinstance(decision.action, Call)
        assert decision.action.kind is CallKind.OPEN
        chance = decision.options[0].chance
        assert chance is not None
        chances.append(chance)
    assert any(c < 0.5 for c in chances)
    assert any(c >= 0.5 for c in chances)
