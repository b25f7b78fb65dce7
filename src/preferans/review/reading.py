"""What the others' calls showed, and how the cards really lay: the "why" of a grade.

A decision is priced over deals that fit the deciding seat's view, and the bot's inference
draws those deals to fit the others' calls (bids, passes, whist calls, kontras) and the
suits they showed out of. So what the calls *showed* can be read off those same deals:
the honours a bidder held in most of them and his length in the suit he bid, how strong
a passer or a whister was (aces and kings on average), the voids shown in the play. Set
against the deal as it lay, the same deals say which cards lay against the odds ("♠K was
with East; the deals that fit the calls put it with West in 8 of 12"): the cards that
made the decision costly, or a good one unlucky.

The facts are kept as data (:class:`Reading`); :mod:`preferans.review.words` puts them
into Russian and English.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from preferans.actions import Bid, Call, CallKind, Declare
from preferans.bots.inference import DISCARD, TALON, World, voids
from preferans.cards import Card, CardSet, Rank, Suit
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.contracts import Contract
    from preferans.game import View

__all__ = ["HELD", "Lay", "Reading", "Shown", "read"]

#: A bidder "showed" an honour when he held it in at least this share of the deals that
#: fit the calls.
HELD: Final = 2 / 3
#: Honours a bid speaks of, from the top.
HONOURS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
#: At most this many cards that lay against the odds are named.
SURPRISES: Final = 2
#: Where a card can be besides a hand.
TALON_SLOT: Final = TALON
DISCARD_SLOT: Final = DISCARD


@dataclass(frozen=True, slots=True)
class Shown:
    """What one seat's calls showed, read off the deals that fit them."""

    seat: Seat
    role: str
    """``declarer`` (his bids and the game named), ``bidder`` (bids, not the declarer),
    ``misere`` (a misère bid, his or the declarer's), ``passer`` (only passes in the
    auction), ``whister`` or ``defence_pass`` (his call against the contract), ``kontra``."""
    calls: tuple[Bid | Call | Declare, ...]
    suit: Suit | None = None
    """The suit his bids named (None: no trumps, misère, or no bid)."""
    honours: tuple[Card, ...] = ()
    """Honours of that suit (aces, without a suit) he held in most fitting deals."""
    length: float | None = None
    """His mean length in that suit."""
    strength: float = 0.0
    """Aces and kings he held on average."""
    voids: tuple[Suit, ...] = ()
    """Suits he showed out of in the play."""


@dataclass(frozen=True, slots=True)
class Lay:
    """A card that lay against the odds of the fitting deals."""

    card: Card
    slot: int
    """Where it was: a seat's number, or :data:`TALON_SLOT` / :data:`DISCARD_SLOT`."""
    expected: int
    """Where most fitting deals put it."""
    share: float
    """The share of fitting deals that put it there."""


@dataclass(frozen=True, slots=True)
class Reading:
    """The others' calls read off ``deals`` fitting deals (``exact``: all there are), and
    the cards of the deal as it lay that those deals did not expect."""

    deals: int
    exact: bool
    shown: tuple[Shown, ...]
    lay: tuple[Lay, ...] = ()


def _share(worlds: list[World], slot: int, bit: int) -> float:
    total = sum(w.weight for w in worlds)
    return sum(w.weight for w in worlds if w.slots.get(slot, 0) & bit) / total


def _mean(worlds: list[World], value: list[float]) -> float:
    total = sum(w.weight for w in worlds)
    return sum(w.weight * v for w, v in zip(worlds, value, strict=True)) / total


def _aces_kings(mask: int) -> int:
    return sum(1 for c in CardSet.from_mask(mask) if c.rank >= Rank.KING)


def _calls(view: View) -> dict[Seat, tuple[list[Bid | Call | Declare], list[Call]]]:
    """Each seat's calls so far: in the auction, and against the contract."""
    out: dict[Seat, tuple[list[Bid | Call | Declare], list[Call]]] = {}
    declared = False
    for seat, action in view.history:
        if isinstance(action, Declare):
            declared = True
            out.setdefault(seat, ([], []))[0].append(action)
            continue
        if not isinstance(action, Bid | Call):
            continue
        auction, defence = out.setdefault(seat, ([], []))
        if isinstance(action, Bid):
            auction.append(action)
        elif declared:
            defence.append(action)
        elif action.kind not in (CallKind.WALK_AWAY, CallKind.THROW_TALON):
            auction.append(action)
    return out


