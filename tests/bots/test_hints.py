"""Hints name an action, give the reason in figures, and speak Russian and English."""

from __future__ import annotations

import random
import re

import pytest

from preferans.actions import PASS, Action, Bid, Declare
from preferans.bots import hint, make_bot
from preferans.bots.hints import Hint, action_text
from preferans.bots.sampling import Decision, Option
from preferans.contracts import MISERE, Contract
from preferans.game import Deal, Phase, View, new_deal
from preferans.rules import find_rules
from preferans.seats import Seat

from .conftest import play, seat_bots

DIGIT = re.compile(r"\d")
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def _views(phases: set[Phase], limit: int) -> list[View]:
    rules = find_rules("sochi")
    bot = make_bot("heuristic")
    out: list[View] = []

    def keep(view: View, _action: Action) -> None:
        if view.phase in phases and len(view.legal_actions) > 1:
            out.append(view)

    for seed in range(40):
        play(rules, seed, seat_bots(rules, lambda _: bot), keep, dealer=Seat.E)
        if len(out) >= limit:
            break
    return out[:limit]


@pytest.mark.parametrize("level", ["sampling", "heuristic"])
def test_hints_carry_figures_in_both_languages(level: str) -> None:
    views = _views({Phase.BIDDING, Phase.CONTRACT, Phase.WHISTING, Phase.PLAY}, 12)
    assert views
    for view in views:
        h = hint(view, level, samples=4)
        assert isinstance(h, Hint)
        assert h.action in view.legal_actions
        assert DIGIT.search(h.text_en) or "only sensible" in h.text_en or "rules" in h.text_en
        assert CYRILLIC.search(h.text_ru)
        assert not CYRILLIC.search(h.text_en)
        assert h.text("ru") == h.text_ru


def test_bidding_hint_shows_tricks_and_whists() -> None:
    view = _views({Phase.BIDDING}, 1)[0]
    h = hint(view, samples=4)
    assert "whists" in h.text_en and "виста" in h.text_ru
    assert "expected" in h.text_en and "в среднем" in h.text_ru


def test_hint_texts_for_a_known_decision() -> None:
    from preferans.bots.hints import _from_decision

    view = _views({Phase.BIDDING}, 1)[0]
    decision = Decision(
        Bid(Contract.parse("6♠")),
        (
            Option(Bid(Contract.parse("6♠")), 3.25, 6.4),
            Option(PASS, -1.2),
            Option(Bid(MISERE), -40.0, None, 0.12),
        ),
        samples=16,
    )
    h = _from_decision(view, decision)
    assert h.text_en.startswith("6♠: expected 6.4 tricks, +3.2 whists; pass: −1.2 whists")
    assert "misère caught in 12% of samples" in h.text_en
    assert h.text_ru.startswith("6♠: в среднем 6.4 взятки, +3.2 виста; пас: −1.2 виста")
    assert "мизер ловится в 12% раскладов" in h.text_ru
    assert action_text(Declare(Contract.parse("7♥")), "ru") == "игра 7♥"
    assert action_text(Declare(Contract.parse("7♥"))) == "play 7♥"


def test_hint_needs_a_decision() -> None:
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(0)))
    idle = next(s for s in (Seat.S, Seat.W, Seat.E) if s != state.actor)
    with pytest.raises(ValueError):
        hint(state.view(idle))
    with pytest.raises(ValueError):
        hint(state.view(state.actor or Seat.S), "grandmaster")


def test_open_or_closed_hint_gives_the_chance_the_contract_is_made() -> None:
    from preferans.actions import CLOSED, OPEN
    from preferans.bots.hints import _from_decision

    view = _views({Phase.BIDDING}, 1)[0]
    decision = Decision(OPEN, (Option(OPEN, 0.0, None, 0.72), Option(CLOSED, 0.0, None, 0.72)), 16)
    h = _from_decision(view, decision)
    assert "the declarer makes the contract in 72% of samples" in h.text_en
    assert "в 72% раскладов" in h.text_ru


@pytest.mark.parametrize("level", ["amateur", "master"])
def test_a_levels_hint_is_the_move_its_bot_makes(level: str) -> None:
    """The hint of a level named for players comes from that level's own setting (the
    master's 48 deals per auction decision included), so advice and opponent agree."""
    views = _views({Phase.BIDDING, Phase.WHISTING}, 10)
    assert len(views) == 10
    for view in views:
        assert hint(view, level, seed=3).action == make_bot(level, seed=3).choose(view)


