"""The sampling level in the Balkan game: every decision priced in bula-equivalent whists.

Each decision draws deals that fit the view (:mod:`preferans.bots.inference`, which reads
the others' Balkan bids with the Balkan heuristic's model), solves them double-dummy and
prices every option with :func:`preferans.bots.payoff.balkan_value` (kontra multipliers,
invitation and the out seat included):

- bidding, moje and igra: per world the best discard per game, each game solved with its
  Balkan first lead; igra on the bot's own ten cards with the talon out of play; the
  defenders answer as the Balkan heuristic would; passing (a refe if all pass) is 0;
- the discard and the game named: the few best discards per game, solved per world;
- the defence: the declarer's tricks solved with three hands, and with the passer out
  for "play alone"; the others' later calls follow the Balkan heuristic; kontra chains
  are bounded by :data:`KONTRA_CAP`;
- card play, also beside an out seat (two-card tricks: the solver takes ``None`` for it).

The solver plays all ten tricks while the engine stops at the defence's fifth (a betl at
the declarer's first); the price caps the defence at five, so the ranking is unchanged.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from preferans.actions import Action, Bid, Call, CallKind, CardAction, Declare
from preferans.balkan.bot import (
    INVITE_AT,
    KONTRA_TRICKS,
    NEED,
    RE_KONTRA_MARGIN,
    WHIST_AFTER_PASS,
    WHIST_AFTER_WHIST,
    WHIST_FIRST,
    game_estimate,
)
from preferans.balkan.payoff import balkan_value
from preferans.bots.evaluation import misere_risk
from preferans.bots.heuristic import defence_estimate, here_answered
from preferans.bots.inference import TALON, World, hidden_slots
from preferans.bots.payoff import split_defence, synth_result
from preferans.bots.sampling import (
    CardTurn,
    Decision,
    Option,
    bid_decision,
    card_turn,
    discard_decision,
    find_call,
    game_discards,
    misere_discards,
)
from preferans.cards import CardSet
from preferans.contracts import Contract, Strain, balkan_ladder
from preferans.result import DealKind, WhistChoice
from preferans.rules import Rules
from preferans.seats import Seat
from preferans.solver import Objective, Position

if TYPE_CHECKING:
    from preferans.bots.sampling import SamplingBot
    from preferans.game.views import View

__all__ = ["BALKAN_BID_MARGIN", "KONTRA_CAP", "KONTRA_MARGIN", "balkan_decide"]

#: Whists a Balkan bid must promise over passing (a game is worth 27–93 whists, so this
#: only breaks near-ties towards the refe).
BALKAN_BID_MARGIN = 3.0
#: The highest kontra level the bot creates (1 kontra ×2, 2 re-kontra ×4): a defender
#: says kontra, the declarer may answer with re-kontra, and the bot goes no further (no
#: sub-kontra, no mort-kontra), so the chain always ends.
KONTRA_CAP = 2
#: Whists a kontra (or re-kontra) must promise over the best other call: the sampled
#: hands are few and a doubled mistake costs double.
KONTRA_MARGIN = 15.0
#: A game whose table estimate is this far below the best one is not solved in bidding.
GAME_MARGIN = 1.5
#: A betl the seed's holes catch this surely is not solved in bidding.
BETL_HOPELESS = 0.9

_PLANS: dict[tuple[object, ...], tuple[int, Contract, tuple[Option, ...], int]] = {}
_LADDER = balkan_ladder()
_GAMES = tuple(c for c in _LADDER if not c.without_talon)
_IGRAS = tuple(c for c in _LADDER if c.without_talon)


def balkan_decide(bot: SamplingBot, view: View) -> Decision | None:
    """The Balkan decision for this view, or None when the view does not add up."""
    from preferans.game.phase import Phase

    phase = view.phase
    if phase is Phase.PLAY:
        return _play(bot, view)
    if phase is Phase.BIDDING:
        return _bid(bot, view)
    if phase in (Phase.DISCARD, Phase.CONTRACT):
        return _declarer(bot, view)
    if phase is Phase.WHISTING:
        return _defence(bot, view)
    return None


# --- shared pieces -------------------------------------------------------------------------


def _trump(contract: Contract) -> int | None:
    return None if contract.trump is None else int(contract.trump)


def _leader(order: Sequence[Seat], declarer: Seat, contract: Contract, out: Seat | None) -> int:
    """The Balkan first lead: first hand, skipping the out seat and (sans) the declarer."""
    sans = contract.strain is Strain.NO_TRUMP
    for i in range(3):
        seat = order[i]
        if seat != out and not (sans and seat == declarer):
            return i
    return 0


def _obligatory(view: View, contract: Contract, declarer: Seat) -> bool:
    """2 ♠ with the talon and no refe for the declarer: played only after a kontra."""
    return contract == Contract.balkan_game(2) and declarer not in view.refe


@lru_cache(maxsize=200_000)
def _outcome(
    rules: Rules,
    dealer: Seat,
    order: tuple[Seat, ...],
    declarer: Seat,
    contract: Contract,
    tricks: tuple[tuple[Seat, int], ...],
    whisters: tuple[Seat, ...],
    invited: Seat | None,
    levels: tuple[tuple[Seat, int], ...],
    played: bool,
) -> dict[Seat, float]:
    """Bula-equivalent whists per seat of one imagined Balkan deal."""
    defenders = [s for s in order if s != declarer]
    if contract.is_misere:
        whisters = tuple(defenders)
    choices = {s: WhistChoice.WHIST if s in whisters else WhistChoice.PASS for s in defenders}
    result = synth_result(
        rules,
        dealer,
        order,
        DealKind.MISERE if contract.is_misere else DealKind.GAME,
        declarer=declarer,
        contract=contract,
        tricks=dict(tricks) if played else {},
        choices=choices,
        whisters=whisters,
        played=played,
    )
    result = replace(result, invited=invited, kontra={s: n for s, n in levels if n})
    return balkan_value(result, rules)


def _tricks_split(
    order: tuple[Seat, ...],
    declarer: Seat,
    declarer_tricks: int,
    out: Seat | None,
    shares: dict[Seat, float] | None = None,
    already: dict[Seat, int] | None = None,
) -> tuple[tuple[Seat, int], ...]:
    """Tricks per seat when the declarer ends with ``declarer_tricks`` (an out seat takes
    none; otherwise the defence's tricks are shared by ``shares``)."""
    declarer_tricks = max(0, min(10, declarer_tricks))
    if out is not None:
        lone = next(s for s in order if s not in (declarer, out))
        split = {declarer: declarer_tricks, lone: 10 - declarer_tricks, out: 0}
    else:
        split = split_defence(declarer, order, declarer_tricks, already, shares)
    return tuple(sorted(split.items()))


def _value(
    view: View,
    seat: Seat,
    declarer: Seat,
    contract: Contract,
    declarer_tricks: int,
    *,
    whisters: tuple[Seat, ...],
    invited: Seat | None = None,
    out: Seat | None = None,
    levels: dict[Seat, int] | None = None,
    played: bool = True,
    shares: dict[Seat, float] | None = None,
) -> float:
    order = tuple(view.active)
    tricks = _tricks_split(order, declarer, declarer_tricks, out, shares) if played else ()
    values = _view_outcome(
        view, declarer, contract, tricks, whisters, invited, levels or {}, played
    )
    return values.get(seat, 0.0)


def _view_outcome(
    view: View,
    declarer: Seat,
    contract: Contract,
    tricks: tuple[tuple[Seat, int], ...],
    whisters: Sequence[Seat],
    invited: Seat | None,
    levels: Mapping[Seat, int],
    played: bool,
) -> dict[Seat, float]:
    """:func:`_outcome` at the view's table, its calls in the order the cache keys on."""
    return _outcome(
        view.rules,
        view.dealer,
        tuple(view.active),
        declarer,
        contract,
        tricks,
        tuple(sorted(whisters)),
        invited,
        tuple(sorted(levels.items())),
        played,
    )


def _weighted(worlds: Sequence[World], values: Sequence[float]) -> float:
    total = sum(w.weight for w in worlds)
    return sum(w.weight * v for w, v in zip(worlds, values, strict=True)) / total


# --- how the others answer (the Balkan heuristic's rules, on a world's hands) ---------------


def _whist_call(hand: int, contract: Contract, first: bool, partner_whisted: bool) -> bool:
    est = defence_estimate(CardSet.from_mask(hand), contract.trump)
    if first:
        return est >= WHIST_FIRST
    return est >= (WHIST_AFTER_WHIST if partner_whisted else WHIST_AFTER_PASS)


def _kontra_call(hand: int, contract: Contract) -> bool:
    return (
        not contract.is_misere
        and defence_estimate(CardSet.from_mask(hand), contract.trump) >= KONTRA_TRICKS
    )


def _re_kontra_call(hand: int, contract: Contract) -> bool:
    if contract.is_misere:
        return misere_risk(CardSet.from_mask(hand), own_lead=False) <= 0.02
    return game_estimate(CardSet.from_mask(hand), contract) - NEED >= RE_KONTRA_MARGIN


def _defence_shares(
    world: World, order: Sequence[Seat], declarer: Seat, contract: Contract
) -> dict[Seat, float]:
    return {
        s: max(0.3, defence_estimate(CardSet.from_mask(world.hand(s)), contract.trump))
        for s in order
        if s != declarer
    }


def _declared_value(
    view: View,
    world: World,
    me: Seat,
    contract: Contract,
    tricks: int,
    alone_tricks: int | None,
) -> float:
    """The declarer's whists for ``contract``, the defenders calling as the heuristic does
    (``alone_tricks``: the declarer's tricks against a lone whister, if solved)."""
    order = tuple(view.active)
    d1, d2 = [s for s in order if s != me]
    if contract.is_misere:
        return _value(view, me, me, contract, tricks, whisters=(d1, d2))
    h1, h2 = world.hand(d1), world.hand(d2)
    w1 = _whist_call(h1, contract, True, False)
    w2 = _whist_call(h2, contract, False, w1)
    whisters = tuple(s for s, w in ((d1, w1), (d2, w2)) if w)
    if not whisters:
        return _value(view, me, me, contract, tricks, whisters=(), played=False)
    shares = _defence_shares(world, order, me, contract)
    if len(whisters) == 2:
        return _value(view, me, me, contract, tricks, whisters=whisters, shares=shares)
    lone = whisters[0]
    passer = d2 if lone == d1 else d1
    obligatory = _obligatory(view, contract, me)
    return _lone_call(view, world, me, me, contract, lone, passer, obligatory, tricks, alone_tricks)


# --- card play -----------------------------------------------------------------------------


def _play(bot: SamplingBot, view: View) -> Decision | None:
    """The card play, through the shared card evaluation (with its equivalent-card
    choice), priced in bula-equivalent whists by :func:`_play_table`."""
    contract, declarer = view.contract, view.declarer
    if contract is None or declarer is None:
        return None
    turn = card_turn(view, table_separates=bot.table_separates)
    if not isinstance(turn, CardTurn):
        return turn
    mover = turn.mover
    order = tuple(view.active)
    index = {s: i for i, s in enumerate(order)}
    objective = Objective.MISERE if contract.is_misere else Objective.TRICKS
    worlds, exact = bot.card_worlds(view, bot.samples)
    if not worlds:
        return None
    trump = _trump(contract)

    def make_position(world: World) -> Position:
        hands = tuple(None if s == view.out else world.hand(s) for s in order)
        return Position.make(hands, leader=index[turn.leader], trump=trump, played=turn.played)

    table = _play_table(view, mover, declarer, contract)
    return bot.evaluate_cards(
        view,
        turn,
        worlds,
        exact,
        objective=objective,
        declarer=declarer,
        make_position=make_position,
        utility=lambda tricks: table[max(0, min(10, tricks))],
    )


def _play_table(view: View, mover: Seat, declarer: Seat, contract: Contract) -> list[float]:
    """Whists for the mover's side by the declarer's final tricks (the defence capped at 5
    by the scoring, as the engine stops there)."""
    order = tuple(view.active)
    whisters = tuple(view.whisters)
    levels = dict(view.kontra)
    already = dict(view.tricks_won)
    shares = {s: 1.0 + already.get(s, 0) for s in order if s != declarer}
    out: list[float] = []
    side = [s for s in order if s != declarer and s != view.out]
    for t in range(11):
        if view.out is not None:
            tricks = _tricks_split(order, declarer, t, view.out)
        else:
            tricks = _tricks_split(order, declarer, t, None, shares, already)
        values = _view_outcome(
            view, declarer, contract, tricks, whisters, view.invited, levels, True
        )
        if mover == declarer:
            out.append(values.get(declarer, 0.0))
        else:
            out.append(sum(values.get(s, 0.0) for s in side) / max(1, len(side)))
    return out


# --- bidding -------------------------------------------------------------------------------


def _bid(bot: SamplingBot, view: View) -> Decision | None:
    legal = view.legal_actions
    pass_ = find_call(legal, CallKind.PASS)
    here = find_call(legal, CallKind.HERE) if not here_answered(view) else None
    bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.contract.ladder_key)
    worlds, exact = bot._worlds(view, bot.bid_samples)
    if not worlds:
        return None
    me = view.seat
    order = tuple(view.active)
    decl = order.index(me)
    own = view.hand.mask
    if own.bit_count() != 10:
        return None
    need_talon = any(not a.contract.without_talon for a in bids) or (
        here is not None and view.bid is not None and not view.bid.without_talon
    )
    need_igra = any(a.contract.without_talon for a in bids) or (
        here is not None and view.bid is not None and view.bid.without_talon
    )
    ev: dict[Contract, float] = {}
    mean_tricks: dict[Contract, float] = {}
    for talon, needed in ((True, need_talon), (False, need_igra)):
        if not needed:
            continue
        per_game = _bid_games(bot, view, worlds, own, order, decl, me, talon=talon)
        if per_game is None:
            return None
        for contract, (value, tricks) in per_game.items():
            ev[contract], mean_tricks[contract] = value, tricks

    def best_from(floor: Contract) -> Contract | None:
        pool = [c for c in ev if c.without_talon == floor.without_talon and c >= floor]
        return max(pool, key=lambda c: (ev[c], -c.ladder_key)) if pool else None

    options: list[Option] = []
    if pass_ is not None:
        options.append(Option(pass_, 0.0))
    candidates: list[tuple[Action, Contract]] = []
    if here is not None and view.bid is not None:
        candidates.append((here, view.bid))
    candidates += [(a, a.contract) for a in bids]
    for action, floor in candidates:
        target = best_from(floor)
        if target is None:
            continue
        shown = None if target.is_misere else mean_tricks.get(target)
        options.append(Option(action, ev[target], shown))
    return bid_decision(options, pass_, BALKAN_BID_MARGIN, ev, samples=len(worlds), exact=exact)


