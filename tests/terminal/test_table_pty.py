"""The full-screen table in a real terminal (tmux): a whole deal of each kind, played from
the keyboard, with the screen checked for the table's parts as a person reads them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from preferans.notation import load
from preferans.notation.fair import check_fairness
from preferans.notation.replay import replay

from .screen import HAVE_TMUX, LEAVE, NEXT_DEAL, Table, choices, choices_line, turn_or_end

pytestmark = pytest.mark.skipif(not HAVE_TMUX, reason="tmux is not installed")

Strategy = Callable[[list[str], dict[str, bool]], str]


def first(labels: list[str], memory: dict[str, bool]) -> str:
    """Always the first choice: South bids up and plays the game (seed 1)."""
    return "1"


def all_pass(labels: list[str], memory: dict[str, bool]) -> str:
    return "pass" if "pass" in labels else "1"


def misere(labels: list[str], memory: dict[str, bool]) -> str:
    if "misère" in labels:
        return "misere"
    return "1"


def open_whist(labels: list[str], memory: dict[str, bool]) -> str:
    """Pass in the bidding, whist alone, then lay the cards open (светлую)."""
    if "whist" in labels:
        memory["whisted"] = True
        return "whist"
    if "open" in labels:
        return "open"
    if "pass" in labels and not memory.get("whisted"):
        return "pass"
    return "1"


def play_deal(table: Table, strategy: Strategy, seen: list[str]) -> str:
    """Answer every question of one deal; every screen on the way goes into ``seen``."""
    memory: dict[str, bool] = {}
    previous: str | None = None
    for _ in range(80):
        screen = table.wait_for(turn_or_end(previous))
        seen.append(screen)
        if NEXT_DEAL in screen or LEAVE in screen:
            return screen
        previous = choices_line(screen)
        table.type(strategy(choices(screen), memory))
    raise AssertionError("the deal did not end")


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    opened: list[Table] = []
    yield opened
    for table in opened:
        table.close()


def start(tables: list[Table], tmp_path: Path, seed: int, **size: int) -> Table:
    args = ["--seed", str(seed), "--target", "1", "--deals", "1", "--lang", "en"]
    args += ["--bots", "heuristic"]  # the deals these tests read were played by it
    table = Table([*args, "--bot-delay", "0", "--record", "game.pref"], tmp_path, **size)
    tables.append(table)
    return table


def deal(
    tables: list[Table], tmp_path: Path, seed: int, strategy: Strategy
) -> tuple[Table, list[str], str]:
    """A new table (``--seed``) and its first deal played by ``strategy``: the table, every
    screen on the way, and the last one."""
    table = start(tables, tmp_path, seed)
    seen: list[str] = []
    return table, seen, play_deal(table, strategy, seen)


def finish(table: Table, tmp_path: Path) -> str:
    """From the deal's end to the game's end: Enter, Enter; the record verifies."""
    table.type("")
    end = table.wait_for(lambda s: LEAVE in s)
    assert "Stopped after 1 deal," in end  # --deals 1, not "the pulya is over"
    assert "Settlement:" in end
    table.type("")
    assert table.exit_code() == 0
    with (tmp_path / "game.pref").open(encoding="utf-8") as fp:
        record = load(fp)
    assert check_fairness(record).ok
    replay(record)
    return end


def assert_table_parts(screen: str, *, small: bool = False) -> None:
    """The parts every screen of the table has (a small one leaves out the bots' levels)."""
    assert "South · you" in screen
    assert "West" in screen and "East" in screen
    assert small or "heuristic bot" in screen
    assert "Table" in screen and "Contract" in screen and "Bidding" in screen
    assert "Pulya to 1" in screen and "pulya" in screen and "gora" in screen
    assert "tricks" in screen and "⏱" in screen
    assert "F2 last trick" in screen


def test_a_game_deal_at_120x40(tables: list[Table], tmp_path: Path) -> None:
    table, seen, end = deal(tables, tmp_path, 1, first)
    for screen in seen[:-1]:
        assert_table_parts(screen)
    bidding = seen[0]
    assert "Choices: 1) 6♠" in bidding and "Your hand:" in bidding
    playing = [s for s in seen if "declarer needs" in s]
    assert playing, "the contract with the declarer's obligation is shown during play"
    assert any("whisters (" in s and "need" in s for s in playing)
    # the bidding stays visible once play has started
    assert all("S 6♠" in s for s in playing)
    assert any("(underlined: legal)" in s for s in playing)
    # a card on the table in the middle, and the taken trick shown until the next lead
    assert any(re.search(r"Trick \d+ → (South|West|East)", s) for s in seen)
    # the last trick on a key
    table.send("F2")
    shown = table.wait_for(lambda s: "Last trick" in s)
    assert "Trick 9:" in shown or "Trick 10:" in shown
    assert "Deal 1 is over." in end
    finish(table, tmp_path)


def test_a_misere_deal(tables: list[Table], tmp_path: Path) -> None:
    table, seen, end = deal(tables, tmp_path, 1, misere)
    during = [s for s in seen if "declarer: no trick at all" in s]
    assert during, "the misère obligation is shown"
    assert all("misère · South" in s for s in during)
    assert "misère" in end.lower()
    finish(table, tmp_path)


def test_a_raspasy_deal(tables: list[Table], tmp_path: Path) -> None:
    table, seen, _ = deal(tables, tmp_path, 1, all_pass)
    during = [s for s in seen if "take as few tricks as you can" in s]
    assert during and all("Raspasy" in s for s in during)
    assert any("raspasy" in s for s in during)  # each seat's role
    assert any("S pass · W pass · E pass" in s for s in during)
    finish(table, tmp_path)


def test_an_open_whist_deal(tables: list[Table], tmp_path: Path) -> None:
    table, seen, _ = deal(tables, tmp_path, 5, open_whist)
    playing = [s for s in seen if "declarer needs" in s]
    assert playing
    # the lone whister (South) plays the passer's open cards as well
    assert any("you play " in s and "'s cards:" in s for s in playing)
    assert any("whisters (S) need" in s for s in playing)
    finish(table, tmp_path)


def test_small_screen_resize_hint_and_full_sheet(tables: list[Table], tmp_path: Path) -> None:
    table = start(tables, tmp_path, 1, width=80, height=24)
    screen = table.wait_for(lambda s: "Choices:" in s)
    lines = screen.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    assert_table_parts(screen, small=True)
    hand = next(i for i, line in enumerate(lines) if "Your hand:" in line)
    assert any(line.startswith("╰") for line in lines[1 : hand - 1])  # the seats are not cut
    assert "Your hand:" in screen
    table.type("?")
    hinted = table.wait_for(lambda s: "Hint:" in s)
    assert "Choices:" in hinted  # the hint is shown in place, the question stays
    table.send("F3")
    sheet = table.wait_for(lambda s: "Escape: back to the table" in s)
    assert "Pulya to 1" in sheet
    table.send("Escape")
    table.wait_for(lambda s: "Choices:" in s and "Escape: back" not in s)
    table.resize(120, 40)
    wide = table.wait_for(lambda s: "heuristic bot" in s and "Choices:" in s)
    assert len(wide.splitlines()) >= 39
    assert_table_parts(wide)
    table.type("quit")
    warned = table.wait_for(lambda s: "type quit again" in s)
    assert "Choices:" in warned  # the first quit without --save only warns
    table.type("quit")
    assert table.exit_code() == 0


def test_russian_table(tables: list[Table], tmp_path: Path) -> None:
    args = ["--seed", "1", "--target", "1", "--deals", "1", "--lang", "ru", "--bot-delay", "0"]
    args += ["--bots", "heuristic"]
    table = Table(args, tmp_path)
    tables.append(table)
    screen = table.wait_for(lambda s: "Варианты:" in s)
    assert "Юг · вы" in screen and "Запад" in screen and "эвристический бот" in screen
    assert "Ваши карты:" in screen and "Торговля" in screen and "Пуля до 1" in screen
    hand = next(line for line in screen.splitlines() if "Ваши карты:" in line)
    assert not any(rank in hand for rank in ("J", "Q", "K", "A"))
    table.send("C-c")
    assert table.exit_code() == 130


def test_save_quit_and_resume_at_the_table(tables: list[Table], tmp_path: Path) -> None:
    args = ["--seed", "1", "--target", "1", "--deals", "1", "--lang", "en", "--bot-delay", "0"]
    args += ["--bots", "heuristic"]
    table = Table([*args, "--save", "s.pref"], tmp_path)
    tables.append(table)
    previous: str | None = None
    for _ in range(3):  # bid, then the two discards
        screen = table.wait_for(turn_or_end(previous))
        previous = choices_line(screen)
        table.type("1")
    table.wait_for(turn_or_end(previous))
    table.send("C-q")  # quit: saved first, no warning (there is a save file)
    assert table.exit_code() == 0
    saved = (tmp_path / "s.pref").read_text(encoding="utf-8")
    assert "SavedSecret" in saved
    (tmp_path / "exit-code").unlink()
    again = Table(["--resume", "s.pref", "--bot-delay", "0", "--lang", "en"], tmp_path)
    tables.append(again)
    screen = again.wait_for(lambda s: "Choices:" in s)
    assert "play 6♠" in screen or "6♠" in screen  # the contract step, where it stopped
    seen: list[str] = []
    play_deal(again, first, seen)
    again.type("")
    again.wait_for(lambda s: LEAVE in s)
    again.type("")
    assert again.exit_code() == 0
