"""The heuristic level: club rules of thumb, no search but counting the last cards.

Bidding follows seed 002's trick table and its misère-hole rules; the discard and the
contract maximise the table's estimate; whisting compares a defender's estimate with the
obligation; card play uses the classic rules (second hand low, third hand high, cover an
honour, lead from a sequence, duck on raspasy and misère), except that a card is counted
double-dummy when the unseen cards lie at most a few dozen ways (an open whist, the last
tricks). Every rule is a pure function of the view, so the level is fast and fully
reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from preferans.actions import (
    Action,
    Bid,
    Call,
    CallKind,
    CardAction,
    Claim,
    Declare,
    card_action,
)
from preferans.bots.claim_answer import answer_claim
from preferans.bots.counted_play import counted_card
from preferans.bots.evaluation import (
    best_declarer_strain,
    best_misere_discard,
    declarer_tricks,
    defence_estimate,
    misere_holes,
    misere_risk,
    should_bid_misere,
    should_open_bidding,
)
from preferans.bots.knowledge import PlayContext, play_context
from preferans.cards import Card, CardSet, Rank, Suit
from preferans.contracts import Contract, Strain
from preferans.errors import PreferansError
from preferans.families import family_of

if TYPE_CHECKING:
    from preferans.game.views import View

__all__ = [
    "HeuristicBot",
    "best_declare",
    "best_game_discard",
    "choose_card",
    "declarer_estimate",
    "defence_estimate",
    "find_call",
    "find_calls",
    "heuristic_action",
    "misere_discard_card",
    "own_lead",
    "passes_for_raspasy",
]


class HeuristicBot:
    """Rules of thumb for every decision, the card counted exactly when the unseen cards
    lie only a few ways (:mod:`~preferans.bots.counted_play`); deterministic."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        from preferans.game import Phase

        action = heuristic_action(view)
        if isinstance(action, CardAction) and view.phase is Phase.PLAY:
            cards = [a.card for a in view.legal_actions if isinstance(a, CardAction)]
            counted = counted_card(view, cards, action.card)
            if counted is not None:
                return card_action(counted)
        return action


def heuristic_action(view: View) -> Action:
    """The rule-of-thumb choice for any phase, without counting (the sampling bot falls
    back on it and solves the card itself; hints explain it)."""
    legal = view.legal_actions
    if not legal:
        raise PreferansError(f"{view.seat} has nothing to decide now")
    if len(legal) == 1:
        return legal[0]
    special = family_of(view.rules).bot_action(view)
    if special is not None:
        return special
    decide = _BY_PHASE.get(view.phase.name)
    if decide is not None:
        return decide(view)
    cards = [a for a in legal if isinstance(a, CardAction)]
    if cards:
        return card_action(choose_card(play_context(view)))
    return next((a for a in legal if not isinstance(a, Claim)), legal[0])


def find_call(legal: Sequence[Action], kind: CallKind) -> Action | None:
    """The call of this kind among the legal actions, if any."""
    return next((a for a in legal if isinstance(a, Call) and a.kind is kind), None)


def find_calls(legal: Sequence[Action], *kinds: CallKind) -> tuple[Action | None, ...]:
    """The call of each kind among the legal actions (None where there is none)."""
    return tuple(find_call(legal, kind) for kind in kinds)


# --- bidding -----------------------------------------------------------------------------


def declarer_estimate(cards: CardSet) -> tuple[Strain, float]:
    """The best strain for these cards and the estimate in it
    (:func:`~preferans.bots.evaluation.declarer_tricks`: length and strength of trumps)."""
    trump, value = best_declarer_strain(cards)
    return Strain.NO_TRUMP if trump is None else Strain(int(trump)), value