def _bid_games(
    bot: SamplingBot,
    view: View,
    worlds: list[World],
    own: int,
    order: tuple[Seat, ...],
    decl: int,
    me: Seat,
    *,
    talon: bool,
) -> dict[Contract, tuple[float, float]] | None:
    """Expected whists and tricks of declaring each game (with or without the talon)."""
    games = _GAMES if talon else _IGRAS
    own_lead = order[0] == me
    tricks: dict[tuple[int, Contract], int] = {}
    tasks: list[tuple[int, Contract]] = []
    positions: list[Position] = []
    betl_tasks: list[tuple[int, Contract]] = []
    betl_positions: list[Position] = []
    for w, world in enumerate(worlds):
        if talon:
            cards = own | world.slots.get(TALON, 0)
            if cards.bit_count() != 12:
                return None
        else:
            cards = own
        kept: dict[Contract, int] = {}
        estimates: dict[Contract, float] = {}
        for contract in games:
            if contract.is_misere:
                drop = misere_discards(cards, own_lead=own_lead, keep=0, count=1)[0] if talon else 0
                kept[contract] = cards & ~drop
                continue
            strain = contract.strain
            assert strain is not None
            drop = game_discards(cards, strain, 0, keep=1)[0] if talon else 0
            kept[contract] = cards & ~drop
            estimates[contract] = game_estimate(CardSet.from_mask(kept[contract]), contract)
        top = max(estimates.values())
        for contract in games:
            hands = [world.hand(s) for s in order]
            hands[decl] = kept[contract]
            leader = _leader(order, me, contract, None)
            if contract.is_misere:
                risk = misere_risk(CardSet.from_mask(kept[contract]), own_lead=own_lead)
                if risk > BETL_HOPELESS:
                    tricks[(w, contract)] = 2
                    continue
                betl_positions.append(Position.make(hands, leader=leader))
                betl_tasks.append((w, contract))
                continue
            if estimates[contract] < top - GAME_MARGIN:
                tricks[(w, contract)] = math.floor(estimates[contract])
                continue
            positions.append(Position.make(hands, leader=leader, trump=_trump(contract)))
            tasks.append((w, contract))
    for task, t in zip(
        tasks, bot.solve_positions(positions, Objective.TRICKS, [decl] * len(tasks)), strict=True
    ):
        tricks[task] = t
    betl_vals = bot.solve_positions(betl_positions, Objective.MISERE, [decl] * len(betl_tasks))
    for task, t in zip(betl_tasks, betl_vals, strict=True):
        tricks[task] = t
    out: dict[Contract, tuple[float, float]] = {}
    for contract in games:
        values = [
            _declared_value(view, world, me, contract, tricks[(w, contract)], None)
            for w, world in enumerate(worlds)
        ]
        mean = _weighted(worlds, [float(tricks[(w, contract)]) for w in range(len(worlds))])
        out[contract] = (_weighted(worlds, values), mean)
    return out


