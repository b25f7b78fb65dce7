"""Random legal games for the notation tests, dealt by the fair shuffle."""

from __future__ import annotations

import random
from typing import Final

from preferans.actions import Action, CardAction
from preferans.fairness import commitment, deal_source
from preferans.game import DealState
from preferans.notation import GameRecord
from preferans.notation.replay import play_game
from preferans.rules import find_rules
from preferans.scoring.pulya import Pulya
from preferans.seats import Seat, seats_for

SECRET: Final = bytes(range(32))
NAMES: Final = ("Alice", "Борис", "Carol", "Дима")


def random_policy(rng: random.Random) -> object:
    """Uniform over the legal actions, but cards far more often than claims."""

    def policy(state: DealState) -> Action:
        legal = state.legal_actions()
        cards = [a for a in legal if isinstance(a, CardAction)]
        if cards and rng.random() < 0.95:
            return rng.choice(cards)
        return rng.choice(legal)

    return policy


def random_game(
    variant: str,
    players: int,
    seed: int,
    max_deals: int,
    *,
    table_id: str = "table",
    **conventions: object,
) -> GameRecord:
    rules = find_rules(variant, players=players, **conventions)
    rng = random.Random(seed)
    seats = seats_for(players)[:players]
    seeds = {seat: f"seed of {seat.english} {seed}" for seat in seats}
    pulya = Pulya(rules, 10, deal_source=deal_source(SECRET, table_id, seeds), max_deals=max_deals)
    return play_game(
        pulya,
        random_policy(rng),  # type: ignore[arg-type]
        tags={"Event": f"random {variant}", "Site": "tests", "Date": "2026.11.29"},
        players={seat: NAMES[i] for i, seat in enumerate(seats)},
        stake="1/2",
        table_id=table_id,
        commitment=commitment(SECRET),
        secret=SECRET.hex(),
        seeds=seeds,
    )


def seat_of_dummy(players: int) -> Seat | None:
    return Seat.E if players == 2 else None