#: What the bidder counts on from the talon: more than the table's expected gain
#: (:data:`~preferans.bots.evaluation.TALON_GAIN`, which inference reads), since a
#: declarer a trick short still chooses the discard and the strain after seeing it; in a
#: duplicate match against 0.7, gains from 1.0 to 2.0 all did better, 1.6 best (docs/bots.md).
BID_TALON_GAIN = 1.6
#: The contract is walked away from when the estimate is this far short.
WALK_MARGIN = -2.5
#: The margin counted when naming the contract: a level higher is named when its margin
#: beats this less 0.1 (the cheaper contract's margin is capped here).
RAISE_CAP = 1.0


#: Where raspasy are paid in whists (Rostov), a six is passed with a hand that would do
#: well on raspasy: its misère holes (:func:`~preferans.bots.evaluation.misere_holes`)
#: caught with chances summing to under this, ...
RASPASY_PASS_HOLES = 2.5
#: ... and a table estimate (:func:`declarer_estimate`) under this many tricks, while
#: nobody has bid. Such a six leans on the talon; the raspasy it avoids cost that hand
#: little. Against the heuristic before the rule (600 Rostov deals, seeds 2 and 3): +0.40
#: and +0.43 whists per deal; 4.8 tricks gave +0.28 and +0.20, 5.6 the same as 5.2, and
#: holes under 2.0 less than under 2.5 (docs/bots.md).
RASPASY_PASS_TRICKS = 5.2


#: The other side of the same coin: where raspasy are paid in whists, a hand bad on raspasy
#: (misère holes whose catch chances sum to at least this: three or four suits without a
#: low card) ...
RASPASY_ESCAPE_HOLES = 3.0
#: ... bids a six, while nobody has bid, on a table estimate of at least this many tricks
#: even when the opening rule does not open it. Its kings and queens take tricks for
#: the declarer and cost them on raspasy, where the player with the fewest tricks writes
#: five whists a trick on each other. Against the heuristic without it (600 Rostov
#: deals, seeds 2 and 3): 3.5 tricks +2.97 and +2.49 whists per deal, 3.0 +2.73 and
#: +2.23, 4.0 +2.19 and +1.94, 4.5 +1.10 (seed 2); with 3.5 tricks, holes of 2.5 or
#: 3.5 gave +2.64 and +2.35 on seed 2 (docs/bots.md).
RASPASY_ESCAPE_TRICKS = 3.5


def max_contract(cards: CardSet) -> Contract | None:
    """The highest bid the table's estimate supports, counting on the talon."""
    strain, tricks = declarer_estimate(cards)
    if not should_open_bidding(cards) and tricks < 6:
        return None
    level = min(10, math.floor(tricks + BID_TALON_GAIN))
    if level < 6:
        return None
    return Contract(level, strain)


def own_lead(view: View) -> bool:
    """Whether this seat leads the first trick if it plays a contract (first hand does)."""
    from preferans.game.deal import active_seats

    return view.seat == active_seats(view.rules.players, view.dealer)[0]


def here_answered(view: View) -> bool:
    """Whether the last call was "here": the rules then want a raise or a pass (RULES §3),
    so the bots never answer "here" with "here" even where the engine would allow it."""
    calls = [a for _, a in view.history if isinstance(a, Bid | Call)]
    return bool(calls) and calls[-1] == Call(CallKind.HERE)


def _raspasy_stake(view: View) -> tuple[Strain, float, float] | None:
    """Where raspasy are paid in whists and nobody has bid yet: the hand's strain and table
    estimate, and the catch chances of its misère holes summed (how many raspasy tricks it
    is likely to take); None elsewhere, where neither Rostov rule applies."""
    if view.rules.raspasy_scoring != "whists":
        return None
    if any(isinstance(action, Bid) for _, action in view.history):
        return None
    strain, tricks = declarer_estimate(view.hand)
    holes = misere_holes(view.hand, own_lead=own_lead(view))
    return strain, tricks, sum(hole.catch for hole in holes)