# --- discard and the game named ------------------------------------------------------------


def _declarer(bot: SamplingBot, view: View) -> Decision | None:
    from preferans.game.phase import Phase

    legal = view.legal_actions
    bid = view.bid
    if bid is None:
        return None
    own_discard = view.discard.mask if view.discard is not None else 0
    cards = view.hand.mask | own_discard
    size = cards.bit_count()
    if size not in (10, 12):
        return None
    fixed = own_discard if view.phase is Phase.CONTRACT else 0
    auction = ",".join(
        f"{int(s)}:{a.index}"
        for s, a in view.history
        if a is not None and not isinstance(a, CardAction)
    )
    key = (bot.seed, bot.samples, int(view.seat), cards, auction, view.refe)
    # The plan made from the twelve cards alone serves both discards and the game named
    # (memoised: it depends only on the key, so the decision stays a function of the view).
    plan = _PLANS.get(key)
    if plan is None:
        plan = _plan(bot, view, cards, 0, 0)
        if plan is None:
            return None
        if len(_PLANS) > 256:
            _PLANS.clear()
        _PLANS[key] = plan
    fits = plan[0] & own_discard == own_discard
    if not fits or (view.phase is Phase.CONTRACT and plan[0] != own_discard):
        plan = _plan(bot, view, cards, fixed, own_discard)
        if plan is None:
            return None
    drop, contract, options, samples = plan
    if view.phase is Phase.DISCARD:
        return discard_decision(legal, drop & ~own_discard, options, samples)
    return Decision(Declare(contract), options, samples=samples)


