"""The sampling level: decisions by expected whists over deals consistent with the view.

For every decision the bot draws deals that fit what its seat knows (see
:mod:`preferans.bots.inference`: hand sizes, voids, the talon, weighed by the others'
calls), solves each with the double-dummy solver's batch call, and scores every option with
the sheet's prices (:mod:`preferans.bots.payoff`). Where the unknown is small it is exact:
an open defence shows the declarer everything, a misère catcher sees the declarer's twelve
cards, and the last tricks have few arrangements — then every arrangement is solved.

What double-dummy play cannot model is left to the heuristic level: tricks led by a talon
card on raspasy, claims, and the 4-player talon throw. Every Balkan decision (bidding,
moje, igra, the discard and the game named, the defence, invitation and kontra, card play
also beside an out seat) is made by :mod:`preferans.bots.balkan_sampling`, priced in
bula-equivalent whists (:func:`preferans.bots.payoff.balkan_value`, kontra multipliers
included; docs/bots.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from preferans import solver
from preferans.actions import (
    Action,
    Bid,
    Call,
    CallKind,
    CardAction,
    Declare,
    card_action,
)
from preferans.bots.base import decision_rng
from preferans.bots.evaluation import hand_tricks, misere_risk
from preferans.bots.heuristic import defence_estimate, here_answered, heuristic_action
from preferans.bots.inference import World, draw_worlds, hidden_slots, random_world
from preferans.bots.payoff import deal_value, split_defence, synth_result
from preferans.cards import Card, CardSet
from preferans.contracts import MISERE, Contract, Strain
from preferans.result import DealKind, WhistChoice
from preferans.rules import Rules
from preferans.seats import Seat
from preferans.solver import Objective, Position

if TYPE_CHECKING:
    from preferans.game import View

__all__ = ["DEFAULT_SAMPLES", "Decision", "Option", "SamplingBot"]

#: Deals drawn per decision at the default setting (card play; bidding uses fewer).
DEFAULT_SAMPLES = 16
#: A strain whose table estimate is this far below the best one is not solved.
STRAIN_MARGIN = 1.5
#: A misère the seed's holes catch this surely is not solved either.
MISERE_HOPELESS = 0.9
#: Whists a bid must promise over passing: the sampled deals are few and double-dummy
#: play flatters the declarer a little.
BID_MARGIN = 2.0
#: With more cards than this in hand, raspasy and misère play draws half the deals.
EARLY_CARDS = 7


@dataclass(frozen=True)
class Option:
    """One candidate action with the evidence behind it."""

    action: Action
    value: float
    """Expected whists for the deciding seat (higher is better)."""
    tricks: float | None = None
    """Expected tricks: the declarer's on a game, one's own on raspasy and misère."""
    chance: float | None = None
    """Probability of the event that matters: contract made, misère caught."""


@dataclass(frozen=True)
class Decision:
    """The chosen action, the options weighed and how many deals were looked at."""

    action: Action
    options: tuple[Option, ...] = ()
    samples: int = 0
    exact: bool = False
    method: str = "sampling"
    """``sampling``, ``exact`` or ``heuristic`` (a forced move or outside the model)."""
    notes: dict[str, float] = field(default_factory=dict)


class SamplingBot:
    """Expected-score decisions over double-dummy solutions of sampled deals."""

    name = "sampling"

    def __init__(self, seed: int = 0, samples: int = DEFAULT_SAMPLES, threads: int = 1) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.seed = seed
        self.samples = samples
        self.threads = threads

    def choose(self, view: View) -> Action:
        return self.decide(view).action

    def decide(self, view: View) -> Decision:
        """The decision with its evidence (the hint text is built from it)."""
        from preferans.game import Phase

        legal = view.legal_actions
        if not legal:
            raise ValueError(f"{view.seat} has nothing to decide now")
        if len(legal) == 1:
            return Decision(legal[0], method="forced")
        phase = view.phase
        if view.rules.is_balkan:
            # Balkan: every decision priced in bula-equivalent whists (bots/balkan_sampling).
            from preferans.bots.balkan_sampling import balkan_decide

            try:
                found = balkan_decide(self, view)
            except ValueError:
                found = None
            if found is not None and found.action in legal:
                return found
            return Decision(heuristic_action(view), method="heuristic")
        try:
            if phase is Phase.PLAY:
                decision = self._play(view)
            elif phase is Phase.BIDDING:
                decision = self._bid(view)
            elif phase in (Phase.DISCARD, Phase.CONTRACT):
                decision = self._declarer(view)
            elif phase is Phase.WHISTING:
                decision = self._whist(view)
            else:
                decision = None
        except ValueError:
            decision = None
        if decision is None or decision.action not in legal:
            return Decision(heuristic_action(view), method="heuristic")
        return decision

    # --- shared machinery ----------------------------------------------------------------

    def _worlds(self, view: View, count: int) -> tuple[list[World], bool]:
        rng = decision_rng(self.seed, view, "worlds")
        return draw_worlds(view, rng, count)

    def _solve(
        self, positions: Sequence[Position], objective: Objective, declarers: Sequence[int]
    ) -> list[int]:
        if not positions:
            return []
        return solver.solve_many(positions, objective, list(declarers), threads=self.threads)

    # --- card play -------------------------------------------------------------------------

    def _play(self, view: View) -> Decision | None:
        if view.lead_talon_card is not None:
            return None
        legal = [a.card for a in view.legal_actions if isinstance(a, CardAction)]
        if not legal:
            return None
        reps = _representatives(legal, view)
        default = heuristic_action(view)
        if len(reps) == 1:
            return Decision(default, method="forced")
        mover = view.to_move if view.to_move is not None else view.seat
        contract = view.contract
        order = view.active
        index = {s: i for i, s in enumerate(order)}
        if contract is None:
            objective, decl_seat = Objective.RASPASY, mover
            trump = None
        elif contract.is_misere:
            assert view.declarer is not None
            objective, decl_seat, trump = Objective.MISERE, view.declarer, None
        else:
            assert view.declarer is not None
            objective, decl_seat = Objective.TRICKS, view.declarer
            trump = None if contract.trump is None else int(contract.trump)
        count = self.samples
        if objective is not Objective.TRICKS and len(view.hand) > EARLY_CARDS:
            # Raspasy and misère solves are the slow ones; early on, fewer deals.
            count = max(4, self.samples // 2)
        worlds, exact = self._worlds(view, count)
        if not worlds:
            return None
        trick = view.current_trick
        leader = trick[0][0] if trick else mover
        played = tuple(card.index for _, card in trick)
        decl = index[decl_seat]
        base = view.tricks_won.get(decl_seat, 0)
        positions: list[Position] = []
        slots: list[tuple[int, int, int]] = []  # (world, rep, gain) for each position
        immediate: dict[tuple[int, int], int] = {}
        for w, world in enumerate(worlds):
            hands = (world.hand(order[0]), world.hand(order[1]), world.hand(order[2]))
            try:
                position = Position.make(hands, leader=index[leader], trump=trump, played=played)
            except ValueError:
                return None
            for r, card in enumerate(reps):
                after, winner = solver.play(position, card.index)
                gain = 1 if winner == decl else 0
                if solver.remaining_tricks(after) == 0:
                    immediate[(w, r)] = gain
                else:
                    positions.append(after)
                    slots.append((w, r, gain))
        values = self._solve(positions, objective, [decl] * len(positions))
        totals = [[0] * len(reps) for _ in worlds]
        for (w, r), gain in immediate.items():
            totals[w][r] = base + gain
        for (w, r, gain), v in zip(slots, values, strict=True):
            totals[w][r] = base + gain + v
        utility = _play_utility(view, mover, decl_seat)
        weight_sum = sum(world.weight for world in worlds)
        options = []
        for r, card in enumerate(reps):
            ev = sum(world.weight * utility(totals[w][r]) for w, world in enumerate(worlds))
            tricks = sum(world.weight * totals[w][r] for w, world in enumerate(worlds))
            options.append(Option(card_action(card), ev / weight_sum, tricks / weight_sum))
        best = max(o.value for o in options)
        preferred = [o for o in options if o.value >= best - 1e-9]
        chosen = next((o for o in preferred if o.action == default), None)
        if chosen is None and isinstance(default, CardAction):
            twin = _twin(default.card, reps, view)
            chosen = next((o for o in preferred if o.action == twin), None)
        if chosen is None:
            chosen = preferred[0]
        options.sort(key=lambda o: -o.value)
        return Decision(
            chosen.action,
            tuple(options),
            samples=len(worlds),
            exact=exact,
            method="exact" if exact else "sampling",
        )

    # --- bidding ---------------------------------------------------------------------------

    def _bid(self, view: View) -> Decision | None:
        legal = view.legal_actions
        pass_ = _call(legal, CallKind.PASS)
        here = _call(legal, CallKind.HERE) if not here_answered(view) else None
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.contract)
        misere = next((a for a in bids if a.contract.is_misere), None)
        game_bids = [a for a in bids if not a.contract.is_misere]
        if any(a.contract.without_talon for a in game_bids):
            return None
        count = max(6, self.samples // 2)
        worlds, exact = self._worlds(view, count)
        if not worlds:
            return None
        me = view.seat
        order = view.active
        rules = view.rules
        first = 0
        positions: list[Position] = []
        tasks: list[tuple[int, Strain | None]] = []
        want_misere = misere is not None
        # Strains far below the best by the table, and misères the seed's holes already
        # condemn, keep the table's figure instead of a solve: they never decide.
        tricks: dict[tuple[int, Strain | None], int] = {}
        for w, world in enumerate(worlds):
            talon = world.slots.get(10, 0)
            twelve = view.hand.mask | talon
            if twelve.bit_count() != 12:
                return None
            estimates = {}
            drops = {}
            for strain in Strain:
                drops[strain] = _game_discard(twelve, strain)
                rest = CardSet.from_mask(twelve & ~drops[strain])
                estimates[strain] = hand_tricks(rest, strain.trump)
            top = max(estimates.values())
            for strain in Strain:
                if estimates[strain] < top - STRAIN_MARGIN:
                    tricks[(w, strain)] = math.floor(estimates[strain])
                    continue
                hands = [world.hand(s) for s in order]
                hands[order.index(me)] = twelve & ~drops[strain]
                trump = None if strain.trump is None else int(strain.trump)
                positions.append(Position.make(hands, leader=first, trump=trump))
                tasks.append((w, strain))
            if want_misere:
                drop = _misere_discard(twelve, own_lead=order[0] == me)
                risk = misere_risk(CardSet.from_mask(twelve & ~drop), own_lead=order[0] == me)
                if risk > MISERE_HOPELESS:
                    tricks[(w, None)] = 2
                    continue
                hands = [world.hand(s) for s in order]
                hands[order.index(me)] = twelve & ~drop
                positions.append(Position.make(hands, leader=first))
                tasks.append((w, None))
        decl = order.index(me)
        game_pos = [p for p, t in zip(positions, tasks, strict=True) if t[1] is not None]
        mis_pos = [p for p, t in zip(positions, tasks, strict=True) if t[1] is None]
        game_vals = iter(self._solve(game_pos, Objective.TRICKS, [decl] * len(game_pos)))
        mis_vals = iter(self._solve(mis_pos, Objective.MISERE, [decl] * len(mis_pos)))
        for t in tasks:
            tricks[t] = next(game_vals) if t[1] is not None else next(mis_vals)
        weight_sum = sum(w.weight for w in worlds)
        ev: dict[Contract, float] = {}
        for level in range(6, 11):
            for strain in Strain:
                contract = Contract(level, strain)
                total = 0.0
                for w, world in enumerate(worlds):
                    total += world.weight * _game_value(
                        rules, view.dealer, order, me, contract, tricks[(w, strain)], world
                    )
                ev[contract] = total / weight_sum
        options: list[Option] = []
        pass_value = 0.0
        if pass_ is not None:
            pass_value = self._pass_value(view, worlds)
            options.append(Option(pass_, pass_value))

        def best_from(floor: Contract) -> tuple[float, Contract]:
            pool = [(v, c) for c, v in ev.items() if c >= floor]
            return max(pool, key=lambda t: (t[0], -t[1].ladder_key))

        if here is not None and view.bid is not None:
            value, target = best_from(view.bid)
            options.append(Option(here, value, _mean_tricks(tricks, worlds, target.strain)))
        if game_bids:
            value, target = best_from(game_bids[0].contract)
            options.append(Option(game_bids[0], value, _mean_tricks(tricks, worlds, target.strain)))
        if misere is not None:
            caught = 0.0
            total = 0.0
            for w, world in enumerate(worlds):
                taken = tricks[(w, None)]
                caught += world.weight * (taken > 0)
                total += world.weight * _misere_value(rules, view.dealer, order, me, taken)
            options.append(Option(misere, total / weight_sum, None, caught / weight_sum))
        if not options:
            return None
        options.sort(key=lambda o: -o.value)
        chosen = options[0]
        pass_option = next((o for o in options if o.action == pass_), None)
        if pass_option is not None and chosen.value < pass_option.value + BID_MARGIN:
            chosen = pass_option
        return Decision(
            chosen.action,
            tuple(options),
            samples=len(worlds),
            exact=exact,
            notes={"best_contract_value": max(ev.values())},
        )

    def _pass_value(self, view: View, worlds: list[World]) -> float:
        """Passing is worth nothing unless it ends the auction in raspasy."""
        bidders = [s for s in view.active if s != view.dummy]
        spoken_pass = {
            s for s, a in view.history if isinstance(a, Call) and a.kind is CallKind.PASS
        }
        has_bid = any(isinstance(a, Bid) for _, a in view.history)
        others_out = all(s in spoken_pass for s in bidders if s != view.seat)
        if has_bid or not others_out:
            return 0.0
        # Talon leads on tricks 1-2 are outside the solver's model: first hand leads.
        # The solver's raspasy value is each seat's worst case against two who load it;
        # real raspasy shares the ten tricks, so the three worst cases set the shares.
        order = view.active
        chosen = worlds[:3]
        positions = []
        seats: list[int] = []
        for world in chosen:
            hands = [world.hand(s) for s in order]
            position = Position.make(hands, leader=0)
            for i in range(3):
                positions.append(position)
                seats.append(i)
        values = self._solve(positions, Objective.RASPASY, seats)
        total = 0.0
        weight = 0.0
        for w, world in enumerate(chosen):
            worst = values[3 * w : 3 * w + 3]
            scale = 10.0 / max(1, sum(worst))
            shares = [x * scale for x in worst]
            tricks = _round_shares(shares)
            result = synth_result(
                view.rules,
                view.dealer,
                order,
                DealKind.RASPASY,
                tricks=dict(zip(order, tricks, strict=True)),
            )
            total += world.weight * deal_value(result, view.rules).get(view.seat, 0.0)
            weight += world.weight
        return total / weight if weight else 0.0

    # --- discard, contract, walk away ------------------------------------------------------

    def _declarer(self, view: View) -> Decision | None:
        from preferans.game import Phase

        legal = view.legal_actions
        bid = view.bid
        if bid is None or view.talon is None or view.talon_thrown:
            return None
        own_discard = view.discard.mask if view.discard is not None else 0
        twelve = view.hand.mask | own_discard
        if twelve.bit_count() != 12:
            return None
        fixed_drop = own_discard if view.phase is Phase.CONTRACT else 0
        plan = self._plan(view, twelve, fixed_drop, own_discard)
        if plan is None:
            return None
        drop, contract, options, samples = plan
        if view.phase is Phase.DISCARD:
            for card in CardSet.from_mask(drop & ~own_discard).sorted():
                action = card_action(card)
                if action in legal:
                    return Decision(action, options, samples=samples)
            return None
        if contract is None:
            walk = _call(legal, CallKind.WALK_AWAY)
            if walk is not None:
                return Decision(walk, options, samples=samples)
            return None
        return Decision(Declare(contract), options, samples=samples)

    def _plan(
        self, view: View, twelve: int, fixed_drop: int, own_discard: int
    ) -> tuple[int, Contract | None, tuple[Option, ...], int] | None:
        """The discard and contract (None = walk away) with the best expected whists.

        Worlds are drawn from a generator keyed by the twelve cards and the auction only,
        so the first discard, the second and the contract all follow one plan.
        """
        import random as _random

        bid = view.bid
        assert bid is not None
        auction = ",".join(
            f"{int(s)}:{a.index}"
            for s, a in view.history
            if a is not None and not isinstance(a, CardAction)
        )
        rng = _random.Random(f"{self.seed}|plan|{int(view.seat)}|{twelve}|{auction}")
        slots = hidden_slots(view)
        if slots is None:
            return None
        count = max(6, self.samples // 2)
        worlds = [w for w in (random_world(slots, rng) for _ in range(count)) if w is not None]
        if not worlds:
            return None
        me = view.seat
        order = view.active
        decl = order.index(me)
        rules = view.rules
        candidates: list[tuple[int, Strain | None]] = []
        strain: Strain | None
        if bid.is_misere:
            drops = (
                [fixed_drop]
                if fixed_drop
                else _misere_discards(twelve, own_lead=order[0] == me, keep=own_discard)
            )
            candidates = [(d, None) for d in drops]
        else:
            for suit_or_nt in Strain:
                if _lowest_level(bid, suit_or_nt) is None:
                    continue
                drops = (
                    [fixed_drop] if fixed_drop else _game_discards(twelve, suit_or_nt, own_discard)
                )
                candidates += [(d, suit_or_nt) for d in drops]
        positions: list[Position] = []
        for drop, strain in candidates:
            for world in worlds:
                hands = [world.hand(s) for s in order]
                hands[decl] = twelve & ~drop
                trump = None if strain is None or strain.trump is None else int(strain.trump)
                positions.append(Position.make(hands, leader=0, trump=trump))
        objective = Objective.MISERE if bid.is_misere else Objective.TRICKS
        values = self._solve(positions, objective, [decl] * len(positions))
        n = len(worlds)
        weight_sum = sum(w.weight for w in worlds)
        best: tuple[float, int, Contract | None] | None = None
        options: list[Option] = []
        for c, (drop, strain) in enumerate(candidates):
            results = values[c * n : (c + 1) * n]
            if strain is None:
                total = sum(
                    w.weight * _misere_value(rules, view.dealer, order, me, t)
                    for w, t in zip(worlds, results, strict=True)
                )
                caught = sum(w.weight * (t > 0) for w, t in zip(worlds, results, strict=True))
                value = total / weight_sum
                if best is None or value > best[0]:
                    best = (value, drop, MISERE)
                    options = [
                        Option(Declare(MISERE), value, None, caught / weight_sum),
                    ]
                continue
            low = _lowest_level(bid, strain)
            assert low is not None
            for level in range(low, 11):
                candidate = Contract(level, strain)
                total = sum(
                    w.weight * _game_value(rules, view.dealer, order, me, candidate, t, w)
                    for w, t in zip(worlds, results, strict=True)
                )
                made = sum(w.weight * (t >= level) for w, t in zip(worlds, results, strict=True))
                tricks = sum(w.weight * t for w, t in zip(worlds, results, strict=True))
                value = total / weight_sum
                option = Option(Declare(candidate), value, tricks / weight_sum, made / weight_sum)
                if best is None or value > best[0] + 1e-9:
                    best = (value, drop, candidate)
                options.append(option)
        if best is None:
            return None
        options.sort(key=lambda o: -o.value)
        options = options[:6]
        value, drop, chosen = best
        contract: Contract | None = chosen
        if rules.walk_away and not bid.is_misere:
            walk = _walk_value(rules, view.dealer, order, me, bid)
            options.append(Option(Call(CallKind.WALK_AWAY), walk))
            if walk > value:
                contract = None
        options.sort(key=lambda o: -o.value)
        return drop, contract, tuple(options), n

    # --- whisting --------------------------------------------------------------------------

    def _whist(self, view: View) -> Decision | None:
        legal = view.legal_actions
        contract = view.contract
        declarer = view.declarer
        if contract is None or declarer is None or contract.is_misere:
            return None
        worlds, exact = self._worlds(view, max(6, self.samples // 2))
        if not worlds:
            return None
        order = view.active
        decl = order.index(declarer)
        trump = None if contract.trump is None else int(contract.trump)
        leader = 0
        positions = []
        for world in worlds:
            hands = [world.hand(s) for s in order]
            positions.append(Position.make(hands, leader=leader, trump=trump))
        results = self._solve(positions, Objective.TRICKS, [decl] * len(positions))
        weight_sum = sum(w.weight for w in worlds)
        made = sum(w.weight * (t >= contract.level) for w, t in zip(worlds, results, strict=True))
        p_made = made / weight_sum
        open_ = _call(legal, CallKind.OPEN)
        closed = _call(legal, CallKind.CLOSED)
        if open_ is not None and closed is not None:
            # Open lets the defence play both hands without mistakes: worth it when the
            # contract is likely made; closed keeps the declarer guessing when it may fail.
            choice = open_ if p_made >= 0.5 else closed
            shown = (
                Option(open_, 0.0, None, p_made),
                Option(closed, 0.0, None, p_made),
            )
            return Decision(choice, shown, samples=len(worlds), exact=exact)
        me = view.seat
        partner = (
            next(s for s in order if s not in (me, declarer) and s != view.dummy)
            if (view.rules.players != 2)
            else None
        )
        calls: list[tuple[Seat, Action | None]] = [
            (s, a) for s, a in _after_contract(view) if isinstance(a, Call) and s != me
        ]
        options: list[Option] = []
        for action in legal:
            if not isinstance(action, Call):
                continue
            total = 0.0
            for world, t in zip(worlds, results, strict=True):
                value = _whist_outcome(
                    view, world, t, action.kind, partner, calls, declarer, contract
                )
                total += world.weight * value
            options.append(
                Option(
                    action,
                    total / weight_sum,
                    sum(w.weight * t for w, t in zip(worlds, results, strict=True)) / weight_sum,
                    p_made,
                )
            )
        if not options:
            return None
        options.sort(key=lambda o: -o.value)
        return Decision(options[0].action, tuple(options), samples=len(worlds), exact=exact)


# --- helpers ---------------------------------------------------------------------------------


def _round_shares(shares: list[float]) -> list[int]:
    """Whole tricks summing to ten, largest remainders first."""
    floors = [math.floor(x) for x in shares]
    order = sorted(range(len(shares)), key=lambda i: floors[i] - shares[i])
    for i in order[: 10 - sum(floors)]:
        floors[i] += 1
    return floors


def _call(legal: Sequence[Action], kind: CallKind) -> Action | None:
    return next((a for a in legal if isinstance(a, Call) and a.kind is kind), None)


def _after_contract(view: View) -> list[tuple[Seat, Action | None]]:
    out: list[tuple[Seat, Action | None]] = []
    seen = False
    for seat, action in view.history:
        if isinstance(action, Declare):
            seen = True
            continue
        if seen:
            out.append((seat, action))
    return out


def _representatives(legal: list[Card], view: View) -> list[Card]:
    """One card per group of equivalent cards: touching, with only played or own cards
    between them, so every deal gives them the same double-dummy value."""
    hand = view.known_hands.get(view.to_move or view.seat, view.hand).mask
    out_of_play = view.played_cards.mask | hand
    if view.discard is not None:
        out_of_play |= view.discard.mask
    reps: list[Card] = []
    for card in sorted(legal, key=lambda c: -c.index):
        if reps:
            prev = reps[-1]
            if prev.suit == card.suit:
                between = (prev.bit - 1) & ~(card.bit * 2 - 1)
                if not between & ~out_of_play:
                    continue
        reps.append(card)
    return reps


def _twin(card: Card, reps: list[Card], view: View) -> Action | None:
    """The representative standing for ``card``."""
    for rep in reps:
        if rep == card:
            return card_action(rep)
    hand = view.known_hands.get(view.to_move or view.seat, view.hand).mask
    out_of_play = view.played_cards.mask | hand
    for rep in reps:
        if rep.suit == card.suit:
            lo, hi = sorted((rep, card), key=lambda c: c.index)
            between = (hi.bit - 1) & ~(lo.bit * 2 - 1)
            if not between & ~out_of_play:
                return card_action(rep)
    return None


def _play_utility(view: View, mover: Seat, decl_seat: Seat) -> _Utility:
    """Whists for the mover's side as a function of the solver's seat's final tricks."""
    rules = view.rules
    contract = view.contract
    order = view.active
    if contract is None:
        price = 10.0 * rules.rate * rules.raspasy_multiplier(max(1, view.raspasy_run + 1))
        return _Utility({t: -price * t * (rules.players - 1) / rules.players for t in range(11)})
    declarer = view.declarer
    assert declarer is not None
    table: dict[int, float] = {}
    choices = {
        s: (WhistChoice.WHIST if s in view.whisters else WhistChoice.PASS)
        for s in order
        if s not in (declarer, view.dummy)
    }
    for t in range(11):
        tricks = split_defence(declarer, order, t, dict(view.tricks_won))
        if contract.is_misere:
            result = synth_result(
                rules,
                view.dealer,
                order,
                DealKind.MISERE,
                declarer=declarer,
                contract=contract,
                tricks=tricks,
            )
        else:
            result = synth_result(
                rules,
                view.dealer,
                order,
                DealKind.GAME,
                declarer=declarer,
                contract=contract,
                bid=view.bid,
                tricks=tricks,
                choices=choices,
                whisters=view.whisters,
                open_=view.defence_open,
            )
        if rules.is_balkan:
            result = replace(result, invited=view.invited, kontra=dict(view.kontra))
        values = deal_value(result, rules)
        if mover == declarer:
            table[t] = values.get(declarer, 0.0)
        else:
            side = [s for s in order if s != declarer and s in values]
            table[t] = sum(values[s] for s in side) / max(1, len(side))
    del decl_seat
    return _Utility(table)


