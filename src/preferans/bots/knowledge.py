"""What a seat knows during card play, read off its view: the game's mode, the cards gone,
the cards still unseen, and the trick on the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from preferans.actions import CardAction
from preferans.cards import Card, CardSet, Suit
from preferans.seats import Seat

if TYPE_CHECKING:
    from preferans.game.views import View

__all__ = ["PlayContext", "play_context"]

Mode = Literal["game", "misere", "raspasy"]


@dataclass(frozen=True, slots=True)
class PlayContext:
    """Everything the card-play rules need, computed once per decision."""

    mode: Mode
    trump: Suit | None
    seat: Seat
    """The hand the card comes from (a lone open whister also plays his partner's)."""
    declarer: Seat | None
    hand: CardSet
    legal: tuple[Card, ...]
    trick: tuple[tuple[Seat, Card], ...]
    """The players' cards on the table, in order (a leading talon card is not among them:
    it only sets ``led_suit``, and with 4 players it is ``lead_card``)."""
    led_suit: Suit | None
    order: tuple[Seat, ...]
    """The seats playing to this trick, in order."""
    gone: CardSet
    """Cards already played (and the talon on raspasy, which is seen by all)."""
    unseen: CardSet
    """Cards this seat cannot place: not its own, not gone, not in an open hand."""
    known: dict[Seat, CardSet]
    lead_card: tuple[Seat, Card] | None = None
    """4-player raspasy: the dealer's talon card leading the trick (it can win)."""

    @property
    def position(self) -> int:
        """0 for the leader, 1 second, 2 last."""
        return len(self.trick)

    @property
    def after_me(self) -> tuple[Seat, ...]:
        return self.order[len(self.trick) + 1 :]

    def winning(self) -> tuple[Seat, Card] | None:
        """The seat and card now winning the trick (None on an empty trick)."""
        best: tuple[Seat, Card] | None = self.lead_card
        for seat, card in self.trick:
            if best is None:
                if self.led_suit is None or card.suit == self.led_suit:
                    best = (seat, card)
                continue
            top = best[1]
            if card.suit == top.suit:
                if card > top:
                    best = (seat, card)
            elif self.trump is not None and card.suit == self.trump:
                best = (seat, card)
        return best

    def is_partner(self, seat: Seat) -> bool:
        """Same side as the seat to move (defenders are partners on a game or misère)."""
        if self.mode == "raspasy" or self.declarer is None:
            return seat == self.seat
        return (seat == self.declarer) == (self.seat == self.declarer)

    def higher_unseen(self, card: Card) -> int:
        """Cards of the same suit above ``card`` that someone else may still hold."""
        return len(CardSet.from_mask(self.unseen.mask & card.suit.mask & ~(card.bit * 2 - 1)))

    def lower_unseen(self, card: Card) -> int:
        return len(CardSet.from_mask(self.unseen.mask & card.suit.mask & (card.bit - 1)))

    def outstanding(self, suit: Suit) -> CardSet:
        """Cards of the suit still in other hands (unseen or in an open hand)."""
        others = self.unseen.mask
        for seat, cards in self.known.items():
            if seat != self.seat:
                others |= cards.mask
        return CardSet.from_mask(others & suit.mask & ~self.hand.mask)

    def is_top(self, card: Card) -> bool:
        """No card of its suit outside this hand beats it."""
        return not self.outstanding(card.suit).mask >> (card.index + 1)


def play_context(view: View) -> PlayContext:
    """Read the card-play situation off a view (only called in the play phase)."""
    seat = view.to_move if view.to_move is not None else view.seat
    known = {s: CardSet.from_mask(c.mask) for s, c in view.known_hands.items()}
    contract = view.contract
    if contract is None:
        mode: Mode = "raspasy"
        trump = None
    elif contract.is_misere:
        mode, trump = "misere", None
    else:
        mode, trump = "game", contract.trump
    gone = view.played_cards.mask
    trick_cards = tuple(view.current_trick)
    talon_lead = view.lead_talon_card
    led: Suit | None = None
    lead_card: tuple[Seat, Card] | None = None
    if talon_lead is not None:
        led = talon_lead.suit
        if view.rules.players == 4:
            lead_card = (view.dealer, talon_lead)
    elif trick_cards:
        led = trick_cards[0][1].suit
    seen = gone
    if view.talon is not None:
        seen |= view.talon.mask
    for cards in known.values():
        seen |= cards.mask
    if view.discard is not None:
        seen |= view.discard.mask
    unseen = CardSet.from_mask(0xFFFFFFFF & ~seen)
    played = [s for s, _ in trick_cards]
    ring = list(view.active)
    rest: list[Seat] = []
    if seat in ring:
        i = ring.index(seat)
        rest = [s for s in ring[i + 1 :] + ring[:i] if s not in played]
    return PlayContext(
        mode=mode,
        trump=trump,
        seat=seat,
        declarer=view.declarer,
        hand=known.get(seat, view.hand),
        legal=tuple(a.card for a in view.legal_actions if isinstance(a, CardAction)),
        trick=trick_cards,
        led_suit=led,
        order=(*played, seat, *rest),
        gone=CardSet.from_mask(gone),
        unseen=unseen,
        known=known,
        lead_card=lead_card,
    )
