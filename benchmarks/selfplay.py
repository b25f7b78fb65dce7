"""Seeded self-play for the forecast screens (``raspasy_forecast``, ``contract_forecast``):
the same command line, the same refusals of bad input and the same deals for both, so
their figures can be read side by side.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from preferans.bots import make_bot
from preferans.game import Deal, DealState, new_deal
from preferans.lab.players import BotSpec, SpecError, parse_spec
from preferans.match import deal_rng
from preferans.rules import Rules, find_rules
from preferans.seats import player_seats


@dataclass(frozen=True, slots=True)
class SelfPlay:
    """What to play: the bot at every seat, the rules and which seeded deals."""

    level: str
    options: dict[str, object]
    text: str
    rules: Rules
    variant: str
    seed: int
    first: int
    deals: int

    def states(self, counted: Callable[[], str]) -> Iterator[tuple[int, DealState]]:
        """Each deal's first state with its seed for the bot, showing progress on stderr
        (``counted`` says what has been collected so far)."""
        seats = player_seats(self.rules.players)
        started = time.monotonic()
        for done, index in enumerate(range(self.first, self.first + self.deals), 1):
            deal = Deal.random(self.rules, seats[index % len(seats)], deal_rng(self.seed, index))
            yield self.seed ^ index, new_deal(self.rules, deal)
            elapsed = time.monotonic() - started
            print(
                f"\r{done}/{self.deals} deals, {counted()}, {elapsed:.0f} s",
                end="",
                file=sys.stderr,
                flush=True,
            )
        print(file=sys.stderr)


def parse(description: str, *, balkan_refused: str) -> SelfPlay:
    """The command line of a forecast screen; bad input ends the program with a message."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--player", default="master", help="a level, with options: master:k=v")
    parser.add_argument("--variant", default="sochi")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    try:
        spec = parse_spec(args.player)
        if spec.level is None:
            parser.error("the player is an in-process level (master, amateur, sampling, ...)")
        rules = find_rules(args.variant)
        if not callable(getattr(make_bot(spec.level, **spec.options), "decide", None)):
            parser.error(f"{spec.text}: the forecast is read from bots that show their evidence")
        if args.deals < 1:
            parser.error("one deal at least")
    except (SpecError, ValueError) as error:
        parser.error(str(error))
    if rules.is_balkan:
        parser.error(balkan_refused)
    return from_args(spec, rules, args)


def from_args(spec: BotSpec, rules: Rules, args: argparse.Namespace) -> SelfPlay:
    """The self-play a screen's checked command line asks for (``--variant``, ``--seed``,
    ``--first-deal``, ``--deals``) with ``spec`` at every seat."""
    assert spec.level is not None
    return SelfPlay(
        spec.level,
        dict(spec.options),
        spec.text,
        rules,
        args.variant,
        args.seed,
        args.first_deal,
        args.deals,
    )
