"""``preferans serve``'s command line: bad options are one line and exit 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _serve(*args: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
    code = f"{prelude}import sys; from preferans.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, "serve", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--log-level", "foo"), "invalid choice: 'foo'"),
        (("--port", "0"), "1–65535"),
        (("--port", "65536"), "1–65535"),
        (("--port", "http"), "not a port number"),
        (("--grace", "-1"), "≥ 0"),
        (("--redis-prefix", "a-b"), "redis_prefix"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: tuple[str, ...], words: str) -> None:
    done = _serve(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.stderr
    assert "Traceback" not in done.stderr


def test_help_shows_defaults_an_example_and_exit_codes() -> None:
    done = _serve("--help")
    assert done.returncode == 0
    assert "(default: 8000)" in done.stdout and "(default: warning)" in done.stdout
    assert "examples:" in done.stdout and "exit codes:" in done.stdout


def test_a_missing_server_extra_is_reported_on_stderr() -> None:
    done = _serve("--port", "8123", prelude="import sys; sys.modules['uvicorn'] = None; ")
    assert done.returncode == 2
    assert "pip install 'preferans[server]'" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("flag", ["--hint-level", "--tournament-bot"])
def test_the_level_options_offer_exactly_the_players_levels(flag: str) -> None:
    from preferans.bots.levels import player_levels

    done = _serve(flag, "random")
    assert done.returncode == 2
    offered = done.stderr.split("(choose from ", 1)[1].split(")", 1)[0]
    assert [name.strip(" '") for name in offered.split(",")] == list(player_levels())
