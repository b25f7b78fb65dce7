"""The sampling bot in the Balkan game: every decision kind decided on solved samples."""

from __future__ import annotations

import random

from preferans import solver
from preferans.actions import INVITE, KONTRA, PASS, WHIST, Action, Bid, CardAction, Declare
from preferans.balkan.payoff import balkan_value
from preferans.bots import make_bot
from preferans.bots.hints import hint
from preferans.bots.sampling import SamplingBot
from preferans.cards import Card, CardSet
from preferans.contracts import Contract
from preferans.game import Deal, DealState, Phase, View, new_deal
from preferans.game.deal import active_seats
from preferans.rules import find_rules
from preferans.seats import Seat
from preferans.solver import Objective, Position

from .conftest import play, seat_bots

RULES = find_rules("balkan")
DEALER = Seat.S
FIRST, SECOND, THIRD = active_seats(3, DEALER)
FULL = CardSet.parse("♠789TJQKA ♣789TJQKA ♦789TJQKA ♥789TJQKA")


def _deal(first: str, third: str, talon: str, refe: tuple[Seat, ...] = ()) -> DealState:
    """First hand and third hand as given, the talon as given, second hand the rest."""
    a, c, t = CardSet.parse(first), CardSet.parse(third), CardSet.parse(talon)
    b = CardSet([card for card in FULL if card not in a and card not in c and card not in t])
    deal = Deal(DEALER, {FIRST: a, SECOND: b, THIRD: c}, t)
    return new_deal(RULES, deal, refe=refe)


def _declare(state: DealState, discard: str, game: Contract) -> DealState:
    """First hand bids 2♠, the others pass, he discards and names ``game``."""
    state = state.apply(Bid(Contract.balkan_game(2)))
    state = state.apply(PASS).apply(PASS)
    for card in CardSet.parse(discard):
        assert state.phase is Phase.DISCARD
        state = state.apply(CardAction(card))
    return state.apply(Declare(game))


def _lone_whister(first: str, third: str, talon: str, discard: str) -> DealState:
    """4♥ named by first hand; second hand passes, third hand whists and is alone."""
    state = _declare(_deal(first, third, talon, refe=(FIRST,)), discard, Contract.balkan_game(4))
    state = state.apply(PASS).apply(WHIST)
    assert state.actor == THIRD
    return state


def _decide(view: View, samples: int = 16) -> Action:
    decision = SamplingBot(seed=3, samples=samples).decide(view)
    assert decision.method in ("sampling", "exact")
    return decision.action


def test_eight_sure_spades_bid_up_and_make_the_game() -> None:
    state = _deal("♠AKQJT987 ♥A ♦A", "♥KQ ♦KQ ♣KQ ♥T9 ♦T9", "♣78")
    action = _decide(state.view(FIRST))
    assert isinstance(action, Bid)
    bots = {
        FIRST: SamplingBot(seed=3),
        SECOND: make_bot("heuristic"),
        THIRD: make_bot("heuristic"),
    }
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        state = state.apply(bots[actor].choose(state.view(actor)))
    result = state.result()
    assert result.declarer == FIRST
    assert balkan_value(result, RULES)[FIRST] > 0


def test_kontra_when_the_defence_beats_the_game_in_every_sample() -> None:
    state = _lone_whister("♥789 ♠789 ♣78 ♦78", "♥AKQJ ♠AKQ ♣AKQ", "♦9 ♣9", "♦9 ♣9")
    decision = SamplingBot(seed=3).decide(state.view(THIRD))
    assert decision.action == KONTRA
    kontra = next(o for o in decision.options if o.action == KONTRA)
    assert kontra.chance == 0.0


def test_no_kontra_on_a_hopeless_defence() -> None:
    state = _lone_whister("♥AKQJT9 ♠AK ♣A ♦A", "♠QJT9 ♣KQJ ♦KQJ", "♣7 ♦7", "♣7 ♦7")
    assert _decide(state.view(THIRD)) != KONTRA


def test_a_lone_whister_prices_playing_alone_inviting_and_kontra() -> None:
    # Two sure trump tricks: alone he needs 2, invited the side needs 4.
    state = _lone_whister("♥QJT9 ♠AKQ ♦AKQ", "♥AK ♠987 ♣987 ♦98", "♥7 ♥8", "♥7 ♥8")
    decision = SamplingBot(seed=1).decide(state.view(THIRD))
    assert {o.action for o in decision.options} == {PASS, INVITE, KONTRA}
    best = max(decision.options, key=lambda o: o.value).action
    # The best-valued call, unless that is a kontra without the margin a doubling needs.
    assert decision.action == best or best == KONTRA


def test_a_lone_whister_who_beats_the_game_brings_the_passer_in() -> None:
    state = _lone_whister("♥789 ♠789 ♣78 ♦78", "♥AKQJ ♠AKQ ♣AKQ", "♦9 ♣9", "♦9 ♣9")
    assert _decide(state.view(THIRD)) in (INVITE, KONTRA)


