"""The margin's breakdown by first difference, run small and seeded: the kinds' shares add
up to the match's difference, a bot against itself never parts, and bad input is refused."""

from __future__ import annotations

import json

from benchmark_scripts import load, run

from preferans.actions import Bid, Call, CallKind, CardAction, Declare
from preferans.cards import Card
from preferans.contracts import Contract
from preferans.game import Deal, Phase, new_deal
from preferans.match import deal_rng, dealer_of
from preferans.rules import find_rules


def test_the_shares_add_up_to_the_difference_of_the_deals() -> None:
    done = run(
        "first_difference", "--deals", "12", "--seed", "5", "--bots", "heuristic,random",
        "--processes", "2", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads(done.stdout)
    assert summary["deals"] == 12
    assert summary["agreed"] < 12
    kinds = summary["kinds"]
    assert sum(k["deals"] for k in kinds.values()) == 12 - summary["agreed"]
    total = sum(k["share"] for k in kinds.values())
    assert abs(total - summary["difference"]["mean"]) < 1e-9
    # random bids at random from the first call; the heuristic does not
    assert "auction, nobody has bid" in kinds
    opening = kinds["auction, nobody has bid"]
    pairs = opening["choices"]
    assert sum(p["deals"] for p in pairs.values()) == opening["deals"]
    assert abs(sum(p["share"] for p in pairs.values()) - opening["share"]) < 1e-9
    assert all(" / " in pair for pair in pairs)


def test_a_bot_against_itself_plays_every_deal_alike() -> None:
    done = run("first_difference", "--deals", "4", "--seed", "2", "--bots", "heuristic,novice")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "4 deals (4 played alike)" in done.stdout
    assert "difference +0.00 [+0.00, +0.00]" in done.stdout


def test_the_kind_follows_the_phase_and_the_seat_that_decides() -> None:
    module = load("first_difference")
    rules = find_rules("sochi")
    state = new_deal(rules, Deal.random(rules, dealer_of(rules, 0), deal_rng(1, 0)))
    assert state.phase is Phase.BIDDING
    assert module.kind(state) == "auction, nobody has bid"
    for _ in range(rules.players):
        state = state.apply(Call(CallKind.PASS))
    assert state.phase is Phase.PLAY and state.actor is not None
    assert state.view(state.actor).contract is None
    assert module.kind(state) == "raspasy play"


def test_bad_input_is_refused() -> None:
    three = run("first_difference", "--bots", "heuristic,random,heuristic")
    assert three.returncode == 2
    assert "exactly two bots" in three.stderr
    unknown = run("first_difference", "--bots", "heuristic,nobody")
    assert unknown.returncode == 2
    assert "unknown bot level 'nobody'" in unknown.stderr
    none = run("first_difference", "--deals", "0")
    assert none.returncode == 2


def test_choices_are_told_by_kind_not_by_card() -> None:
    module = load("first_difference")
    assert module.choice(Call(CallKind.PASS)) == "pass"
    assert module.choice(Bid(Contract.parse("6♠"))) == "6♠"
    assert module.choice(Bid(Contract.parse("misère"))) == "misère"
    assert module.choice(Declare(Contract.parse("7♥"))) == "play 7♥"
    assert module.choice(CardAction(Card.parse("♠A"))) == "card"
