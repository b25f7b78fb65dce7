"""The immutable state of one deal and the dispatch of actions to the phase modules.

A :class:`DealState` never changes after construction: :meth:`DealState.apply` copies it
(a cheap slot-by-slot copy, not :func:`dataclasses.replace`) and lets the module of the
current phase update the copy. Hands are int masks indexed by seat; legal actions are
computed once per state and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from preferans.actions import (
    Action,
    Bid,
    Call,
    CallKind,
    CardAction,
    Claim,
    Declare,
    action_from_index,
)
from preferans.cards import CardSet
from preferans.contracts import Contract
from preferans.errors import PreferansError, RulesError
from preferans.families import family_of
from preferans.game import bidding, claims, play, talon, whisting
from preferans.game.deal import Deal
from preferans.game.errors import IllegalActionError, refusal
from preferans.game.phase import Phase
from preferans.game.table import Table
from preferans.game.trick import Trick
from preferans.pasting import literal
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import Rules
from preferans.seats import Seat, seats_for

if TYPE_CHECKING:
    from preferans.cards import Card
    from preferans.game.views import View

__all__ = ["DealState", "new_deal", "new_russian_deal", "result_of"]

_ACTION_TYPES = (CardAction, Bid, Declare, Call, Claim)
_new = object.__new__


class DealState:
    """One moment of a deal. Immutable: :meth:`apply` returns the next state."""

    __slots__ = (
        "_bidding_len",
        "_checked",
        "_choices",
        "_claim",
        "_claim_blocked",
        "_claimed",
        "_ctrl",
        "_discard",
        "_extra",
        "_face_up",
        "_hands",
        "_high_seat",
        "_kind",
        "_lead_talon",
        "_led",
        "_legal",
        "_misere_seat",
        "_misere_shown",
        "_open",
        "_open_pending",
        "_passed",
        "_played",
        "_raspasy_run",
        "_spoken",
        "_t",
        "_talon_shown",
        "_thrown",
        "_tricks",
        "_trump",
        "_whisters",
        "_wstage",
        "actor",
        "bid",
        "completed_tricks",
        "contract",
        "current_trick",
        "declarer",
        "history",
        "phase",
        "to_move",
    )

    _t: Table
    phase: Phase
    to_move: Seat | None
    actor: Seat | None
    history: tuple[tuple[Seat, Action], ...]
    declarer: Seat | None
    bid: Contract | None
    contract: Contract | None
    current_trick: tuple[tuple[Seat, Card], ...]
    completed_tricks: tuple[Trick, ...]
    _hands: list[int]
    _tricks: list[int]
    _passed: int
    _spoken: int
    _high_seat: Seat | None
    _misere_seat: Seat | None
    _bidding_len: int
    _talon_shown: bool
    _thrown: bool
    _discard: int
    _wstage: int
    _choices: dict[Seat, WhistChoice]
    _whisters: tuple[Seat, ...]
    _open: bool
    _checked: bool
    _face_up: int
    _extra: tuple[int, int, int, int]
    _misere_shown: bool
    _open_pending: int
    _ctrl: tuple[Seat, Seat, Seat, Seat]
    _trump: int
    _led: int
    _lead_talon: Card | None
    _claim: claims.PendingClaim | None
    _claim_blocked: bool
    _kind: DealKind | None
    _claimed: bool
    _played: bool
    _legal: tuple[Action, ...] | None
    _raspasy_run: int
    _LEGAL: ClassVar[Mapping[Phase, Callable[[DealState], tuple[Action, ...]]]]
    _APPLY: ClassVar[Mapping[Phase, Callable[[DealState, Action], None]]]
    _EXPLAIN: ClassVar[Mapping[Phase, Callable[[DealState, Action], IllegalActionError]]]
    _refe: int

    # What the shared phases read of a variant family's extra fields; a family's state
    # class defines them as slots (the Russian game has none of them).
    _out: Seat | None = None
    _invited: Seat | None = None
    _klevel: tuple[int, int, int, int] = (0, 0, 0, 0)

    def __init__(self, rules: Rules, deal: Deal, *, raspasy_run: int = 0) -> None:
        if raspasy_run < 0:
            raise PreferansError("raspasy_run counts raspasy in a row: 0 or more")
        self._t = Table(rules, deal)
        self.phase = Phase.BIDDING
        self.history = ()
        self.declarer = None
        self.bid = None
        self.contract = None
        self.current_trick = ()
        self.completed_tricks = ()
        hands = [0, 0, 0, 0]
        for seat, hand in deal.hands.items():
            hands[seat] = hand.mask
        self._hands = hands
        self._tricks = [0, 0, 0, 0]
        self._passed = 0
        self._spoken = 0
        self._high_seat = None
        self._misere_seat = None
        self._bidding_len = 0
        self._talon_shown = False
        self._thrown = False
        self._discard = 0
        self._wstage = 0
        self._choices = {}
        self._whisters = ()
        self._open = False
        self._checked = False
        self._face_up = 0
        self._extra = (0, 0, 0, 0)
        self._misere_shown = False
        self._open_pending = 0
        self._ctrl = (Seat.S, Seat.W, Seat.N, Seat.E)
        self._trump = -1
        self._led = -1
        self._lead_talon = None
        self._claim = None
        self._claim_blocked = False
        self._kind = None
        self._claimed = False
        self._played = False
        self._legal = None
        self._raspasy_run = raspasy_run
        first = self._t.bidders[0]
        self.to_move = first
        self.actor = first

    def _copy(self) -> DealState:
        new: DealState = _new(type(self))
        new._t = self._t
        new.phase = self.phase
        new.to_move = self.to_move
        new.actor = self.actor
        new.history = self.history
        new.declarer = self.declarer
        new.bid = self.bid
        new.contract = self.contract
        new.current_trick = self.current_trick
        new.completed_tricks = self.completed_tricks
        new._hands = self._hands
        new._tricks = self._tricks
        new._passed = self._passed
        new._spoken = self._spoken
        new._high_seat = self._high_seat
        new._misere_seat = self._misere_seat
        new._bidding_len = self._bidding_len
        new._talon_shown = self._talon_shown
        new._thrown = self._thrown
        new._discard = self._discard
        new._wstage = self._wstage
        new._choices = self._choices
        new._whisters = self._whisters
        new._open = self._open
        new._checked = self._checked
        new._face_up = self._face_up
        new._extra = self._extra
        new._misere_shown = self._misere_shown
        new._open_pending = self._open_pending
        new._ctrl = self._ctrl
        new._trump = self._trump
        new._led = self._led
        new._lead_talon = self._lead_talon
        new._claim = self._claim
        new._claim_blocked = self._claim_blocked
        new._kind = self._kind
        new._claimed = self._claimed
        new._played = self._played
        new._legal = None
        new._raspasy_run = self._raspasy_run
        return new

    # --- public read-only API ----------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._t.rules

    @property
    def deal(self) -> Deal:
        return self._t.deal

    @property
    def active(self) -> tuple[Seat, ...]:
        """Seats holding cards, clockwise from first hand."""
        return self._t.active

    @property
    def dummy(self) -> Seat | None:
        return self._t.dummy

    @property
    def hands(self) -> Mapping[Seat, CardSet]:
        """Current hands of the active seats (the declarer's holds the talon while
        discarding)."""
        return MappingProxyType({s: CardSet.from_mask(self._hands[s]) for s in self._t.active})

    def hand(self, seat: Seat) -> CardSet:
        return CardSet.from_mask(self._hands[seat])

    @property
    def tricks_won(self) -> Mapping[Seat, int]:
        """Tricks per active seat (the 4-player dealer's talon tricks: ``talon_tricks``)."""
        return MappingProxyType({s: self._tricks[s] for s in self._t.active})

    @property
    def talon_tricks(self) -> int:
        """4-player raspasy: tricks won by the talon cards (the dealer's)."""
        out = self._t.sitting_out
        return 0 if out is None else self._tricks[out]

    @property
    def discard(self) -> CardSet:
        """The declarer's discard (or the thrown talon); secret to the others."""
        return CardSet.from_mask(self._discard)

    @property
    def talon_shown(self) -> bool:
        """The talon was turned up for all (it stays public afterwards)."""
        return self._talon_shown

    @property
    def talon_thrown(self) -> bool:
        return self._thrown

    @property
    def whisters(self) -> tuple[Seat, ...]:
        return self._whisters

    @property
    def defence_open(self) -> bool:
        """The defence plays face up (lone open whister, 2-player whist, checked ten)."""
        return self._open

    @property
    def checked(self) -> bool:
        return self._checked

    @property
    def lead_talon_card(self) -> Card | None:
        """On raspasy with talon leads: the talon card leading the current trick."""
        return self._lead_talon

    @property
    def is_raspasy(self) -> bool:
        return self._kind is DealKind.RASPASY

    @property
    def raspasy_run(self) -> int:
        return self._raspasy_run

    @property
    def out(self) -> Seat | None:
        """A seat whose cards are out of play, so tricks have one card fewer (a variant
        family may set one: the Balkan lone whister's passer); None in the Russian game."""
        return self._out

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, sorted by index; empty only when the deal is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._LEGAL[self.phase](self)
        return legal

    def is_legal(self, action: Action) -> bool:
        if self.phase is Phase.PLAY and type(action) is CardAction:
            return bool(play.legal_mask(self) >> action.card.index & 1)
        return action in self.legal_actions()

    def apply(self, action: Action, *, seat: Seat | None = None) -> DealState:
        """The state after ``action``; raises :class:`IllegalActionError` (and changes
        nothing) if it is not legal. ``seat``, when given, must be the seat to act."""
        if seat is not None and seat != self.actor:
            if self.actor is None:
                raise refusal("deal_over")
            raise refusal("not_your_turn", seat=self.actor.english)
        phase = self.phase
        if phase is Phase.PLAY and type(action) is CardAction:
            if not play.legal_mask(self) >> action.card.index & 1:
                raise play.explain(self, action)
            new = self._copy()
            new.history = (*self.history, (self.to_move, action))  # type: ignore[arg-type]
            play.play_card(new, action.card)
            return new
        for candidate in self.legal_actions():
            if candidate is action:
                break
        else:
            # Not one of the shared instances: compare by value, then use the shared one
            # (the phase modules compare calls by identity).
            if not isinstance(action, _ACTION_TYPES):
                raise refusal("not_an_action", action=repr(action))
            if action not in self.legal_actions():
                raise _explain(self, action)
            action = action_from_index(action.index)
        new = self._copy()
        who = self.actor if type(action) is Claim else self.to_move
        assert who is not None
        new.history = (*self.history, (who, action))
        self._APPLY[phase](new, action)
        return new

    def result(self) -> DealResult:
        """What the sheet needs; only when the deal is over."""
        if self.phase is not Phase.OVER:
            raise PreferansError("the deal is not over yet")
        return result_of(self)

    # --- hooks of a variant family (the Russian game's answers) -------------------------

    def _first_leader(self) -> Seat:
        """Who leads the first trick of a contract."""
        return self._t.first_hand

    def _play_over(self) -> bool:
        """The play stops before the tenth trick (never, in the Russian game)."""
        return False

    def _view_extras(self) -> Mapping[str, object]:
        """Fields a family adds to every :class:`View` (none in the Russian game)."""
        return _NO_EXTRAS

    def view(self, seat: Seat) -> View:
        """What ``seat`` may know now, and nothing more."""
        from preferans.game.views import make_view

        if seat not in seats_for(self._t.players):
            raise PreferansError(f"{Seat(seat).english} does not sit at this table")
        return make_view(self, seat)

    def __repr__(self) -> str:
        """Python that rebuilds this state: ``new_deal(rules, deal, …)`` and, once anything
        was said or played, ``.replay((…))`` of every action since."""
        start = ", ".join(
            [repr(self._t.rules), repr(self.deal)]
            + [f"{name}={literal(value)}" for name, value in self._start_options().items()]
        )
        text = f"new_deal({start})"
        if self.history:
            text += f".replay({literal(self.history)})"
        return text

    def _start_options(self) -> dict[str, object]:
        """The ``new_deal`` keywords this state began with, where not the defaults (a
        family adds its own, e.g. the Balkan refes)."""
        return {"raspasy_run": self._raspasy_run} if self._raspasy_run else {}

    def replay(self, moves: Iterable[tuple[Seat, Action]]) -> DealState:
        """The state after ``moves`` in order, as :attr:`history` keeps them: (the seat whose
        turn it is, or the seat deciding, the action), each checked as it is applied. A
        move the engine makes itself (the 2-player dummy on raspasy) is checked, not made
        again."""
        state = self
        for index, (seat, action) in enumerate(moves, len(self.history)):
            if index < len(state.history):
                if state.history[index] != (seat, action):
                    raise refusal("not_your_turn", seat=state.history[index][0].english)
                continue
            if seat not in (state.to_move, state.actor):
                if state.actor is None:
                    raise refusal("deal_over")
                raise refusal("not_your_turn", seat=state.actor.english)
            state = state.apply(action)
        return state

    def _key(self) -> tuple[object, ...]:
        return (type(self), self._t.rules, self.deal, self._start_options(), self.history)

    def __eq__(self, other: object) -> bool:
        """The same start and the same actions since: the engine is deterministic, so the
        same state."""
        if not isinstance(other, DealState):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self), self.deal, self.history))