def _plan(
    bot: SamplingBot, view: View, cards: int, fixed: int, own_discard: int
) -> tuple[int, Contract, tuple[Option, ...], int] | None:
    """The discard and game with the best expected whists; the worlds are keyed by the
    cards and the auction only, so both discards and the game follow one plan."""
    bid = view.bid
    assert bid is not None
    auction = ",".join(
        f"{int(s)}:{a.index}"
        for s, a in view.history
        if a is not None and not isinstance(a, CardAction)
    )
    rng = random.Random(f"{bot.seed}|balkan-plan|{int(view.seat)}|{cards}|{auction}")
    slots = hidden_slots(view)
    if slots is None:
        return None
    worlds = bot._draw(slots, rng, bot.bid_samples)
    if not worlds:
        return None
    me = view.seat
    order = tuple(view.active)
    decl = order.index(me)
    own_lead = order[0] == me
    talon = not bid.without_talon
    games = [c for c in _LADDER if c.without_talon == bid.without_talon and c >= bid]
    candidates: list[tuple[int, Contract]] = []
    for contract in games:
        if not talon:
            drops = [0]
        elif fixed:
            drops = [fixed]
        elif contract.is_misere:
            drops = misere_discards(cards, own_lead=own_lead, keep=own_discard, count=3)
        else:
            strain = contract.strain
            assert strain is not None
            drops = game_discards(cards, strain, own_discard, keep=3)
        candidates += [(d, contract) for d in drops]
    candidates = _promising(candidates, cards, own_lead=own_lead) or candidates
    positions: list[Position] = []
    for drop, contract in candidates:
        for world in worlds:
            hands: list[int | None] = [world.hand(s) for s in order]
            hands[decl] = cards & ~drop
            positions.append(
                Position.make(
                    hands, leader=_leader(order, me, contract, None), trump=_trump(contract)
                )
            )
    game_idx = [i for i, (_, c) in enumerate(candidates) if not c.is_misere]
    betl_idx = [i for i, (_, c) in enumerate(candidates) if c.is_misere]
    n = len(worlds)
    results: dict[int, list[int]] = {}
    game_pos = [positions[i * n + j] for i in game_idx for j in range(n)]
    betl_pos = [positions[i * n + j] for i in betl_idx for j in range(n)]
    game_vals = bot.solve_positions(game_pos, Objective.TRICKS, [decl] * len(game_pos))
    betl_vals = bot.solve_positions(betl_pos, Objective.MISERE, [decl] * len(betl_pos))
    for k, i in enumerate(game_idx):
        results[i] = game_vals[k * n : (k + 1) * n]
    for k, i in enumerate(betl_idx):
        results[i] = betl_vals[k * n : (k + 1) * n]
    best: tuple[float, int, Contract] | None = None
    by_contract: dict[Contract, Option] = {}
    for i, (drop, contract) in enumerate(candidates):
        got = results[i]
        values = [
            _declared_value(view, world, me, contract, t, None)
            for world, t in zip(worlds, got, strict=True)
        ]
        value = _weighted(worlds, values)
        if contract.is_misere:
            chance = _weighted(worlds, [float(t > 0) for t in got])
            option = Option(Declare(contract), value, None, chance)
        else:
            made = _weighted(worlds, [float(t >= NEED) for t in got])
            option = Option(
                Declare(contract), value, _weighted(worlds, [float(t) for t in got]), made
            )
        if best is None or value > best[0] + 1e-9:
            best = (value, drop, contract)
        old = by_contract.get(contract)
        if old is None or option.value > old.value:
            by_contract[contract] = option
    if best is None:
        return None
    options = sorted(by_contract.values(), key=lambda o: -o.value)[:6]
    return best[1], best[2], tuple(options), n


