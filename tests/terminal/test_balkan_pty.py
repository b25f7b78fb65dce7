"""``preferans play --variant balkan`` in a pseudo-terminal: a whole bula game, the Balkan
words on offer, two-card tricks, and refusals in the player's language."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pexpect  # type: ignore[import-untyped]

from .driver import PROMPT, play_choosing, spawn

BALKAN_BID = re.compile(r"^(igra )?([2-5][♠♦♥♣]|betl|sans)$")
OLD_WORDS = ("misère", "NT", "w/o talon")
BALKAN = ("play", "--variant", "balkan")


def _keen(offered: list[str], rng: random.Random) -> int:
    """A choice number for a keen player: bids, whists and kontras often, so that the
    Balkan defence (a lone whister's pass puts the other defender out) comes up."""
    weights = [
        3.0 if BALKAN_BID.match(c) or c in ("whist", "kontra", "invite") else 1.0 for c in offered
    ]
    return rng.choices(range(1, len(offered) + 1), weights)[0]


def _follow_hint(child: pexpect.spawn, offered: list[str]) -> str:
    """Ask for a hint and take it (a sensible declarer, so the bula closes soon)."""
    child.sendline("?")
    child.expect(r"Hint: ([^\r\n]+)")
    hint = str(child.match.group(1)).strip()
    child.expect(PROMPT)
    return str(offered.index(hint) + 1) if hint in offered else "1"


def test_balkan_game_to_the_end(tmp_path: Path) -> None:
    # A seed whose game has an all-pass deal when the player follows the sampling hints.
    child = spawn(
        # The game this test follows was played by the heuristic bots.
        [*BALKAN, "--seed", "24", "--target", "1", "--lang", "en", "--bots", "heuristic"],
        tmp_path,
    )
    child.expect("igra 5c")  # the commands line speaks Balkan
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Balkan \\(bula\\):")
    child.expect("kontra ")
    child.expect(PROMPT)
    child.sendline("kontra")  # not in the bidding: refused in the engine's words
    child.expect("Not allowed: you cannot say kontra in the bidding")
    child.expect(PROMPT)
    child.sendline("show")  # the table again, with its numbered choices
    seen, offered_all = play_choosing(child, lambda offered: _follow_hint(child, offered))
    child.expect(pexpect.EOF)
    seen += str(child.before)
    child.close()
    assert child.exitstatus == 0
    assert "Settlement:" in seen and "bula:" in seen
    # bids the Balkan way, never the Russian ladder's words
    bids = {c for c in offered_all if BALKAN_BID.match(c)}
    assert {"2♠", "igra 5♣", "igra betl", "igra sans"} <= bids
    assert not [c for c in offered_all if any(word in c for word in OLD_WORDS)]
    # the bula sheet after every deal, and the refe result of an all-pass deal
    deals = len(re.findall(r"Deal \d+ is over\.", seen))
    assert deals >= 1
    assert len(re.findall(r"Bula from 1", seen)) >= deals
    assert "all passed, refe" in seen


def test_balkan_two_card_tricks_show_the_out_seat(tmp_path: Path) -> None:
    child = spawn(
        [*BALKAN, "--seed", "11", "--target", "1", "--deals", "3", "--lang", "en"],
        tmp_path,
    )
    rng = random.Random(3)
    seen, _ = play_choosing(child, lambda offered: str(_keen(offered, rng)))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    # a lone whister's pass puts the other defender out: the table and the tricks say so
    assert re.search(r"\w+: out \(cards face down; tricks of two cards\)", seen)
    assert re.search(r"Trick \d+: [^\n]*\(\w out\)", seen)


def test_balkan_talon_is_shown_once_and_refusals_in_russian(tmp_path: Path) -> None:
    child = spawn(
        ["play", "--variant", "balkan", "--seed", "2", "--target", "2", "--lang", "ru"],
        tmp_path,
    )
    child.expect(PROMPT)
    child.sendline("2п")  # first hand bids 2♠, both bots pass: the talon is opened
    child.expect(PROMPT)
    after_talon = str(child.before)
    assert "Варианты" in after_talon
    assert after_talon.count("Прикуп:") == 1, after_talon
    child.sendline("туз")  # not understood
    child.expect("Не понял")
    child.expect(PROMPT)
    child.sendline("♥A")  # not in the hand: the engine's refusal, in Russian
    child.expect("Нельзя: карты ♥Т у вас нет")  # Russian ranks, even in the engine's words
    child.expect(PROMPT)
    child.sendline("выход")  # no --save: the first quit only warns
    child.expect("Игра не сохранена")
    child.expect(PROMPT)
    child.sendline("выход")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
