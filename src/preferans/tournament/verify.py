"""Checking a whole tournament from its record, as anybody can once the secrets are out.

For every round, in order: the revealed secret matches the commitment published before
the round; the plan is the one :func:`~.director.plan_round` derives from the secret and
the rounds before; every table's game record names the round's rules, deal id,
commitment and secret and seats the plan's players; every deal equals the deal derived
from the secret (:func:`preferans.notation.fair.check_fairness`); every move replays
through the engine and the sheet; the round's scores are recomputed from the sheets. Then
the standings are recomputed and compared. The first difference is named; a round whose
secret is not revealed yet must be the last one, and it is not checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from preferans.errors import PreferansError, RecordError
from preferans.fairness import check_commitment, parse_secret
from preferans.notation import GameRecord
from preferans.notation.fair import check_fairness
from preferans.notation.replay import replay
from preferans.scoring import new_sheet

from .director import plan_round, table_deal_id
from .plan import TablePlan
from .record import RoundRecord, TournamentRecord, plain_json
from .results import TableResult
from .standings import RoundResult, Standings, scores_to_dict

__all__ = ["VerifyReport", "recompute_standings", "verify_tournament"]


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """``ok``, what was checked (one line per kind of check) and, if not, what failed."""

    ok: bool
    checked: tuple[str, ...] = ()
    checked_ru: tuple[str, ...] = ()
    failure: str | None = None
    failure_ru: str | None = None
    unchecked: tuple[str, ...] = field(default=())
    unchecked_ru: tuple[str, ...] = field(default=())

    def lines(self, language: str = "en") -> list[str]:
        ru = language == "ru"
        if not self.ok:
            return [
                ("НЕ СХОДИТСЯ: " if ru else "FAILED: ")
                + str(self.failure_ru if ru else self.failure)
            ]
        head = "Всё сходится:" if ru else "OK:"
        return [
            head,
            *(self.checked_ru if ru else self.checked),
            *(self.unchecked_ru if ru else self.unchecked),
        ]


class _Mismatch(Exception):
    def __init__(self, en: str, ru: str) -> None:
        super().__init__(en)
        self.en, self.ru = en, ru


def verify_tournament(record: TournamentRecord) -> VerifyReport:
    """Check ``record`` (see the module's docstring)."""
    try:
        return _verify(record)
    except _Mismatch as error:
        return VerifyReport(False, failure=error.en, failure_ru=error.ru)


def _verify(record: TournamentRecord) -> VerifyReport:
    finished: list[RoundResult] = []
    tables = deals = 0
    unchecked: tuple[str, ...] = ()
    unchecked_ru: tuple[str, ...] = ()
    for position, rnd in enumerate(record.rounds, start=1):
        if rnd.number != position:
            raise _Mismatch(
                f"round {rnd.number} is in place {position} of the record",
                f"тур {rnd.number} стоит в записи на месте {position}",
            )
        if rnd.secret is None:
            if position != len(record.rounds):
                raise _Mismatch(
                    f"round {position} is followed by others but its secret is not revealed",
                    f"за туром {position} идут другие, а его секрет не раскрыт",
                )
            unchecked = (f"round {position} is not over (its secret is not revealed): not checked",)
            unchecked_ru = (f"тур {position} не окончен (секрет не раскрыт): не проверялся",)
            break
        result = _round(record, rnd, finished)
        finished.append(result)
        tables += len(rnd.tables)
        deals += sum(len(g.deals) for g in rnd.tables)
    done = len(finished)
    standings = Standings.compute(finished, record.players).to_dict()
    if record.standings and plain_json(record.standings) != standings:
        raise _Mismatch(
            _standings_diff(record.standings, standings, "en"),
            _standings_diff(record.standings, standings, "ru"),
        )
    if not record.standings and done:
        raise _Mismatch("the record has no standings", "в записи нет турнирной таблицы")
    checked = (
        f"commitments: the secrets of {done} rounds match the commitments published before them",
        "plans: every round's seating is the one its secret and the standings before it give",
        f"deals: all {deals} deals of {tables} tables are the ones derived from their "
        "round's secret",
        "moves: every move replays through the engine and the sheet",
        "scores: every round's scores are recomputed from the tables' sheets",
        "standings: recomputed with the tie-breaks, they match",
    )
    checked_ru = (
        f"обязательства: секреты {done} туров совпадают с опубликованными до тура обязательствами",
        "планы: рассадка каждого тура та, что дают его секрет и таблица перед ним",
        f"сдачи: все {deals} сдач за {tables} столами получены из секрета своего тура",
        "ходы: каждый ход воспроизводится движком и листом",
        "очки: очки каждого тура пересчитаны по листам столов",
        "таблица: пересчитана с дополнительными показателями, совпадает",
    )
    return VerifyReport(True, checked, checked_ru, unchecked=unchecked, unchecked_ru=unchecked_ru)


def recompute_standings(record: TournamentRecord) -> dict[str, Any]:
    """The standings the record's finished rounds give (``RecordError`` if they do not
    hold together): what the club stores as the record's standings."""
    finished: list[RoundResult] = []
    for rnd in record.rounds:
        if rnd.secret is None:
            break
        try:
            finished.append(_round(record, rnd, finished))
        except _Mismatch as error:
            raise RecordError(error.en, ru=error.ru) from None
    return Standings.compute(finished, record.players).to_dict()


def _round(record: TournamentRecord, rnd: RoundRecord, finished: list[RoundResult]) -> RoundResult:
    number = rnd.number
    assert rnd.secret is not None
    try:
        secret = parse_secret(rnd.secret)
    except PreferansError as error:
        raise _Mismatch(
            f"round {number}: {error}", f"тур {number}: {error.message('ru')}"
        ) from None
    if not check_commitment(rnd.commitment, secret):
        raise _Mismatch(
            f"round {number}: the revealed secret does not match the commitment",
            f"тур {number}: раскрытый секрет не совпадает с обязательством",
        )
    players = record.players if number == 1 else rnd.plan.players
    try:
        expected = plan_round(record.settings, players, finished, secret)
    except PreferansError as error:
        raise _Mismatch(
            f"round {number}: {error}", f"тур {number}: {error.message('ru')}"
        ) from None
    if expected != rnd.plan:
        raise _Mismatch(*_plan_diff(number, expected.to_dict(), rnd.plan.to_dict()))
    if len(rnd.tables) != len(rnd.plan.tables):
        raise _Mismatch(
            f"round {number} has {len(rnd.plan.tables)} tables but {len(rnd.tables)} game records",
            f"в туре {number} столов {len(rnd.plan.tables)}, а записей партий {len(rnd.tables)}",
        )
    results = tuple(
        _table(record, rnd, table, game)
        for table, game in zip(rnd.plan.tables, rnd.tables, strict=True)
    )
    result = RoundResult(number, record.settings.kind, rnd.plan, results)
    scores = scores_to_dict(result.scores())
    if scores != dict(rnd.scores):
        name = next(
            n for n in sorted(set(scores) | set(rnd.scores)) if scores.get(n) != rnd.scores.get(n)
        )
        raise _Mismatch(
            f"round {number}: {name} scored {scores.get(name)} by the sheets, the record says "
            f"{rnd.scores.get(name)}",
            f"тур {number}: у {name} по листам {scores.get(name)}, в записи {rnd.scores.get(name)}",
        )
    return result


def _table(
    record: TournamentRecord, rnd: RoundRecord, table: TablePlan, game: GameRecord
) -> TableResult:
    settings = record.settings
    where_en, where_ru = (
        f"round {rnd.number}, table {table.number}",
        f"тур {rnd.number}, стол {table.number}",
    )

    def fail(en: str, ru: str) -> _Mismatch:
        return _Mismatch(f"{where_en}: {en}", f"{where_ru}: {ru}")

    if game.rules != settings.rules:
        raise fail("the game was played under other rules", "партия сыграна по другим правилам")
    deal_id = table_deal_id(settings, record.id, rnd.number, table)
    if game.table_id != deal_id:
        raise fail(
            f"the deals are drawn for {game.table_id!r}, not {deal_id!r}",
            f"сдачи получены для {game.table_id!r}, а не {deal_id!r}",
        )
    if (game.commitment or "").lower() != rnd.commitment.lower() or (game.secret or "").lower() != (
        rnd.secret or ""
    ).lower():
        raise fail(
            "the game record's commitment or secret is not the round's",
            "обязательство или секрет в записи партии не те, что у тура",
        )
    for seat, name in zip(table.seat_order, table.seats, strict=True):
        if name is not None and game.players.get(seat) != name:
            raise fail(
                f"{seat.english} is {game.players.get(seat)!r} in the game, {name!r} in the plan",
                f"{seat.russian}: в партии {game.players.get(seat)!r}, в плане {name!r}",
            )
    target = new_sheet(settings.rules, settings.pulya_target).target
    if game.target != target:
        raise fail(
            f"the game's sheet is to {game.target}, the tournament's to {target}",
            f"лист партии до {game.target}, а в турнире до {target}",
        )
    if settings.deals is not None and len(game.deals) != settings.deals:
        raise fail(
            f"the round has {settings.deals} deals, the game {len(game.deals)}",
            f"сыграно сдач: {len(game.deals)}, а в туре их {settings.deals}",
        )
    try:
        fair = check_fairness(game)
        if not fair.ok:
            raise fail(fair.message, fair.message)
        sheet = replay(game).sheet
    except PreferansError as error:
        raise fail(str(error), error.message("ru")) from None
    if settings.pulya_target is not None and not sheet.is_complete:
        raise fail("the pulya was not played to its end", "пуля не доиграна")
    return TableResult.from_sheet(table, sheet)


def _plan_diff(
    number: int, expected: Mapping[str, Any], found: Mapping[str, Any]
) -> tuple[str, str]:
    if expected["byes"] != found["byes"]:
        return (
            f"round {number}: the byes should be {expected['byes']}, "
            f"the record has {found['byes']}",
            f"тур {number}: свободны от игры должны быть {expected['byes']}, "
            f"в записи {found['byes']}",
        )
    for should, has in zip(expected["tables"], found["tables"], strict=False):
        if should != has:
            return (
                f"round {number}, table {should['number']}: the plan should seat "
                f"{should['seats']}, the record has {has['seats']}",
                f"тур {number}, стол {should['number']}: по плану {should['seats']}, "
                f"в записи {has['seats']}",
            )
    return (
        f"round {number}: the plan should have {len(expected['tables'])} tables, the record "
        f"has {len(found['tables'])}",
        f"тур {number}: по плану столов {len(expected['tables'])}, в записи {len(found['tables'])}",
    )


def _standings_diff(stored: Mapping[str, Any], computed: Mapping[str, Any], language: str) -> str:
    ru = language == "ru"
    rows = list(stored.get("rows", []))
    for position, row in enumerate(computed["rows"]):
        has = rows[position] if position < len(rows) else None
        if has != row:
            return (
                f"таблица, строка {position + 1}: пересчёт даёт {row}, в записи {has}"
                if ru
                else f"standings, row {position + 1}: recomputed {row}, the record has {has}"
            )
    return (
        "таблица в записи не совпадает с пересчитанной"
        if ru
        else "the record's standings differ from the recomputed ones"
    )
