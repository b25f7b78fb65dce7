"""``preferans play``: a whole pulya against bots in the terminal (issue 9).

Argument checking lives here and every mistake is one line on stderr with exit code 2;
the game itself is :mod:`preferans.terminal`.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

__all__ = ["add_parser", "parse_conventions", "run"]

EXIT_INTERRUPTED = 130

_EPILOG = """\
examples:
  preferans play                                  Sochi, 3 players, pulya to 20
  preferans play --variant leningrad --target 10 --lang en
  preferans play --variant balkan --target 30    the Balkan game, bula from 30
  preferans play --players 4 --bots random,heuristic,heuristic
  preferans play --set half_whist=false --set raspasy_progression=1,2,4
  preferans play --seed 7 --save game.pref        reproducible cards; autosave
  preferans play --target 10 --stake 1/2           half a rouble a whist
  preferans play --resume game.pref               carry on a saved game
  preferans play --seed 1 --lang en < moves.txt   scripted, one input per line

at the prompt: a number from the list, a card (♠9, s9, d10, q), a bid (7c, 6nt,
misere, pass), ? for a hint, sheet, save [FILE], help, quit. Balkan: 2s 3d 4h 5c
betl sans, igra 5c (without the talon), here (moje), whist, kontra, invite.

the full-screen table (a terminal on stdin and stdout): the seats around the table,
the trick in the middle, the contract and bidding, the sheet's totals at the side;
F1 help, F2 the last trick, F3 the whole sheet, F4 a hint. --line gives the line mode.

exit codes: 0 the game ended or you quit, 2 bad arguments, an unreadable save or a
path that cannot be written (checked before the game starts), 130 interrupted
(Ctrl-C, or input ended before the game did).
"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play",
        help="play a pulya against bots in the terminal",
        description=(
            "Play a whole pulya against bots in the terminal, keyboard-driven: "
            "the sheet after every deal, hints on demand, save and resume. Works with "
            "a pipe on stdin too, one input per line."
        ),
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--variant",
        default="sochi",
        help="sochi, leningrad (piter), rostov or balkan (serbian; bula) (default: sochi)",
    )
    parser.add_argument(
        "--set",
        dest="conventions",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="change a convention, e.g. --set half_whist=false (repeat for more; "
        "see docs/rules.md for the names)",
    )
    parser.add_argument(
        "--players", type=int, default=3, choices=(2, 3, 4), help="2 (with a dummy), 3 or 4"
    )
    parser.add_argument(
        "--bots",
        default="master",
        metavar="LEVELS",
        help="one level for every bot, or one per bot seat in clockwise order "
        "(random,heuristic), or SEAT=LEVEL pairs (W=random,E=heuristic); "
        "levels: novice, amateur, master (новичок, любитель, мастер); default: master",
    )
    parser.add_argument(
        "--seat", default="S", help="your seat: S, W, N or E (default: S, first hand)"
    )
    parser.add_argument(
        "--target", type=int, default=20, help="pulya target for every player (default: 20)"
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=None,
        metavar="N",
        help="stop after N deals even if the pulya is open (it is settled as it stands)",
    )
    parser.add_argument(
        "--stake",
        default=None,
        metavar="AMOUNT",
        help="money per whist (1, 0.5 or 1/2): the settlement shows what each pays",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="fix the cards and the bots (default: random)"
    )
    parser.add_argument(
        "--lang", choices=("ru", "en"), default=None, help="ru or en (default: from $LANG)"
    )
    parser.add_argument("--save", type=Path, default=None, metavar="FILE", help="autosave here")
    parser.add_argument(
        "--resume", type=Path, default=None, metavar="FILE", help="carry on a saved game"
    )
    parser.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the finished game's record here (default: the --save file, "
        "else preferans-<table>.pref in the current directory)",
    )
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")
    parser.add_argument(
        "--line",
        action="store_true",
        help="line mode: a scrolling log read line by line (for screen readers and "
        "scripts; the default when stdin or stdout is not a terminal)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.4,
        metavar="SECONDS",
        help="pause after each bot move at the full-screen table (default: 0.4)",
    )
    return parser