class _Utility:
    """A lookup from the solver seat's trick total to whists."""

    def __init__(self, table: dict[int, float]) -> None:
        self.table = table

    def __call__(self, tricks: int) -> float:
        return self.table[max(0, min(10, tricks))]


@lru_cache(maxsize=65536)
def _game_discard(twelve: int, strain: Strain) -> int:
    """The two cards whose discard leaves the best table estimate in ``strain``."""
    return _game_discards(twelve, strain, 0, keep=1)[0]


def _game_discards(twelve: int, strain: Strain, fixed: int, keep: int = 3) -> list[int]:
    """The best few discards (masks of 2) by the table's estimate; ``fixed`` is in each."""
    cards = CardSet.from_mask(twelve)
    trump = strain.trump
    scored: list[tuple[float, int]] = []
    pool = [c for c in cards if not fixed & c.bit]
    need = 2 - fixed.bit_count()
    for drop in combinations(pool, need):
        mask = fixed | sum(c.bit for c in drop)
        rest = CardSet.from_mask(twelve & ~mask)
        value = hand_tricks(rest, trump) - 0.01 * sum(c.rank for c in drop) / 8
        scored.append((value, mask))
    scored.sort(key=lambda t: (-t[0], t[1]))
    out: list[int] = []
    for _, mask in scored:
        if mask not in out:
            out.append(mask)
        if len(out) >= keep:
            break
    return out