def _promising(
    candidates: list[tuple[int, Contract]], cards: int, *, own_lead: bool
) -> list[tuple[int, Contract]]:
    """The candidates worth solving: games within :data:`GAME_MARGIN` of the best table
    estimate, and a betl the seed's holes do not condemn."""
    estimates: dict[int, float] = {}
    for i, (drop, contract) in enumerate(candidates):
        rest = CardSet.from_mask(cards & ~drop)
        if contract.is_misere:
            risk = misere_risk(rest, own_lead=own_lead)
            estimates[i] = math.inf if risk <= BETL_HOPELESS else -math.inf
        else:
            estimates[i] = game_estimate(rest, contract)
    finite = [e for e in estimates.values() if math.isfinite(e)]
    top = max(finite, default=0.0)
    return [c for i, c in enumerate(candidates) if estimates[i] >= top - GAME_MARGIN]


# --- defence and kontra --------------------------------------------------------------------


def _defence(bot: SamplingBot, view: View) -> Decision | None:
    legal = view.legal_actions
    contract, declarer = view.contract, view.declarer
    if contract is None or declarer is None:
        return None
    me = view.seat
    pass_ = find_call(legal, CallKind.PASS)
    kontra = find_call(legal, CallKind.KONTRA)
    levels = dict(view.kontra)
    if pass_ is not None and kontra is not None:
        top = max(levels.values(), default=0) if me == declarer else levels.get(me, 0)
        if top + 1 > KONTRA_CAP and not getattr(bot, "prices_every_kontra", False):
            # The bound on the kontra chain (docs/bots.md): no further doubling. A review's
            # grading bot still prices a person's kontra beyond it.
            return Decision(pass_, (), method="forced", notes={"kontra_cap": float(KONTRA_CAP)})
    worlds, exact = bot._worlds(view, bot.samples)
    if not worlds:
        return None
    order = tuple(view.active)
    decl = order.index(declarer)
    d1, d2 = [s for s in order if s != declarer]
    objective = Objective.MISERE if contract.is_misere else Objective.TRICKS
    lead = _leader(order, declarer, contract, None)
    full = [
        Position.make([w.hand(s) for s in order], leader=lead, trump=_trump(contract))
        for w in worlds
    ]
    tricks = bot.solve_positions(full, objective, [decl] * len(full))
    alone: list[int] | None = None
    whist_stage = find_call(legal, CallKind.WHIST) is not None
    lone_stage = find_call(legal, CallKind.INVITE) is not None or (
        view.invited is None and view.whisters == (me,) and not any(levels.values())
    )
    if (whist_stage or lone_stage) and not contract.is_misere and me != declarer:
        # Playing alone: the partner's cards leave the play (two-card tricks).
        out = d2 if me == d1 else d1
        hands_out = []
        for w in worlds:
            hands: list[int | None] = [w.hand(s) for s in order]
            hands[order.index(out)] = None
            hands_out.append(
                Position.make(
                    hands, leader=_leader(order, declarer, contract, out), trump=_trump(contract)
                )
            )
        alone = bot.solve_positions(hands_out, objective, [decl] * len(hands_out))
    options: list[Option] = []
    p_made = _weighted(
        worlds,
        [float(t == 0 if contract.is_misere else t >= NEED) for t in tricks],
    )
    mean = _weighted(worlds, [float(t) for t in tricks])
    for action in legal:
        if not isinstance(action, Call):
            continue
        values = [
            _call_value(view, world, action.kind, tricks[w], None if alone is None else alone[w])
            for w, world in enumerate(worlds)
        ]
        options.append(Option(action, _weighted(worlds, values), mean, p_made))
    if not options:
        return None
    options.sort(key=lambda o: (-o.value, o.action == kontra))
    chosen = options[0]
    if chosen.action == kontra and len(options) > 1:
        runner = options[1]
        if chosen.value < runner.value + KONTRA_MARGIN:
            chosen = runner
    return Decision(chosen.action, tuple(options), samples=len(worlds), exact=exact)


