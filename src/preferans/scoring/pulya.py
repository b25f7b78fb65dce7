"""The game driver: deals in sequence onto one sheet until the pulya ends.

Kept apart from :class:`~preferans.scoring.sheet.Sheet` so that a server, which plays each
deal through its own table actor, can feed the sheet results one by one with
:meth:`Pulya.record`, while tests, bots and the terminal can let :meth:`Pulya.play` run the
whole game. The sheet is the pulya :class:`Sheet` or, for the Balkan game, the
bula sheet (chosen by :func:`new_sheet`). The driver owns the order of deals: East
deals first (South is first hand, with 3 or 4 players), the deal passes clockwise after
every deal, raspasy included, and the run of raspasy (for the progression and the exit
rule) is read off the sheet.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final

from preferans.actions import Action
from preferans.game import Deal, DealState, View, new_deal
from preferans.result import DealResult
from preferans.rules import Rules
from preferans.seats import Seat, next_seat

from .family_sheet import new_sheet, sheet_from_dict
from .sheet import Sheet, SheetEntry, SheetError

__all__ = ["FIRST_DEALER", "DealSource", "Policy", "Pulya"]

#: The first dealer of a pulya: East, so that South is first hand (seed 000).
FIRST_DEALER: Final = Seat.E

DealSource = Callable[[Rules, Seat, int], Deal]
"""``(rules, dealer, deal number from 1) -> preferans.game.Deal``."""
Policy = Callable[[View], Action]
"""``View -> Action``: the view of the seat to act (``view.seat``); the policy answers
for everyone, seeing only what that seat may know."""


class Pulya:
    """One game: a sheet, whose turn it is to deal, and where the deals come from."""

    def __init__(
        self,
        rules: Rules,
        target: int | None,
        *,
        deal_source: DealSource | None = None,
        rng: random.Random | None = None,
        sheet: Sheet | None = None,
        first_dealer: Seat = FIRST_DEALER,
        max_deals: int | None = None,
    ) -> None:
        fresh = new_sheet(rules, target)
        if sheet is not None and (sheet.rules != rules or sheet.target != fresh.target):
            raise SheetError("the sheet was started under other rules or another target")
        self.rules = rules
        self.target = target
        self.sheet: Sheet = sheet if sheet is not None else fresh
        self.deal_source = deal_source
        self.rng = rng if rng is not None else random.Random()
        self.first_dealer = first_dealer
        self.max_deals = max_deals
        """Stop after this many deals even if the pulya is open (then settle it early)."""

    def __repr__(self) -> str:
        """``Pulya.from_dict({…})``: Python that rebuilds the game so far (where its deals
        come from, a source or a generator, is not part of the value)."""
        return f"Pulya.from_dict({self.to_dict()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pulya):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # a pulya grows: it is no dict key

    def to_dict(self) -> dict[str, Any]:
        """The game so far as JSON-ready data: its sheet, first dealer and deal limit."""
        return {
            "target": self.target,
            "first_dealer": self.first_dealer.name,
            "max_deals": self.max_deals,
            "sheet": self.sheet.to_dict(),
        }

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        *,
        deal_source: DealSource | None = None,
        rng: random.Random | None = None,
    ) -> Pulya:
        """Rebuild a game from :meth:`to_dict` (the sheet replays every deal), to go on
        with ``deal_source`` or ``rng``."""
        try:
            sheet = sheet_from_dict(data["sheet"])
            first = Seat.parse(data["first_dealer"])
            target, max_deals = data["target"], data["max_deals"]
        except (KeyError, TypeError) as error:
            raise SheetError(
                f"not a stored pulya: {error}", ru=f"это не сохранённая пуля: {error}"
            ) from None
        return cls(
            sheet.rules,
            target,
            deal_source=deal_source,
            rng=rng,
            sheet=sheet,
            first_dealer=first,
            max_deals=max_deals,
        )

    @property
    def dealer(self) -> Seat:
        """The dealer of the next deal."""
        seat = self.first_dealer
        for _ in range(self.sheet.deals_played):
            seat = next_seat(seat, self.rules.players)
        return seat

    @property
    def raspasy_run(self) -> int:
        """Raspasy played in a row just before the next deal (the engine's exit rule)."""
        return self.sheet.raspasy_run

    @property
    def is_over(self) -> bool:
        if self.sheet.is_complete:
            return True
        return self.max_deals is not None and self.sheet.deals_played >= self.max_deals

    def next_cards(self) -> Deal:
        """The next :class:`preferans.game.Deal`: from the deal source, or shuffled by rng."""
        number = self.sheet.deals_played + 1
        if self.deal_source is not None:
            deal = self.deal_source(self.rules, self.dealer, number)
        else:
            deal = Deal.random(self.rules, self.dealer, self.rng)
        if deal.dealer != self.dealer:
            raise SheetError(f"deal {number} is dealt by {deal.dealer}, but {self.dealer} deals")
        return deal

    def start_deal(self) -> DealState:
        """The engine's initial :class:`preferans.game.DealState` for the next deal."""
        if self.is_over:
            raise SheetError("the pulya is over")
        return new_deal(
            self.rules,
            self.next_cards(),
            raspasy_run=self.raspasy_run,
            refe=self.sheet.refe_seats,
        )

    def record(self, result: DealResult) -> SheetEntry:
        """Write a finished deal and pass the deal on."""
        if result.dealer != self.dealer:
            raise SheetError(f"the result is dealt by {result.dealer}, but {self.dealer} deals")
        return self.sheet.apply(result)

    def play_deal(self, policy: Policy) -> SheetEntry:
        """Play one deal to the end with ``policy`` choosing every action, and record it."""
        state = self.start_deal()
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            state = state.apply(policy(state.view(actor)))
        result: DealResult = state.result()
        return self.record(result)

    def play(self, policy: Policy) -> Sheet:
        """Play deals until the pulya ends (or ``max_deals``); returns the sheet."""
        while not self.is_over:
            self.play_deal(policy)
        return self.sheet