def passes_for_raspasy(view: View, ceiling: Contract) -> bool:
    """Whether to pass a thin six, opening no bid, to play raspasy where they pay whists:
    a hand with few misère holes takes few raspasy tricks and gains there, while a six
    on a table estimate short of six tricks leans on the talon and often goes down."""
    stake = _raspasy_stake(view) if ceiling.level == 6 else None
    if stake is None:
        return False
    _, tricks, holes = stake
    return tricks < RASPASY_PASS_TRICKS and holes < RASPASY_PASS_HOLES


def escapes_raspasy(view: View) -> Contract | None:
    """A six for a hand the table does not open but that would pay heavily on raspasy
    where they cost whists, while nobody has bid; None otherwise. Going down in a six
    costs such a hand less than the raspasy tricks its honours would take."""
    stake = _raspasy_stake(view)
    if stake is None:
        return None
    strain, tricks, holes = stake
    if tricks < RASPASY_ESCAPE_TRICKS or holes < RASPASY_ESCAPE_HOLES:
        return None
    return Contract(6, strain)


def _bid(view: View) -> Action:
    legal = view.legal_actions
    hand = view.hand
    pass_ = find_call(legal, CallKind.PASS)
    misere = next((a for a in legal if isinstance(a, Bid) and a.contract.is_misere), None)
    ceiling = max_contract(hand) or escapes_raspasy(view)
    wants_misere = should_bid_misere(hand, own_lead=own_lead(view))
    if misere is not None and wants_misere and (ceiling is None or ceiling.level < 8):
        return misere
    if ceiling is None or (pass_ is not None and passes_for_raspasy(view, ceiling)):
        return pass_ or legal[0]
    here = find_call(legal, CallKind.HERE) if not here_answered(view) else None
    current = view.bid
    if here is not None and current is not None and current <= ceiling:
        return here
    bids = sorted(
        (a for a in legal if isinstance(a, Bid) and not a.contract.is_misere),
        key=lambda a: a.contract,
    )
    for action in bids:
        if action.contract <= ceiling:
            return action
        break
    return pass_ or legal[0]


# --- discard and contract ----------------------------------------------------------------


def _required(bid: Contract | None, strain: Strain) -> int | None:
    if bid is None or bid.is_misere:
        return 6
    for level in range(bid.level, 11):
        if Contract(level, strain).ladder_key >= bid.ladder_key - (5 if bid.without_talon else 0):
            return level
    return None


def best_game_discard(cards: CardSet, bid: Contract | None) -> tuple[CardSet, Strain, float]:
    """Discard and strain with the best margin of the table's estimate over the needed level."""
    best: tuple[CardSet, Strain, float] | None = None
    need = len(cards) - 10
    ordered = cards.sorted()
    for drop in combinations(ordered, need):
        rest = cards - CardSet(drop)
        for strain in Strain:
            level = _required(bid, strain)
            if level is None:
                continue
            value = declarer_tricks(rest, strain.trump) - level
            if best is None or value > best[2] + 1e-9:
                best = (CardSet(drop), strain, value)
    assert best is not None
    return best


def _discard(view: View) -> Action:
    legal = view.legal_actions
    hand = view.hand
    bid = view.bid
    if bid is not None and bid.is_misere:
        return card_action(misere_discard_card(hand, own_lead=own_lead(view)))
    drop, _, _ = best_game_discard(hand, bid)
    for card in drop.sorted():
        action = card_action(card)
        if action in legal:
            return action
    return legal[0]


def misere_discard_card(hand: CardSet, *, own_lead: bool) -> Card:
    """The next card a misère (betl) player discards: of twelve cards, the higher of the
    pair leaving the least chance of being caught; of eleven, the card whose discard does."""
    if len(hand) == 12:
        pair, _ = best_misere_discard(hand, own_lead=own_lead)
        return max(pair, key=lambda c: (c.rank, c.index))
    return min(
        hand,
        key=lambda c: (misere_risk(hand.remove(c), own_lead=own_lead), -c.rank, -c.index),
    )


