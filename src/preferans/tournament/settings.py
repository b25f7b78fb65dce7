"""What a director chooses for a tournament, validated once so nothing downstream meets a
value it cannot play.

Every field has a bounded range (the constants below); a bad field raises
:class:`~preferans.errors.InputSyntaxError` when it has the wrong type or cannot be read,
and :class:`~preferans.errors.RulesError` when it is readable but out of range or
inconsistent, each with an English and a Russian sentence naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final, Literal, NoReturn, get_args

from preferans.errors import InputSyntaxError, PreferansError, RulesError
from preferans.rules import PRESETS, Rules, find_rules

__all__ = [
    "BANK_SECONDS",
    "DEALS",
    "MAX_PLAYERS",
    "MOVE_SECONDS",
    "PULYA_TARGET",
    "ROUNDS",
    "Kind",
    "TournamentSettings",
]

Kind = Literal["swiss", "duplicate"]

#: Inclusive bounds of every numeric field.
ROUNDS: Final = (1, 20)
PULYA_TARGET: Final = (5, 100)
DEALS: Final = (1, 100)
MOVE_SECONDS: Final = (1, 600)
BANK_SECONDS: Final = (0, 7200)
MAX_PLAYERS: Final = 512
#: How far ahead a start may be announced (checked only when ``parse`` is given ``now``).
MAX_LEAD: Final = timedelta(days=366)

_FIELDS: Final = (
    "kind",
    "variant",
    "conventions",
    "table_size",
    "rounds",
    "pulya_target",
    "deals",
    "move_seconds",
    "bank_seconds",
    "start_at",
    "min_players",
    "max_players",
    "password",
)
_REQUIRED: Final = (
    "kind",
    "table_size",
    "rounds",
    "move_seconds",
    "bank_seconds",
    "start_at",
    "min_players",
    "max_players",
)
_KINDS_RU: Final = {"swiss": "швейцарская", "duplicate": "дубликатная"}


def _refuse(en: str, ru: str, *, syntax: bool = False) -> NoReturn:
    if syntax:
        raise InputSyntaxError(en, ru=ru)
    raise RulesError(en, ru=ru)


def _whole(name: str, value: object, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int):
        _refuse(
            f"{name} must be a whole number, not {value!r}",
            f"{name}: нужно целое число, а не {value!r}",
            syntax=True,
        )
    if not low <= value <= high:
        _refuse(
            f"{name} must be from {low} to {high}, not {value}",
            f"{name}: допустимо от {low} до {high}, а не {value}",
        )
    return value


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """A tournament's rules of play; validated on creation (``parse`` reads JSON input)."""

    kind: Kind
    rules: Rules
    """The variant and conventions of every table; ``rules.players == table_size``."""
    table_size: int
    rounds: int
    pulya_target: int | None
    """Each round is a pulya to this target, or (None) a fixed number of ``deals``."""
    deals: int | None
    move_seconds: int
    bank_seconds: int
    start_at: datetime
    """Timezone-aware, kept in UTC."""
    min_players: int
    max_players: int
    password: bool = False
    """Whether registering needs a password (its hash is the club's business)."""

    def __post_init__(self) -> None:
        if self.kind not in get_args(Kind):
            _refuse(
                f"kind must be 'swiss' or 'duplicate', not {self.kind!r}",
                f"вид турнира: 'swiss' (швейцарская) или 'duplicate' (дубликат), "
                f"а не {self.kind!r}",
            )
        if not isinstance(self.rules, Rules):
            _refuse(
                f"rules must be a Rules value, not {self.rules!r}",
                f"правила должны быть значением Rules, а не {self.rules!r}",
                syntax=True,
            )
        if isinstance(self.table_size, bool) or self.table_size not in (3, 4):
            _refuse(
                f"table_size must be 3 or 4, not {self.table_size!r}",
                f"table_size (игроков за столом): 3 или 4, а не {self.table_size!r}",
            )
        if self.rules.players != self.table_size:
            _refuse(
                f"the rules are for {self.rules.players} players but tables seat {self.table_size}",
                f"правила для {self.rules.players} игроков, а за столом {self.table_size}",
            )
        _whole("rounds", self.rounds, ROUNDS)
        self._check_length()
        _whole("move_seconds", self.move_seconds, MOVE_SECONDS)
        _whole("bank_seconds", self.bank_seconds, BANK_SECONDS)
        if not isinstance(self.start_at, datetime) or self.start_at.utcoffset() is None:
            _refuse(
                f"start_at must be a date and time with a time zone, not {self.start_at!r}",
                f"start_at: нужны дата и время с часовым поясом, а не {self.start_at!r}",
                syntax=True,
            )
        if self.start_at.utcoffset() != timedelta(0):
            object.__setattr__(self, "start_at", self.start_at.astimezone(UTC))
        self._check_players()
        if not isinstance(self.password, bool):
            _refuse(
                f"password must be true or false, not {self.password!r}",
                f"password (вход по паролю): true или false, а не {self.password!r}",
                syntax=True,
            )

    def _check_length(self) -> None:
        if (self.pulya_target is None) == (self.deals is None):
            _refuse(
                "a round is either a pulya to a target or a number of deals: give exactly "
                "one of pulya_target and deals",
                "тур играется либо до пули, либо фиксированное число сдач: укажите ровно "
                "одно из pulya_target и deals",
            )
        if self.pulya_target is not None:
            if self.kind == "duplicate":
                _refuse(
                    "a duplicate round plays a fixed number of deals (deals), not a pulya "
                    "to a target: every table must play the same deals",
                    "дубликатный тур играется фиксированным числом сдач (deals), а не до "
                    "пули: все столы должны сыграть одни и те же сдачи",
                )
            _whole("pulya_target", self.pulya_target, PULYA_TARGET)
        else:
            if self.rules.is_balkan:
                _refuse(
                    "a Balkan round is played from a bula start (pulya_target), not a fixed "
                    "number of deals: the bula sheet ends when a bula runs out, so tables "
                    "could not all play the same number of deals",
                    "балканский тур играется от начальной булы (pulya_target), а не "
                    "фиксированным числом сдач: лист кончается, когда була исчерпана, и "
                    "столы не сыграли бы одинаковое число сдач",
                )
            _whole("deals", self.deals, DEALS)

    def _check_players(self) -> None:
        low = 2 * self.table_size if self.kind == "duplicate" else self.table_size
        _whole("min_players", self.min_players, (low, MAX_PLAYERS))
        _whole("max_players", self.max_players, (low, MAX_PLAYERS))
        if self.max_players < self.min_players:
            _refuse(
                f"max_players ({self.max_players}) is less than min_players ({self.min_players})",
                f"max_players ({self.max_players}) меньше, чем min_players ({self.min_players})",
            )

    # --- reading and writing ---------------------------------------------------------------

    @classmethod
    def parse(cls, data: Mapping[str, Any], *, now: datetime | None = None) -> TournamentSettings:
        """Read a director's settings (JSON types); with ``now``, the start must be later
        than ``now`` and at most a year ahead."""
        if not isinstance(data, Mapping):
            _refuse(
                f"tournament settings must be a JSON object, not {type(data).__name__}",
                f"настройки турнира должны быть объектом JSON, а не {type(data).__name__}",
                syntax=True,
            )
        unknown = sorted(str(key) for key in data if key not in _FIELDS)
        if unknown:
            _refuse(
                f"unknown setting {', '.join(unknown)}; known ones: {', '.join(_FIELDS)}",
                f"неизвестная настройка {', '.join(unknown)}; допустимые: {', '.join(_FIELDS)}",
            )
        missing = [key for key in _REQUIRED if key not in data]
        if missing:
            _refuse(
                f"missing setting {', '.join(missing)}",
                f"не указана настройка {', '.join(missing)}",
            )
        table_size = data["table_size"]
        rules = _read_rules(data.get("variant", "sochi"), data.get("conventions", {}), table_size)
        settings = cls(
            kind=data["kind"],
            rules=rules,
            table_size=table_size,
            rounds=data["rounds"],
            pulya_target=data.get("pulya_target"),
            deals=data.get("deals"),
            move_seconds=data["move_seconds"],
            bank_seconds=data["bank_seconds"],
            start_at=_read_time(data["start_at"]),
            min_players=data["min_players"],
            max_players=data["max_players"],
            password=data.get("password", False),
        )
        if now is not None:
            settings.check_start(now)
        return settings

    def check_start(self, now: datetime) -> None:
        """Refuse a start that is not in the future or is more than a year ahead."""
        if self.start_at <= now:
            _refuse(
                f"start_at ({self.start_at.isoformat()}) is not in the future",
                f"время начала ({self.start_at.isoformat()}) уже прошло",
            )
        if self.start_at - now > MAX_LEAD:
            _refuse(
                f"start_at ({self.start_at.isoformat()}) is more than a year ahead",
                f"время начала ({self.start_at.isoformat()}) больше чем через год",
            )

    @property
    def variant(self) -> str:
        return self.rules.variant

    @property
    def conventions(self) -> dict[str, Any]:
        """The conventions that differ from the variant's preset (players aside)."""
        out = self.rules.differences()
        out.pop("players", None)
        if "raspasy_progression" in out:
            out["raspasy_progression"] = list(out["raspasy_progression"])
        return out

    def describe(self, language: str = "en") -> str:
        """One line for the lobby, e.g. ``swiss, sochi, 3 at a table, 4 rounds of 20``."""
        if language == "ru":
            length = (
                f"до {self.pulya_target}"
                if self.pulya_target is not None
                else f"сдач в туре: {self.deals}"
            )
            return (
                f"{_KINDS_RU[self.kind]}, {self.variant}, {self.table_size} за столом, "
                f"туров: {self.rounds}, {length}"
            )
        length = (
            f"pulya to {self.pulya_target}"
            if self.pulya_target is not None
            else f"{self.deals} deal{'s' * (self.deals != 1)}"
        )
        return (
            f"{self.kind}, {self.variant}, {self.table_size} at a table, "
            f"{self.rounds} round{'s' * (self.rounds != 1)}, {length}"
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form; ``parse(to_dict())`` gives the same settings."""
        return {
            "kind": self.kind,
            "variant": self.variant,
            "conventions": self.conventions,
            "table_size": self.table_size,
            "rounds": self.rounds,
            "pulya_target": self.pulya_target,
            "deals": self.deals,
            "move_seconds": self.move_seconds,
            "bank_seconds": self.bank_seconds,
            "start_at": self.start_at.isoformat(),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "password": self.password,
        }


def _read_rules(variant: object, conventions: object, table_size: object) -> Rules:
    if not isinstance(variant, str) or variant.strip().lower() not in PRESETS:
        _refuse(
            f"unknown variant {variant!r}; presets: {', '.join(sorted(PRESETS))}",
            f"неизвестный вариант {variant!r}; есть: {', '.join(sorted(PRESETS))}",
        )
    if not isinstance(conventions, Mapping):
        _refuse(
            f"conventions must be a JSON object, not {type(conventions).__name__}",
            f"соглашения (conventions) должны быть объектом JSON, а не "
            f"{type(conventions).__name__}",
            syntax=True,
        )
    if "players" in conventions and conventions["players"] != table_size:
        _refuse(
            "the number of players is set by table_size, not by the conventions",
            "число игроков задаёт table_size, а не соглашения",
        )
    changes = {str(k): v for k, v in conventions.items() if k != "players"}
    if isinstance(changes.get("raspasy_progression"), list):
        changes["raspasy_progression"] = tuple(changes["raspasy_progression"])
    if isinstance(table_size, int) and not isinstance(table_size, bool) and table_size in (3, 4):
        changes["players"] = table_size
    else:
        _refuse(
            f"table_size must be 3 or 4, not {table_size!r}",
            f"table_size (игроков за столом): 3 или 4, а не {table_size!r}",
        )
    try:
        return find_rules(variant, **changes)
    except TypeError as error:  # a value of a type the dataclass cannot even hold
        raise InputSyntaxError(
            f"bad conventions: {error}", ru=f"неверные соглашения: {error}"
        ) from None
    except PreferansError as error:
        raise RulesError(str(error), ru=error.message("ru")) from None


def _read_time(value: object) -> datetime:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            pass
        else:
            if moment.utcoffset() is not None:
                return moment.astimezone(UTC)
    _refuse(
        f"start_at must be an ISO 8601 time with a zone, e.g. 2026-12-01T20:00:00Z, not {value!r}",
        f"start_at: время в формате ISO 8601 с часовым поясом, например "
        f"2026-12-01T20:00:00Z, а не {value!r}",
        syntax=True,
    )
