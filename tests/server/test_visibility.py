"""The leak test against an independent rule: every card named anywhere in any message or
text field (views, events, hints, errors, chat) and in REST answers polled during play
must be one its recipient may know by ``visibility.may_know``, which is written from
docs/rules.md and never asks the engine. Recipients: the players, a spectator from the
start, a spectator who comes late, and a second connection of a player that drops and
resumes with ``since``.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from server_harness import Client, ServerProcess, autoplay, balkan_choice, random_choice
from visibility import TABLES, DealPoint, cards_in_text, may_know, talon_known

from preferans.cards import Card
from preferans.rules import Rules
from preferans.seats import Seat

pytestmark = pytest.mark.slow


def named(value: Any) -> set[Card]:
    """Every card named in any string of a JSON value."""
    if isinstance(value, str):
        return cards_in_text(value)
    if isinstance(value, dict):
        return set().union(*(named(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(named(v) for v in value)) if value else set()
    return set()


class Checker:
    def __init__(self, record: dict[str, Any]) -> None:
        self.rules = Rules.from_dict(record["summary"]["rules"])
        self.deals = record["deals"]
        self.players = [Seat[s] for s in record["summary"]["players"]]
        self.scanned = 0

    def allowed(self, deal: int, done: int, audience: str) -> tuple[DealPoint, set[Card]]:
        point = DealPoint(self.rules, self.deals[deal - 1], done)
        if audience != "*":
            return point, may_know(point, Seat[audience])
        seats = self.players
        return point, set.intersection(*(may_know(point, s) for s in seats))

    def _hint_point(
        self, span: list[tuple[int, int]], cards: set[Card], audience: str
    ) -> tuple[int, int]:
        """The earliest point of ``span`` (asked .. answered) that shows ``cards``, else
        its first point (so that the failure names the position asked in)."""
        for at in sorted(set(span)):
            if not cards - self.allowed(*at, audience)[1]:
                return at
        return span[0]

    def check(
        self, messages: list[dict[str, Any]], audience: str, asked: dict[str, int] | None = None
    ) -> None:
        """``asked``: a hint's id → how many messages had come when it was asked. A hint
        answers the server's position when the request arrives: not before the one the
        asker had seen, not after the last one sent to him before the answer (the scan
        found hints asked on a deal's or a talon's eve answered a move later), so it
        may name what some point in between shows."""
        deal, done = 1, 0
        points: list[tuple[int, int]] = []
        for message in messages:
            self.scanned += 1
            if "deal" in message and message.get("type") in ("snapshot", "event"):
                deal = int(message["deal"])
            view = message.get("view")
            if isinstance(view, dict) and "history" in view:
                done = len(view["history"])
            points.append((deal, done))
            cards = named(message)
            if not cards:
                continue
            at = (deal, done)
            if message.get("type") == "hint" and asked and message.get("id") in asked:
                at = self._hint_point(points[max(0, asked[message["id"]] - 1) :], cards, audience)
            point, allowed = self.allowed(*at, audience)
            leaked = cards - allowed
            assert not leaked, f"{audience} saw {sorted(map(str, leaked))} in {message}"
            own = point.hands.get(Seat[audience], set()) if audience != "*" else set()
            assert talon_known(point, cards - own), f"{audience}: the talon early in {message}"


def _balkan(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The harness's Balkan play (so the bulas come down), naming betl now and then so
    that its hand shown to the defenders is checked too."""
    betl = [e for e in legal if e["text"].startswith("play ") and "бетл" in e["text"]]
    if betl and rng.random() < 0.08:
        return betl[0]
    return balkan_choice(legal, rng)


async def _hints(
    client: Client, rng: random.Random, stop: asyncio.Event, asked: dict[str, int]
) -> None:
    """Ask for a hint now and then (the answers are scanned with everything else)."""
    n = 0
    while not stop.is_set():
        await asyncio.sleep(rng.uniform(0.05, 0.4))
        if client.on_turn():
            n += 1
            asked[f"hint{n}"] = len(client.messages)
            await client.send({"type": "hint", "id": f"hint{n}"})