def _declare(view: View) -> Action:
    legal = view.legal_actions
    declares = [a for a in legal if isinstance(a, Declare)]
    walk = find_call(legal, CallKind.WALK_AWAY)
    bid = view.bid
    if bid is not None and bid.is_misere:
        return next((a for a in declares if a.contract.is_misere), legal[0])
    hand = view.hand
    action = best_declare(
        declares, lambda c: _margin(hand, c), cap=RAISE_CAP, per_level=0.1, short=0.4
    )
    if action is None:
        return walk or legal[0]
    margin = _margin(hand, action.contract)
    if walk is not None and margin <= WALK_MARGIN:
        return walk
    return action


def best_declare(
    declares: Sequence[Declare],
    margin: Callable[[Contract], float],
    *,
    cap: float,
    per_level: float,
    short: float,
) -> Declare | None:
    """The game to name (misère aside; None when there is none): the cheapest contract
    with a good ``margin`` of tricks over the need, a higher one only with room to spare
    (the margin counts up to ``cap``, each level adds ``per_level`` for its price, a game
    short of its tricks loses ``short``); ties go to the lower contract."""
    scored: list[tuple[float, Declare]] = []
    for action in declares:
        contract = action.contract
        if contract.is_misere:
            continue
        room = margin(contract)
        score = min(room, cap) + per_level * contract.level - (short if room < 0 else 0.0)
        scored.append((score, action))
    if not scored:
        return None
    return max(scored, key=lambda t: (t[0], -t[1].contract.ladder_key))[1]


def _margin(hand: CardSet, contract: Contract) -> float:
    return declarer_tricks(hand, contract.trump) - contract.level


#: Taking the talon is kept while the plan with it is at most this far short.
TAKE_MARGIN = -1.0


def _talon(view: View) -> Action:
    """4 players, ``throw_talon``: take the talon when the best discard with it leaves a
    made contract (or at least a better one than the own ten cards), else throw it and
    name a contract on the ten (or walk away from both when that costs least)."""
    from preferans.actions import THROW_TALON

    legal = view.legal_actions
    talon = view.talon
    bid = view.bid
    walk = find_call(legal, CallKind.WALK_AWAY)
    cards = [a for a in legal if isinstance(a, CardAction)]
    if talon is None or bid is None or not cards:
        return THROW_TALON if THROW_TALON in legal else legal[0]
    drop, _, taken = best_game_discard(view.hand | talon, bid)
    _, _, kept = best_game_discard(view.hand, bid)
    take = card_action(drop.sorted()[0])
    if take not in legal:
        take = cards[0]
    if taken >= TAKE_MARGIN or taken >= kept:
        return take
    if kept >= TAKE_MARGIN or walk is None:
        return THROW_TALON if THROW_TALON in legal else take
    return walk


# --- whisting ----------------------------------------------------------------------------


#: The defender's estimate a whist needs, as a share of the thresholds below.
WHIST_SCALE = 1.0


def _whist(view: View) -> Action:
    legal = view.legal_actions
    contract = view.contract
    whist, pass_, half, open_ = find_calls(
        legal, CallKind.WHIST, CallKind.PASS, CallKind.HALF_WHIST, CallKind.OPEN
    )
    if open_ is not None:
        return open_
    if contract is None or contract.is_misere:
        return pass_ or legal[0]
    est = defence_estimate(view.hand, contract.trump)
    obligation = contract.defence_obligation
    others = _whist_calls(view)
    partner_whisted = any(a.kind is CallKind.WHIST for a in others)
    partner_half = any(a.kind is CallKind.HALF_WHIST for a in others)
    if partner_half and whist is not None:
        # Return the whist only with the whole obligation in hand.
        return whist if est >= obligation * 0.8 else (pass_ or whist)
    share = obligation / 2 if obligation > 1 else 1.0
    if whist is not None and view.rules.players == 2:
        return whist if est >= obligation * 0.6 else (pass_ or whist)
    if partner_whisted:
        need = share if contract.level <= 7 else 1.2
    elif others:
        need = obligation * 0.6 if contract.level <= 7 else 1.0
    else:
        need = share if contract.level <= 7 else 1.0
    if whist is not None and est >= need * WHIST_SCALE:
        return whist
    if half is not None:
        return half
    return pass_ or legal[0]


