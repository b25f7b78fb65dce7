"""The terminal's parts without a terminal: input reading, words, solver values, sessions."""

from __future__ import annotations

import random

import pytest

from preferans.actions import PASS, WHIST, Action, Bid, CardAction, Declare, action_from_index
from preferans.analysis.values import analyse_state, unavailable_reason
from preferans.cards import Card
from preferans.contracts import Contract
from preferans.game import Deal, DealState, Phase, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat
from preferans.solver import Objective, Position, analyse, reference
from preferans.terminal import i18n
from preferans.terminal.hints import get_hint
from preferans.terminal.parse import Command, InputError, parse_input
from preferans.terminal.session import GameSetup, SaveError, Session

C = Card.parse


def cards(*texts: str) -> list[CardAction]:
    return [CardAction(C(t)) for t in texts]


def test_numbers_pick_from_the_list() -> None:
    legal = [Bid(Contract.parse("6S")), Bid(Contract.misere()), PASS]
    assert parse_input("2", legal) == (Bid(Contract.misere()),)
    with pytest.raises(InputError) as error:
        parse_input("4", legal)
    assert error.value.key == "bad_number"


@pytest.mark.parametrize("text", ["♠9", "s9", "S9", "п9", "9♠"])
def test_cards_in_every_spelling(text: str) -> None:
    assert parse_input(text, cards("♠9", "♥Q")) == (CardAction(C("♠9")),)


def test_a_rank_alone_when_only_one_card_has_it() -> None:
    legal = cards("♠Q", "♥Q", "♦A")
    assert parse_input("a", legal) == (CardAction(C("♦A")),)
    with pytest.raises(InputError) as error:
        parse_input("q", legal)
    assert error.value.key == "ambiguous"


def test_bids_calls_and_the_contract_step() -> None:
    bids = [Bid(Contract.parse("7C")), PASS]
    assert parse_input("7c", bids) == (Bid(Contract.parse("7♣")),)
    assert parse_input("пас", bids) == (PASS,)
    assert parse_input("p", bids) == (PASS,)
    assert parse_input("w", [PASS, WHIST]) == (WHIST,)
    declares = [Declare(Contract.parse("7C")), Declare(Contract.parse("7NT"))]
    assert parse_input("7nt", declares) == (Declare(Contract.parse("7БК")),)


def test_both_discards_at_once_and_commands() -> None:
    legal = cards("♠7", "♠8", "♥A")
    assert parse_input("s7 s8", legal) == tuple(cards("♠7", "♠8"))
    assert parse_input("1, 2", legal) == tuple(cards("♠7", "♠8"))
    assert parse_input("?", legal) == Command("hint")
    assert parse_input("save my.pref", legal) == Command("save", "my.pref")
    assert parse_input("пуля", legal) == Command("sheet")
    with pytest.raises(InputError):
        parse_input("nonsense words", legal)
    with pytest.raises(InputError):
        parse_input("   ", legal)


def test_every_message_has_both_languages() -> None:
    for key, (english, russian) in i18n._MESSAGES.items():
        assert english and russian, key
        assert set(_fields(english)) == set(_fields(russian)), key


def _fields(text: str) -> list[str]:
    import string

    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def test_action_words() -> None:
    assert i18n.action_text(Declare(Contract.parse("6NT")), "en") == "play 6NT"
    assert i18n.action_text(Declare(Contract.parse("6NT")), "ru") == "игра 6БК"
    assert i18n.action_text(PASS, "ru") == "пас"
    for index in range(100):
        assert i18n.action_text(action_from_index(index), "ru")


def _play_until(state: DealState, phase: Phase, rng: random.Random) -> DealState:
    while state.phase is not phase and not state.is_over:
        legal = state.legal_actions()
        passes = [a for a in legal if a == PASS]
        state = state.apply(passes[0] if passes else rng.choice(legal))
    return state


def test_solver_values_agree_with_the_solver() -> None:
    rules = find_rules("sochi", raspasy_talon="unused", raspasy_scoring="gora")
    rng = random.Random(3)
    state = new_deal(rules, Deal.random(rules, Seat.E, rng))
    state = _play_until(state, Phase.PLAY, rng)  # everybody passes: raspasy
    assert state.is_raspasy and unavailable_reason(state) is None
    values = analyse_state(state)
    assert values is not None and values.meaning == "own"
    hands = [state.hand(s).mask for s in state.active]
    mover = state.active.index(state.to_move)  # type: ignore[arg-type]
    raw = analyse(Position.make(hands, leader=mover), Objective.RASPASY, mover)
    assert {c.index: v for c, v in values.values.items()} == raw
    assert set(values.values) == {
        a.card for a in state.legal_actions() if isinstance(a, CardAction)
    }


