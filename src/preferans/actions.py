"""Every action a seat can take in a deal, each with a stable integer index.

Indices (OpenSpiel style, so bots can use masks): cards 0–31 (play a card, or discard it
while discarding), then bids, contracts and the other calls. The numbering never depends
on the table's rules: a bid without the talon has its index even where such bids are off.
The Balkan bids, contracts and calls (kontra, invite) were added later and are numbered
after the claims, so that no older index ever changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Final

from preferans.cards import Card
from preferans.contracts import Contract, balkan_ladder, bid_ladder
from preferans.errors import InputSyntaxError, PreferansError

if TYPE_CHECKING:
    from preferans.rules import Rules

__all__ = [
    "ACTION_COUNT",
    "Action",
    "Bid",
    "Call",
    "CallKind",
    "CardAction",
    "Claim",
    "Declare",
    "action_from_index",
    "bid_of",
    "declare_of",
    "parse_action",
]

_FULL_LADDER: Final = tuple(sorted(bid_ladder(True), key=lambda c: c.index_key))
_LADDER_INDEX: Final = {contract: i for i, contract in enumerate(_FULL_LADDER)}
_BALKAN_LADDER: Final = balkan_ladder()
_BALKAN_INDEX: Final = {contract: i for i, contract in enumerate(_BALKAN_LADDER)}

BID_BASE: Final = 32
DECLARE_BASE: Final = BID_BASE + len(_FULL_LADDER)
CALL_BASE: Final = DECLARE_BASE + len(_FULL_LADDER)


class CallKind(Enum):
    """Calls that carry no card or contract. Values are their English words."""

    PASS = "pass"
    """Bidding or whisting: pass (пас)."""
    HERE = "here"
    """Bidding: hold the current bid (здесь / мои)."""
    WALK_AWAY = "walk away"
    """Declarer, after the talon: concede without three (уйти без трёх)."""
    THROW_TALON = "throw talon"
    """Declarer with 4 players: refuse the talon (бросок прикупа)."""
    WHIST = "whist"
    """Defender: whist (вист); after a half-whist, the first defender returning the whist."""
    HALF_WHIST = "half-whist"
    """Second defender after the first passed, on a six or seven (полвиста)."""
    OPEN = "open"
    """Lone whister: play with both defenders' hands face up (в светлую)."""
    CLOSED = "closed"
    """Lone whister: play closed (втёмную)."""
    ACCEPT = "accept"
    """Accept a claim."""
    REJECT = "reject"
    """Reject a claim."""
    KONTRA = "kontra"
    """Balkan: a defender doubles (kontra ×2); said again by the declarer (re-kontra ×4),
    the defender (sub-kontra ×8), … each time doubling. A lone whister's kontra invites."""
    INVITE = "invite"
    """Balkan: a lone whister invites the passer to defend with him (he then answers for
    all four tricks)."""

    @property
    def russian(self) -> str:
        return _CALL_RUSSIAN[self]


_CALL_RUSSIAN: Final = {
    CallKind.PASS: "пас",
    CallKind.HERE: "здесь",
    CallKind.WALK_AWAY: "без трёх",
    CallKind.THROW_TALON: "бросаю прикуп",
    CallKind.WHIST: "вист",
    CallKind.HALF_WHIST: "полвиста",
    CallKind.OPEN: "в светлую",
    CallKind.CLOSED: "втёмную",
    CallKind.ACCEPT: "согласен",
    CallKind.REJECT: "не согласен",
    CallKind.KONTRA: "контра",
    CallKind.INVITE: "приглашаю",
}
#: The original calls keep their indices; the Balkan calls come after everything else.
_CALL_ORDER: Final = tuple(k for k in CallKind if k not in (CallKind.KONTRA, CallKind.INVITE))
_LATE_CALLS: Final = (CallKind.KONTRA, CallKind.INVITE)
CLAIM_BASE: Final = CALL_BASE + len(_CALL_ORDER)
BALKAN_BID_BASE: Final = CLAIM_BASE + 11
BALKAN_DECLARE_BASE: Final = BALKAN_BID_BASE + len(_BALKAN_LADDER)
LATE_CALL_BASE: Final = BALKAN_DECLARE_BASE + len(_BALKAN_LADDER)
ACTION_COUNT: Final = LATE_CALL_BASE + len(_LATE_CALLS)