def _whist_calls(view: View) -> list[Call]:
    """Calls made after the contract by the other defenders."""
    return calls_after_contract(view)


def calls_after_contract(view: View, *, declarer: bool = True) -> list[Call]:
    """Calls made after the contract by the others (``declarer=False``: not the
    declarer's either)."""
    out: list[Call] = []
    after = False
    for seat, action in view.history:
        if isinstance(action, Declare):
            after = True
            continue
        if not after or seat == view.seat or not isinstance(action, Call):
            continue
        if declarer or seat != view.declarer:
            out.append(action)
    return out


# --- card play ---------------------------------------------------------------------------


def choose_card(ctx: PlayContext) -> Card:
    """The heuristic card for any mode."""
    if len(ctx.legal) == 1:
        return ctx.legal[0]
    if ctx.mode == "raspasy":
        return _raspasy_card(ctx)
    if ctx.mode == "misere":
        if ctx.seat == ctx.declarer:
            return _misere_declarer_card(ctx)
        return _misere_catcher_card(ctx)
    if ctx.seat == ctx.declarer:
        return _declarer_card(ctx)
    return _defender_card(ctx)


def _lowest(cards: list[Card] | tuple[Card, ...]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.index))


def _highest(cards: list[Card] | tuple[Card, ...]) -> Card:
    return max(cards, key=lambda c: (c.rank, c.index))


def _beats(card: Card, top: Card, trump: Suit | None) -> bool:
    if card.suit == top.suit:
        return card.rank > top.rank
    return trump is not None and card.suit == trump


def _cheapest_winner(ctx: PlayContext, top: Card) -> Card | None:
    winners = [c for c in ctx.legal if _beats(c, top, ctx.trump)]
    if not winners:
        return None
    # Follow before ruffing; among ruffs the smallest trump.
    return min(winners, key=lambda c: (c.suit == ctx.trump and c.suit != top.suit, c.rank))


def _discard_low(ctx: PlayContext) -> Card:
    """Off-suit discard: the lowest card of the weakest non-trump suit."""
    side = [c for c in ctx.legal if c.suit != ctx.trump] or list(ctx.legal)
    return min(side, key=lambda c: (_suit_strength(ctx.hand, c.suit), c.rank))


def _suit_strength(hand: CardSet, suit: Suit) -> float:
    return sum(1.0 + c.rank / 8 for c in hand.suit(suit) if c.rank >= Rank.JACK)


def _sequence_top(ctx: PlayContext, cards: list[Card]) -> Card | None:
    """The top of a run of touching honours (K from K Q), counting played cards as gaps."""
    for suit in Suit:
        mine = sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)
        if len(mine) < 2 or mine[0].rank < Rank.QUEEN:
            continue
        if _touching(ctx, mine[0], mine[1]):
            return mine[0]
    return None


def _touching(ctx: PlayContext, high: Card, low: Card) -> bool:
    between = (high.bit - 1) & ~(low.bit * 2 - 1) & high.suit.mask
    return not between & ~ctx.gone.mask