def _call_value(
    view: View, world: World, kind: CallKind, tricks: int, alone_tricks: int | None
) -> float:
    """My whists after this call, the others answering as the Balkan heuristic would."""
    contract, declarer = view.contract, view.declarer
    assert contract is not None and declarer is not None
    me = view.seat
    order = tuple(view.active)
    levels = dict(view.kontra)
    whisters = tuple(view.whisters)
    shares = _defence_shares(world, order, declarer, contract)
    d1, d2 = [s for s in order if s != declarer]
    partner = d2 if me == d1 else d1
    dhand = world.hand(declarer)

    def as_called() -> float:
        """The game played with the defence called so far and the kontra levels reached."""
        return _value(
            view,
            me,
            declarer,
            contract,
            tricks,
            whisters=whisters,
            invited=view.invited,
            levels=levels,
            shares=shares,
        )

    if me == declarer:
        if kind is CallKind.KONTRA:
            raised = _raised(view)
            for s in raised:
                levels[s] = levels.get(s, 0) + 1
        return as_called()
    if kind in (CallKind.WHIST, CallKind.PASS) and find_call(view.legal_actions, CallKind.WHIST):
        return _whist_stage(view, world, kind is CallKind.WHIST, tricks, alone_tricks, shares)
    if view.invited is None and len(whisters) == 1 and not any(levels.values()):
        # The lone whister: play alone (pass), invite, or kontra (which invites).
        if kind is CallKind.PASS:
            if _obligatory(view, contract, declarer):
                return _value(view, me, declarer, contract, tricks, whisters=(), played=False)
            assert alone_tricks is not None
            return _value(
                view, me, declarer, contract, alone_tricks, whisters=whisters, out=partner
            )
        if kind is CallKind.INVITE:
            return _value(view, me, declarer, contract, tricks, whisters=whisters, invited=partner)
        levels[me] = 1
        if _re_kontra_call(dhand, contract):
            levels[me] = 2
        return _value(
            view, me, declarer, contract, tricks, whisters=whisters, invited=partner, levels=levels
        )
    # Both defend (or betl), or answering a re-kontra: kontra or pass, in turn.
    if kind is CallKind.KONTRA:
        levels[me] = levels.get(me, 0) + 1
    raised = [me] if kind is CallKind.KONTRA else []
    queue = _kontra_queue(view)
    if partner in queue and partner in whisters and _kontra_call(world.hand(partner), contract):
        levels[partner] = levels.get(partner, 0) + 1
        raised.append(partner)
    if raised and max(levels.values()) < KONTRA_CAP and _re_kontra_call(dhand, contract):
        for s in raised:
            levels[s] += 1
    if (
        not any(levels.values())
        and _obligatory(view, contract, declarer)
        and not contract.is_misere
    ):
        return _value(view, me, declarer, contract, tricks, whisters=(), played=False)
    return as_called()