@pytest.mark.parametrize("players", [3, 4])
def test_talon_led_raspasy_tricks_have_solver_values(players: int) -> None:
    """Tricks 1-2 of raspasy led by talon cards (4 players: the dealer's talon card can
    win): every legal card is valued, as the pure-Python reference solver values it."""
    rules = find_rules("sochi", players=players)
    rng = random.Random(7)
    state = new_deal(rules, Deal.random(rules, Seat.E, rng))
    state = _play_until(state, Phase.PLAY, rng)
    assert state.is_raspasy and state.lead_talon_card is not None
    for _ in range(2 * (len(state.active))):
        if state.lead_talon_card is None:
            break
        assert unavailable_reason(state) is None
        values = analyse_state(state)
        assert values is not None and values.meaning == "own"
        assert set(values.values) == {
            a.card for a in state.legal_actions() if isinstance(a, CardAction)
        }
        assert all(0 <= v <= values.remaining for v in values.values.values())
        seats = state.active
        mover = seats.index(state.to_move)  # type: ignore[arg-type]
        trick = state.current_trick
        position = Position.make(
            [state.hand(s).mask for s in seats],
            leader=seats.index(trick[0][0]) if trick else mover,
            played=[card for _, card in trick],
            talon=state.deal.talon_order[len(state.completed_tricks) : 2],
            talon_wins=players == 4,
        )
        expected = reference.analyse(position, Objective.RASPASY, mover)
        assert {c.index: v for c, v in values.values.items()} == expected
        best = min(values.values, key=lambda c: values.values[c])
        state = state.apply(CardAction(best))
    assert len(state.completed_tricks) >= 1


def test_no_values_outside_card_play() -> None:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(1)))
    assert unavailable_reason(state) == "not card play"
    assert analyse_state(state) is None


def test_hint_is_legal() -> None:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(2)))
    hint = get_hint(state.view(state.actor))  # type: ignore[arg-type]
    assert hint.action in state.legal_actions()


def test_setup_checks_seats_and_levels() -> None:
    rules = find_rules("sochi", players=2)
    with pytest.raises(ValueError, match="not a player's seat"):
        GameSetup.create(rules, 10, human=Seat.E)
    with pytest.raises(ValueError, match="unknown bot level"):
        GameSetup.create(rules, 10, bots={Seat.W: "genius"})
    setup = GameSetup.create(rules, 10, seed=1)
    assert dict(setup.bots) == {Seat.W: "master"}  # the strongest level is the default


def test_resume_refuses_what_is_not_a_save() -> None:
    with pytest.raises(SaveError, match="not a game record"):
        Session.resume("Deal x\n")
    from pathlib import Path

    golden = Path(__file__).parents[1] / "notation" / "golden" / "sochi.pref"
    with pytest.raises(SaveError, match="not a saved terminal game"):
        Session.resume(golden.read_text(encoding="utf-8"))


def test_save_then_resume_gives_the_same_position() -> None:
    setup = GameSetup.create(find_rules("leningrad"), 10, seed=9)
    session = Session(setup)
    session.start_deal()
    for _ in range(5):
        session.apply(session.bot_action() if not session.human_to_act() else _first(session))
    text = __import__("preferans.notation", fromlist=["dumps"]).dumps(session.record())
    again, moves = Session.resume(text)
    assert moves == 5
    assert again.state is not None and session.state is not None
    assert again.state.history == session.state.history
    assert again.setup == session.setup


def _first(session: Session) -> object:
    assert session.state is not None
    return session.state.legal_actions()[0]


def test_claims_are_typed_not_listed() -> None:
    from preferans.actions import Claim

    assert parse_input("claim 3", cards("♠7")) == (Claim(3),)
    assert parse_input("предлагаю 0", cards("♠7")) == (Claim(0),)


def test_hint_falls_back_to_the_strongest_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    from preferans.terminal import hints

    monkeypatch.setattr(hints, "_module_hint", lambda: None)
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(2)))
    hint = hints.get_hint(state.view(state.actor))  # type: ignore[arg-type]
    assert not hint.from_module and hint.level == hints.strongest_level()
    assert hint.action in state.legal_actions()


def test_hint_module_reason_in_the_players_language() -> None:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(2)))
    hint = get_hint(state.view(state.actor), lang="ru")  # type: ignore[arg-type]
    if hint.from_module:
        assert hint.reason


