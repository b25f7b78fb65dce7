"""``preferans review RECORD``: every decision of a game graded in whists.

Prints, per deal, the marked decisions (all of them with ``--all``), then each player's
total loss and accuracy and the three costliest decisions in words; ``--json`` writes the
JSON form instead (``preferans.review.jsonform``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from preferans.notation import GameRecord
    from preferans.review import GameReview

__all__ = ["add_parser", "read_record", "run"]

_EPILOG = """\
examples:
  preferans review game.pref                   marked decisions, totals, the costliest three
  preferans review game.pref --deal 3 --all    every decision of deal 3
  preferans review game.json --seat W --lang ru
  preferans review game.pref --json > review.json

Each decision is priced by the sampling bot over deals consistent with what the deciding
player could see (the loss is the best option's value minus the choice's, in whists at
the table's prices), and again in the deal as it lay (the double-dummy line). Marks:
?! inaccuracy from 2 whists, ? mistake from 5, ?? blunder from 12. The same record, seed
and samples always give the same grades.

exit codes: 0 done, 2 the input cannot be read, does not replay, or names no deal or
seat of the record (one line on stderr), 130 interrupted.
"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "review",
        help="grade every decision of a game record in whists",
        description=(
            "Review a game record (text notation, its JSON form or a club download): every "
            "bid, discard, contract, whist call, card and claim graded against the best "
            "choice from the player's own knowledge."
        ),
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("record", help="a game record file ('-' for stdin)")
    parser.add_argument(
        "--deal", type=int, action="append", metavar="N", help="only deal N (repeatable)"
    )
    parser.add_argument("--seat", action="append", metavar="S", help="only this seat (S/W/N/E)")
    parser.add_argument("--all", action="store_true", help="list every decision, not the marked")
    parser.add_argument("--json", action="store_true", help="write the JSON form to stdout")
    parser.add_argument("--seed", type=int, default=1, help="the review's seed (default 1)")
    parser.add_argument(
        "--samples", type=int, default=None, metavar="K", help="deals per decision (default 24)"
    )
    parser.add_argument(
        "--lang", choices=("ru", "en"), default=None, help="ru or en (default: from $LANG)"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


def _error(message: str) -> int:
    print(f"preferans review: {message}", file=sys.stderr)
    return 2


def read_record(text: str) -> GameRecord:
    """A record from the text notation, its JSON form, or the club's download (JSON with
    the text notation under ``notation``). Raises NotationError / RecordError."""
    from preferans.errors import RecordError
    from preferans.notation import from_json, loads

    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(
                f"not JSON: {error.msg} at line {error.lineno}",
                ru=f"не JSON: {error.msg} в строке {error.lineno}",
            ) from None
        if isinstance(data, dict) and isinstance(data.get("notation"), str):
            return loads(data["notation"])
        return from_json(text)
    return loads(text)


def _language(choice: str | None) -> str:
    import os

    if choice:
        return choice
    value = os.environ.get("LC_ALL") or os.environ.get("LANG") or ""
    return "ru" if value.lower().startswith("ru") else "en"


def _print(review: GameReview, language: str, every: bool) -> None:
    from preferans.review import Mark
    from preferans.review.words import decision_name, number

    ru = language == "ru"
    players = review.players

    def who(seat: Any) -> str:
        name = seat.russian if ru else seat.english
        return f"{name} ({players[seat]})" if seat in players else name

    for deal in review.deals:
        shown = [g for g in deal.grades if every or g.mark is not Mark.GOOD]
        print(f"{'Сдача' if ru else 'Deal'} {deal.number}")
        for grade in shown:
            if not grade.graded:
                mark = "—"
                figures = "не оценено" if ru else "not graded"
            else:
                mark = grade.mark.symbol or "ok"
                assert grade.own is not None
                made = number(grade.own.chosen, language)
                best = number(grade.own.best.value, language)
                figures = f"{number(-grade.loss, language)} ({made} / {best})"
            print(f"  {mark:>3} {who(grade.seat)}: {decision_name(grade, language)}  {figures}")
        if not shown:
            print("  без отметок" if ru else "  nothing marked")
    print()
    print("Итого" if ru else "Totals")
    for seat, t in review.totals().items():
        if not t.decisions:
            continue
        accuracy = "—" if t.accuracy is None else f"{t.accuracy:.0f}%"
        marks = ", ".join(
            f"{(m.russian if ru else m.value)} {t.marks[m]}"
            for m in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
        )
        if ru:
            print(
                f"  {who(seat)}: решений {t.decisions}, потеряно {number(t.lost, language)} "
                f"виста, точность {accuracy} ({marks})"
            )
        else:
            print(
                f"  {who(seat)}: {t.decisions} decisions, lost {number(t.lost, language)} "
                f"whists, accuracy {accuracy} ({marks})"
            )
    costly = review.costliest()
    if costly:
        from preferans.review import explain

        print()
        print("Самые дорогие решения" if ru else "The costliest decisions")
        for rank, grade in enumerate(costly, start=1):
            print(f"  {rank}. {explain(grade, language, players)}")


def run(args: argparse.Namespace) -> int:
    from preferans.notation import NotationError, ReplayError
    from preferans.review import review_record, review_to_dict
    from preferans.review.deal import DEFAULT_SAMPLES
    from preferans.review.game import deal_starts
    from preferans.seats import Seat

    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    if samples < 1:
        return _error(f"--samples must be at least 1, not {samples}")
    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return _error(f"cannot read {args.record}: {error}")
    try:
        record = read_record(text)
        starts = deal_starts(record)
    except (NotationError, ReplayError) as error:
        return _error(f"{args.record}: {error}")
    except ValueError as error:
        return _error(f"{args.record}: not a game record: {error}")
    if not record.deals:
        return _error(f"{args.record}: the record has no deals")
    seats: list[Seat] | None = None
    if args.seat:
        try:
            seats = [Seat.parse(s) for s in args.seat]
        except ValueError as error:
            return _error(str(error))
        table = set(starts[0].active) | {starts[0].deal.dealer}
        stray = [s for s in seats if s not in table]
        if stray:
            return _error(f"{stray[0].english} does not sit at this table")
    numbers = {d.number for d in record.deals}
    if args.deal:
        missing = [n for n in args.deal if n not in numbers]
        if missing:
            return _error(f"{args.record}: the record has no deal {missing[0]}")
    chosen = args.deal or [d.number for d in record.deals]
    total = sum(len(d.moves) for d in record.deals if d.number in chosen)
    language = _language(args.lang)
    show = not args.no_progress and sys.stderr.isatty()
    if show:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        label = "Разбор партии" if language == "ru" else "Reviewing"
        with Progress(
            f"[bold]{label}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        ) as bar:
            task = bar.add_task("review", total=total)
            review = review_record(
                record,
                deals=chosen,
                seats=seats,
                seed=args.seed,
                samples=samples,
                progress=lambda n: bar.advance(task, n),
            )
    else:
        review = review_record(record, deals=chosen, seats=seats, seed=args.seed, samples=samples)
    if args.json:
        json.dump(review_to_dict(review), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        _print(review, language, args.all)
    return 0
