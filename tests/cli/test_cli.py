"""Every subcommand on good and bad input: exit codes, one-line messages, no tracebacks."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from preferans.cli import SUBCOMMANDS, main

from ._run import one_line_error, run

GOLDEN = Path(__file__).parents[1] / "notation" / "golden"


def test_subcommands_in_order() -> None:
    expected = ["play", "serve", "solve", "match", "bot", "replay", "verify", "review", "club"]
    assert [name for name in expected if name in SUBCOMMANDS] == list(SUBCOMMANDS)
    assert {"play", "serve", "match", "replay", "verify"} <= set(SUBCOMMANDS)


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_every_subcommand_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([name, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: preferans {name}")
    assert len(out.splitlines()) > 5


@pytest.mark.parametrize("name", ["play", "replay"])
def test_help_has_examples_and_exit_codes(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([name, "--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and "exit codes:" in out


def test_no_command_prints_help_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out


# --- play -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--set", "nonsense=1"], "unknown convention 'nonsense'"),
        (["--set", "half_whist=maybe"], "half_whist is true or false"),
        (["--set", "throw_talon=true"], "only with 4 players"),
        (["--set", "raspasy_exit"], "KEY=VALUE"),
        (["--variant", "moscow"], "unknown variant"),
        (["--bots", "genius"], "unknown bot level"),
        (["--bots", "random,random,random"], "3 levels for 2 bot seats"),
        (["--seat", "X"], "unknown seat"),
        (["--players", "2", "--seat", "E"], "not a player's seat"),
        (["--target", "0"], "--target must be at least 1"),
        (["--stake", "abc"], "a stake is an amount per whist"),
        (["--stake", "-1"], "cannot be negative"),
        (["--resume", "/nonexistent/save.pref"], "cannot resume"),
        (["--save", "/nonexistent/dir/save.pref"], "no directory"),
    ],
)
def test_play_bad_arguments(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("preferans play: ") and message in err
    assert len(err.strip().splitlines()) == 1


def test_play_conventions_are_applied(tmp_path: Path) -> None:
    result = run(
        "play", "--seed", "3", "--target", "1", "--deals", "2", "--lang", "en",
        "--set", "half_whist=false", "--set", "raspasy_progression=1,2,4", "--record", "r.pref",
        "--stake", "1/2",
        stdin="1\n" * 400, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "r.pref").read_text(encoding="utf-8")
    assert "half_whist=false" in text and "raspasy_progression=1,2,4" in text
    assert '[Stake "1/2"]' in text and "money: " in result.stdout


def _play_piped(cwd: Path, answers: int, *options: str) -> str:
    """What ``preferans play --seed 4`` shows when every one of ``answers`` questions is
    answered "1" from a pipe; the game must end with exit code 0."""
    result = run("play", "--seed", "4", *options, stdin="1\n" * answers, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_play_from_a_pipe_to_the_end(tmp_path: Path) -> None:
    shown = _play_piped(tmp_path, 1000, "--target", "1", "--lang", "ru", "--bots", "novice")
    assert "Пуля окончена." in shown
    records = list(tmp_path.glob("preferans-*.pref"))
    assert len(records) == 1
    assert run("verify", "--replay", str(records[0])).returncode == 0


def test_the_same_seed_twice_keeps_both_records(tmp_path: Path) -> None:
    """A default record never overwrites an earlier game's; --deals says why it stopped."""
    for _ in range(2):
        shown = _play_piped(tmp_path, 200, "--target", "5", "--deals", "1", "--lang", "en")
        assert "Stopped after 1 deal," in shown
        assert "The pulya is over" not in shown
    names = sorted(p.name for p in tmp_path.glob("preferans-*.pref"))
    assert names == ["preferans-terminal-seed-4-2.pref", "preferans-terminal-seed-4.pref"]


def test_play_input_ending_early_is_an_interruption(tmp_path: Path) -> None:
    result = run(
        "play", "--seed", "4", "--lang", "en", "--save", "s.pref", stdin="1\n1\n", cwd=tmp_path
    )
    assert result.returncode == 130
    assert "Input ended before the game did." in result.stdout
    assert (tmp_path / "s.pref").exists()