def _declarer_card(ctx: PlayContext) -> Card:
    trump = ctx.trump
    if not ctx.trick:
        trumps_out = len(ctx.outstanding(trump)) if trump is not None else 0
        my_trumps = [c for c in ctx.legal if c.suit == trump]
        if trumps_out and my_trumps:
            top = _highest(my_trumps)
            if ctx.is_top(top):
                return top
        winners = [c for c in ctx.legal if ctx.is_top(c) and c.suit != trump]
        if winners and (trump is None or not trumps_out or not my_trumps):
            return max(winners, key=lambda c: (ctx.hand.count(c.suit), c.rank))
        if trumps_out and my_trumps and len(my_trumps) >= trumps_out:
            return _highest(my_trumps)
        seq = _sequence_top(ctx, list(ctx.legal))
        if seq is not None:
            return seq
        if winners:
            return _highest(winners)
        longest = max(Suit, key=lambda s: (ctx.hand.count(s), s == trump))
        pool = [c for c in ctx.legal if c.suit == longest] or list(ctx.legal)
        return _lowest(pool)
    return _follow_to_win(ctx)


def _follow_to_win(ctx: PlayContext) -> Card:
    """Win the trick cheaply when it matters; otherwise keep high cards."""
    best = ctx.winning()
    assert best is not None
    leader_seat, top = best
    if ctx.is_partner(leader_seat) and (not ctx.after_me or ctx.is_top(top)):
        follow = [c for c in ctx.legal if c.suit == top.suit]
        return _lowest(follow) if follow else _discard_low(ctx)
    winner = _cheapest_winner(ctx, top)
    if winner is None:
        follow = [c for c in ctx.legal if c.suit == ctx.led_suit]
        return _lowest(follow) if follow else _discard_low(ctx)
    if not ctx.after_me:
        return winner
    # Someone still plays after me: win only with a card nobody else can beat.
    if winner.suit == ctx.trump and top.suit != ctx.trump:
        return winner
    sure = [c for c in ctx.legal if _beats(c, top, ctx.trump) and ctx.is_top(c)]
    if sure:
        return _lowest(sure)
    follow = [c for c in ctx.legal if c.suit == ctx.led_suit]
    return _lowest(follow) if follow else _discard_low(ctx)


def _defender_card(ctx: PlayContext) -> Card:
    trump = ctx.trump
    if not ctx.trick:
        winners = [c for c in ctx.legal if ctx.is_top(c) and c.suit != trump]
        if winners:
            return _highest(winners)
        seq = _sequence_top(ctx, [c for c in ctx.legal if c.suit != trump])
        if seq is not None:
            return seq
        side = [c for c in ctx.legal if c.suit != trump] or list(ctx.legal)
        singles = [c for c in side if ctx.hand.count(c.suit) == 1 and c.rank < Rank.KING]
        if singles and trump is not None and ctx.hand.count(trump):
            return _lowest(singles)
        longest = max({c.suit for c in side}, key=lambda s: (ctx.hand.count(s), -s))
        return _lowest([c for c in side if c.suit == longest])
    best = ctx.winning()
    assert best is not None
    lead_seat, top = best
    declarer_after = ctx.declarer in ctx.after_me
    if ctx.is_partner(lead_seat):
        if not declarer_after or ctx.is_top(top):
            follow = [c for c in ctx.legal if c.suit == ctx.led_suit]
            return _lowest(follow) if follow else _discard_low(ctx)
        # Third hand high: force the declarer's honours out.
        follow = [c for c in ctx.legal if c.suit == ctx.led_suit and c.rank > top.rank]
        if follow:
            return _highest(follow) if not ctx.is_top(_lowest(follow)) else _lowest(follow)
        follow = [c for c in ctx.legal if c.suit == ctx.led_suit]
        return _lowest(follow) if follow else _discard_low(ctx)
    # The declarer is winning the trick.
    if declarer_after:
        return _lowest(list(ctx.legal))
    if ctx.after_me:
        # Second hand low, but cover an honour and cash a sure winner.
        follow = [c for c in ctx.legal if c.suit == ctx.led_suit]
        if follow:
            above = [c for c in follow if c.rank > top.rank]
            if above and top.rank >= Rank.JACK:
                return _lowest(above)
            sure = [c for c in above if ctx.is_top(c)]
            if sure:
                return _lowest(sure)
            return _lowest(follow)
        ruffs = [c for c in ctx.legal if trump is not None and c.suit == trump]
        if ruffs:
            return _lowest(ruffs)
        return _discard_low(ctx)
    winner = _cheapest_winner(ctx, top)
    if winner is not None:
        return winner
    follow = [c for c in ctx.legal if c.suit == ctx.led_suit]
    return _lowest(follow) if follow else _discard_low(ctx)


