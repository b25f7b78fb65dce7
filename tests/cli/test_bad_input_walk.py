"""Every subcommand with bad input: one line on stderr, the documented exit code, never a
traceback, and nothing done before the mistake is found (docs/cli.md, "Exit codes").

The cases are data: a subcommand's new option gets its bad values added here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from preferans.cli import SUBCOMMANDS

from ._run import one_line_error, run

GOLDEN = Path(__file__).parents[1] / "notation" / "golden"


@dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    code: int = 2
    says: str = ""
    """A piece of the one line (what was wrong)."""
    stdin: str = ""


def _broken_record(tmp: Path) -> str:
    """A record whose deals verify but whose moves do not replay."""
    text = (GOLDEN / "sochi.pref").read_text(encoding="utf-8")
    broken = text.replace("Trick 1: S ♣Q, W ♣10, E ♣7", "Trick 1: S ♣Q, W ♠K, E ♣7", 1)
    path = tmp / "broken.pref"
    path.write_text(broken, encoding="utf-8")
    return str(path)


def _garbage(tmp: Path) -> str:
    path = tmp / "garbage.pref"
    path.write_text("this is not a record\n", encoding="utf-8")
    return str(path)


#: Two random bots for one deal: the start of every match case below.
_TWO = ("--bots", "random,random", "--deals", "1")

#: (name, case); "{tmp}", "{garbage}", "{broken}", "{golden}" are filled in per test.
CASES: list[Any] = [
    # play: options, then paths, all checked before a card is dealt
    ("play-variant", Case(("play", "--variant", "nope"), says="nope")),
    ("play-players", Case(("play", "--players", "5"), says="--players")),
    ("play-target", Case(("play", "--target", "0"), says="--target")),
    ("play-deals", Case(("play", "--deals", "0"), says="--deals")),
    ("play-seat", Case(("play", "--seat", "X"), says="seat")),
    ("play-seat-empty", Case(("play", "--seat", "N"), says="N")),
    ("play-bots", Case(("play", "--bots", "genius"), says="genius")),
    ("play-bots-count", Case(("play", "--bots", "random,random,random"), says="--bots")),
    ("play-set", Case(("play", "--set", "nonsense=1"), says="nonsense")),
    ("play-set-value", Case(("play", "--set", "half_whist=maybe"), says="half_whist")),
    ("play-stake", Case(("play", "--stake", "lots"), says="stake")),
    ("play-seed", Case(("play", "--seed", "abc"), says="--seed")),
    ("play-lang", Case(("play", "--lang", "de"), says="--lang")),
    ("play-bot-delay", Case(("play", "--bot-delay", "-1"), says="--bot-delay")),
    ("play-record", Case(("play", "--record", "/nonexistent/x.pref"), says="/nonexistent")),
    ("play-record-dir", Case(("play", "--record", "{tmp}"), says="directory")),
    ("play-save", Case(("play", "--save", "/nonexistent/x.pref"), says="/nonexistent")),
    ("play-resume", Case(("play", "--resume", "/nonexistent.pref"), says="no such file")),
    ("play-resume-dir", Case(("play", "--resume", "{tmp}"), says="directory")),
    ("play-resume-garbage", Case(("play", "--resume", "{garbage}"), says="garbage.pref")),
    ("play-resume-finished", Case(("play", "--resume", "{golden}"), says="golden")),
    # serve: every place checked before the server starts
    ("serve-port", Case(("serve", "--port", "0"), says="--port")),
    ("serve-port-text", Case(("serve", "--port", "http"), says="--port")),
    ("serve-data-dir", Case(("serve", "--data-dir", "/proc/nope"), says="/proc/nope")),
    ("serve-database", Case(("serve", "--database", "foo://bar"), says="foo://bar")),
    ("serve-redis", Case(("serve", "--redis", "http://x"), says="--redis")),
    ("serve-grace", Case(("serve", "--grace", "-1"), says="--grace")),
    ("serve-log-level", Case(("serve", "--log-level", "loud"), says="--log-level")),
    # solve
    ("solve-garbage", Case(("solve", "garbage"), says="preferans solve")),
    ("solve-repeat", Case(("solve", "♠AK ♣9 / ♠AJ ♣A / ♠78 ♣K"), says="repeats")),
    ("solve-leader", Case(("solve", "--leader", "5", "♠A / ♠K / ♠Q"), says="--leader")),
    # replay
    ("replay-missing", Case(("replay", "/nonexistent.pref", "--all"), says="/nonexistent")),
    ("replay-dir", Case(("replay", "{tmp}", "--all"), says="cannot read")),
    ("replay-garbage", Case(("replay", "{garbage}", "--all"), says="garbage.pref")),
    ("replay-broken", Case(("replay", "{broken}", "--all"), says="deal 1")),
    ("replay-deal", Case(("replay", "{golden}", "--all", "--deal", "99"), says="--deal 99")),
    ("replay-stdin-empty", Case(("replay", "-", "--all"), says="preferans replay")),
    ("replay-stdin-interactive", Case(("replay", "-"), says="--all", stdin="{}")),
    # verify
    ("verify-missing", Case(("verify", "/nonexistent.pref"), says="/nonexistent")),
    ("verify-garbage", Case(("verify", "{garbage}"), says="garbage.pref")),
    ("verify-replay-broken", Case(("verify", "--replay", "{broken}"), says="does not replay")),
    # match: the basic checks that already hold
    ("match-bots", Case(("match", "--bots", "genius,random"), says="genius")),
    ("match-deals", Case(("match", "--deals", "0"), says="--deals")),
    # match: options and the --per-deal path, all checked before the first deal
    ("match-per-deal", Case(("match", *_TWO, "--per-deal", "/nonexistent/x"), says="/nonexistent")),
    (
        "match-samples",
        Case(
            ("match", "--bots", "sampling,random", "--deals", "1", "--samples", "0"),
            says="--samples",
        ),
    ),
    ("match-processes", Case(("match", *_TWO, "--processes", "-1"), says="--processes")),
    ("match-first-deal", Case(("match", *_TWO, "--first-deal", "-1"), says="--first-deal")),
]


def _params() -> list[object]:
    """Every case with its name as the test id (plain pairs and pytest.param alike)."""
    out: list[object] = []
    for item in CASES:
        if isinstance(item, tuple) and not hasattr(item, "marks"):
            out.append(pytest.param(*item, id=item[0]))
        else:
            out.append(pytest.param(*item.values, marks=item.marks, id=str(item.values[0])))
    return out


@pytest.mark.parametrize(("name", "case"), _params())
def test_bad_input_is_one_line_and_exit_code(name: str, case: Case, tmp_path: Path) -> None:
    places = {
        "{tmp}": str(tmp_path),
        "{garbage}": _garbage(tmp_path),
        "{broken}": _broken_record(tmp_path),
        "{golden}": str(GOLDEN / "sochi.pref"),
    }
    args = [places.get(arg, arg) for arg in case.args]
    if args[0] not in SUBCOMMANDS:
        pytest.skip(f"preferans {args[0]} is not installed")
    work = tmp_path / "work"
    work.mkdir()
    line_mode = ["--line"] if args[0] == "play" else []
    result = run(*args, *line_mode, stdin=case.stdin, cwd=work, timeout=120)
    line = one_line_error(result)
    assert line.startswith(f"preferans {args[0]}"), line
    assert case.says in line, line
    assert result.returncode == case.code, (result.returncode, line)
    # nothing was done before the mistake was found: no record, no data directory
    assert list(work.iterdir()) == []