def test_out_seat_play_chooses_the_double_dummy_card() -> None:
    # Declarer: 4 top trumps and six top spades; the lone whister has 4 small trumps and
    # two spades: drawing trumps first takes all ten, a spade first loses a ruff.
    declarer = "♥AKQJ ♠AKQJT9"
    whister = "♥789T ♠78 ♣AK ♦AK"
    state = _declare(
        _deal(declarer, whister, "♣8 ♣9", refe=(FIRST,)),
        "♣8 ♣9",
        Contract.balkan_game(4),
    )
    state = state.apply(PASS).apply(WHIST).apply(PASS)  # the whister plays alone
    view = state.view(FIRST)
    assert view.out == SECOND and view.phase is Phase.PLAY
    decision = SamplingBot(seed=3).decide(view)
    assert decision.method in ("sampling", "exact")
    order = view.active
    hands = [None if s == view.out else state.hand(s).mask for s in order]
    position = Position.make(hands, leader=order.index(FIRST), trump=3)
    decl = order.index(FIRST)
    best = {}
    for action in view.legal_actions:
        assert isinstance(action, CardAction)
        after, winner = solver.play(position, action.card.index)
        best[action] = (winner == decl) + solver.solve(after, Objective.TRICKS, decl)
    assert best[decision.action] == max(best.values())
    assert isinstance(decision.action, CardAction)
    assert decision.action.card.suit == Card.parse("♥A").suit


def test_no_balkan_decision_falls_back_to_the_heuristic() -> None:
    kinds: set[str] = set()
    for seed in range(6):
        bot = SamplingBot(seed=seed, samples=4)
        bots = seat_bots(RULES, lambda i, bot=bot: bot)

        def check(view: View, action: Action, bot: SamplingBot = bot) -> None:
            if len(view.legal_actions) < 2:
                return
            decision = bot.decide(view)
            assert decision.method != "heuristic", (view.phase, action)
            assert decision.action == action
            kinds.add(view.phase.name + ("/out" if view.out is not None else ""))

        play(RULES, seed, bots, check)
    assert {"BIDDING", "DISCARD", "CONTRACT", "WHISTING", "PLAY"} <= kinds


def test_balkan_hints_render_the_evidence_in_both_languages() -> None:
    state = _lone_whister("♥789 ♠789 ♣78 ♦78", "♥AKQJ ♠AKQ ♣AKQ", "♦9 ♣9", "♦9 ♣9")
    shown = hint(state.view(THIRD), seed=3)
    assert "kontra" in shown.text_en and "bula-equivalent whists" in shown.text_en
    assert "контра" in shown.text_ru and "булы" in shown.text_ru
    first = _deal("♠AKQJT987 ♥A ♦A", "♥KQJ ♦KQJ ♣AKQ ♥T", "♣78")
    bid_hint = hint(first.view(FIRST), seed=3)
    assert "tricks" in bid_hint.text_en and "взят" in bid_hint.text_ru


def test_inference_reads_a_balkan_bid_as_a_playable_game() -> None:
    from preferans.actions import Call, CallKind
    from preferans.balkan.inference import balkan_weight

    strong = CardSet.parse("♣AKQJT ♠AK ♥AK ♦A")
    weak = CardSet.parse("♣8TQ ♠9J ♥9JK ♦8T")  # no game, and holes for a betl
    five = Bid(Contract.balkan_game(5))
    standing = Contract.balkan_game(4)
    bid = [(five, standing, False)]
    passed = [(Call(CallKind.PASS), standing, False)]
    assert balkan_weight(strong, strong, bid, None, declarer=False) > 5 * balkan_weight(
        weak, weak, bid, None, declarer=False
    )
    assert balkan_weight(weak, weak, passed, None, declarer=False) > 5 * balkan_weight(
        strong, strong, passed, None, declarer=False
    )


def test_balkan_card_play_keeps_the_heuristic_card_among_equivalent_ones() -> None:
    """The shared card evaluation: when the heuristic's card is equal double-dummy to the
    best representative (touching cards), the bot plays the heuristic's own card, as the
    Russian sampling bot does; opponents who read the cards see the same signals."""
    from preferans.bots.heuristic import heuristic_action
    from preferans.bots.sampling import representatives, twin_card

    rules = RULES
    bot = SamplingBot(seed=5, samples=3)
    checked = 0
    for number in range(6):
        state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(40 + number)))
        while not state.is_over:
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            decision = bot.decide(view)
            if state.phase is Phase.PLAY and isinstance(decision.action, CardAction):
                default = heuristic_action(view)
                legal = [a.card for a in view.legal_actions if isinstance(a, CardAction)]
                reps = representatives(legal, view, table_separates=bot.table_separates)
                if isinstance(default, CardAction) and decision.method != "forced":
                    twin = twin_card(default.card, reps, view, table_separates=bot.table_separates)
                    if twin == decision.action or default == decision.action:
                        checked += 1
                        assert decision.action == default
            state = state.apply(decision.action)
    assert checked > 0