def parse_conventions(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` texts typed by the :class:`~preferans.rules.Rules` field they name."""
    from preferans.errors import RulesError
    from preferans.rules import FIELD_NAMES, Rules

    defaults = {f.name: getattr(Rules(), f.name) for f in fields(Rules)}
    result: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        name = name.strip().replace("-", "_")
        raw = raw.strip()
        if not sep or not name:
            raise RulesError(f"--set takes KEY=VALUE, not {pair!r}")
        if name not in FIELD_NAMES:
            raise RulesError(
                f"unknown convention {name!r}; known ones: {', '.join(sorted(FIELD_NAMES))}"
            )
        default = defaults[name]
        lowered = raw.lower()
        if isinstance(default, bool):
            if lowered in ("true", "yes", "on", "1", "да"):
                result[name] = True
            elif lowered in ("false", "no", "off", "0", "нет"):
                result[name] = False
            else:
                raise RulesError(f"{name} is true or false, not {raw!r}")
        elif isinstance(default, int):
            try:
                result[name] = int(raw)
            except ValueError:
                raise RulesError(f"{name} is a whole number, not {raw!r}") from None
        elif isinstance(default, tuple):
            try:
                result[name] = tuple(int(v) for v in raw.split(",") if v.strip())
            except ValueError:
                raise RulesError(f"{name} takes whole numbers like 1,2,3, not {raw!r}") from None
        else:
            result[name] = raw
    return result


def _parse_bots(text: str, seats: list[Any]) -> dict[Any, str]:
    """``heuristic`` / ``random,heuristic`` / ``W=random,E=heuristic`` → seat → level."""
    from preferans.errors import InputSyntaxError
    from preferans.seats import Seat

    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise InputSyntaxError(
            "--bots needs at least one level", ru="--bots: нужен хотя бы один уровень"
        )
    if all("=" in item for item in items):
        levels = {}
        for item in items:
            seat, _, level = item.partition("=")
            levels[Seat.parse(seat)] = level.strip()
        return levels
    if any("=" in item for item in items):
        raise InputSyntaxError(
            "--bots: give either levels or SEAT=LEVEL pairs, not both",
            ru="--bots: либо уровни, либо пары МЕСТО=УРОВЕНЬ, не вперемешку",
        )
    if len(items) == 1:
        return dict.fromkeys(seats, items[0])
    if len(items) != len(seats):
        names = ", ".join(s.name for s in seats)
        raise InputSyntaxError(
            f"--bots gives {len(items)} levels for {len(seats)} bot seats ({names})",
            ru=f"--bots: уровней {len(items)}, а мест для ботов {len(seats)} ({names})",
        )
    return dict(zip(seats, items, strict=True))


def _language(choice: str | None) -> str:
    if choice is not None:
        return choice
    env = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG", "")
    return "ru" if env.lower().startswith("ru") else "en"


def _error(message: str) -> int:
    print(f"preferans play: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from preferans.errors import RulesError
    from preferans.rules import find_rules
    from preferans.seats import Seat
    from preferans.terminal.checks import readable_problem, writable_problem
    from preferans.terminal.game import TerminalGame
    from preferans.terminal.session import GameSetup, SaveError, Session, read_save

    lang: Any = _language(args.lang)
    if args.resume is not None:
        problem = readable_problem(args.resume)
        if problem is not None:
            return _error(f"cannot resume {args.resume}: {problem}")
        try:
            session, moves = read_save(args.resume)
        except SaveError as error:
            return _error(f"{args.resume}: {error}")
        save_path = args.save if args.save is not None else args.resume
    else:
        if args.target < 1:
            return _error(f"--target must be at least 1, not {args.target}")
        if args.deals is not None and args.deals < 1:
            return _error(f"--deals must be at least 1, not {args.deals}")
        try:
            conventions = parse_conventions(args.conventions)
            conventions["players"] = args.players
            rules = find_rules(args.variant, **conventions)
        except RulesError as error:
            return _error(str(error))
        try:
            human = Seat.parse(args.seat)
            from preferans.seats import player_seats

            bot_seats = [s for s in player_seats(rules.players) if s != human]
            bots = _parse_bots(args.bots, bot_seats)
            setup = GameSetup.create(
                rules,
                args.target,
                human=human,
                bots=bots,
                seed=args.seed,
                max_deals=args.deals,
                stake=args.stake,
            )
        except ValueError as error:
            return _error(str(error))
        session = Session(setup)
        moves = -1
        save_path = args.save
    if args.bot_delay < 0 or args.bot_delay > 10:
        return _error(f"--bot-delay is 0–10 seconds, not {args.bot_delay}")
    if save_path is not None:
        problem = writable_problem(save_path)
        if problem is not None:
            return _error(f"cannot save to {save_path}: {problem}")
    record_path = args.record
    if record_path is None:
        record_path = save_path or _fresh_record_path(session.setup.table_id)
    problem = writable_problem(record_path)
    if problem is not None:
        return _error(f"cannot write the record to {record_path}: {problem}")
    no_color = bool(args.no_color or os.environ.get("NO_COLOR"))
    console = Console(highlight=False, soft_wrap=True, color_system=None if no_color else "auto")
    if session.is_over:
        console.print(f"{args.resume}: the game is already over", markup=False)
        from preferans.scoring import render_text

        console.print(render_text(session.pulya.sheet, lang), markup=False)
        return 0
    if _full_screen(args):
        return _run_table(session, lang, save_path, record_path, args, console)
    game = TerminalGame(session, console, lang, save_path=save_path, record_path=record_path)
    game.welcome()
    if moves >= 0:
        from preferans.terminal.i18n import tr

        number = session.deal_number
        console.print(tr(lang, "resumed", path=args.resume, number=number, moves=moves))
        if session.state is not None:
            game.announce_deal(session.state)
    try:
        return game.run()
    except OSError as error:
        return _error(f"cannot write: {error}")


def _full_screen(args: argparse.Namespace) -> bool:
    """The table needs a terminal on both ends; a pipe, a script or --line get line mode."""
    if args.line or os.environ.get("TERM", "") in ("", "dumb"):
        return False
    return sys.stdin.isatty() and sys.stdout.isatty()


def _fresh_record_path(table_id: str) -> Path:
    """``preferans-<table>.pref``, or ``-2``, ``-3`` … when a game with the same table
    (the same --seed) already wrote one: a record is never overwritten unasked."""
    path = Path(f"preferans-{table_id}.pref")
    number = 2
    while path.exists():
        path = Path(f"preferans-{table_id}-{number}.pref")
        number += 1
    return path


def _run_table(
    session: Any,
    lang: Any,
    save_path: Path | None,
    record_path: Path,
    args: argparse.Namespace,
    console: Any,
) -> int:
    from preferans.terminal.app import TableApp

    app = TableApp(
        session, lang, save_path=save_path, record_path=record_path, bot_delay=args.bot_delay
    )
    try:
        code = app.run()
    except OSError as error:
        return _error(f"cannot write: {error}")
    for line in app.final_text:
        console.print(line, markup=False)
    return EXIT_INTERRUPTED if code is None else int(code)
