"""The sampling level: decisions by expected whists over deals consistent with the view.

For every decision the bot draws deals that fit what its seat knows (see
:mod:`preferans.bots.inference`: hand sizes, voids, the talon, weighed by the others'
calls), solves each with the double-dummy solver's batch call, and scores every option with
the sheet's prices (:mod:`preferans.bots.payoff`). Where the unknown is small it is exact:
an open defence shows the declarer everything, a misère catcher sees the declarer's twelve
cards, and the last tricks have few arrangements — then every arrangement is solved.

Claims (:mod:`preferans.bots.claims`) are weighed against double-dummy play of the rest:
an answer accepts when the claimed result is worth at least the expected solved one; a
proposal names what every world gives the claimer's side, only when it is worth at least
playing on and the answerers, dealing again the cards they cannot see, would find it no
worse for them either. With 4 players and ``throw_talon`` the talon is taken (the
discard/contract plan) or thrown (the dealer's 2 in gora, then the best contract on the own
ten cards or walking away), whichever is worth more; bids without the talon are priced on
the own ten cards with the talon closed, and so is the contract after such a bid or a throw.

Raspasy tricks 1–2 led by talon cards are priced on sampled deals too (the solver's
``Position.talon``; in trick 1 each drawn deal supplies the second talon card, still face
down). Every Balkan decision (bidding, moje, igra, the discard and the game named, the
defence, invitation and kontra, card play also beside an out seat) is made by
:mod:`preferans.balkan.sampling`, priced in bula-equivalent whists
(:func:`preferans.balkan.payoff.balkan_value`, kontra multipliers included; docs/bots.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from preferans import solver
from preferans.actions import (
    ACCEPT,
    REJECT,
    THROW_TALON,
    Action,
    Bid,
    Call,
    CallKind,
    CardAction,
    Claim,
    Declare,
    card_action,
)
from preferans.bots import claims
from preferans.bots.base import decision_rng
from preferans.bots.decision import Decision, Option
from preferans.bots.defender_model import (
    GREEDY_HABIT,
    Before,
    WhistHabit,
    obligation_share,
    whist_chance,
    whist_habit,
)
from preferans.bots.evaluation import hand_tricks, misere_risk, should_bid_misere
from preferans.bots.fused_play import fused_values
from preferans.bots.heuristic import (
    defence_estimate,
    find_call,
    here_answered,
    heuristic_action,
    max_contract,
)
from preferans.bots.inference import TALON, Slots, World, draw_worlds, random_world
from preferans.bots.payoff import deal_value, split_defence, synth_result
from preferans.bots.play_reading import card_weights, resample_worlds
from preferans.bots.raspasy_value import raspasy_table
from preferans.cards import Card, CardSet
from preferans.contracts import MISERE, Contract, Strain, bid_ladder
from preferans.errors import PreferansError
from preferans.families import family_of
from preferans.result import DealKind, DealResult, WhistChoice
from preferans.rules import Rules
from preferans.seats import Seat
from preferans.solver import Objective, Position

if TYPE_CHECKING:
    from random import Random as _Random

    from preferans.game.views import View

__all__ = [
    "DEFAULT_SAMPLES",
    "CardTurn",
    "Decision",
    "Option",
    "SamplingBot",
    "best_over_pass",
    "bid_decision",
    "card_turn",
    "discard_decision",
    "find_call",
    "game_discards",
    "misere_discards",
    "representatives",
    "twin_card",
]

#: Deals drawn per decision at the default setting (card play; bidding uses fewer).
DEFAULT_SAMPLES = 16
#: A strain whose table estimate is this far below the best one is not solved.
STRAIN_MARGIN = 1.5
#: A misère the seed's holes catch this surely is not solved either.
MISERE_HOPELESS = 0.9
#: Whists a bid must promise over passing: the sampled deals are few and double-dummy
#: play flatters the declarer a little. One whist beat two, and two beat three, in
#: 1,000-deal duplicate matches (docs/bots.md).
BID_MARGIN = 1.0
#: Proposing a claim: our deals looked at from each answerer's side, and the deals drawn
#: per deal for what that answerer could imagine.
CLAIM_CHECK_WORLDS = 8
CLAIM_CHECK_DRAWS = 3
#: In raspasy tricks led by talon cards the solver's card must beat the heuristic's by this
#: many whists: measured against heuristic opponents, the solver's choice there was no
#: better than the heuristic's rule and with 4 players worse (docs/bots.md).
TALON_TRICK_MARGIN = 3.0
#: Card play reads the others' cards on a pool of this many times the deals, each card
#: the heuristic would not have played weighing its deal by the factor: over 1,000 Sochi
#: deals +0.51 [+0.03, +0.99] whists/deal against not reading (docs/bots.md).
READ_POOL = 4
READ_FACTOR = 0.03
#: With more cards than this in hand, raspasy and misère play draws half the deals.
EARLY_CARDS = 7
#: Raspasy card play with at most this many cards a hand left after the talon tricks
#: solves each deal as raspasy is played, every seat avoiding its own tricks
#: (``Objective.SELFISH``), not against two who load the mover; 0 keeps the paranoid solve
#: throughout. From 7 and from 8 cards both leaned better over 1,000 Sochi deals, neither
#: was shown better (docs/bots.md), so the default stays paranoid.
SELFISH_CARDS = 0
#: Selfish raspasy play with three to this many cards in hand does not let the mover see
#: the drawn deal at his next card (:mod:`preferans.bots.fused_play`); 0: never.
FUSED_CARDS = 0
#: The declarer's plan solves this many discards for each strain, the best by the table's
#: estimate of the ten cards kept.
DISCARD_OPTIONS = 3
#: A pass while nobody has bid is priced as raspasy in the drawn deals where the players
#: still to speak would pass too by the table (not only when the pass ends the auction):
#: over 2,000 Sochi deals +0.35 [+0.19, +0.50] whists/deal against not, Leningrad +0.88
#: [+0.42, +1.34], Rostov +0.38 [+0.11, +0.64] over 1,000 deals each (docs/bots.md).
FORESEE_RASPASY = True
#: Whists taken off the raspasy an early pass foresees. In master self-play (Sochi, 400
#: deals, 456 raspasy forecasts) the passers' forecasts were 2.6 whists above what the
#: raspasy then wrote for them (0.25 tricks too few): a player passes when his drawn
#: deals make raspasy look good, and double-dummy raspasy flatters him. Taking 2 whists
#: off changed 16 of 500 Sochi deals, +0.04 [-0.05, +0.13] whists/deal (docs/bots.md):
#: not shown better, so 0.
RASPASY_OPTIMISM = 0.0
#: Drawn deals (of those where the others would pass too) whose raspasy an early pass
#: solves: each costs three raspasy solves, one per seat's worst case. 12 against 3 over
#: 1,000 Sochi deals: +0.10 [-0.02, +0.21] whists/deal, not shown better (docs/bots.md).
RASPASY_DEALS = 3
#: Whists an early pass is priced at in the drawn deals where a player still to speak
#: would bid by the table (0: nothing). In master self-play (Sochi, 400 deals) such passes
#: were written -7.7 [-9.6, -5.7] whists (docs/bots.md): another's game costs the passer.
#: -8 against 0 over 1,000 Sochi deals: +0.03 [-0.10, +0.15] whists/deal, not shown
#: better, so 0 (a bid that is outbid meets that game too).
OTHERS_BID_VALUE = 0.0
#: Raspasy card play prices the mover's final tricks as the sheet writes them (a clean
#: raspasy's pulya point, Rostov's whists of the fewest tricks, the run's progression)
#: instead of a flat price a trick; the early pass's raspasy is priced at the run's
#: progression too. Bundled with ``selfish_cards=8`` and ``talon_margin=0`` over 1,000
#: deals: Sochi +0.03 [-0.08, +0.15], Leningrad +0.19 [-0.05, +0.43] whists/deal, not
#: shown better (docs/bots.md), so off.
RASPASY_SHEET = False
#: Whist calls weigh each drawn deal by whether the declarer's ten cards carry his
#: contract there (``contract_tilt``): the deals the walk draws fit the auction by the
#: table's estimate, which a declarer's hand beats; in master self-play the whisters'
#: deals gave him 1.3 tricks fewer than the true deal and the contract a 54% chance
#: against 88% made. Over 1,000 duplicate deals against not: Sochi +0.32 [+0.20, +0.45],
#: Leningrad +0.17 [+0.03, +0.31] whists/deal (docs/bots.md).
CONTRACT_TILT = True
#: The weight of a drawn deal where the declarer takes ``d`` tricks more than his level
#: (double-dummy): ``FLOOR + (1 - FLOOR) * logistic(SLOPE * (d + SHIFT))``, fitted to the
#: declarer's true tricks at 243 whist decisions of master self-play (Sochi): one trick
#: short is an even chance, two short one in twenty.
CONTRACT_TILT_FLOOR = 0.03
CONTRACT_TILT_SLOPE = 4.0
CONTRACT_TILT_SHIFT = 1.0
#: The declarer prices a contract with the defenders whisting as the master does
#: (:mod:`preferans.bots.defender_model`), and a defender his partner's call the same way,
#: instead of by the seed's rule (which whists far more often). Over 1,000 Sochi deals
#: against not: +0.22 [+0.05, +0.39] whists/deal (docs/bots.md).
FITTED_WHISTS = True
#: Gentleman's whist (Leningrad) priced with the master's calls fitted there (he whists
#: more often than under greedy whist). Over 1,000 Leningrad deals against the greedy
#: habit: -0.16 [-0.32, -0.01] whists/deal (docs/bots.md), so off: a laboratory setting.
STYLE_WHISTS = False
#: Two of the mover's cards with only played cards between them are played as one (the
#: solver values the higher); with this on, a card lying in the trick on the table keeps
#: them apart (♥Q and ♥A over a ♥K: one ducks, the other wins the trick). Off, such a
#: pair was valued as the ace and played as whichever the heuristic chose. Over 1,000
#: Sochi deals +0.03 [-0.07, +0.13] whists/deal, 60 deals played differently: not shown
#: better (docs/bots.md), so off.
TABLE_SEPARATES = False
#: Tricks the declarer prices his game above its double-dummy count, as a chance of one
#: trick more: the defenders see neither each other's cards nor the discard, and lose
#: more to that than the declarer does. In master self-play (Sochi, 1,000 deals,
#: ``benchmarks/contract_forecast.py``) declarers took 0.2-0.4 tricks more than their
#: bids' deals had said, and a game wrote 5.7 whists more than its bid was priced at.
#: 0.3 against 0 over 1,000 Sochi deals: +0.29 [+0.13, +0.44] whists/deal (docs/bots.md).
DECLARER_EDGE = 0.3
#: An opening bid priced, in the drawn deals where a player still to speak holds a hand
#: the table bids, this share of the way from a loss up to what the pass is priced at
#: there (``others_bid_value``): the opener who meets a stronger hand is outbid or stops
#: and defends, where the solve has him play his game against it. 0: priced as played.
#: 1 against 0 over 1,000 duplicate deals: Leningrad +0.33 [+0.14, +0.53], Sochi (2,000
#: deals) +0.07 [+0.00, +0.13], Rostov +0.07 [-0.06, +0.19] whists/deal (docs/bots.md).
OUTBID_SHARE = 1.0


@dataclass(frozen=True)
class CardTurn:
    """Where every family's card decision starts: the cards worth solving (one of each
    run of equivalent cards), the heuristic's card, who moves, who led the trick and the
    trick's cards so far."""

    reps: list[Card]
    default: Action
    mover: Seat
    leader: Seat
    played: tuple[int, ...]