@lru_cache(maxsize=65536)
def _misere_discard(twelve: int, *, own_lead: bool) -> int:
    return _misere_discards(twelve, own_lead=own_lead, keep=0, count=1)[0]


def _misere_discards(twelve: int, *, own_lead: bool, keep: int, count: int = 4) -> list[int]:
    """The discards leaving the smallest chance of a caught misère (seed 002's holes)."""
    cards = [c for c in CardSet.from_mask(twelve) if not keep & c.bit]
    need = 2 - keep.bit_count()
    scored = []
    for drop in combinations(cards, need):
        mask = keep | sum(c.bit for c in drop)
        risk = misere_risk(CardSet.from_mask(twelve & ~mask), own_lead=own_lead)
        scored.append((risk - 1e-4 * sum(c.rank for c in drop), mask))
    scored.sort()
    return [m for _, m in scored[:count]]


def _lowest_level(bid: Contract, strain: Strain) -> int | None:
    for level in range(6, 11):
        if Contract(level, strain) >= bid:
            return level
    return None


def _mean_tricks(
    tricks: dict[tuple[int, Strain | None], int], worlds: list[World], strain: Strain | None
) -> float:
    total = sum(w.weight * tricks[(i, strain)] for i, w in enumerate(worlds))
    return total / sum(w.weight for w in worlds)