def test_an_early_pass_says_it_is_priced_as_the_raspasy_it_leads_to() -> None:
    """♠K98 ♣AKQ ♦J ♥KQJ first to speak: passing costs whists because the others would
    mostly pass too, and the hint says so instead of a bare figure."""
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, Seat.S, random.Random(44)))
    assert state.actor is not None
    h = hint(state.view(state.actor), "master", seed=1)
    pass_en = next(part for part in h.text_en.split("; ") if part.startswith("pass"))
    pass_ru = next(part for part in h.text_ru.split("; ") if part.startswith("пас"))
    assert re.fullmatch(
        r"pass: raspasy in \d+% of samples, expected \d+\.\d tricks on raspasy, −\d+\.\d whists",
        pass_en,
    ), pass_en
    assert re.fullmatch(
        r"пас: распасы в \d+% раскладов, в среднем \d+\.\d взятки на распасах, −\d+\.\d виста",
        pass_ru,
    ), pass_ru


def test_a_pass_after_a_bid_keeps_its_plain_text() -> None:
    from preferans.bots.hints import _from_decision

    view = _views({Phase.BIDDING}, 1)[0]
    decision = Decision(PASS, (Option(PASS, 0.0), Option(Bid(Contract.parse("7♠")), -9.0, 6.1)), 8)
    assert _from_decision(view, decision).text_en.startswith("pass: +0.0 whists; 7♠")


def test_a_discard_hint_names_the_cards_each_plan_discards() -> None:
    """While the discard is open the plans differ by the cards they put away: each line
    names them, so two discards leading to one contract are no longer two equal lines."""
    views = _views({Phase.DISCARD}, 2)
    assert views
    for view in views:
        h = hint(view, "master", seed=1)
        plans = re.findall(r"discard ((?:[♠♣♦♥](?:10|[7-9JQKA]) ?){2}), (play \S+)", h.text_en)
        assert plans, h.text_en
        assert len(plans) == len(set(plans)), h.text_en
        named = [cards for cards, _ in plans]
        assert str(h.action) in named[0].split(), (h.action, h.text_en)
        assert h.text_ru.count("снести") == len(named)


def test_a_whist_hint_speaks_of_the_declarer_not_of_raspasy() -> None:
    """A whisting pass carries the contract's chance, not a raspasy share: the hint says
    how many tricks the declarer takes and how often he makes his game."""
    from preferans.actions import Call, CallKind

    views = [
        v
        for v in _views({Phase.WHISTING}, 12)
        if CallKind.WHIST in {a.kind for a in v.legal_actions if isinstance(a, Call)}
    ]
    assert views
    for view in views[:3]:
        h = hint(view, "master", samples=8)
        assert "raspasy" not in h.text_en and "распас" not in h.text_ru
        assert "the declarer makes his game in" in h.text_en
        assert "the declarer takes" in h.text_en and "у разыгрывающего" in h.text_ru


@pytest.mark.parametrize(
    ("margin", "chosen", "en", "ru"),
    [
        (
            -2.0,
            Bid(Contract.parse("6♠")),
            "a call priced up to 2 whists below the pass is bid",
            "заявка, оценённая до 2 вистов ниже паса, делается",
        ),
        (1.0, PASS, "a bid must promise 1 whist more than the pass", "на 1 вист больше паса"),
    ],
)
def test_a_call_priced_below_another_says_the_margin_chose_it(
    margin: float, chosen: Action, en: str, ru: str
) -> None:
    """The figures show 6♠ and the pass side by side; where the chosen one is the lower,
    the hint says why instead of seeming to contradict itself."""
    from preferans.bots.hints import _from_decision

    view = _views({Phase.BIDDING}, 1)[0]
    six = Bid(Contract.parse("6♠"))
    bid_value, pass_value = (-0.5, 0.8) if chosen == six else (0.8, 0.0)
    decision = Decision(
        chosen,
        (Option(six, bid_value, 6.1), Option(PASS, pass_value)),
        48,
        notes={"bid_margin": margin},
    )
    h = _from_decision(view, decision)
    assert en in h.text_en
    assert ru in h.text_ru
    tie = (Option(six, 0.0, 6.1), Option(PASS, 0.0))
    plain = _from_decision(view, Decision(chosen, tie, 48, notes={"bid_margin": margin}))
    assert plain.text_en.endswith("(48 sampled deals)"), plain.text_en