def test_play_resume_of_a_bad_save(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pref"
    bad.write_text('[Event "x"]\nDeal one\n', encoding="utf-8")
    line = one_line_error(run("play", "--resume", str(bad)))
    assert line.startswith("preferans play: ") and "not a game record" in line
    other = run("play", "--resume", str(GOLDEN / "sochi.pref"))
    assert other.returncode == 2
    assert "not a saved terminal game" in one_line_error(other)


# --- replay ---------------------------------------------------------------------------------


def test_replay_all_with_solver_values() -> None:
    result = run("replay", str(GOLDEN / "sochi.pref"), "--all", "--deal", "1", "--lang", "en")
    assert result.returncode == 0, result.stderr
    assert "Solver:" in result.stdout and "tricks for the mover's side" in result.stdout
    assert result.stdout.count("── Deal 1 ·") == 38  # the deal as dealt and after each of 37 moves
    assert "Deal 1, dealer E:" in result.stdout  # the sheet's breakdown at the deal's end


def test_replay_interactive_steps(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "preferans", "replay", str(GOLDEN / "rostov.pref"), "--lang", "en",
         "--no-solver"],
        input="n\np\ng 12\nd 2\nwhat\nd 99\ng 9999\nq\n", capture_output=True, text=True,
        timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "[2/" in out and "[12/" in out and "── Deal 2 · move 0/" in out
    assert "Not understood: what" in out
    assert re.search(r"No deal 99: the record has deals 1–\d+\.", out)
    assert re.search(r"No position 9999: the record has positions 1–\d+\.", out)


def test_replay_json_from_stdin() -> None:
    from preferans.notation import load, to_json

    with (GOLDEN / "leningrad.pref").open(encoding="utf-8") as fp:
        record = load(fp)
    result = run("replay", "-", "--all", "--no-solver", stdin=to_json(record))
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("garbage\n", "line 1"),
        ('{"rules": 5}', "$.rules"),
        (None, "cannot read"),
    ],
)
def test_replay_bad_records(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "r.pref"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = run("replay", str(path), "--all")
    assert result.returncode == 2
    line = one_line_error(result)
    assert line.startswith("preferans replay: ") and message in line


def test_replay_record_with_an_illegal_move(tmp_path: Path) -> None:
    text = (GOLDEN / "sochi.pref").read_text(encoding="utf-8")
    broken = text.replace("Trick 1: S ♣Q, W ♣10, E ♣7", "Trick 1: S ♣Q, W ♠K, E ♣7", 1)
    assert broken != text
    path = tmp_path / "broken.pref"
    path.write_text(broken, encoding="utf-8")
    result = run("replay", str(path), "--all")
    assert result.returncode == 2
    assert "deal 1" in one_line_error(result).lower()


def test_replay_deal_out_of_range() -> None:
    result = run("replay", str(GOLDEN / "sochi.pref"), "--all", "--deal", "99")
    assert result.returncode == 2 and "--deal 99" in one_line_error(result)


# --- the others -----------------------------------------------------------------------------


def test_verify_good_and_bad(tmp_path: Path) -> None:
    assert run("verify", str(GOLDEN / "sochi.pref")).returncode == 0
    bad = run("verify", str(tmp_path / "missing.pref"))
    assert bad.returncode == 2
    one_line_error(bad)


def test_match_bad_input() -> None:
    result = run("match", "--bots", "genius,random")
    assert result.returncode == 2
    one_line_error(result)
    assert run("match", "--deals", "0").returncode == 2


def test_match_small_run() -> None:
    result = run("match", "--bots", "random,random", "--deals", "2", "--processes", "1", "--json")
    assert result.returncode == 0, result.stderr
    assert '"deals"' in result.stdout


def test_argparse_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--players", "5"])
    assert exit_.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.skipif("solve" not in SUBCOMMANDS, reason="preferans solve is not installed")
def test_solve_good_and_bad() -> None:
    good = run("solve", "♠AK ♣9 / ♠QJ ♣A / ♠78 ♣K")
    assert good.returncode == 0, good.stderr
    bad = run("solve", "♠AK ♣9 / ♠QJ ♣A / ♠7 8 ♣K")
    assert bad.returncode == 2
    assert one_line_error(bad).startswith("preferans solve: ")