def new_deal(
    rules: Rules, deal: Deal, *, raspasy_run: int = 0, refe: Iterable[Seat] = ()
) -> DealState:
    """The state before the first call, in the rules' variant family. ``raspasy_run`` =
    raspasy played in a row just before this deal (the exit rule ``rules.raspasy_exit``
    applies when it is > 0). ``refe`` (Balkan) = the seats holding an open refe, read off
    the bula sheet: a declarer with one is spared the obligatory kontra on 2♠."""
    return family_of(rules).new_deal(rules, deal, raspasy_run=raspasy_run, refe=refe)


def new_russian_deal(
    rules: Rules, deal: Deal, *, raspasy_run: int = 0, refe: Iterable[Seat] = ()
) -> DealState:
    """The Russian family's :func:`new_deal` (no refe in this game)."""
    if tuple(refe):
        raise RulesError("refe exists only in the Balkan game")
    return DealState(rules, deal, raspasy_run=raspasy_run)


def _over_legal(state: DealState) -> tuple[Action, ...]:
    return ()


def _over_apply(state: DealState, action: Action) -> None:
    raise refusal("deal_over")


_NO_EXTRAS: Mapping[str, object] = MappingProxyType({})

_LEGAL = {
    Phase.BIDDING: bidding.legal,
    Phase.TALON: talon.legal_talon,
    Phase.DISCARD: talon.legal_discard,
    Phase.CONTRACT: talon.legal_contract,
    Phase.WHISTING: whisting.legal,
    Phase.PLAY: play.legal,
    Phase.CLAIM: claims.legal,
    Phase.OVER: _over_legal,
}
_APPLY = {
    Phase.BIDDING: bidding.apply,
    Phase.TALON: talon.apply_talon,
    Phase.DISCARD: talon.apply_discard,
    Phase.CONTRACT: talon.apply_contract,
    Phase.WHISTING: whisting.apply,
    Phase.PLAY: play.apply,
    Phase.CLAIM: claims.apply,
    Phase.OVER: _over_apply,
}
_EXPLAIN = {
    Phase.BIDDING: bidding.explain,
    Phase.TALON: talon.explain,
    Phase.DISCARD: talon.explain,
    Phase.CONTRACT: talon.explain,
    Phase.WHISTING: whisting.explain,
    Phase.PLAY: play.explain,
    Phase.CLAIM: claims.explain,
}
DealState._LEGAL = _LEGAL
DealState._APPLY = _APPLY
DealState._EXPLAIN = _EXPLAIN


