"""The table's parts rendered without a terminal: the sheet panel's width after a long
game, the seats' places, the contract with each side's obligation."""

from __future__ import annotations

import random

from rich.console import Console

from preferans.actions import Action, Bid
from preferans.fairness import deal_source
from preferans.game import Phase, View
from preferans.rules import find_rules
from preferans.scoring import Pulya, render_text
from preferans.seats import Seat
from preferans.terminal.session import GameSetup, Session, secret_for_seed
from preferans.terminal.sheet_panel import totals_lines, totals_table
from preferans.terminal.table_view import SeatInfo, around, contract_panel, table_grid


def _long_sheet(deals: int) -> Pulya:
    rules = find_rules("sochi", players=3)
    source = deal_source(secret_for_seed(26), "table-parts", {})
    pulya = Pulya(rules, None, max_deals=deals, deal_source=source)
    rng = random.Random(26)

    def policy(view: View) -> Action:
        legal = view.legal_actions
        calls = [a for a in legal if not isinstance(a, Bid)]
        return rng.choice(calls if calls and rng.random() < 0.7 else legal)

    pulya.play(policy)
    return pulya


def _text(renderable: object, width: int) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_sheet_panel_fits_after_thirty_deals() -> None:
    sheet = _long_sheet(30).sheet
    assert sheet.deals_played == 30
    full = render_text(sheet, "en", settle=False)
    assert max(len(line) for line in full.splitlines()) > 100  # the history does not fit
    lines = totals_lines(sheet, "en")
    assert max(len(line) for line in lines) <= 40
    assert lines[0] == "Pulya to — · 30 deals"
    panel = _text(totals_table(sheet, "ru"), 30)
    assert all(len(line) <= 30 for line in panel.splitlines())
    assert "30 сдач" in panel and "гора" in panel
    assert "−" not in panel and "−" not in "\n".join(lines)


def test_seats_sit_around_the_person() -> None:
    for players, expected in (
        (3, {"bottom": Seat.S, "left": Seat.W, "right": Seat.E}),
        (4, {"bottom": Seat.W, "left": Seat.N, "top": Seat.E, "right": Seat.S}),
    ):
        rules = find_rules("sochi", players=players)
        human = Seat.S if players == 3 else Seat.W
        session = Session(GameSetup.create(rules, 10, human=human, seed=3))
        state = session.start_deal()
        assert around(state.view(human), human) == expected


def test_the_table_shows_obligations_and_the_trick() -> None:
    rules = find_rules("sochi", players=3)
    bots = {Seat.W: "heuristic", Seat.E: "heuristic"}
    session = Session(GameSetup.create(rules, 10, seed=1, bots=bots))
    state = session.start_deal()
    while state.phase is not Phase.PLAY or not state.current_trick:
        if session.human_to_act():
            state = session.apply(state.legal_actions()[0])  # South bids 6♠ and plays it
        else:
            state = session.apply(session.bot_action())
    view = state.view(Seat.S)
    contract = _text(contract_panel(view, "en"), 36)
    assert "declarer needs 6" in contract and "whisters (W, E) need 4" in contract
    infos = {seat: SeatInfo("x", 65.0) for seat in Seat}
    table = _text(table_grid(view, Seat.S, infos, "en", compact=False, height=16), 84)
    assert "1:05" in table and "West" in table and "East" in table
    _seat, card = view.current_trick[0]
    assert f"{card}" in table
