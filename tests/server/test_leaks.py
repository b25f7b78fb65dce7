"""Record every message of many random games and prove none carries a card its recipient
may not see.

After each game the secret is revealed, so the test rebuilds every deal with the fair
shuffle, replays it through the engine to the point each message describes, and checks
every card named anywhere in the message against what that recipient may know then:
a player what his own seat's view allows, a spectator only what every player sees.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from server_harness import Client, ServerProcess, autoplay, balkan_choice, random_choice
from visibility import TABLES

from preferans import fairness
from preferans.actions import parse_action
from preferans.balkan.sheet import BulaSheet
from preferans.cards import Card, CardSet
from preferans.game import DealState, new_deal
from preferans.rules import Rules
from preferans.scoring import result_from_dict
from preferans.seats import Seat

SUITS = "♠♣♦♥"


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a JSON value."""
    found: set[Card] = set()
    if isinstance(value, str):
        if 2 <= len(value) <= 3 and value[0] in SUITS:
            found.add(Card.parse(value))
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    return found


def allowed(state: DealState, seat: Seat) -> set[Card]:
    view = state.view(seat)
    mask = view.hand | view.played_cards
    for cards in view.known_hands.values():
        mask |= cards
    for extra in (view.talon, view.discard):
        if extra is not None:
            mask |= extra
    return set(mask)


class Replayer:
    """Rebuilds the states of a finished game from its record and revealed secret."""

    def __init__(self, record: dict[str, Any], table_id: int) -> None:
        summary = record["summary"]
        self.rules = Rules.from_dict(summary["rules"])
        self.secret = bytes.fromhex(summary["secret"])
        self.seeds = {Seat[s]: seed for s, seed in summary["seeds"].items()}
        self.table_id = table_id
        self.target = summary["target"]
        self.deals = record["deals"]
        self.seats = [Seat[s] for s in summary["players"]]
        if self.rules.players == 4:
            self.seats = [Seat.S, Seat.W, Seat.N, Seat.E]

    def state(self, number: int, actions: int) -> DealState:
        deal_info = self.deals[number - 1]
        run = 0
        for earlier in reversed(self.deals[: number - 1]):
            if earlier["result"]["kind"] != "raspasy":
                break
            run += 1
        deal = fairness.fair_deal(
            self.secret,
            str(self.table_id),
            number,
            self.seeds,
            self.rules,
            Seat[deal_info["dealer"]],
        )
        assert {s.name: str(c) for s, c in deal.hands.items()} == deal_info["hands"]
        refe: tuple[Seat, ...] = ()
        if self.rules.is_balkan:
            # The engine needs the seats holding an open refe, read off the bula sheet.
            earlier = [result_from_dict(d["result"]) for d in self.deals[: number - 1]]
            refe = BulaSheet.replay(self.rules, earlier, self.target).refe_seats
        state = new_deal(self.rules, deal, raspasy_run=run, refe=refe)
        for index, entry in enumerate(deal_info["actions"][:actions]):
            if len(state.history) > index:
                continue  # played by the engine itself (the dummy's fixed rule on raspasy)
            state = state.apply(parse_action(entry["action"]))
        return state


HIDDEN: list[int] = []


def check_messages(client: Client, replay: Replayer, audience: str) -> int:
    deal = 0
    checked = 0
    versions = [m["v"] for m in client.messages if m.get("type") == "event"]
    assert versions == list(range(versions[0], versions[0] + len(versions))), "a gap in v"
    for message in client.messages:
        if message.get("kind") == "action" and message["action"] is None:
            HIDDEN.append(message["v"])  # hidden from this recipient, yet it has its version
        if message.get("type") == "snapshot" and "deal" in message:
            deal = message["deal"]
        if message.get("kind") == "deal_start":
            deal = message["deal"]
        if message.get("legal"):
            assert message["turn"] == audience, "legal actions went to someone not on turn"
        named = cards_in(message)
        if not named:
            continue
        view = message.get("view")
        assert view is not None, f"cards outside a view: {message}"
        state = replay.state(deal, len(view["history"]))
        if audience == "*":
            permitted = set.intersection(*(allowed(state, s) for s in replay.seats))
        else:
            permitted = allowed(state, Seat[audience])
        leaked = named - permitted
        assert not leaked, f"{audience} saw {sorted(map(str, leaked))} in {message}"
        checked += 1
    return checked


BALKAN = {"players": 3, "preset": "balkan"}


async def _one_game(server: ServerProcess, spec: dict[str, Any], seed: int) -> int:
    rng = random.Random(seed)
    seats = {2: ["S", "W"], 3: ["S", "W", "E"], 4: ["S", "W", "N", "E"]}[spec["players"]]
    players = [Client(server, f"leak{seed}_{s}_{rng.randrange(10**6)}") for s in seats]
    for player in players:
        await player.register()
    table = await players[0].create(target=2, **spec)
    spectator = Client(server)
    await spectator.connect(table["id"])
    await players[0].connect()
    for player, seat in zip(players[1:], seats[1:], strict=True):
        await player.sit(table["id"], seat)
        await player.connect()
    choose = balkan_choice if spec["preset"] == "balkan" else random_choice
    await asyncio.gather(
        *(autoplay(p, random.Random(rng.random()), choose=choose) for p in players)
    )
    await spectator.expect(lambda m: m.get("kind") == "game_end", timeout=60)
    record = (await players[0].http.get(f"/api/games/{table['id']}/record")).json()
    replay = Replayer(record, table["id"])
    checked = 0
    for player, seat in zip(players, seats, strict=True):
        checked += check_messages(player, replay, seat)
    checked += check_messages(spectator, replay, "*")
    for client in (*players, spectator):
        await client.close()
    return checked


@pytest.mark.slow
async def test_no_message_leaks_a_hidden_card(server: ServerProcess) -> None:
    russian = [spec for spec in TABLES if spec["preset"] != "balkan"]  # Balkan: below
    games = [(spec, 100 * round_ + i) for round_ in range(2) for i, spec in enumerate(russian)]
    checked = await asyncio.gather(*(_one_game(server, spec, seed) for spec, seed in games))
    assert sum(checked) > 600
    assert HIDDEN, "discards must reach the others as events without their cards"


@pytest.mark.slow
async def test_no_message_leaks_a_hidden_card_in_balkan_games(server: ServerProcess) -> None:
    """The out seat's cards (face down in two-card tricks) and the discards stay hidden."""
    checked = [await _one_game(server, BALKAN, seed) for seed in (6, 106, 206)]
    assert sum(checked) > 50


def test_the_card_scanner_finds_cards() -> None:
    assert cards_in({"a": ["♠9", "7♣", {"b": "♥10"}], "c": "play 7♣"}) == {
        Card.parse("♠9"),
        Card.parse("♥10"),
    }
    assert CardSet.parse("♠9 ♥10")
