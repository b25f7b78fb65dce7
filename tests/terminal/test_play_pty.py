"""``preferans play`` in a pseudo-terminal, driven as a person drives it."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest

from preferans.notation import load
from preferans.notation.fair import check_fairness
from preferans.notation.replay import replay

from .driver import END, PROMPT, answer, choices, play_out, quit_unsaved, spawn, typed

SHORT = ["play", "--seed", "4", "--target", "1", "--lang", "en"]


def _check_record(path: Path) -> None:
    with path.open(encoding="utf-8") as fp:
        record = load(fp)
    assert check_fairness(record).ok
    replayed = replay(record)
    assert replayed.sheet.is_complete


def test_whole_short_game_with_hint_and_help(tmp_path: Path) -> None:
    child = spawn([*SHORT, "--record", "game.pref"], tmp_path)
    child.expect("Choices:")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect(r"Hint: (\S+)")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Commands:")
    child.expect(PROMPT)
    child.sendline("sheet")
    child.expect("Pulya to 1")
    child.expect(PROMPT)
    child.sendline("1")
    tail = play_out(child)
    assert "Settlement:" in tail
    child.close()
    assert child.exitstatus == 0
    _check_record(tmp_path / "game.pref")


def test_typing_bids_calls_and_cards(tmp_path: Path) -> None:
    """Each choice is typed as text (s9, 7c, pass, misere), never by its number."""
    child = spawn(
        ["play", "--seed", "11", "--target", "1", "--deals", "3", "--lang", "en"], tmp_path
    )
    rng = random.Random(5)
    kinds: set[str] = set()
    for _ in range(400):
        index = child.expect([PROMPT, END])
        if index == 1:
            break
        offered = choices(str(child.before))
        assert offered, child.before
        options = [(c, typed(c)) for c in offered if typed(c) is not None]
        # bid (or name a contract) half the time it is offered, so every step occurs
        bids = [(c, t) for c, t in options if c[0].isdigit() or c.startswith("play ")]
        choice, text = rng.choice(bids if bids and rng.random() < 0.5 else options)
        assert text is not None
        bid = choice[0].isdigit() or choice.startswith("play ")
        kinds.add("card" if choice[0] in "♠♣♦♥" else "bid" if bid else "call")
        child.sendline(text)
    else:
        raise AssertionError("the game did not end")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert kinds == {"card", "call", "bid"}


def test_bad_input_is_explained_and_the_game_goes_on(tmp_path: Path) -> None:
    child = spawn(["play", "--seed", "5", "--target", "1", "--lang", "en"], tmp_path)
    answer(child, "zz", "Not understood")
    answer(child, "99", r"No choice 99: pick 1–\d+")
    child.expect(PROMPT)
    child.sendline("♥A")  # a card while bidding: the engine says why not
    child.expect("Not allowed:")
    answer(child, "quit", "The game is not saved")  # nothing saves this game: the first warns
    answer(child, "quit", "Stopped.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_refusals_in_a_russian_game(tmp_path: Path) -> None:
    """The engine's refusal is shown in the player's language, not in English."""
    child = spawn(["play", "--seed", "5", "--target", "1", "--lang", "ru"], tmp_path)
    answer(child, "♥A", "Нельзя: идёт торговля: заявка, пас или «здесь»")  # a card
    answer(child, "вист", "Нельзя: в торговле нельзя сказать «вист»")  # a whist in the bidding
    child.expect(PROMPT)
    assert "must" not in str(child.before) and "bidding" not in str(child.before)
    quit_unsaved(child, "выход", "Игра не сохранена")


def test_save_quit_resume_and_finish(tmp_path: Path) -> None:
    save = tmp_path / "saved.pref"
    child = spawn([*SHORT, "--save", "saved.pref"], tmp_path)
    for _ in range(6):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Saved to saved.pref")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = save.read_text(encoding="utf-8")
    assert "SavedSecret" in saved and "[Secret " not in saved

    child = spawn(["play", "--resume", "saved.pref", "--lang", "en"], tmp_path)
    child.expect(r"Resumed saved.pref: deal \d+, \d+ moves replayed")
    tail = play_out(child)
    assert "Settlement:" in tail
    child.close()
    assert child.exitstatus == 0
    final = save.read_text(encoding="utf-8")
    assert "[Secret " in final
    _check_record(save)


def test_resumed_game_is_the_uninterrupted_game(tmp_path: Path) -> None:
    """Cards and bots are fixed by the seed: stopping in the middle changes nothing."""
    eight = [*SHORT, "--deals", "8"]  # the whole pulya is 41 deals: a minute of bot thinking
    piped = subprocess.run(
        [sys.executable, "-m", "preferans", *eight, "--record", "whole.pref"],
        input="1\n" * 1000,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert piped.returncode == 0, piped.stderr
    first = spawn([*eight, "--save", "half.pref"], tmp_path)
    for _ in range(20):
        first.expect(PROMPT)
        first.sendline("1")
    first.expect(PROMPT)
    first.sendintr()
    first.expect("Interrupted.")
    first.expect(pexpect.EOF)
    first.close()
    assert first.exitstatus == 130
    second = spawn(["play", "--resume", "half.pref", "--record", "resumed.pref"], tmp_path)
    play_out(second)
    second.close()

    def deals(name: str) -> str:
        text = (tmp_path / name).read_text(encoding="utf-8")
        return text[text.index("\nDeal 1") :]

    assert deals("whole.pref") == deals("resumed.pref")


def test_cards_are_coloured_in_a_terminal(tmp_path: Path) -> None:
    child = spawn(["play", "--seed", "5", "--target", "1", "--lang", "ru"], tmp_path, color=True)
    child.expect("Варианты")
    child.expect(PROMPT)
    before = str(child.before)
    assert "\x1b[" in before
    quit_unsaved(child, "выход", "Игра не сохранена")


@pytest.mark.parametrize("players", ["2", "4"])
def test_two_and_four_players(tmp_path: Path, players: str) -> None:
    child = spawn(
        ["play", "--players", players, "--seed", "2", "--target", "1", "--deals", "4"], tmp_path
    )
    tail = play_out(child)
    assert "Settlement:" in tail or "Расчёт:" in tail
    child.close()
    assert child.exitstatus == 0


def test_against_sampling_bots_in_a_terminal(tmp_path: Path) -> None:
    child = spawn(
        ["play", "--seed", "4", "--target", "1", "--deals", "1", "--bots", "sampling"], tmp_path
    )
    tail = play_out(child)
    assert "Settlement:" in tail or "Расчёт:" in tail
    child.close()
    assert child.exitstatus == 0


def test_prompt_mistakes_are_answered_and_the_game_goes_on(tmp_path: Path) -> None:
    """Issue 21: a bad save path, a card named twice in the discard, a rank with no legal
    card, Russian card input: each is answered in words and the same question comes back."""
    args = ["play", "--seed", "1", "--target", "1", "--deals", "1", "--lang", "ru"]
    child = spawn(args, tmp_path)
    child.expect(PROMPT)
    child.sendline("сохранить /nonexistent/x.pref")
    child.expect("Нельзя сохранить в /nonexistent/x.pref: no directory /nonexistent")
    child.expect(PROMPT)
    child.sendline("мизер")
    child.expect("Прикуп: ♠7 ♦К")  # Russian ranks; the talon in the hand's order
    child.expect(PROMPT)
    child.sendline("10 10")
    child.expect("♦К указана дважды")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect(r"Подсказка: \S+ \S+")  # the discard hint names both cards
    child.expect(PROMPT)
    child.sendline("пт пд")  # not in the hand: the engine's refusal
    child.expect("Нельзя")
    child.expect(PROMPT)
    child.sendline("п7 бк")  # ♠7 and ♦K in Russian letters
    child.expect("Варианты: 1\\) игра мизер")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("в")  # no jack can be played: says which cards can
    child.expect("Сейчас нельзя сыграть В; можно:")
    child.expect(PROMPT)
    child.sendline("выход")
    child.expect("Игра не сохранена")
    child.expect(PROMPT)
    child.sendline("сохранить saved.pref")
    child.expect("Сохранено в saved.pref")
    child.expect(PROMPT)
    child.sendline("выход")  # saved now: no second warning
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "saved.pref").exists()