def _defender_whists(
    rules: Rules, contract: Contract, hands: dict[Seat, int], order: list[Seat]
) -> tuple[Seat, ...]:
    """Which defenders whist in this world, by the heuristic rule (first defender first)."""
    need = contract.defence_obligation / 2 if contract.level <= 7 else 1.0
    out = []
    for seat in order:
        est = defence_estimate(CardSet.from_mask(hands[seat]), contract.trump)
        if est >= need or (rules.players == 2 and est >= need * 0.8):
            out.append(seat)
    return tuple(out)


@lru_cache(maxsize=200_000)
def _cached_game_value(
    rules: Rules,
    dealer: Seat,
    order: tuple[Seat, ...],
    me: Seat,
    contract: Contract,
    tricks: int,
    whisters: tuple[Seat, ...],
) -> float:
    defenders = [s for s in order if s not in (me,) and not (rules.players == 2 and s == Seat.E)]
    if not whisters:
        result = synth_result(
            rules,
            dealer,
            order,
            DealKind.GAME,
            declarer=me,
            contract=contract,
            choices=dict.fromkeys(defenders, WhistChoice.PASS),
            played=False,
            tricks={},
        )
    else:
        choices = {s: WhistChoice.WHIST if s in whisters else WhistChoice.PASS for s in defenders}
        result = synth_result(
            rules,
            dealer,
            order,
            DealKind.GAME,
            declarer=me,
            contract=contract,
            choices=choices,
            whisters=whisters,
            open_=len(whisters) == 1,
            tricks=split_defence(me, order, tricks),
        )
    return deal_value(result, rules).get(me, 0.0)