def test_balkan_contracts_read_the_balkan_way() -> None:
    texts = {
        (n, bp, lang): i18n.contract_text(Contract.balkan_game(n, without_talon=bp), lang)
        for n in range(2, 8)
        for bp in (False, True)
        for lang in ("en", "ru")
    }
    assert [texts[n, False, "en"] for n in range(2, 8)] == ["2♠", "3♦", "4♥", "5♣", "betl", "sans"]
    assert [texts[n, False, "ru"] for n in (6, 7)] == ["бетл", "санс"]
    assert texts[5, True, "en"] == "igra 5♣" and texts[6, True, "ru"] == "игра бетл"
    declare = Declare(Contract.balkan_game(3))
    assert i18n.action_text(declare, "ru") == "играю 3♦"
    assert i18n.action_text(Declare(Contract.parse("7♠")), "ru") == "игра 7♠"  # unchanged


def test_igra_and_moje_are_typed() -> None:
    igra = Bid(Contract.balkan_game(5, without_talon=True))
    legal: list[Action] = [PASS, Bid(Contract.balkan_game(2)), igra]
    assert parse_input("igra 5c", legal) == (igra,)
    assert parse_input("игра 5т", legal) == (igra,)
    assert parse_input("моё", legal) == parse_input("here", legal)
    contract = Declare(Contract.balkan_game(5, without_talon=True))
    assert parse_input("igra 5c", [contract]) == (contract,)
    # outside the Balkan game "игра 7т" still names the contract
    seven = Declare(Contract.parse("7♣"))
    assert parse_input("игра 7т", [seven]) == (seven,)


def test_refusals_in_the_players_language() -> None:
    from preferans.game import IllegalActionError

    sochi = find_rules("sochi")
    state = new_deal(sochi, Deal.random(sochi, Seat.E, random.Random(1)))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(CardAction(C("♥A")))
    assert caught.value.code == "bidding_prompt"
    ru = i18n.tr("ru", "illegal", reason=caught.value.message("ru"))
    assert ru == "Нельзя: идёт торговля: заявка, пас или «здесь»"
    assert i18n.tr("en", "illegal", reason=caught.value.message("en")).startswith("Not allowed")


def test_balkan_help_and_out_words_in_both_languages() -> None:
    for lang in ("en", "ru"):
        assert "kontra" in i18n.tr(lang, "help_balkan") or "контра" in i18n.tr(lang, "help_balkan")
        assert i18n.tr(lang, "out_seat", seat="W")
        assert i18n.tr(lang, "out_in_trick", seat="W")


# --- issue 21: Russian cards, answers that make sense ---------------------------------------


def test_russian_card_input_in_both_alphabets() -> None:
    from preferans.cards import Card
    from preferans.terminal.parse import read_card

    assert read_card("пд") is Card.parse("♠Q")
    assert read_card("чк") is Card.parse("♥K")
    assert read_card("бт") is Card.parse("♦A")
    assert read_card("д10") is Card.parse("♦10")
    assert read_card("тв") is Card.parse("♣J")
    assert read_card("s9") is Card.parse("♠9")
    assert read_card("пас") is None and read_card("7c") is None


def test_russian_ranks_and_plurals() -> None:
    from preferans.cards import Card
    from preferans.terminal.i18n import card_text, deals_text, plain_minus

    assert card_text(Card.parse("♠Q"), "ru") == "♠Д"
    assert card_text(Card.parse("♥A"), "ru") == "♥Т"
    assert card_text(Card.parse("♥A"), "en") == "♥A"
    assert [deals_text(n, "en") for n in (1, 2)] == ["1 deal", "2 deals"]
    assert [deals_text(n, "ru") for n in (1, 3, 5, 11, 21)] == [
        "1 сдача",
        "3 сдачи",
        "5 сдач",
        "11 сдач",
        "21 сдача",
    ]
    assert plain_minus("−19 and -10") == "-19 and -10"


def test_a_rank_with_no_legal_card_and_a_card_named_twice() -> None:
    from preferans.actions import card_action
    from preferans.cards import Card
    from preferans.terminal.parse import InputError, parse_input

    legal = [card_action(Card.parse(c)) for c in ("♠7", "♠8", "♥10")]
    with pytest.raises(InputError) as error:
        parse_input("k", legal)
    assert error.value.key == "no_such_rank" and "♠7" in str(error.value.values["options"])
    with pytest.raises(InputError) as error:
        parse_input("3 3", legal)
    assert error.value.key == "same_card_twice"
    queen = card_action(Card.parse("♠Q"))
    assert parse_input("д", [*legal, queen], "ru") == (queen,)  # a Russian rank alone


def test_a_russian_game_writes_holdings_from_other_parts_with_russian_ranks() -> None:
    from preferans.terminal.i18n import outside_text

    text = "misère: ♠AKQ10 and ♥A guard; bid 6♠ \u22123"
    assert outside_text(text, "ru") == "misère: ♠ТКД10 and ♥Т guard; bid 6♠ -3"
    assert outside_text(text, "en") == "misère: ♠AKQ10 and ♥A guard; bid 6♠ -3"
