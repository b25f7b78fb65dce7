"""The heuristic level in the Balkan game (docs/balkan.md): numbered bids, kontra, invitation.

The same trick table as the Russian game (:func:`~preferans.bots.evaluation.declarer_tricks`)
prices every game: a Balkan declarer needs 6 tricks whatever the number, so a game is
playable when its estimate (plus the talon's expected gain, 1.5) reaches 6. The bot bids up the
ladder (2 ♠, 3 ♦, 4 ♥, 5 ♣, 6 betl, 7 sans) while the highest playable game's number
allows, holds a bid with "moje" where it may, and calls igra (without the talon) as a first
call only with a clear margin. Betl follows the misère-hole rules (seed 002). After the talon
it names the game of at least its bid with the best margin (a higher number when the margin allows).

Defence: whist with about two defensive tricks (each whister needs 2, the side 4); a lone
whister invites when his estimate leaves room for the passer's cards to help and plays
alone otherwise; kontra only with 5 defensive tricks; the declarer answers kontra with
re-kontra only with two tricks to spare, and the chain goes no further (no sub-kontra, no
second re-kontra). Card play is the Russian heuristic's: the engine hands a seat that is
out no cards to play and stops the play at the defence's fifth trick.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING

from preferans.actions import Action, Bid, Call, CallKind, Declare, card_action
from preferans.bots.evaluation import declarer_tricks, misere_risk, should_bid_misere
from preferans.bots.heuristic import (
    best_declare,
    find_call,
    find_calls,
    misere_discard_card,
    own_lead,
)
from preferans.cards import CardSet, Suit
from preferans.contracts import Contract

if TYPE_CHECKING:
    from preferans.game.views import View

__all__ = [
    "BETL_RISK",
    "IGRA_MARGIN",
    "KONTRA_TRICKS",
    "RE_KONTRA_MARGIN",
    "family_action",
    "game_estimate",
    "playable_number",
]

#: Tricks a Balkan declarer needs, whatever the game.
NEED = 6
#: Tricks the talon is expected to add over the table's cautious count (1.0 left three
#: heuristic bots with 546 refes in 1000 deals; 1.5 gives 436 and plays as well).
TALON_GAIN = 1.5
#: Extra tricks over 6 wanted for a game without the talon (igra).
IGRA_MARGIN = 1.0
#: A betl without the talon needs the misère-hole risk at most this.
BETL_RISK = 0.25
#: Defensive tricks a defender needs to say kontra.
KONTRA_TRICKS = 5.0
#: Tricks over 6 the declarer needs to answer kontra with re-kontra.
RE_KONTRA_MARGIN = 2.0
#: Defensive tricks to whist: first defender, after a whist, after a pass.
WHIST_FIRST = 1.6
WHIST_AFTER_WHIST = 1.4
WHIST_AFTER_PASS = 1.8
#: A lone whister invites with at least this (the passer's cards add to the side's 4).
INVITE_AT = 2.5


def game_estimate(cards: CardSet, contract: Contract) -> float:
    """The table's tricks for the declarer in a Balkan suit or sans game (sans pays 0.5)."""
    return declarer_tricks(cards, contract.trump)


def _betl_ok(cards: CardSet, *, own_lead: bool, talon: bool) -> bool:
    if len(cards) != 10:
        return False
    if not should_bid_misere(cards, own_lead=own_lead):
        return False
    return talon or misere_risk(cards, own_lead=own_lead) <= BETL_RISK


def playable_number(cards: CardSet, *, own_lead: bool, talon: bool = True) -> int:
    """The highest game number this hand can play (0: none); ``talon`` adds its gain."""
    gain = TALON_GAIN if talon else -IGRA_MARGIN
    best = 0
    for number in (2, 3, 4, 5, 7):
        contract = Contract.balkan_game(number)
        if game_estimate(cards, contract) + gain >= NEED:
            best = max(best, number)
    if best < 6 and _betl_ok(cards, own_lead=own_lead, talon=talon):
        best = max(best, 6)
    return best


def family_action(view: View) -> Action | None:
    """The family's heuristic choice (the protocol's ``bot_action``): the bidding, the
    discard, the contract and the defence are Balkan; None leaves the rest (the card play
    included) to the shared heuristic."""
    decide = _OWN_PHASES.get(view.phase.name)
    return None if decide is None else decide(view)


# --- bidding -----------------------------------------------------------------------------


