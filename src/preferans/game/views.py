"""What one seat may know (RULES §4–§8): its own hand, the talon once turned up, open
hands, the misère declarer's cards for the catchers, the discard for the declarer only,
every played card and every public call. A bot gets a :class:`View`, never the state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from preferans.actions import Action, CardAction, Declare
from preferans.cards import CardSet
from preferans.game.phase import Phase
from preferans.game.trick import Trick
from preferans.game.view_data import ViewData
from preferans.pasting import fields_repr
from preferans.result import DealKind
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game.core import DealCore

__all__ = ["View", "discard_positions", "make_view", "visible_seats"]

_EMPTY: Mapping[Seat, CardSet] = MappingProxyType({})
_NO_KONTRA: Mapping[Seat, int] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class View(ViewData):
    """One seat's knowledge of the deal at one moment (its fields: :class:`ViewData`)."""

    def __repr__(self) -> str:
        """Python that rebuilds this view (its mappings written as dicts)."""
        return fields_repr(self)

    @property
    def last_trick(self) -> Trick | None:
        """The last completed trick, always visible to everybody."""
        return self.completed_tricks[-1] if self.completed_tricks else None

    @property
    def played_cards(self) -> CardSet:
        mask = 0
        for trick in self.completed_tricks:
            for _, card in trick.cards:
                mask |= card.bit
            if trick.talon_card is not None:
                mask |= trick.talon_card.bit
        for _, card in self.current_trick:
            mask |= card.bit
        if self.lead_talon_card is not None:
            mask |= self.lead_talon_card.bit
        return CardSet.from_mask(mask)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def tensor(self, *, history: bool = False) -> list[float]:
        """This view as floats in [0, 1] (layout: :mod:`preferans.game.tensor`)."""
        from preferans.game.tensor import view_tensor

        return view_tensor(self, history=history)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Views cross process boundaries (a server's bots think in worker processes):
        the read-only mappings travel as plain dicts and come back read-only."""
        values = tuple(
            dict(value) if isinstance(value, MappingProxyType) else value
            for value in (getattr(self, f.name) for f in fields(self))
        )
        return (_view_from_values, values)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (cards as text, actions as text with their index)."""

        def cards(cs: CardSet | None) -> list[str] | None:
            return None if cs is None else [str(c) for c in cs.sorted()]

        def action(a: Action | None) -> dict[str, Any] | None:
            return None if a is None else {"text": str(a), "index": a.index}

        def seat(s: Seat | None) -> str | None:
            return None if s is None else s.name

        data: dict[str, Any] = {
            "seat": self.seat.name,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer.name,
            "phase": self.phase.value,
            "to_move": seat(self.to_move),
            "actor": seat(self.actor),
            "active": [s.name for s in self.active],
            "dummy": seat(self.dummy),
            "hand": cards(self.hand),
            "known_hands": {s.name: cards(h) for s, h in self.known_hands.items()},
            "hand_sizes": {s.name: n for s, n in self.hand_sizes.items()},
            "talon": cards(self.talon),
            "discard": cards(self.discard),
            "history": [[s.name, action(a)] for s, a in self.history],
            "declarer": seat(self.declarer),
            "bid": None if self.bid is None else str(self.bid),
            "contract": None if self.contract is None else str(self.contract),
            "kind": None if self.kind is None else self.kind.value,
            "talon_thrown": self.talon_thrown,
            "whisters": [s.name for s in self.whisters],
            "defence_open": self.defence_open,
            "checked": self.checked,
            "current_trick": [[s.name, str(c)] for s, c in self.current_trick],
            "lead_talon_card": None if self.lead_talon_card is None else str(self.lead_talon_card),
            "completed_tricks": [
                {
                    "leader": t.leader.name,
                    "cards": [[s.name, str(c)] for s, c in t.cards],
                    "winner": t.winner.name,
                    "talon_card": None if t.talon_card is None else str(t.talon_card),
                }
                for t in self.completed_tricks
            ],
            "tricks_won": {s.name: n for s, n in self.tricks_won.items()},
            "talon_tricks": self.talon_tricks,
            "raspasy_run": self.raspasy_run,
            "legal_actions": [action(a) for a in self.legal_actions],
        }
        if self.rules.is_balkan:
            data["refe"] = [s.name for s in self.refe]
            data["invited"] = seat(self.invited)
            data["out"] = seat(self.out)
            data["kontra"] = {s.name: n for s, n in self.kontra.items()}
        return data


def _view_from_values(*values: Any) -> View:
    """Rebuild a pickled :class:`View` (see ``View.__reduce__``)."""
    restored: list[Any] = [MappingProxyType(v) if isinstance(v, dict) else v for v in values]
    return View(*restored)


def visible_seats(state: DealCore, seat: Seat) -> int:
    """Bits of the seats whose current hands ``seat`` sees."""
    return 1 << seat | state._face_up | state._extra[seat]


def talon_seen(state: DealCore) -> CardSet | None:
    """The talon cards shown to all so far."""
    t = state._t
    if state._talon_shown or state.phase is Phase.OVER:
        return t.deal.talon
    if state._kind is DealKind.RASPASY and t.rules.raspasy_talon == "leads":
        shown = min(2, len(state.completed_tricks) + (state._lead_talon is not None))
        if shown:
            return CardSet(t.deal.talon_order[:shown])
    return None


def discard_known(state: DealCore, seat: Seat) -> bool:
    declarer = state.declarer
    if declarer is None or not state._discard:
        return False
    if seat == declarer or state._thrown:
        return True
    # Misère catchers see the discard (docs/rules.md); the Balkan betl shows only the hand
    # the declarer plays, its discard stays face down (docs/balkan.md).
    return not state._t.rules.is_balkan and bool(state._extra[seat] >> declarer & 1)


def discard_positions(state: DealCore) -> tuple[int, ...]:
    """Positions in the history of the declarer's discard actions."""
    if state.declarer is None:
        return ()
    out = []
    history = state.history
    for i in range(state._bidding_len, len(history)):
        action = history[i][1]
        if type(action) is Declare:
            break
        if type(action) is CardAction:
            out.append(i)
    return tuple(out)


def make_view(state: DealCore, seat: Seat) -> View:
    t = state._t
    seen = visible_seats(state, seat)
    hands = state._hands
    known = {s: CardSet.from_mask(hands[s]) for s in t.active if seen >> s & 1}
    history: tuple[tuple[Seat, Action | None], ...] = state.history
    discard = None
    if discard_known(state, seat):
        discard = CardSet.from_mask(state._discard)
    elif state.declarer is not None:
        hidden = discard_positions(state)
        if hidden:
            redacted: list[tuple[Seat, Action | None]] = list(history)
            for i in hidden:
                redacted[i] = (redacted[i][0], None)
            history = tuple(redacted)
    legal = state.legal_actions() if state.actor == seat else ()
    return View(
        seat=seat,
        rules=t.rules,
        dealer=t.dealer,
        phase=state.phase,
        to_move=state.to_move,
        actor=state.actor,
        active=t.active,
        dummy=t.dummy,
        hand=CardSet.from_mask(hands[seat]),
        known_hands=MappingProxyType(known) if known else _EMPTY,
        hand_sizes=MappingProxyType({s: hands[s].bit_count() for s in t.active}),
        talon=talon_seen(state),
        discard=discard,
        history=history,
        declarer=state.declarer,
        bid=state.bid,
        contract=state.contract,
        kind=state._kind,
        talon_thrown=state._thrown,
        whisters=state._whisters,
        defence_open=state._open,
        checked=state._checked,
        current_trick=state.current_trick,
        lead_talon_card=state._lead_talon,
        completed_tricks=state.completed_tricks,
        tricks_won=state.tricks_won,
        talon_tricks=state.talon_tricks,
        raspasy_run=state._raspasy_run,
        legal_actions=legal,
        **state._view_extras(),  # type: ignore[arg-type]
    )