def _game_value(
    rules: Rules,
    dealer: Seat,
    order: tuple[Seat, ...],
    me: Seat,
    contract: Contract,
    tricks: int,
    world: World,
) -> float:
    """The declarer's whists for a contract, with the defenders whisting as they would."""
    defenders = [s for s in order if s != me and not (rules.players == 2 and s == Seat.E)]
    hands = {s: world.hand(s) for s in defenders}
    whisters = _defender_whists(rules, contract, hands, defenders)
    return _cached_game_value(rules, dealer, order, me, contract, tricks, whisters)


@lru_cache(maxsize=4096)
def _misere_value(
    rules: Rules, dealer: Seat, order: tuple[Seat, ...], me: Seat, tricks: int
) -> float:
    result = synth_result(
        rules,
        dealer,
        order,
        DealKind.MISERE,
        declarer=me,
        contract=MISERE,
        tricks=split_defence(me, order, tricks),
    )
    return deal_value(result, rules).get(me, 0.0)


@lru_cache(maxsize=4096)
def _walk_value(
    rules: Rules, dealer: Seat, order: tuple[Seat, ...], me: Seat, bid: Contract
) -> float:
    result = synth_result(
        rules, dealer, order, DealKind.WALK_AWAY, declarer=me, bid=bid, played=False
    )
    return deal_value(result, rules).get(me, 0.0)