def _bid(view: View) -> Action:
    from preferans.bots.heuristic import here_answered

    legal = view.legal_actions
    hand = view.hand
    lead = own_lead(view)
    pass_ = find_call(legal, CallKind.PASS)
    bids = [a for a in legal if isinstance(a, Bid)]
    # Igra: a first call only (the engine offers it only then), with a clear margin.
    igra_top = playable_number(hand, own_lead=lead, talon=False)
    igras = [a for a in bids if a.contract.without_talon and a.contract.level <= igra_top]
    if igras:
        return max(igras, key=lambda a: a.contract.level)
    ceiling = playable_number(hand, own_lead=lead)
    current = view.bid
    here = find_call(legal, CallKind.HERE) if not here_answered(view) else None
    if here is not None and current is not None:
        top = igra_top if current.without_talon else ceiling
        if current.level <= top:
            return here
    for action in sorted(bids, key=lambda a: a.contract.ladder_key):
        if not action.contract.without_talon and action.contract.level <= ceiling:
            return action
    return pass_ or legal[0]


# --- talon and contract ------------------------------------------------------------------


def _game_choices(bid: Contract | None) -> list[Contract]:
    floor = 2 if bid is None else bid.level
    return [Contract.balkan_game(n) for n in (2, 3, 4, 5, 7) if n >= floor]


def _discard(view: View) -> Action:
    legal = view.legal_actions
    hand = view.hand
    bid = view.bid
    lead = own_lead(view)
    if bid is not None and bid.is_misere:
        card = misere_discard_card(hand, own_lead=lead)
        return card_action(card) if card_action(card) in legal else legal[0]
    choices = _game_choices(bid) or [Contract.balkan_game(7)]
    need = len(hand) - 10
    best: tuple[float, CardSet] | None = None
    for drop in combinations(hand.sorted(), need):
        rest = hand - CardSet(drop)
        value = max(game_estimate(rest, c) for c in choices)
        if best is None or value > best[0] + 1e-9:
            best = (value, CardSet(drop))
    assert best is not None
    for card in best[1].sorted():
        action = card_action(card)
        if action in legal:
            return action
    return legal[0]


def _declare(view: View) -> Action:
    legal = view.legal_actions
    declares = [a for a in legal if isinstance(a, Declare)]
    if not declares:
        return legal[0]
    bid = view.bid
    if bid is not None and bid.is_misere:
        betl = next((a for a in declares if a.contract.is_misere), None)
        if betl is not None:
            return betl
    hand = view.hand
    # The cheapest safe game; a higher number (worth more) only with room to spare.
    best = best_declare(
        declares, lambda c: game_estimate(hand, c) - NEED, cap=1.0, per_level=0.08, short=0.5
    )
    return declares[0] if best is None else best


# --- defence and kontra ------------------------------------------------------------------


def _defence_tricks(cards: CardSet, trump: Suit | None) -> float:
    from preferans.bots.heuristic import defence_estimate

    return defence_estimate(cards, trump)


def _defence(view: View) -> Action:
    legal = view.legal_actions
    contract = view.contract
    pass_, whist, invite, kontra = find_calls(
        legal, CallKind.PASS, CallKind.WHIST, CallKind.INVITE, CallKind.KONTRA
    )
    fallback = pass_ or legal[0]
    if contract is None:
        return fallback
    hand = view.hand
    if view.seat == view.declarer:
        # Re-kontra (and every later answer) only when very safe.
        if kontra is None or max(view.kontra.values(), default=0) > 1:
            return fallback  # one re-kontra at most: the chain stops there
        if contract.is_misere:
            safe = misere_risk(hand, own_lead=own_lead(view)) <= 0.02
        else:
            safe = game_estimate(hand, contract) - NEED >= RE_KONTRA_MARGIN
        return kontra if safe else fallback
    if contract.is_misere:
        # Betl: kontra only when the declarer's hand looks caught (seen after trick 1).
        return fallback
    est = _defence_tricks(hand, contract.trump)
    if whist is not None:
        others = _defence_calls(view)
        if not others:
            need = WHIST_FIRST
        elif any(c.kind is CallKind.WHIST for c in others):
            need = WHIST_AFTER_WHIST
        else:
            need = WHIST_AFTER_PASS
        return whist if est >= need else fallback
    if kontra is not None and est >= KONTRA_TRICKS and not view.kontra.get(view.seat, 0):
        return kontra
    if invite is not None and est >= INVITE_AT:
        return invite
    return fallback


def _defence_calls(view: View) -> list[Call]:
    """Calls made after the contract by the other defender."""
    from preferans.bots.heuristic import calls_after_contract

    return calls_after_contract(view, declarer=False)


#: The phases the Balkan heuristic decides itself, by the phase's name.
_OWN_PHASES: dict[str, Callable[[View], Action]] = {
    "BIDDING": _bid,
    "DISCARD": _discard,
    "CONTRACT": _declare,
    "WHISTING": _defence,
}
