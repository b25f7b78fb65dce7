"""The fields of one moment of a deal, below the phases that change them.

The phase modules (:mod:`~preferans.game.bidding`, :mod:`~preferans.game.talon`,
:mod:`~preferans.game.play`, …) read and update a :class:`DealCore`; the state that
dispatches actions to them, :class:`~preferans.game.state.DealState`, is built on it, so
the phases never need the dispatching class, not even for the type checker. Hands are int
masks indexed by seat; legal actions are computed once per state and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, NamedTuple, Self

from preferans.actions import Call
from preferans.cards import CardSet
from preferans.errors import PreferansError
from preferans.game.phase import Phase
from preferans.game.table import Table
from preferans.result import DealKind
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.actions import Action
    from preferans.cards import Card
    from preferans.contracts import Contract
    from preferans.game.deal import Deal
    from preferans.game.errors import IllegalActionError
    from preferans.game.trick import Trick
    from preferans.result import WhistChoice
    from preferans.rules import Rules

__all__ = ["DealCore", "PendingClaim"]

_new = object.__new__
_NO_EXTRAS: Mapping[str, object] = MappingProxyType({})


class PendingClaim(NamedTuple):
    """A claim made and not yet answered by every seat it waits for."""

    claimer: Seat
    tricks: int
    waiting: tuple[Seat, ...]
    to_move: Seat
    actor: Seat


class DealCore:
    """The fields of one moment of a deal and what the phases read of them; the phases
    update a fresh copy (:class:`~preferans.game.state.DealState` adds the dispatch)."""

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
    _claim: PendingClaim | None
    _claim_blocked: bool
    _kind: DealKind | None
    _claimed: bool
    _played: bool
    _legal: tuple[Action, ...] | None
    _raspasy_run: int
    _LEGAL: ClassVar[Mapping[Phase, Callable[[DealCore], tuple[Action, ...]]]]
    _APPLY: ClassVar[Mapping[Phase, Callable[[DealCore, Action], None]]]
    _EXPLAIN: ClassVar[Mapping[Phase, Callable[[DealCore, Action], IllegalActionError]]]
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

    def _copy(self) -> Self:
        new: Self = _new(type(self))
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
    def _mover(self) -> Seat:
        """The seat to move while a phase decides (a phase is never asked when none is)."""
        seat = self.to_move
        assert seat is not None
        return seat

    def _whist_turn(self, action: Action) -> tuple[Seat, int]:
        """The seat speaking in the whisting and the stage it speaks at; the phase is
        handed only its legal calls, so ``action`` is a call."""
        assert type(action) is Call
        return self._mover, self._wstage

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, sorted by index; empty only when the deal is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._LEGAL[self.phase](self)
        return legal

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