def _whist_outcome(
    view: View,
    world: World,
    declarer_tricks: int,
    my_call: CallKind,
    partner: Seat | None,
    calls: list[tuple[Seat, Action | None]],
    declarer: Seat,
    contract: Contract,
) -> float:
    """My whists if I make ``my_call`` and the partner answers as the heuristic would."""
    rules = view.rules
    me = view.seat
    order = view.active
    partner_kinds = [a.kind for s, a in calls if isinstance(a, Call) and s == partner]
    need = contract.defence_obligation / 2 if contract.level <= 7 else 1.0
    partner_call: CallKind = CallKind.PASS
    if partner is not None:
        if partner_kinds:
            partner_call = partner_kinds[-1]
            if partner_call is CallKind.HALF_WHIST and my_call is CallKind.WHIST:
                partner_call = CallKind.PASS
        else:
            est = defence_estimate(CardSet.from_mask(world.hand(partner)), contract.trump)
            if my_call is CallKind.WHIST:
                partner_call = CallKind.WHIST if est >= need else CallKind.PASS
            else:
                partner_call = (
                    CallKind.WHIST
                    if est >= contract.defence_obligation * 0.6
                    else (
                        CallKind.HALF_WHIST
                        if contract.level <= 7 and rules.half_whist
                        else CallKind.PASS
                    )
                )
    choice_of = {
        CallKind.WHIST: WhistChoice.WHIST,
        CallKind.PASS: WhistChoice.PASS,
        CallKind.HALF_WHIST: WhistChoice.HALF_WHIST,
    }
    choices = {me: choice_of.get(my_call, WhistChoice.PASS)}
    if partner is not None:
        choices[partner] = choice_of.get(partner_call, WhistChoice.PASS)
    whisters = tuple(s for s, c in choices.items() if c is WhistChoice.WHIST)
    played = bool(whisters)
    tricks: dict[Seat, int] = {}
    if played:
        shares = {
            s: max(0.3, defence_estimate(CardSet.from_mask(world.hand(s)), contract.trump))
            for s in order
            if s != declarer
        }
        tricks = split_defence(declarer, order, declarer_tricks, None, shares)
    result = synth_result(
        rules,
        view.dealer,
        order,
        DealKind.GAME,
        declarer=declarer,
        contract=contract,
        bid=view.bid,
        tricks=tricks,
        choices=choices,
        whisters=whisters,
        open_=len(whisters) == 1,
        played=played,
    )
    return deal_value(result, rules).get(me, 0.0)