def _explain(state: DealState, action: Action) -> IllegalActionError:
    """Why ``action`` is refused now, as an error carrying its code and params."""
    if state.phase is Phase.OVER:
        return refusal("deal_over")
    return state._EXPLAIN[state.phase](state, action)


def result_of(state: DealState, *, defended_misere: bool = False) -> DealResult:
    """The result; ``defended_misere``: the family defends a misère with calls too."""
    t = state._t
    kind = state._kind
    assert kind is not None
    n_bid = state._bidding_len
    whist_calls: tuple[tuple[Seat, Action], ...] = ()
    misere = kind is DealKind.MISERE and defended_misere
    if (kind is DealKind.GAME or misere) and state.contract is not None:
        start = _contract_index(state)
        whist_calls = tuple(
            (s, a)
            for s, a in state.history[start + 1 :]
            if isinstance(a, Call) and a.kind not in (CallKind.ACCEPT, CallKind.REJECT)
        )
    tricks = {s: state._tricks[s] for s in t.active}
    return DealResult(
        kind=kind,
        dealer=t.dealer,
        active=t.active,
        dummy=t.dummy,
        bidding=state.history[:n_bid],
        declarer=state.declarer,
        bid=state.bid if state.declarer is not None else None,
        contract=state.contract if kind is not DealKind.WALK_AWAY else None,
        talon_thrown=state._thrown,
        whist_calls=whist_calls,
        defenders=dict(state._choices),
        whisters=state._whisters,
        open=state._open,
        checked=state._checked,
        played=state._played,
        claimed=state._claimed,
        tricks=tricks,
        talon_tricks=state.talon_tricks,
        invited=state._invited,
        kontra={s: state._klevel[s] for s in t.active if state._klevel[s]},
    )


def _contract_index(state: DealState) -> int:
    for i, (_, action) in enumerate(state.history):
        if type(action) is Declare:
            return i
    raise AssertionError("no contract in the history")