@dataclass(frozen=True, slots=True)
class CardAction:
    """Play a card, or (while discarding) put it into the discard."""

    card: Card

    @property
    def index(self) -> int:
        return self.card.index

    def __str__(self) -> str:
        return str(self.card)

    def __repr__(self) -> str:
        return f"CardAction(Card.parse('{self.card}'))"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid in the auction."""

    contract: Contract

    @property
    def index(self) -> int:
        if self.contract.balkan:
            return BALKAN_BID_BASE + _BALKAN_INDEX[self.contract]
        return BID_BASE + _LADDER_INDEX[self.contract]

    def __str__(self) -> str:
        return str(self.contract)

    def __repr__(self) -> str:
        return f"Bid(Contract.parse('{self.contract}'))"


@dataclass(frozen=True, slots=True)
class Declare:
    """The declarer names the contract after the discard."""

    contract: Contract

    @property
    def index(self) -> int:
        if self.contract.balkan:
            return BALKAN_DECLARE_BASE + _BALKAN_INDEX[self.contract]
        return DECLARE_BASE + _LADDER_INDEX[self.contract]

    def __str__(self) -> str:
        return f"play {self.contract}"

    def __repr__(self) -> str:
        return f"Declare(Contract.parse('{self.contract}'))"


@dataclass(frozen=True, slots=True)
class Call:
    """A call without a card or contract: pass, here, whist, open, …"""

    kind: CallKind

    @property
    def index(self) -> int:
        if self.kind in _LATE_CALLS:
            return LATE_CALL_BASE + _LATE_CALLS.index(self.kind)
        return CALL_BASE + _CALL_ORDER.index(self.kind)

    def __str__(self) -> str:
        return self.kind.value

    def __repr__(self) -> str:
        return f"Call(CallKind.{self.kind.name})"


@dataclass(frozen=True, slots=True)
class Claim:
    """Propose that the claimer's side takes ``tricks`` of the remaining tricks."""

    tricks: int

    def __post_init__(self) -> None:
        if not 0 <= self.tricks <= 10:
            raise PreferansError(f"a claim is 0–10 tricks, not {self.tricks}")

    @property
    def index(self) -> int:
        return CLAIM_BASE + self.tricks

    def __str__(self) -> str:
        return f"claim {self.tricks}"


Action = CardAction | Bid | Declare | Call | Claim

_CARD_ACTIONS: Final = tuple(CardAction(Card.from_index(i)) for i in range(32))
_BIDS: Final = tuple(Bid(c) for c in _FULL_LADDER)
_DECLARES: Final = tuple(Declare(c) for c in _FULL_LADDER)
_CALLS: Final = tuple(Call(k) for k in _CALL_ORDER)
_BALKAN_BIDS: Final = tuple(Bid(c) for c in _BALKAN_LADDER)
_BALKAN_DECLARES: Final = tuple(Declare(c) for c in _BALKAN_LADDER)
_LATE: Final = tuple(Call(k) for k in _LATE_CALLS)
_CALL_OF: Final = dict(zip(_CALL_ORDER + _LATE_CALLS, _CALLS + _LATE, strict=True))

# The constants are the very instances action_from_index returns, so `is` works.
PASS: Final = _CALL_OF[CallKind.PASS]
HERE: Final = _CALL_OF[CallKind.HERE]
WHIST: Final = _CALL_OF[CallKind.WHIST]
HALF_WHIST: Final = _CALL_OF[CallKind.HALF_WHIST]
OPEN: Final = _CALL_OF[CallKind.OPEN]
CLOSED: Final = _CALL_OF[CallKind.CLOSED]
WALK_AWAY: Final = _CALL_OF[CallKind.WALK_AWAY]
THROW_TALON: Final = _CALL_OF[CallKind.THROW_TALON]
ACCEPT: Final = _CALL_OF[CallKind.ACCEPT]
REJECT: Final = _CALL_OF[CallKind.REJECT]
KONTRA: Final = _CALL_OF[CallKind.KONTRA]
INVITE: Final = _CALL_OF[CallKind.INVITE]
_CLAIMS: Final = tuple(Claim(n) for n in range(11))
_BY_INDEX: Final[tuple[Action, ...]] = (
    *_CARD_ACTIONS,
    *_BIDS,
    *_DECLARES,
    *_CALLS,
    *_CLAIMS,
    *_BALKAN_BIDS,
    *_BALKAN_DECLARES,
    *_LATE,
)
assert len(_BY_INDEX) == ACTION_COUNT
assert all(a.index == i for i, a in enumerate(_BY_INDEX))