async def _game(server: ServerProcess, spec: dict[str, Any], seed: int) -> tuple[int, int]:
    """Play one game with every kind of watcher; the messages scanned and the hints seen."""
    rng = random.Random(seed)
    seats = {2: ["S", "W"], 3: ["S", "W", "E"], 4: ["S", "W", "N", "E"]}[spec["players"]]
    players = [Client(server, f"vis{seed}{s}{rng.randrange(10**6)}") for s in seats]
    for player in players:
        await player.register()
    table = (await players[0].create(target=2, **spec))["id"]
    early = Client(server)
    await early.connect(table)
    await players[0].connect()
    for player, seat in zip(players[1:], seats[1:], strict=True):
        await player.sit(table, seat)
        await player.connect()
    second = Client(server)  # South's second tab: connects, drops, resumes
    second.http.cookies.set("pref_session", players[0].cookie or "")
    second.seat = "S"
    late = Client(server)
    polls: list[dict[str, Any]] = []
    stop = asyncio.Event()

    async def watchers() -> None:
        await asyncio.sleep(rng.uniform(0.2, 1.0))
        await late.connect(table)
        await second.connect(table)
        await asyncio.sleep(rng.uniform(0.2, 1.0))
        await second.disconnect()
        await asyncio.sleep(rng.uniform(0.2, 1.0))
        await second.connect(resume=True)
        while not stop.is_set():
            for path in (f"/api/tables/{table}", f"/api/tables/{table}/sheet.svg"):
                response = await players[1].http.get(path)
                polls.append({"path": path, "text": response.text})
            await asyncio.sleep(0.3)

    helpers = [asyncio.create_task(watchers())]
    asked: list[dict[str, int]] = [{} for _ in players]
    helpers += [
        asyncio.create_task(_hints(p, random.Random(rng.random()), stop, asked[n]))
        for n, p in enumerate(players)
    ]
    choose = _balkan if spec.get("preset") == "balkan" else random_choice
    await asyncio.gather(
        *(autoplay(p, random.Random(rng.random()), choose=choose) for p in players)
    )
    stop.set()
    await asyncio.gather(*helpers)
    await early.expect(lambda m: m.get("kind") == "game_end", timeout=60)
    # on a loaded machine a hint's thinking can outlast a short game: give the answers
    # already asked for a little time to arrive before they are counted and scanned
    loop = asyncio.get_running_loop()
    give_up = loop.time() + 15
    while loop.time() < give_up and not _hints_received(players):
        await asyncio.sleep(0.2)
    record = (await players[0].http.get(f"/api/games/{table}/record")).json()
    checker = Checker(record)
    for n, (player, seat) in enumerate(zip(players, seats, strict=True)):
        checker.check(player.messages, seat, asked[n])
    checker.check(second.messages, "S")
    checker.check(early.messages, "*")
    checker.check(late.messages, "*")
    for poll in polls:
        assert not cards_in_text(poll["text"]), poll["path"]
    hints = _hints_received(players)
    for client in (*players, early, late, second):
        await client.close()
    return checker.scanned, hints


def _hints_received(players: list[Client]) -> int:
    """The hints the players have received so far."""
    return sum(m.get("type") == "hint" for p in players for m in p.messages)


async def test_no_message_shows_a_card_the_rules_hide(server: ServerProcess) -> None:
    games = await asyncio.gather(*(_game(server, spec, 7 + i) for i, spec in enumerate(TABLES)))
    assert sum(scanned for scanned, _ in games) > 1000
    # A short game can end before the first hint's thinking does; over all the games some
    # hints must have come back, or their texts went unscanned.
    assert sum(hints for _, hints in games) > 0


#: The hands of the hand-written deals below: each seat holds whole suits in order.
HANDS: dict[str, str] = {
    "S": "♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A ♣7 ♣8",
    "W": "♣9 ♣10 ♣J ♣Q ♣K ♣A ♦7 ♦8 ♦9 ♦10",
    "E": "♦J ♦Q ♦K ♦A ♥7 ♥8 ♥9 ♥10 ♥J ♥Q",
}


def layout(moves: str, dealer: str = "E") -> dict[str, Any]:
    """A deal record of :data:`HANDS` (talon ♥K ♥A) whose actions are ``moves`` written
    as ``"S 6♠, W pass, S play 6♠"``: each a seat and the action's text."""
    actions = [move.split(" ", 1) for move in moves.split(", ")]
    return {
        "dealer": dealer,
        "hands": HANDS,
        "talon": "♥K ♥A",
        "actions": [{"seat": seat, "action": action} for seat, action in actions],
    }