def _whist_stage(
    view: View,
    world: World,
    whist: bool,
    tricks: int,
    alone_tricks: int | None,
    shares: dict[Seat, float],
) -> float:
    """Whist or pass: the partner's call and a lone whister's next call as the heuristic's."""
    contract, declarer = view.contract, view.declarer
    assert contract is not None and declarer is not None
    me = view.seat
    order = tuple(view.active)
    d1, d2 = [s for s in order if s != declarer]
    partner = d2 if me == d1 else d1
    if me == d1:
        partner_whists = _whist_call(world.hand(partner), contract, False, whist)
    else:
        partner_whists = partner in view.whisters
    whisters = tuple(s for s, w in ((me, whist), (partner, partner_whists)) if w)
    if not whisters:
        return _value(view, me, declarer, contract, tricks, whisters=(), played=False)
    if len(whisters) == 2:
        return _value(view, me, declarer, contract, tricks, whisters=whisters, shares=shares)
    lone = whisters[0]
    other = partner if lone == me else me
    obligatory = _obligatory(view, contract, declarer)
    if lone == me:
        # I shall choose then; take the better of inviting and playing alone now.
        invite = _value(view, me, declarer, contract, tricks, whisters=whisters, invited=other)
        if obligatory:
            unplayed = _value(view, me, declarer, contract, tricks, whisters=(), played=False)
            return max(invite, unplayed)
        if alone_tricks is None:
            return invite
        alone = _value(view, me, declarer, contract, alone_tricks, whisters=whisters, out=other)
        return max(invite, alone)
    # If the partner plays alone, my cards are out and my solve is the three-hand one.
    three_hand = None if alone_tricks is None else tricks
    return _lone_call(
        view, world, me, declarer, contract, lone, other, obligatory, tricks, three_hand
    )