def _duck(ctx: PlayContext, top: Card) -> Card | None:
    """The highest card that stays under the winning card (following suit)."""
    under = [c for c in ctx.legal if c.suit == top.suit and c.rank < top.rank]
    return _highest(under) if under else None


def _danger(ctx: PlayContext, card: Card) -> float:
    """How likely a card is to take a trick later: unseen cards below it, few above."""
    return ctx.lower_unseen(card) - 0.3 * ctx.higher_unseen(card)


def _safest_lead(ctx: PlayContext) -> Card:
    """The card least likely to win when led: nothing unseen below it, much above it."""
    return min(ctx.legal, key=lambda c: (ctx.lower_unseen(c), -ctx.higher_unseen(c), c.rank))


def _shed(ctx: PlayContext) -> Card:
    """Void in the suit led: throw the card most likely to take a trick later."""
    return max(ctx.legal, key=lambda c: (_danger(ctx, c), c.rank))


def _avoid_trick(ctx: PlayContext, top: Card) -> Card:
    """Raspasy and the misère player: duck under the winning card, else play high when
    last (the trick is lost anyway) and low with others to come; void, shed."""
    follow = [c for c in ctx.legal if c.suit == top.suit]
    if not follow:
        return _shed(ctx)
    duck = _duck(ctx, top)
    if duck is not None:
        return duck
    return _highest(follow) if not ctx.after_me else _lowest(follow)


def _raspasy_card(ctx: PlayContext) -> Card:
    if not ctx.trick and ctx.led_suit is None:
        return _safest_lead(ctx)
    best = ctx.winning()
    if best is None:
        follow = [c for c in ctx.legal if c.suit == ctx.led_suit]
        return _lowest(follow) if follow else _shed(ctx)
    return _avoid_trick(ctx, best[1])


def _misere_declarer_card(ctx: PlayContext) -> Card:
    if not ctx.trick:
        return _safest_lead(ctx)
    best = ctx.winning()
    assert best is not None
    return _avoid_trick(ctx, best[1])


def _misere_catcher_card(ctx: PlayContext) -> Card:
    declarer = ctx.declarer
    assert declarer is not None
    their = ctx.known.get(declarer, CardSet())
    if not ctx.trick:
        # Lead low into a suit where the declarer cannot get under the lead.
        options = []
        for card in ctx.legal:
            theirs = their.suit(card.suit)
            if not theirs:
                continue
            under = sum(1 for c in theirs if c.rank < card.rank)
            options.append((under > 0, -len(theirs), card.rank, card))
        if options:
            return min(options, key=lambda t: (t[0], t[1], t[2]))[3]
        return _lowest(list(ctx.legal))
    best = ctx.winning()
    assert best is not None
    lead_seat, top = best
    follow = [c for c in ctx.legal if c.suit == ctx.led_suit]
    declarer_played = any(s == declarer for s, _ in ctx.trick)
    if follow:
        if declarer_played and lead_seat == declarer:
            below = [c for c in follow if c.rank < top.rank]
            return _highest(below) if below else _lowest(follow)
        if not declarer_played:
            return _lowest(follow)
        return _highest(follow)
    # Void: keep low cards for leads, throw the highest.
    return _highest(list(ctx.legal))


#: The decisions of the phases before the card play, by the phase's name.
_BY_PHASE: dict[str, Callable[[View], Action]] = {
    "BIDDING": _bid,
    "TALON": _talon,
    "DISCARD": _discard,
    "CONTRACT": _declare,
    "WHISTING": _whist,
    "CLAIM": answer_claim,
}