def test_the_rule_itself() -> None:
    deal = layout("S 6♠, W pass, E pass, S ♣7, S ♣8, S play 6♠, W whist, E pass, W open, S ♠A")
    rules = Rules()
    bidding = DealPoint(rules, deal, 2)
    assert may_know(bidding, Seat.W) == set(bidding.hands[Seat.W])
    assert Card.parse("♥K") in may_know(DealPoint(rules, deal, 3), Seat.W)  # turned up
    discarded = DealPoint(rules, deal, 5)
    assert Card.parse("♣7") in may_know(discarded, Seat.S)
    assert Card.parse("♣7") not in may_know(discarded, Seat.W)
    assert Card.parse("♥K") in may_know(discarded, Seat.W)  # the talon was turned up
    # The declarer is first hand: the defence opens after his first card, not before.
    assert Card.parse("♦J") not in may_know(DealPoint(rules, deal, 9), Seat.S)
    opened = DealPoint(rules, deal, 10)
    assert Card.parse("♦J") in may_know(opened, Seat.S)  # the open defence
    assert Card.parse("♣8") not in may_know(opened, Seat.E)
    assert Card.parse("♠A") in may_know(opened, Seat.E)


def test_an_open_defence_first_hand_may_claim_before_any_card() -> None:
    """The whister, first hand, sees the passer's hand from the whisting's end, and the
    record may hold his claim there and no card at all (the scan's report)."""
    deal = layout(
        "S pass, W 6♣, E pass, W ♥K, W ♥A, W play 6♣, E pass, S whist, S open, S claim 0, W accept"
    )
    rules = Rules()
    assert Card.parse("♦J") not in may_know(DealPoint(rules, deal, 8), Seat.S)  # whisting
    assert Card.parse("♦J") in may_know(DealPoint(rules, deal, 9), Seat.S)  # the play
    assert Card.parse("♦J") in may_know(DealPoint(rules, deal, 9), Seat.W)
    # The declarer first hand claims before his card: the defence never opened.
    declarer_first = layout(
        "W 6♣, E pass, S pass, W ♥K, W ♥A, W play 6♣, E pass, S whist, S open, W claim 10, "
        "S reject, W ♣A",
        dealer="S",
    )
    for done in (10, 11):  # the declarer's claim (rejected) before his first card
        assert Card.parse("♦J") not in may_know(DealPoint(rules, declarer_first, done), Seat.W)
    assert Card.parse("♦J") in may_know(DealPoint(rules, declarer_first, 12), Seat.W)
    declarer_first["actions"] = declarer_first["actions"][:10]  # no card at all
    assert Card.parse("♦J") not in may_know(DealPoint(rules, declarer_first, 10), Seat.W)


RASPASY = layout("S pass, W pass, E pass, S ♠7, W ♣9, E ♦J, S ♠8")


def test_the_raspasy_talon_shows_one_card_a_trick() -> None:
    rules = Rules()  # raspasy_talon="leads"
    talon = {Card.parse("♥K"), Card.parse("♥A")}
    bidding = DealPoint(rules, RASPASY, 2)
    assert not talon_known(bidding, {Card.parse("♥K")})
    first = DealPoint(rules, RASPASY, 3)
    assert talon <= may_know(first, Seat.W)
    assert talon_known(first, {Card.parse("♥A")}) and not talon_known(first, talon)
    assert not talon_known(DealPoint(rules, RASPASY, 5), talon)
    assert talon_known(DealPoint(rules, RASPASY, 6), talon)  # trick 1 is over
    unused = Rules.from_dict({**rules.to_dict(), "raspasy_talon": "unused"})
    assert not talon_known(DealPoint(unused, RASPASY, 6), {Card.parse("♥K")})


BETL = layout(
    "S 2♠, W pass, E pass, S ♠A, S ♠K, S play бетл, W kontra, E pass, S ♠7, W ♣9, E ♦J, S ♠8"
)


def test_the_balkan_betl_hand_is_shown_after_trick_one() -> None:
    rules = Rules.from_dict({"variant": "balkan", "players": 3, "refe": 2,
                             "misere_open_after_first_trick": True})  # fmt: skip
    named = DealPoint(rules, BETL, 8)  # the contract and the kontra round: hand closed
    assert Card.parse("♥K") in may_know(named, Seat.W)  # the talon was shown to all
    assert Card.parse("♠9") not in may_know(named, Seat.W)
    assert Card.parse("♠A") not in may_know(named, Seat.W)  # the discard
    assert Card.parse("♠A") in may_know(named, Seat.S)
    shown = DealPoint(rules, BETL, 11)  # trick 1 is over
    assert Card.parse("♠9") in may_know(shown, Seat.W)
    assert Card.parse("♠A") not in may_know(shown, Seat.W)  # discarded: not in his hand
    assert Card.parse("♣10") not in may_know(shown, Seat.E)  # the other defender's hand
    igra = layout("S бетлбп, W pass, E pass, S play бетлбп")
    assert Card.parse("♥K") not in may_know(DealPoint(rules, igra, 3), Seat.W)  # closed
    assert Card.parse("♥K") not in may_know(DealPoint(rules, igra, 3), Seat.S)