def _lone_call(
    view: View,
    world: World,
    me: Seat,
    declarer: Seat,
    contract: Contract,
    lone: Seat,
    passer: Seat,
    obligatory: bool,
    tricks: int,
    alone_tricks: int | None,
) -> float:
    """My whists when the ``lone`` whister calls as the heuristic does: an obligatory game
    he is too weak to kontra goes unplayed, a strong hand says kontra (which invites), a
    fair one invites, a weak one plays alone (``alone_tricks``: the declarer's tricks then;
    None: not solved, so he invites)."""
    est = defence_estimate(CardSet.from_mask(world.hand(lone)), contract.trump)
    game = partial(_value, view, me, declarer, contract)
    if obligatory and est < KONTRA_TRICKS:
        return game(tricks, whisters=(), played=False)
    if est >= KONTRA_TRICKS:
        return game(tricks, whisters=(lone,), invited=passer, levels={lone: 1})
    if est >= INVITE_AT or alone_tricks is None:
        return game(tricks, whisters=(lone,), invited=passer)
    return game(alone_tricks, whisters=(lone,), out=passer)


def _raised(view: View) -> list[Seat]:
    """The defenders whose kontra the declarer is answering (the last defender round)."""
    out: list[Seat] = []
    for seat, action in reversed(view.history):
        if seat == view.declarer:
            break
        if isinstance(action, Call) and action.kind is CallKind.KONTRA:
            out.append(seat)
    return out


def _kontra_queue(view: View) -> list[Seat]:
    """Defenders still to speak in this kontra round after me (the round's order)."""
    declarer = view.declarer
    me = view.seat
    spoke: list[Seat] = []
    for seat, action in reversed(view.history):
        if seat == declarer or isinstance(action, Declare) or not isinstance(action, Call):
            break
        if action.kind in (CallKind.WHIST,) or action.kind is CallKind.INVITE:
            break
        spoke.append(seat)
    order = tuple(view.active)
    defenders = [s for s in order if s != declarer]
    return [
        s
        for s in defenders
        if s != me and s not in spoke and defenders.index(s) > defenders.index(me)
    ]