def _suit_of(contract: Contract | None) -> Suit | None:
    if contract is None or contract.is_misere or contract.trump is None:
        return None
    return contract.trump


def _shown(view: View, worlds: list[World], seat: Seat, calls: list[Bid | Call | Declare]) -> Shown:
    """What one seat's auction showed."""
    hands = [w.hand(seat) for w in worlds]
    strength = _mean(worlds, [float(_aces_kings(h)) for h in hands])
    bids = [c for c in calls if not isinstance(c, Call) or c.kind is CallKind.HERE]
    gaps = voids(view).get(seat, 0)
    lacking = tuple(s for s in Suit if gaps & s.mask == s.mask)
    if not bids and seat != view.declarer:
        return Shown(seat, "passer", tuple(calls), strength=strength, voids=lacking)
    role = "declarer" if seat == view.declarer else "bidder"
    named = view.contract if role == "declarer" else None
    last = next((c.contract for c in reversed(bids) if isinstance(c, Bid)), None)
    game = named or last
    suit = _suit_of(game)
    if suit is None:
        if game is not None and game.is_misere:
            return Shown(seat, "misere", tuple(bids), strength=strength, voids=lacking)
        cards = [Card(s, Rank.ACE) for s in Suit]
        length = None
    else:
        cards = [Card(suit, r) for r in HONOURS]
        length = _mean(worlds, [float((h & suit.mask).bit_count()) for h in hands])
    held = tuple(c for c in cards if _share(worlds, int(seat), c.bit) >= HELD)
    return Shown(seat, role, tuple(bids), suit, held, length, strength, lacking)


def _defence(view: View, worlds: list[World], seat: Seat, calls: list[Call]) -> Shown | None:
    """What one seat's calls against the contract showed (its last call speaks)."""
    spoken = [c for c in calls if c.kind is not CallKind.OPEN and c.kind is not CallKind.CLOSED]
    if not spoken:
        return None
    last = spoken[-1].kind
    if last is CallKind.PASS:
        role = "defence_pass"
    elif last is CallKind.KONTRA:
        role = "kontra"
    else:
        role = "whister"
    strength = _mean(worlds, [float(_aces_kings(w.hand(seat))) for w in worlds])
    return Shown(seat, role, tuple(spoken), strength=strength)


def _surprises(view: View, worlds: list[World], truth: World) -> tuple[Lay, ...]:
    """Honours (trumps from the jack, the others from the queen) the deal placed where
    most fitting deals did not."""
    seen = view.hand.mask | view.played_cards.mask
    for cards in view.known_hands.values():
        seen |= cards.mask
    if view.discard is not None:
        seen |= view.discard.mask
    if view.talon is not None:
        seen |= view.talon.mask & ~truth.slots.get(DISCARD, 0)
    found: list[Lay] = []
    slots = sorted({s for w in worlds for s in w.slots} | set(truth.slots))
    trump = view.contract.trump if view.contract is not None else None
    for card in CardSet.from_mask(~seen & 0xFFFFFFFF):
        if card.rank < (Rank.JACK if card.suit == trump else Rank.QUEEN):
            continue
        where = next((s for s in slots if truth.slots.get(s, 0) & card.bit), None)
        if where is None:
            continue
        shares = {s: _share(worlds, s, card.bit) for s in slots}
        expected = max(shares, key=lambda s: (shares[s], -s))
        if expected != where and shares[expected] > 0.5 and shares[where] < 0.5:
            found.append(Lay(card, where, expected, shares[expected]))
    # The trumps first, then the highest cards, the most confident expectation first.
    found.sort(key=lambda lay: (lay.card.suit != trump, -lay.card.rank, -lay.share))
    return tuple(found[:SURPRISES])


def read(view: View, worlds: list[World], exact: bool, truth: World | None) -> Reading | None:
    """The others' calls read off ``worlds`` (deals that fit ``view``), and the cards of
    ``truth`` (the deal as it lay) that they did not expect; None without worlds."""
    if not worlds or sum(w.weight for w in worlds) <= 0:
        return None
    shown: list[Shown] = []
    order = sorted(_calls(view).items(), key=lambda item: (item[0] != view.declarer, item[0]))
    for seat, (auction, defence) in order:
        if seat == view.seat or seat == view.dummy:
            continue
        if auction or seat == view.declarer:
            shown.append(_shown(view, worlds, seat, auction))
        against = _defence(view, worlds, seat, defence)
        if against is not None:
            shown.append(against)
    lay = _surprises(view, worlds, truth) if truth is not None else ()
    return Reading(len(worlds), exact, tuple(shown), lay)