def card_turn(view: View, *, table_separates: bool = TABLE_SEPARATES) -> CardTurn | Decision | None:
    """The start of a card decision: None when there is no card to play, the heuristic's
    card as a forced decision when all legal cards are equivalent (``table_separates``:
    a card on the table between two of the mover's keeps them apart)."""
    legal = [a.card for a in view.legal_actions if isinstance(a, CardAction)]
    if not legal:
        return None
    reps = representatives(legal, view, table_separates=table_separates)
    default = heuristic_action(view)
    if len(reps) == 1:
        return Decision(default, method="forced")
    mover = view.to_move if view.to_move is not None else view.seat
    trick = view.current_trick
    leader = trick[0][0] if trick else mover
    return CardTurn(reps, default, mover, leader, tuple(card.index for _, card in trick))


class SamplingBot:
    """Expected-score decisions over double-dummy solutions of sampled deals."""

    name = "sampling"

    def __init__(
        self,
        seed: int = 0,
        samples: int = DEFAULT_SAMPLES,
        threads: int = 1,
        bid_samples: int | None = None,
        bid_margin: float = BID_MARGIN,
        read_pool: int = READ_POOL,
        read_factor: float = READ_FACTOR,
        talon_margin: float = TALON_TRICK_MARGIN,
        selfish_cards: int = SELFISH_CARDS,
        fused_cards: int = FUSED_CARDS,
        discard_options: int = DISCARD_OPTIONS,
        declarer_reads: bool = True,
        foresee_raspasy: bool = FORESEE_RASPASY,
        raspasy_optimism: float = RASPASY_OPTIMISM,
        raspasy_deals: int = RASPASY_DEALS,
        others_bid_value: float = OTHERS_BID_VALUE,
        raspasy_sheet: bool = RASPASY_SHEET,
        contract_tilt: bool = CONTRACT_TILT,
        fitted_whists: bool = FITTED_WHISTS,
        style_whists: bool = STYLE_WHISTS,
        table_separates: bool = TABLE_SEPARATES,
        declarer_edge: float = DECLARER_EDGE,
        outbid_share: float = OUTBID_SHARE,
    ) -> None:
        if samples < 1 or (bid_samples is not None and bid_samples < 1):
            raise PreferansError("samples must be at least 1")
        self.seed = seed
        self.samples = samples
        self.threads = threads
        #: Deals drawn for each decision of the auction: bids, the declarer's plan (talon,
        #: discard, contract) and the whist calls (half of ``samples``, at least 6, unless
        #: given; docs/bots.md has what more deals there were measured to be worth).
        self.bid_samples = bid_samples if bid_samples is not None else max(6, samples // 2)
        #: Whists a bid must promise over passing (``BID_MARGIN`` unless given; negative:
        #: a call priced up to that much below the pass is bid).
        self.bid_margin = bid_margin
        #: Card play: the others' cards are read on a pool of ``read_pool`` times the
        #: deals (0: not read), each card the heuristic would not have played weighing
        #: its deal by ``read_factor`` (:mod:`preferans.bots.play_reading`).
        if read_pool < 0 or not 0.0 < read_factor <= 1.0:
            raise PreferansError("read_pool must be >= 0 and 0 < read_factor <= 1")
        self.read_pool = read_pool
        self.read_factor = read_factor
        #: The declarer of a game or misère reads the defenders' cards too (else only
        #: defenders and raspasy players read).
        if not isinstance(declarer_reads, bool):
            raise PreferansError("declarer_reads must be true or false")
        self.declarer_reads = declarer_reads
        #: Whists by which the solver's card must beat the heuristic's in a raspasy trick
        #: led by a talon card (``TALON_TRICK_MARGIN`` unless given).
        if talon_margin < 0:
            raise PreferansError("talon_margin must be >= 0")
        self.talon_margin = talon_margin
        #: Raspasy play with at most this many cards solves each deal with every seat
        #: avoiding its own tricks (``SELFISH_CARDS`` unless given; 0: never).
        if not 0 <= selfish_cards <= 10:
            raise PreferansError("selfish_cards must be 0-10")
        self.selfish_cards = selfish_cards
        #: Selfish raspasy play with 3 to this many cards in hand chooses the mover's next
        #: card once for all the deals he cannot then tell apart (``FUSED_CARDS`` unless
        #: given; 0: never; :mod:`preferans.bots.fused_play`).
        if not 0 <= fused_cards <= 10:
            raise PreferansError("fused_cards must be 0-10")
        self.fused_cards = fused_cards
        #: Discards the declarer's plan solves for each strain (``DISCARD_OPTIONS``
        #: unless given), chosen by the table's estimate of the cards kept.
        if not 1 <= discard_options <= 66:
            raise PreferansError("discard_options must be 1-66")
        self.discard_options = discard_options
        #: An early pass while nobody has bid is priced with the raspasy it may lead to.
        if not isinstance(foresee_raspasy, bool):
            raise PreferansError("foresee_raspasy must be true or false")
        self.foresee_raspasy = foresee_raspasy
        #: ... priced this many whists below its forecast (``RASPASY_OPTIMISM``).
        if not 0.0 <= raspasy_optimism <= 50.0:
            raise PreferansError("raspasy_optimism must be 0-50 whists")
        self.raspasy_optimism = raspasy_optimism
        #: ... over this many of the drawn deals (``RASPASY_DEALS`` unless given).
        if raspasy_deals < 1:
            raise PreferansError("raspasy_deals must be at least 1")
        self.raspasy_deals = raspasy_deals
        #: ... and at this many whists where another would bid (``OTHERS_BID_VALUE``).
        if not -50.0 <= others_bid_value <= 50.0:
            raise PreferansError("others_bid_value must be -50 to 50 whists")
        self.others_bid_value = others_bid_value
        #: Raspasy priced as the sheet writes it (``RASPASY_SHEET`` unless given).
        if not isinstance(raspasy_sheet, bool):
            raise PreferansError("raspasy_sheet must be true or false")
        self.raspasy_sheet = raspasy_sheet
        #: A card on the table keeps two of the mover's cards apart (``TABLE_SEPARATES``).
        if not isinstance(table_separates, bool):
            raise PreferansError("table_separates must be true or false")
        self.table_separates = table_separates
        #: Whist calls trust the declarer's contract (``CONTRACT_TILT`` unless given).
        if not isinstance(contract_tilt, bool):
            raise PreferansError("contract_tilt must be true or false")
        self.contract_tilt = contract_tilt
        #: The declarer prices a contract, and a defender his partner's call, with the
        #: master's own whist calls (``FITTED_WHISTS`` unless given) instead of the seed's.
        if not isinstance(fitted_whists, bool):
            raise PreferansError("fitted_whists must be true or false")
        self.fitted_whists = fitted_whists
        #: ... and with the habit fitted to the rules' whist style (``STYLE_WHISTS`` unless
        #: given; else the greedy whist's habit everywhere).
        if not isinstance(style_whists, bool):
            raise PreferansError("style_whists must be true or false")
        self.style_whists = style_whists
        #: The declarer's own game priced this share of a trick above the double-dummy
        #: count (``DECLARER_EDGE`` unless given): bids, talon, discard and contract.
        if not 0.0 <= declarer_edge <= 1.0:
            raise PreferansError("declarer_edge must be 0-1 tricks")
        self.declarer_edge = declarer_edge
        #: An opening bid's loss in the deals where another would bid is taken this share
        #: of the way up to the pass's price there (``OUTBID_SHARE`` unless given).
        if not 0.0 <= outbid_share <= 1.0:
            raise PreferansError("outbid_share must be 0-1")
        self.outbid_share = outbid_share

    def _declared(
        self,
        view: View,
        order: tuple[Seat, ...],
        contract: Contract,
        tricks: int,
        world: World,
        habit: WhistHabit | None,
    ) -> float:
        """What ``contract`` is worth to the viewer as its declarer in ``world``, where
        he takes ``tricks`` double-dummy, with his edge over that count."""
        return _game_value(
            view.rules,
            view.dealer,
            order,
            view.seat,
            contract,
            tricks,
            world,
            habit=habit,
            edge=self.declarer_edge,
        )

    def whist_habit(self, rules: Rules) -> WhistHabit | None:
        """The master's whist calls the pricing assumes (None: the seed's rule)."""
        if not self.fitted_whists:
            return None
        return whist_habit(rules) if self.style_whists else GREEDY_HABIT

    def choose(self, view: View) -> Action:
        return self.decide(view).action

    def decide(self, view: View) -> Decision:
        """The decision with its evidence (the hint text is built from it)."""
        from preferans.game.phase import Phase

        legal = view.legal_actions
        if not legal:
            raise PreferansError(f"{view.seat} has nothing to decide now")
        if len(legal) == 1:
            return Decision(legal[0], method="forced")
        phase = view.phase
        family_decide = family_of(view.rules).sampling_decide
        if family_decide is not None:
            # A family that prices its own decisions (the Balkan one, in bula-equivalent
            # whists: preferans.balkan.sampling).
            try:
                found = family_decide(self, view)
            except ValueError:
                found = None
            if found is not None and found.action in legal:
                return found
            return Decision(heuristic_action(view), method="heuristic")
        try:
            if phase is Phase.PLAY:
                decision = self._propose_claim(view) if _claims(legal) else None
                if decision is None:
                    decision = self._play(view)
            elif phase is Phase.BIDDING:
                decision = self._bid(view)
            elif phase in (Phase.DISCARD, Phase.CONTRACT):
                decision = self._declarer(view)
            elif phase is Phase.TALON:
                decision = self._talon(view)
            elif phase is Phase.WHISTING:
                decision = self._whist(view)
            elif phase is Phase.CLAIM:
                decision = self._answer_claim(view)
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

    def card_worlds(self, view: View, count: int) -> tuple[list[World], bool]:
        """Deals for a card decision: with reading on, ``read_pool`` times ``count``
        drawn, weighed by the others' cards and drawn down to ``count`` (all of them,
        weighed, when they are few enough to enumerate)."""
        if self.read_pool == 0 or (not self.declarer_reads and view.declarer == view.seat):
            return self._worlds(view, count)
        worlds, exact = self._worlds(view, count * self.read_pool)
        if exact and len(worlds) == 1:
            return worlds, exact  # nothing to weigh against (an open hand, the oracle)
        weights = card_weights(view, worlds, self.read_factor)
        if exact:
            weighed = [World(w.slots, wt) for w, wt in zip(worlds, weights, strict=True)]
            return [w for w in weighed if w.weight > 0], True
        rng = decision_rng(self.seed, view, "reading")
        return resample_worlds(worlds, weights, count, rng), False

    def _draw(self, slots: Slots, rng: _Random, count: int) -> list[World]:
        """``count`` deals drawn uniformly from ``slots`` (the declarer's plans)."""
        return [w for w in (random_world(slots, rng) for _ in range(count)) if w is not None]

    def solve_positions(
        self, positions: Sequence[Position], objective: Objective, declarers: Sequence[int]
    ) -> list[int]:
        if not positions:
            return []
        return solver.solve_many(positions, objective, list(declarers), threads=self.threads)

    # --- card play -------------------------------------------------------------------------

    def _play(self, view: View) -> Decision | None:
        turn = card_turn(view, table_separates=self.table_separates)
        if not isinstance(turn, CardTurn):
            return turn
        mover = turn.mover
        contract = view.contract
        order = view.active
        index = {s: i for i, s in enumerate(order)}
        if contract is None:
            # the cards each hand holds in the positions solved, after the talon tricks
            talon_tricks = 0 if view.lead_talon_card is None else 2 - bool(view.completed_tricks)
            selfish = len(view.hand) - talon_tricks <= self.selfish_cards
            objective = Objective.SELFISH if selfish else Objective.RASPASY
            decl_seat, trump = mover, None
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
        worlds, exact = self.card_worlds(view, count)
        if not worlds:
            return None

        def make_position(world: World) -> Position:
            hands = (world.hand(order[0]), world.hand(order[1]), world.hand(order[2]))
            talon = _talon_to_lead(view, world)
            return Position.make(
                hands,
                leader=index[turn.leader],
                trump=trump,
                played=turn.played,
                talon=talon,
                talon_wins=bool(talon) and view.rules.players == 4,
            )

        utility = _play_utility(view, mover, decl_seat, raspasy_sheet=self.raspasy_sheet)
        fused = objective is Objective.SELFISH and view.lead_talon_card is None
        if fused and 3 <= len(view.hand) <= self.fused_cards:
            try:
                positions = [make_position(world) for world in worlds]
            except ValueError:
                return None
            values = fused_values(
                positions,
                [world.weight for world in worlds],
                index[mover],
                [card.index for card in turn.reps],
                utility,
                view.tricks_won.get(mover, 0),
                self.threads,
            )
            options = [
                Option(card_action(card), f.value, f.tricks)
                for card, f in zip(turn.reps, values, strict=True)
            ]
            return self._pick_card(view, turn, options, 1e-9, len(worlds), exact)
        slack = max(self.talon_margin, 1e-9) if view.lead_talon_card is not None else 1e-9
        return self.evaluate_cards(
            view,
            turn,
            worlds,
            exact,
            objective=objective,
            declarer=decl_seat,
            make_position=make_position,
            utility=utility,
            slack=slack,
        )

    def evaluate_cards(
        self,
        view: View,
        turn: CardTurn,
        worlds: Sequence[World],
        exact: bool,
        *,
        objective: Objective,
        declarer: Seat,
        make_position: Callable[[World], Position],
        utility: Callable[[int], float],
        slack: float = 1e-9,
    ) -> Decision | None:
        """The card evaluation every family shares: each representative card is played in
        every world, the rest solved double-dummy, the declarer's final tricks priced by
        ``utility`` and weighed by the worlds' likelihood. Among the best (within
        ``slack``) the heuristic's own card wins, and when the heuristic's card is only
        represented by an equivalent one, the heuristic's card itself is played
        (equivalent cards are equal double-dummy, not to opponents who read the cards)."""
        reps = turn.reps
        order = view.active
        decl = {s: i for i, s in enumerate(order)}[declarer]
        base = view.tricks_won.get(declarer, 0)
        positions: list[Position] = []
        slots: list[tuple[int, int, int]] = []  # (world, rep, gain) for each position
        immediate: dict[tuple[int, int], int] = {}
        for w, world in enumerate(worlds):
            try:
                position = make_position(world)
            except ValueError:
                return None
            answered = bool(position.talon)
            for r, card in enumerate(reps):
                after, winner = solver.play(position, card.index)
                gain = 1 if winner == decl else 0
                # The talon tricks are played out by the heuristic's rule for everybody
                # (one's own next talon card too), the rest is solved.
                while answered and (after.played or after.talon):
                    after, winner = solver.play(after, _talon_trick_answer(after))
                    if not after.played:
                        gain += 1 if winner == decl else 0
                if solver.remaining_tricks(after) == 0:
                    immediate[(w, r)] = gain
                else:
                    positions.append(after)
                    slots.append((w, r, gain))
        values = self.solve_positions(positions, objective, [decl] * len(positions))
        totals = [[0] * len(reps) for _ in worlds]
        for (w, r), gain in immediate.items():
            totals[w][r] = base + gain
        for (w, r, gain), v in zip(slots, values, strict=True):
            totals[w][r] = base + gain + v
        weight_sum = sum(world.weight for world in worlds)
        options = []
        for r, card in enumerate(reps):
            ev = sum(world.weight * utility(totals[w][r]) for w, world in enumerate(worlds))
            tricks = sum(world.weight * totals[w][r] for w, world in enumerate(worlds))
            options.append(Option(card_action(card), ev / weight_sum, tricks / weight_sum))
        return self._pick_card(view, turn, options, slack, len(worlds), exact)

    def _pick_card(
        self,
        view: View,
        turn: CardTurn,
        options: list[Option],
        slack: float,
        samples: int,
        exact: bool,
    ) -> Decision:
        """Among the best cards (within ``slack``) the heuristic's own card wins, or the
        heuristic's card itself when only an equivalent card of it was valued."""
        default = turn.default
        best = max(o.value for o in options)
        preferred = [o for o in options if o.value >= best - slack]
        chosen = next((o for o in preferred if o.action == default), None)
        if chosen is None and isinstance(default, CardAction):
            twin = twin_card(default.card, turn.reps, view, table_separates=self.table_separates)
            stand_in = next((o for o in preferred if o.action == twin), None)
            if stand_in is not None:
                chosen = replace(stand_in, action=default)
                options = [chosen if o is stand_in else o for o in options]
        if chosen is None:
            chosen = preferred[0]
        options.sort(key=lambda o: -o.value)
        return Decision(
            chosen.action,
            tuple(options),
            samples=samples,
            exact=exact,
            method="exact" if exact else "sampling",
        )

    # --- claims ----------------------------------------------------------------------------

    def _claim_results(self, view: View) -> tuple[list[World], bool, list[int]] | None:
        """Worlds, and the declarer's double-dummy tricks of the rest in each of them."""
        worlds, exact = self._worlds(view, self.samples)
        if not worlds:
            return None
        positions, objective, decl = claims.positions(view, worlds)
        return worlds, exact, self.solve_positions(positions, objective, [decl] * len(positions))

    def _answer_claim(self, view: View) -> Decision | None:
        """Accept when the claim is worth at least double-dummy play of the rest."""
        on_table = claims.pending_claim(view)
        declarer = view.declarer
        if on_table is None or declarer is None or view.contract is None:
            return None
        drawn = self._claim_results(view)
        if drawn is None:
            return None
        worlds, exact, rest = drawn
        base = view.tricks_won.get(declarer, 0)
        utility = _play_utility(view, view.seat, declarer)
        accepted = utility(claims.claimed_total(view, on_table.claimer, on_table.tricks))
        weight_sum = sum(w.weight for w in worlds)
        played = sum(w.weight * utility(base + r) for w, r in zip(worlds, rest, strict=True))
        no_worse = sum(
            w.weight for w, r in zip(worlds, rest, strict=True) if accepted >= utility(base + r)
        )
        side = sum(
            w.weight * claims.side_tricks(view, on_table.claimer, r)
            for w, r in zip(worlds, rest, strict=True)
        )
        options = [
            Option(ACCEPT, accepted, side / weight_sum, no_worse / weight_sum),
            Option(REJECT, played / weight_sum, side / weight_sum),
        ]
        chosen = ACCEPT if accepted >= played / weight_sum - 1e-9 else REJECT
        options.sort(key=lambda o: (o.action != chosen, -o.value))
        return Decision(
            chosen,
            tuple(options),
            samples=len(worlds),
            exact=exact,
            method="exact" if exact else "sampling",
        )

    def _propose_claim(self, view: View) -> Decision | None:
        """Claim t when every world gives the claimer's side t (so the others lose nothing
        against double-dummy play, wherever the unseen cards are) and claiming is worth at
        least playing on; None to play a card instead."""
        declarer = view.declarer
        contract = view.contract
        if declarer is None or contract is None or claims.rejected_before(view):
            return None
        offers = [a for a in view.legal_actions if isinstance(a, Claim)]
        drawn = self._claim_results(view)
        if drawn is None:
            return None
        worlds, exact, rest = drawn
        me = view.seat
        base = view.tricks_won.get(declarer, 0)
        utility = _play_utility(view, me, declarer)
        weight_sum = sum(w.weight for w in worlds)
        played = sum(w.weight * utility(base + r) for w, r in zip(worlds, rest, strict=True))
        played /= weight_sum
        side = [claims.side_tricks(view, me, r) for r in rest]
        mean = sum(w.weight * s for w, s in zip(worlds, side, strict=True)) / weight_sum
        candidates: list[Option] = []
        for offer in offers:
            value = utility(claims.claimed_total(view, me, offer.tricks))
            if (
                _claim_safe(offer.tricks, side, misere=contract.is_misere)
                and value >= played - 1e-9
            ):
                candidates.append(Option(offer, value, mean, 1.0))
        candidates.sort(key=lambda o: -o.value)
        best = next((o for o in candidates if self._others_accept(view, worlds, o.action)), None)
        if best is None:
            return None
        play_on = self._play(view)
        if play_on is not None and play_on.options and play_on.options[0].value > best.value + 1e-9:
            return play_on
        alternative = (
            Option(play_on.action, play_on.options[0].value)
            if play_on is not None and play_on.options
            else Option(heuristic_action(view), played)
        )
        return Decision(
            best.action,
            (best, alternative),
            samples=len(worlds),
            exact=exact,
            method="exact" if exact else "sampling",
        )

    def _others_accept(self, view: View, worlds: list[World], offer: Action) -> bool:
        """Whether the answerers, who see less, should accept too: in deals each of them
        could imagine (a few per world of ours, their unseen cards dealt again) the claim
        never gives them less than double-dummy play would."""
        assert isinstance(offer, Claim)
        contract = view.contract
        assert contract is not None
        rng = decision_rng(self.seed, view, "their-worlds")
        theirs: list[World] = []
        for seat in claims.answerers(view):
            for world in worlds[:CLAIM_CHECK_WORLDS]:
                theirs += claims.their_worlds(view, world, seat, rng, CLAIM_CHECK_DRAWS)
        positions, objective, decl = claims.positions(view, theirs)
        rest = self.solve_positions(positions, objective, [decl] * len(positions))
        side = [claims.side_tricks(view, view.seat, r) for r in rest]
        return _claim_safe(offer.tricks, side, misere=contract.is_misere)

    # --- bidding ---------------------------------------------------------------------------

    def _bid(self, view: View) -> Decision | None:
        legal = view.legal_actions
        pass_ = find_call(legal, CallKind.PASS)
        here = find_call(legal, CallKind.HERE) if not here_answered(view) else None
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.contract)
        misere = next((a for a in bids if a.contract == MISERE), None)
        bare_misere = next(
            (a for a in bids if a.contract.is_misere and a.contract.without_talon), None
        )
        game_bids = [a for a in bids if not a.contract.is_misere and not a.contract.without_talon]
        bare_bids = [a for a in bids if not a.contract.is_misere and a.contract.without_talon]
        holding_bare = here is not None and view.bid is not None and view.bid.without_talon
        worlds, exact = self._worlds(view, self.bid_samples)
        if not worlds:
            return None
        me = view.seat
        order = view.active
        rules = view.rules
        habit = self.whist_habit(rules)
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
        bare = self._bare_tricks(
            view, worlds, games=bool(bare_bids) or holding_bare, misere=bare_misere is not None
        )
        decl = order.index(me)
        game_pos = [p for p, t in zip(positions, tasks, strict=True) if t[1] is not None]
        mis_pos = [p for p, t in zip(positions, tasks, strict=True) if t[1] is None]
        game_vals = iter(self.solve_positions(game_pos, Objective.TRICKS, [decl] * len(game_pos)))
        mis_vals = iter(self.solve_positions(mis_pos, Objective.MISERE, [decl] * len(mis_pos)))
        for t in tasks:
            tricks[t] = next(game_vals) if t[1] is not None else next(mis_vals)
        weight_sum = sum(w.weight for w in worlds)
        # Read once for both the opening's price (``outbid_share``) and the early pass's.
        ahead = (
            _bidders_ahead(view, worlds)
            if self.outbid_share or self.foresee_raspasy
            else [False] * len(worlds)
        )

        def opened(value: float, w: int) -> float:
            """A bid's value in world ``w``, a loss taken up towards the pass's price
            where another would bid (``outbid_share``)."""
            floor = self.others_bid_value
            if ahead[w] and value < floor:
                return value + self.outbid_share * (floor - value)
            return value

        ev: dict[Contract, float] = {}
        for level in range(6, 11):
            for strain in Strain:
                contract = Contract(level, strain)
                total = 0.0
                for w, world in enumerate(worlds):
                    total += world.weight * opened(
                        self._declared(view, order, contract, tricks[(w, strain)], world, habit),
                        w,
                    )
                ev[contract] = total / weight_sum
        options: list[Option] = []
        if pass_ is not None:
            options.append(self._pass_option(pass_, view, worlds, ahead))

        def best_from(floor: Contract) -> tuple[float, Contract]:
            pool = [(v, c) for c, v in ev.items() if c >= floor]
            return max(pool, key=lambda t: (t[0], -t[1].ladder_key))

        bare_ev: dict[Contract, float] = {}
        for strain in Strain:
            if (0, strain) not in bare:
                continue
            for level in range(6, 11):
                contract = Contract(level, strain, True)
                total = 0.0
                for w, world in enumerate(worlds):
                    total += world.weight * opened(
                        self._declared(view, order, contract, bare[(w, strain)], world, habit),
                        w,
                    )
                bare_ev[contract] = total / weight_sum

        def bare_from(floor: Contract) -> tuple[float, Contract] | None:
            pool = [(v, c) for c, v in bare_ev.items() if c >= floor]
            return max(pool, key=lambda t: (t[0], -t[1].ladder_key)) if pool else None

        if here is not None and view.bid is not None:
            if view.bid.without_talon:
                found = bare_from(view.bid)
                if found is not None:
                    value, target = found
                    mean = _mean_tricks(bare, worlds, target.strain)
                    options.append(Option(here, value, mean))
            else:
                value, target = best_from(view.bid)
                options.append(Option(here, value, _mean_tricks(tricks, worlds, target.strain)))
        if game_bids:
            value, target = best_from(game_bids[0].contract)
            options.append(Option(game_bids[0], value, _mean_tricks(tricks, worlds, target.strain)))
        found = bare_from(bare_bids[0].contract) if bare_bids else None
        if found is not None:
            # Bid the target's strain at the lowest level open, and name the target later.
            value, target = found
            action = next(a for a in bare_bids if a.contract.strain == target.strain)
            options.append(Option(action, value, _mean_tricks(bare, worlds, target.strain)))
        if bare_misere is not None and (0, None) in bare:
            caught = 0.0
            total = 0.0
            for w, world in enumerate(worlds):
                taken = bare[(w, None)]
                caught += world.weight * (taken > 0)
                total += world.weight * _misere_value(
                    rules, view.dealer, order, me, taken, bare_misere.contract
                )
            options.append(Option(bare_misere, total / weight_sum, None, caught / weight_sum))
        if misere is not None:
            caught = 0.0
            total = 0.0
            for w, world in enumerate(worlds):
                taken = tricks[(w, None)]
                caught += world.weight * (taken > 0)
                total += world.weight * _misere_value(rules, view.dealer, order, me, taken)
            options.append(Option(misere, total / weight_sum, None, caught / weight_sum))
        return bid_decision(options, pass_, self.bid_margin, ev, samples=len(worlds), exact=exact)

    def _bare_tricks(
        self, view: View, worlds: list[World], *, games: bool, misere: bool
    ) -> dict[tuple[int, Strain | None], int]:
        """Without the talon: the own ten cards against the worlds' hands (the talon stays
        closed and out of play), per world and strain; a misère only if its holes leave
        it a chance. Strains far below the best by the table keep the table's figure."""
        out: dict[tuple[int, Strain | None], int] = {}
        hand = view.hand.mask
        order = view.active
        decl = order.index(view.seat)
        tasks: list[tuple[int, Strain | None]] = []
        positions: list[Position] = []
        estimates = {strain: hand_tricks(view.hand, strain.trump) for strain in Strain}
        top = max(estimates.values())
        risk = misere_risk(view.hand, own_lead=order[0] == view.seat)
        for w, world in enumerate(worlds):
            hands = [world.hand(s) for s in order]
            hands[decl] = hand
            for strain in Strain if games else ():
                if estimates[strain] < top - STRAIN_MARGIN:
                    out[(w, strain)] = math.floor(estimates[strain])
                    continue
                trump = None if strain.trump is None else int(strain.trump)
                positions.append(Position.make(hands, leader=0, trump=trump))
                tasks.append((w, strain))
            if misere:
                if risk > MISERE_HOPELESS:
                    out[(w, None)] = 2
                    continue
                positions.append(Position.make(hands, leader=0))
                tasks.append((w, None))
        game = [(p, t) for p, t in zip(positions, tasks, strict=True) if t[1] is not None]
        mis = [(p, t) for p, t in zip(positions, tasks, strict=True) if t[1] is None]
        for group, objective in ((game, Objective.TRICKS), (mis, Objective.MISERE)):
            values = self.solve_positions([p for p, _ in group], objective, [decl] * len(group))
            for (_, t), v in zip(group, values, strict=True):
                out[t] = v
        return out

    def _pass_option(
        self, pass_: Action, view: View, worlds: list[World], ahead: Sequence[bool]
    ) -> Option:
        """Passing is worth nothing unless it ends the auction in raspasy: for certain
        when the others have passed, and (``foresee_raspasy``) in the share of the drawn
        deals where the players still to speak hold hands the table passes, and at
        ``others_bid_value`` in the rest. The option carries that share and the own
        raspasy tricks expected, so the hint can say why a pass costs whists. ``ahead``:
        per deal, whether a player still to speak would bid (:func:`_bidders_ahead`)."""
        to_speak = _still_to_speak(view)
        if to_speak is None or (to_speak and not self.foresee_raspasy):
            return Option(pass_, 0.0)
        share = 1.0
        if to_speak:
            passing = [world for world, bids in zip(worlds, ahead, strict=True) if not bids]
            if not passing:
                return Option(pass_, self.others_bid_value, None, 0.0)
            share = sum(w.weight for w in passing) / sum(w.weight for w in worlds)
            worlds = passing
        # First hand leads, or plays first to the talon cards leading tricks 1-2 (their
        # order is unknown: each world takes one from the decision's own generator).
        # The solver's raspasy value is each seat's worst case against two who load it;
        # real raspasy shares the ten tricks, so the three worst cases set the shares.
        order = view.active
        chosen = worlds[: self.raspasy_deals]
        positions = []
        seats: list[int] = []
        leads = view.rules.raspasy_talon == "leads"
        rng = decision_rng(self.seed, view, "talon order")
        for world in chosen:
            hands = [world.hand(s) for s in order]
            talon = [c for c in range(32) if world.slots.get(TALON, 0) >> c & 1] if leads else []
            if len(talon) != 2:
                talon = []
            rng.shuffle(talon)
            position = Position.make(
                hands, leader=0, talon=talon, talon_wins=bool(talon) and view.rules.players == 4
            )
            for i in range(3):
                positions.append(position)
                seats.append(i)
        values = self.solve_positions(positions, Objective.RASPASY, seats)
        total = 0.0
        own_tricks = 0.0
        weight = 0.0
        me = order.index(view.seat)
        run = view.raspasy_run + 1 if self.raspasy_sheet else 1
        for w, world in enumerate(chosen):
            worst = values[3 * w : 3 * w + 3]
            scale = 10.0 / max(1, sum(worst))
            shares = [x * scale for x in worst]
            tricks = _round_shares(shares)
            own_tricks += world.weight * tricks[me]
            result = synth_result(
                view.rules,
                view.dealer,
                order,
                DealKind.RASPASY,
                tricks=dict(zip(order, tricks, strict=True)),
            )
            value = deal_value(result, view.rules, raspasy_run=run)
            total += world.weight * value.get(view.seat, 0.0)
            weight += world.weight
        elsewhere = (1.0 - share) * self.others_bid_value
        if not weight:
            return Option(pass_, elsewhere, None, share)
        forecast = total / weight - self.raspasy_optimism
        return Option(pass_, share * forecast + elsewhere, own_tricks / weight, share)

    # --- discard, contract, walk away ------------------------------------------------------

    def _declarer(self, view: View) -> Decision | None:
        from preferans.game.phase import Phase

        legal = view.legal_actions
        bid = view.bid
        if (
            bid is not None
            and view.phase is Phase.CONTRACT
            and (view.talon_thrown or bid.without_talon)
        ):
            ten = self._ten_plan(view, thrown=view.talon_thrown)
            if ten is None:
                return None
            named, ten_options, ten_samples = ten
            action = Declare(named) if named is not None else find_call(legal, CallKind.WALK_AWAY)
            if action is None:
                return None
            return Decision(action, ten_options, samples=ten_samples)
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
            return discard_decision(legal, drop & ~own_discard, options, samples)
        if contract is None:
            walk = find_call(legal, CallKind.WALK_AWAY)
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
        bid = view.bid
        assert bid is not None
        worlds = self._plan_worlds(view, f"plan|{int(view.seat)}|{twelve}", twelve, False, "")
        if not worlds:
            return None
        me = view.seat
        order = view.active
        decl = order.index(me)
        rules = view.rules
        habit = self.whist_habit(rules)
        candidates: list[tuple[int, Strain | None]] = []
        strain: Strain | None
        if bid.is_misere:
            drops = (
                [fixed_drop]
                if fixed_drop
                else misere_discards(twelve, own_lead=order[0] == me, keep=own_discard)
            )
            candidates = [(d, None) for d in drops]
        else:
            for suit_or_nt in Strain:
                if _lowest_level(bid, suit_or_nt) is None:
                    continue
                drops = (
                    [fixed_drop]
                    if fixed_drop
                    else game_discards(twelve, suit_or_nt, own_discard, self.discard_options)
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
        values = self.solve_positions(positions, objective, [decl] * len(positions))
        n = len(worlds)

        def open_drop(drop: int) -> CardSet | None:
            # The discard is named only while it is still to be chosen.
            return None if fixed_drop else CardSet.from_mask(drop)

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
                        Option(Declare(MISERE), value, None, caught / weight_sum, open_drop(drop)),
                    ]
                continue
            low = _lowest_level(bid, strain)
            assert low is not None
            for level in range(low, 11):
                candidate = Contract(level, strain)
                total = sum(
                    w.weight * self._declared(view, order, candidate, t, w, habit)
                    for w, t in zip(worlds, results, strict=True)
                )
                made = sum(w.weight * (t >= level) for w, t in zip(worlds, results, strict=True))
                tricks = sum(w.weight * t for w, t in zip(worlds, results, strict=True))
                value = total / weight_sum
                option = Option(
                    Declare(candidate),
                    value,
                    tricks / weight_sum,
                    made / weight_sum,
                    open_drop(drop),
                )
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

    def _talon(self, view: View) -> Decision | None:
        """4 players, throw_talon: take the talon (the discard/contract plan with the shown
        talon) or throw it (2 into the dealer's gora, then the best contract on the own ten
        cards or walking away), whichever promises more whists."""
        legal = view.legal_actions
        talon = view.talon
        if view.bid is None or talon is None:
            return None
        plan = self._plan(view, view.hand.mask | talon.mask, 0, 0)
        ten = self._ten_plan(view, thrown=True)
        if plan is None or ten is None:
            return None
        drop, contract, plan_options, samples = plan
        take: Action | None
        if contract is None:
            take = find_call(legal, CallKind.WALK_AWAY)
        else:
            take = card_action(CardSet.from_mask(drop).sorted()[0])
        if take is None or not plan_options:
            return None
        kept = plan_options[0]
        thrown = ten[1][0]
        options = [
            Option(take, kept.value, kept.tricks, kept.chance),
            Option(THROW_TALON, thrown.value, thrown.tricks, thrown.chance),
        ]
        options.sort(key=lambda o: -o.value)
        return Decision(
            options[0].action,
            tuple(options),
            samples=samples,
            notes={"take": kept.value, "throw": thrown.value},
        )

    def _plan_worlds(
        self, view: View, key: str, known: int, talon_hidden: bool, suffix: str
    ) -> list[World]:
        """Deals for a declarer's plan from a generator keyed by his cards and the auction
        only, so every step of one plan (discards, throw, contract) sees the same deals."""
        import random as _random

        auction = ",".join(
            f"{int(s)}:{a.index}"
            for s, a in view.history
            if a is not None and not isinstance(a, CardAction) and a != THROW_TALON
        )
        rng = _random.Random(f"{self.seed}|{key}|{auction}{suffix}")
        slots = _declarer_slots(view, known, talon_hidden=talon_hidden)
        return self._draw(slots, rng, self.bid_samples)

    def _ten_plan(
        self, view: View, *, thrown: bool
    ) -> tuple[Contract | None, tuple[Option, ...], int] | None:
        """The contract (None = walk away) to play on the own ten cards: after throwing the
        talon (it is out of play and seen by all), or after a bid without the talon (it
        stays closed: the worlds place it). Worlds come from a generator keyed by the hand
        and the auction only, so pricing a throw and naming the contract after it agree."""
        bid = view.bid
        assert bid is not None
        hand = view.hand.mask
        if hand.bit_count() != 10:
            return None
        known = hand | (view.talon.mask if thrown and view.talon is not None else 0)
        key = f"ten|{int(view.seat)}|{hand}"
        worlds = self._plan_worlds(view, key, known, not thrown, f"|{thrown}")
        if not worlds:
            return None
        me = view.seat
        order = view.active
        decl = order.index(me)
        rules = view.rules
        habit = self.whist_habit(rules)
        named = [a.contract for a in view.legal_actions if isinstance(a, Declare)]
        contracts = named or _contracts_after(bid)
        strains = sorted({c.strain for c in contracts if c.strain is not None})
        tasks: list[Strain | None] = [*strains]
        if any(c.is_misere for c in contracts):
            tasks.append(None)
        positions: list[Position] = []
        for strain in tasks:
            for world in worlds:
                hands = [world.hand(s) for s in order]
                hands[decl] = hand
                trump = None if strain is None or strain.trump is None else int(strain.trump)
                positions.append(Position.make(hands, leader=0, trump=trump))
        n = len(worlds)
        games = [p for i, p in enumerate(positions) if tasks[i // n] is not None]
        mis = [p for i, p in enumerate(positions) if tasks[i // n] is None]
        game_vals = self.solve_positions(games, Objective.TRICKS, [decl] * len(games))
        mis_vals = self.solve_positions(mis, Objective.MISERE, [decl] * len(mis))
        results: dict[Strain | None, list[int]] = {
            s: game_vals[i * n : (i + 1) * n] for i, s in enumerate(strains)
        }
        if mis:
            results[None] = mis_vals
        extra = _thrown_value(rules, view.dealer, order, me, bid) if thrown else 0.0
        weight_sum = sum(w.weight for w in worlds)
        options: list[Option] = []
        for candidate in contracts:
            tricks = results[candidate.strain]
            if candidate.is_misere:
                total = sum(
                    w.weight * _misere_value(rules, view.dealer, order, me, t, candidate)
                    for w, t in zip(worlds, tricks, strict=True)
                )
                caught = sum(w.weight * (t > 0) for w, t in zip(worlds, tricks, strict=True))
                value = total / weight_sum + extra
                options.append(Option(Declare(candidate), value, None, caught / weight_sum))
                continue
            total = sum(
                w.weight * self._declared(view, order, candidate, t, w, habit)
                for w, t in zip(worlds, tricks, strict=True)
            )
            made = sum(
                w.weight * (t >= candidate.level) for w, t in zip(worlds, tricks, strict=True)
            )
            mean = sum(w.weight * t for w, t in zip(worlds, tricks, strict=True)) / weight_sum
            value = total / weight_sum + extra
            options.append(Option(Declare(candidate), value, mean, made / weight_sum))
        if not options:
            return None
        # Highest value; between equals the cheapest contract (the first named).
        best = max(options, key=lambda o: o.value)
        choice: Contract | None = best.action.contract if isinstance(best.action, Declare) else None
        options.sort(key=lambda o: -o.value)
        options = options[:6]
        if thrown and not bid.is_misere and not bid.without_talon:
            walk = _walk_value(rules, view.dealer, order, me, bid) + extra
            options.append(Option(Call(CallKind.WALK_AWAY), walk))
            if walk > best.value:
                choice = None
            options.sort(key=lambda o: -o.value)
        return choice, tuple(options), n

    # --- whisting --------------------------------------------------------------------------

    def _whist(self, view: View) -> Decision | None:
        legal = view.legal_actions
        contract = view.contract
        declarer = view.declarer
        if contract is None or declarer is None or contract.is_misere:
            return None
        worlds, exact = self._worlds(view, self.bid_samples)
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
        results = self.solve_positions(positions, Objective.TRICKS, [decl] * len(positions))
        if self.contract_tilt:
            worlds = [
                World(w.slots, w.weight * contract_tilt(t - contract.level))
                for w, t in zip(worlds, results, strict=True)
            ]
        weight_sum = sum(w.weight for w in worlds)
        made = sum(w.weight * (t >= contract.level) for w, t in zip(worlds, results, strict=True))
        p_made = made / weight_sum
        open_ = find_call(legal, CallKind.OPEN)
        closed = find_call(legal, CallKind.CLOSED)
        if open_ is not None and closed is not None:
            # Open, always: the whister then plays both defenders' hands seen. Played out
            # both ways by sampling bots, that was worth more to him than keeping the
            # declarer guessing, at every chance of the contract (benchmarks/open_closed.py,
            # docs/bots.md); the chance is still shown.
            shown = (
                Option(open_, 0.0, None, p_made),
                Option(closed, 0.0, None, p_made),
            )
            return Decision(open_, shown, samples=len(worlds), exact=exact)
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
        habit = self.whist_habit(view.rules)
        for action in legal:
            if not isinstance(action, Call):
                continue
            total = 0.0
            for world, t in zip(worlds, results, strict=True):
                value = _whist_outcome(
                    view,
                    world,
                    t,
                    action.kind,
                    partner,
                    calls,
                    declarer,
                    contract,
                    habit=habit,
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


def contract_tilt(surplus: int) -> float:
    """How much a drawn deal counts when the declarer takes ``surplus`` tricks more than
    his contract in it (double-dummy; negative: short). A declarer names what his own
    deals say he makes, so a deal where he falls well short is an unlikely one."""
    x = CONTRACT_TILT_SLOPE * (surplus + CONTRACT_TILT_SHIFT)
    return CONTRACT_TILT_FLOOR + (1.0 - CONTRACT_TILT_FLOOR) / (1.0 + math.exp(-x))


def _still_to_speak(view: View) -> list[Seat] | None:
    """The bidders who have not passed, the viewer aside, while nobody has bid (None once
    someone has)."""
    if any(isinstance(a, Bid) for _, a in view.history):
        return None
    spoken_pass = {s for s, a in view.history if isinstance(a, Call) and a.kind is CallKind.PASS}
    return [s for s in view.active if s != view.dummy and s != view.seat and s not in spoken_pass]


def _bidders_ahead(view: View, worlds: Sequence[World]) -> list[bool]:
    """Per drawn deal, whether a player still to speak holds a hand the seed's table bids
    (all False once someone has bid, or with nobody left to speak)."""
    to_speak = _still_to_speak(view)
    if not to_speak:
        return [False] * len(worlds)
    first = view.active[0]
    return [
        not all(_table_passes(world.hand(s), own_lead=s == first) for s in to_speak)
        for world in worlds
    ]


def _table_passes(hand: int, *, own_lead: bool) -> bool:
    """Whether the seed's table passes these ten cards while nobody has bid: no game the
    estimate supports and no misère it would bid."""
    cards = CardSet.from_mask(hand)
    return max_contract(cards) is None and not should_bid_misere(cards, own_lead=own_lead)


def _round_shares(shares: list[float]) -> list[int]:
    """Whole tricks summing to ten, largest remainders first."""
    floors = [math.floor(x) for x in shares]
    order = sorted(range(len(shares)), key=lambda i: floors[i] - shares[i])
    for i in order[: 10 - sum(floors)]:
        floors[i] += 1
    return floors


def _claim_safe(tricks: int, side: Sequence[int], *, misere: bool) -> bool:
    """A claim of ``tricks`` never beats double-dummy play for the claimer's side: at most
    what it takes (misère: the declarer's side wants few, so at least what it takes)."""
    return all(tricks >= s for s in side) if misere else all(tricks <= s for s in side)


def _claims(legal: Sequence[Action]) -> bool:
    return any(isinstance(a, Claim) for a in legal)


def best_over_pass(options: list[Option], pass_: Action | None, margin: float) -> Option:
    """Sort ``options`` best first and take the best call other than the pass, unless it
    beats passing by less than ``margin`` whists (the sampled deals are few: near-ties go
    to the pass). A negative margin bids a call priced up to that much below the pass."""
    options.sort(key=lambda o: -o.value)
    pass_option = next((o for o in options if o.action == pass_), None)
    if pass_option is None:
        return options[0]
    best_call = next((o for o in options if o is not pass_option), None)
    if best_call is None or best_call.value < pass_option.value + margin:
        return pass_option
    return best_call


def bid_decision(
    options: list[Option],
    pass_: Action | None,
    margin: float,
    values: Mapping[Contract, float],
    *,
    samples: int,
    exact: bool,
) -> Decision | None:
    """A bidding decision over the priced calls (None: nothing was priced), noting the
    best contract's value the bidder saw."""
    if not options:
        return None
    chosen = best_over_pass(options, pass_, margin)
    return Decision(
        chosen.action,
        tuple(options),
        samples=samples,
        exact=exact,
        notes={"best_contract_value": max(values.values(), default=0.0), "bid_margin": margin},
    )


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


def _talon_trick_answer(position: Position) -> int:
    """How a plain raspasy player plays in a talon trick (the heuristic's rule): under the
    best card of the named suit with the highest card that stays under it; forced over it,
    with the highest; first to play, the lowest; void, the highest card held."""
    legal = solver.legal_cards(position)
    suit = position.talon[0] >> 3
    following = [c for c in legal if c >> 3 == suit]
    if not following:
        return max(legal, key=lambda c: (c & 7, c))
    on_table = [c for c in position.played if c >> 3 == suit]
    if position.talon_wins:
        on_table.append(position.talon[0])
    if not on_table:
        return min(following)
    best = max(on_table)
    under = [c for c in following if c < best]
    return max(under) if under else max(following)


def _talon_to_lead(view: View, world: World) -> tuple[int, ...]:
    """The talon cards still to lead raspasy tricks, the current trick's first. In trick 1
    the second card is not turned up yet, so each world supplies it from its talon."""
    lead = view.lead_talon_card
    if lead is None:
        return ()
    if view.completed_tricks:
        return (lead.index,)
    unseen = world.slots.get(TALON, 0)
    if unseen.bit_count() != 1:
        raise PreferansError("a world without the one talon card still face down")
    return (lead.index, unseen.bit_length() - 1)


def _out_of_play(view: View, *, table_separates: bool) -> int:
    """Cards that can no longer separate two of the mover's cards in a trick (with
    ``table_separates``, the cards of the trick on the table still can)."""
    hand = view.known_hands.get(view.to_move or view.seat, view.hand).mask
    out_of_play = view.played_cards.mask | hand
    if table_separates:
        for _, card in view.current_trick:
            out_of_play &= ~card.bit
    if view.lead_talon_card is not None and view.rules.players == 4:
        out_of_play &= ~view.lead_talon_card.bit  # the dealer's talon card can win
    return out_of_play


def representatives(legal: list[Card], view: View, *, table_separates: bool) -> list[Card]:
    """One card per group of equivalent cards: touching, with only played or own cards
    between them, so every deal gives them the same double-dummy value."""
    out_of_play = _out_of_play(view, table_separates=table_separates)
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


def twin_card(card: Card, reps: list[Card], view: View, *, table_separates: bool) -> Action | None:
    """The representative standing for ``card``."""
    for rep in reps:
        if rep == card:
            return card_action(rep)
    out_of_play = _out_of_play(view, table_separates=table_separates)
    for rep in reps:
        if rep.suit == card.suit:
            lo, hi = sorted((rep, card), key=lambda c: c.index)
            between = (hi.bit - 1) & ~(lo.bit * 2 - 1)
            if not between & ~out_of_play:
                return card_action(rep)
    return None


def _play_utility(
    view: View, mover: Seat, decl_seat: Seat, *, raspasy_sheet: bool = RASPASY_SHEET
) -> _Utility:
    """Whists for the mover's side as a function of the solver's seat's final tricks
    (``raspasy_sheet``: raspasy priced as the sheet writes it, else a flat price a trick)."""
    rules = view.rules
    contract = view.contract
    order = view.active
    if contract is None and raspasy_sheet:
        run = view.raspasy_run + 1
        return _Utility(raspasy_table(rules, view.dealer, order, mover, dict(view.tricks_won), run))
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
            result = _game_result(
                view, declarer, contract, tricks, choices, view.whisters, open_=view.defence_open
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
    return game_discards(twelve, strain, 0, keep=1)[0]


def game_discards(twelve: int, strain: Strain, fixed: int, keep: int = 3) -> list[int]:
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
def discard_decision(
    legal: Sequence[Action], drop: int, options: tuple[Option, ...], samples: int
) -> Decision | None:
    """The next card of a planned discard (``drop``, the cards still to go) that is legal
    now, as the decision of that plan; None when none is (the heuristic decides then)."""
    for card in CardSet.from_mask(drop).sorted():
        action = card_action(card)
        if action in legal:
            return Decision(action, options, samples=samples)
    return None


def _misere_discard(twelve: int, *, own_lead: bool) -> int:
    return misere_discards(twelve, own_lead=own_lead, keep=0, count=1)[0]


def misere_discards(twelve: int, *, own_lead: bool, keep: int, count: int = 4) -> list[int]:
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
    need = obligation_share(contract)
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
    half: Seat | None = None,
) -> float:
    defenders = [s for s in order if s not in (me,) and not (rules.players == 2 and s == Seat.E)]
    choices = {s: WhistChoice.WHIST if s in whisters else WhistChoice.PASS for s in defenders}
    if half is not None:
        choices[half] = WhistChoice.HALF_WHIST
    played = bool(whisters)  # nobody whists: the game counts as made without play
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
        played=played,
        tricks=split_defence(me, order, tricks) if played else {},
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
    *,
    habit: WhistHabit | None = None,
    edge: float = 0.0,
) -> float:
    """The declarer's whists for a contract, with the defenders whisting as they would:
    by the seed's rule, or as the master does by ``habit``, in expectation over its calls;
    with ``edge``, that chance of a trick more than ``tricks`` (:data:`DECLARER_EDGE`)."""
    defenders = [s for s in order if s != me and not (rules.players == 2 and s == Seat.E)]
    value: Callable[[int], float]
    if habit is not None and len(defenders) == 2:
        first, second = defenders
        first_est = defence_estimate(CardSet.from_mask(world.hand(first)), contract.trump)
        second_est = defence_estimate(CardSet.from_mask(world.hand(second)), contract.trump)

        def value(taken: int) -> float:
            estimates = (first_est, second_est)
            return _fitted_game_value(
                rules, dealer, order, me, contract, taken, (first, second), estimates, habit
            )
    else:
        hands = {s: world.hand(s) for s in defenders}
        whisters = _defender_whists(rules, contract, hands, defenders)

        def value(taken: int) -> float:
            return _cached_game_value(rules, dealer, order, me, contract, taken, whisters)

    if edge and tricks < 10:
        return (1.0 - edge) * value(tricks) + edge * value(tricks + 1)
    return value(tricks)


def _fitted_game_value(
    rules: Rules,
    dealer: Seat,
    order: tuple[Seat, ...],
    me: Seat,
    contract: Contract,
    tricks: int,
    defenders: tuple[Seat, Seat],
    estimates: tuple[float, float],
    habit: WhistHabit,
) -> float:
    """The declarer's whists over the master defenders' calls (:mod:`defender_model`),
    ``estimates`` their defence estimates: the first whists or passes; after a whist the
    second whists or passes; after a pass he whists or half-whists (six and seven, where
    the rules allow it), and after a half-whist the first whists or lets the game stand
    unplayed."""
    first_est, second_est = estimates
    need = obligation_share(contract)
    high = contract.level > 7
    surplus = tricks - contract.level
    both, first_alone, second_alone, unplayed, half = _whist_outcomes(
        rules, dealer, order, me, contract, tricks, *defenders
    )
    p_first = whist_chance(first_est, need, surplus, Before.NOTHING, high=high, habit=habit)
    after_whist = whist_chance(second_est, need, surplus, Before.WHIST, high=high, habit=habit)
    total = p_first * (after_whist * both + (1 - after_whist) * first_alone)
    after_pass = whist_chance(second_est, need, surplus, Before.PASS, high=high, habit=habit)
    if half is None:
        rest = unplayed
    else:
        again = whist_chance(first_est, need, surplus, Before.HALF_WHIST, high=high, habit=habit)
        rest = again * first_alone + (1 - again) * half
    total += (1 - p_first) * (after_pass * second_alone + (1 - after_pass) * rest)
    return total


@lru_cache(maxsize=20_000)
def _whist_outcomes(
    rules: Rules,
    dealer: Seat,
    order: tuple[Seat, ...],
    me: Seat,
    contract: Contract,
    tricks: int,
    first: Seat,
    second: Seat,
) -> tuple[float, float, float, float, float | None]:
    """The declarer's whists when both defenders whist, the first alone, the second
    alone, nobody (the game stands unplayed), and the second half-whists (None where the
    rules or the level allow no half-whist): one look-up for :func:`_fitted_game_value`."""

    def value(whisters: tuple[Seat, ...], half: Seat | None = None) -> float:
        return _cached_game_value(rules, dealer, order, me, contract, tricks, whisters, half)

    half_whist = contract.level <= 7 and rules.half_whist
    return (
        value((first, second)),
        value((first,)),
        value((second,)),
        value(()),
        value((), half=second) if half_whist else None,
    )


@lru_cache(maxsize=4096)
def _misere_value(
    rules: Rules,
    dealer: Seat,
    order: tuple[Seat, ...],
    me: Seat,
    tricks: int,
    contract: Contract = MISERE,
) -> float:
    result = synth_result(
        rules,
        dealer,
        order,
        DealKind.MISERE,
        declarer=me,
        contract=contract,
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


@lru_cache(maxsize=4096)
def _thrown_value(
    rules: Rules, dealer: Seat, order: tuple[Seat, ...], me: Seat, bid: Contract
) -> float:
    """What throwing the talon alone is worth to me (the sheet writes 2 into the dealer's
    gora): the difference it makes to any result, since the writes add up."""
    plain = synth_result(
        rules, dealer, order, DealKind.WALK_AWAY, declarer=me, bid=bid, played=False
    )
    thrown = replace(plain, talon_thrown=True)
    return deal_value(thrown, rules).get(me, 0.0) - deal_value(plain, rules).get(me, 0.0)


def _contracts_after(bid: Contract) -> list[Contract]:
    """The contracts the declarer may name after ``bid`` (the engine's rule, RULES §4)."""
    if bid.is_misere:
        return [bid]
    return [
        c
        for c in bid_ladder(bid.without_talon)
        if not c.is_misere and c.without_talon == bid.without_talon and c >= bid
    ]


def _declarer_slots(view: View, known: int, *, talon_hidden: bool) -> Slots:
    """Before any card is played the declarer knows ``known`` (his cards, the talon if
    shown); the other hands (and a closed talon) hold the rest, with no other constraint."""
    pool = 0xFFFFFFFF & ~known
    fixed = {int(view.seat): known}
    sizes = {int(s): 10 for s in view.active if s != view.seat}
    if talon_hidden:
        sizes[TALON] = 2
    return Slots(pool, sizes, dict.fromkeys(sizes, pool), fixed)


def _whist_outcome(
    view: View,
    world: World,
    declarer_tricks: int,
    my_call: CallKind,
    partner: Seat | None,
    calls: list[tuple[Seat, Action | None]],
    declarer: Seat,
    contract: Contract,
    *,
    habit: WhistHabit | None = None,
) -> float:
    """My whists if I make ``my_call`` and the partner answers: as he did, or as the
    heuristic would, or as the master does by ``habit``, in expectation over his calls."""
    rules = view.rules
    partner_kinds = [a.kind for s, a in calls if isinstance(a, Call) and s == partner]
    need = obligation_share(contract)
    half = contract.level <= 7 and rules.half_whist
    if partner is None or partner_kinds:
        partner_call: CallKind = CallKind.PASS
        if partner_kinds:
            partner_call = partner_kinds[-1]
            if partner_call is CallKind.HALF_WHIST and my_call is CallKind.WHIST:
                partner_call = CallKind.PASS
        return _whist_value(view, world, declarer_tricks, my_call, partner, partner_call, contract)
    est = defence_estimate(CardSet.from_mask(world.hand(partner)), contract.trump)
    otherwise = CallKind.HALF_WHIST if my_call is not CallKind.WHIST and half else CallKind.PASS
    if habit is not None:
        before = Before.WHIST if my_call is CallKind.WHIST else Before.PASS
        surplus = declarer_tricks - contract.level
        p = whist_chance(est, need, surplus, before, high=contract.level > 7, habit=habit)
        whisted = _whist_value(
            view, world, declarer_tricks, my_call, partner, CallKind.WHIST, contract
        )
        other = _whist_value(view, world, declarer_tricks, my_call, partner, otherwise, contract)
        return p * whisted + (1 - p) * other
    bar = need if my_call is CallKind.WHIST else contract.defence_obligation * 0.6
    whists = est >= bar
    partner_call = CallKind.WHIST if whists else otherwise
    return _whist_value(view, world, declarer_tricks, my_call, partner, partner_call, contract)


def _whist_value(
    view: View,
    world: World,
    declarer_tricks: int,
    my_call: CallKind,
    partner: Seat | None,
    partner_call: CallKind,
    contract: Contract,
) -> float:
    """My whists when I make ``my_call`` and the partner ``partner_call``."""
    rules = view.rules
    me = view.seat
    order = view.active
    declarer = view.declarer
    assert declarer is not None
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
    result = _game_result(
        view, declarer, contract, tricks, choices, whisters, open_=len(whisters) == 1, played=played
    )
    return deal_value(result, rules).get(me, 0.0)


def _game_result(
    view: View,
    declarer: Seat,
    contract: Contract,
    tricks: dict[Seat, int],
    choices: dict[Seat, WhistChoice],
    whisters: tuple[Seat, ...],
    *,
    open_: bool,
    played: bool = True,
) -> DealResult:
    """A game imagined at the view's table after its bidding, in the form the sheet scores."""
    return synth_result(
        view.rules,
        view.dealer,
        view.active,
        DealKind.GAME,
        declarer=declarer,
        contract=contract,
        bid=view.bid,
        tricks=tricks,
        choices=choices,
        whisters=whisters,
        open_=open_,
        played=played,
    )