def action_from_index(index: int) -> Action:
    """The action with this stable index."""
    if not 0 <= index < ACTION_COUNT:
        raise PreferansError(f"action index must be 0–{ACTION_COUNT - 1}, got {index}")
    return _BY_INDEX[index]


def card_action(card: Card) -> CardAction:
    """The shared instance for playing or discarding ``card``."""
    return _CARD_ACTIONS[card.index]


_CALL_BY_TEXT: Final[dict[str, CallKind]] = {}
for _kind in CallKind:
    _CALL_BY_TEXT[_kind.value] = _kind
    _CALL_BY_TEXT[_kind.russian] = _kind
_CALL_BY_TEXT.update(
    {
        "пас": CallKind.PASS,
        "мои": CallKind.HERE,
        "walk": CallKind.WALK_AWAY,
        "without three": CallKind.WALK_AWAY,
        "throw": CallKind.THROW_TALON,
        "half whist": CallKind.HALF_WHIST,
        "halfwhist": CallKind.HALF_WHIST,
        "пол-виста": CallKind.HALF_WHIST,
        "светлую": CallKind.OPEN,
        "темную": CallKind.CLOSED,
        "втемную": CallKind.CLOSED,
        "контра": CallKind.KONTRA,
        "kontra": CallKind.KONTRA,
        "invite": CallKind.INVITE,
        "приглашаю": CallKind.INVITE,
        "зову": CallKind.INVITE,
    }
)


def bid_of(contract: Contract) -> Bid:
    """The shared :class:`Bid` instance for ``contract`` (the one every legal list holds)."""
    if contract.balkan:
        return _BALKAN_BIDS[_BALKAN_INDEX[contract]]
    return _BIDS[_LADDER_INDEX[contract]]


def declare_of(contract: Contract) -> Declare:
    """The shared :class:`Declare` instance for ``contract``."""
    if contract.balkan:
        return _BALKAN_DECLARES[_BALKAN_INDEX[contract]]
    return _DECLARES[_LADDER_INDEX[contract]]


def _looks_like_contract(text: str) -> bool:
    """A number first: the player meant a bid, not a card or a call."""
    return text[:1].isdigit()


def parse_action(text: str, rules: Rules | None = None) -> Action:
    """Read an action as a person writes it: ``♠9``, ``7♣``, ``play 7♣``, ``pass``, ``вист``.

    With ``rules``, a contract of another variant family is refused in words this family's
    players know (``5♠`` at a Sochi table). Bad text raises :class:`InputSyntaxError`.

    Returns the shared instances that :func:`action_from_index` returns too.

    A bare contract is a :class:`Bid`; ``play 7♣`` (or ``игра 7♣``) is a :class:`Declare`.
    """

    raw = text.strip()
    lowered = raw.lower().replace("ё", "е")
    kind = _CALL_BY_TEXT.get(lowered)
    if kind is not None:
        return _CALL_OF[kind]
    for prefix in ("play ", "игра ", "declare "):
        if lowered.startswith(prefix):
            try:
                contract = Contract.parse(raw[len(prefix) :], rules)
                if contract.balkan:
                    return _BALKAN_DECLARES[_BALKAN_INDEX[contract]]
                return _DECLARES[_LADDER_INDEX[contract]]
            except InputSyntaxError as error:
                raise InputSyntaxError(str(error)) from None
    if lowered.startswith(("claim ", "предлагаю ")):
        tail = lowered.split(None, 1)[1]
        if tail.isdigit():
            return _CLAIMS[Claim(int(tail)).tricks]
    try:
        return card_action(Card.parse(raw))
    except InputSyntaxError:
        pass
    try:
        contract = Contract.parse(raw, rules if _looks_like_contract(lowered) else None)
    except InputSyntaxError:
        if rules is not None and _looks_like_contract(lowered):
            raise
    else:
        if contract.balkan:
            return _BALKAN_BIDS[_BALKAN_INDEX[contract]]
        return _BIDS[_LADDER_INDEX[contract]]
    raise InputSyntaxError(
        f"not an action: {raw!r} (a card like ♠9, a bid like 7♣, or a call: pass)"
    )
