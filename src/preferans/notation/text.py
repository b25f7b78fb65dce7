"""The text notation of games: a strict writer and a lenient reader (``docs/notation.md``).

In the spirit of PGN and PBN: ``[Tag "value"]`` lines for the pulya, then one block per
deal of ``Key: value`` lines. The writer has one canonical form, so a canonical text reads
and re-writes byte for byte; the reader also takes ASCII cards, Russian words, comments
(``#`` to the end of the line) and free spacing, and names the line and column of any error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import fields
from fractions import Fraction
from typing import IO, Any, Final, TypeVar

from preferans.actions import Action, Bid, Call, CallKind, CardAction, Claim, Declare, parse_action
from preferans.cards import Card, CardSet
from preferans.contracts import Contract
from preferans.errors import InputSyntaxError, RecordError, RulesError
from preferans.notation.errors import NotationError
from preferans.notation.lines import one_line
from preferans.notation.model import STANDARD_TAGS, DealRecord, GameRecord, Move, Outcome
from preferans.result import DealKind
from preferans.rules import PRESETS, Rules, find_rules
from preferans.scoring.writes import Column, Reason, Write, format_number
from preferans.seats import Seat

__all__ = [
    "SUBSTITUTED_MARK",
    "dump",
    "dumps",
    "format_move",
    "format_outcome",
    "format_write",
    "load",
    "loads",
]


#: Written after a move a stand-in bot played for an absent player (``E ♣9*``).
SUBSTITUTED_MARK: Final = "*"

# --- writing ---------------------------------------------------------------------------


def dumps(record: GameRecord, *, ascii: bool = False) -> str:
    """The canonical text of ``record`` (cards with suit symbols unless ``ascii``)."""
    lines = _header_lines(record)
    for deal in record.deals:
        lines.append("")
        lines.extend(_deal_lines(deal, ascii=ascii))
    return "\n".join(lines) + "\n"


def dump(record: GameRecord, fp: IO[str], *, ascii: bool = False) -> None:
    fp.write(dumps(record, ascii=ascii))


def _quote(value: str) -> str:
    if not one_line(value):
        raise RecordError(f"a tag value must be one line (no line break of any kind): {value!r}")
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _rules_text(rules: Rules) -> str:
    """Every convention but the variant as ``name=value`` pairs, in the config's order."""
    pairs = []
    for f in fields(rules):
        if f.name == "variant" or (f.name == "refe" and not rules.is_balkan):
            continue
        if f.name == "here_over_dummy" and not rules.here_over_dummy:
            continue
        value = getattr(rules, f.name)
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, tuple):
            text = ",".join(str(v) for v in value)
        else:
            text = str(value)
        pairs.append(f"{f.name}={text}")
    return " ".join(pairs)


def _header_lines(record: GameRecord) -> list[str]:
    lines: list[str] = []

    def tag(name: str, value: str) -> None:
        lines.append(f"[{name} {_quote(value)}]")

    for name in STANDARD_TAGS:
        if name in record.tags:
            tag(name, record.tags[name])
    tag("Variant", record.rules.variant)
    tag("Rules", _rules_text(record.rules))
    for seat, name in record.players.items():
        tag(seat.english, name)
    if record.target is not None:
        tag("Target", str(record.target))
    if record.stake is not None:
        tag("Stake", record.stake)
    if record.table_id is not None:
        tag("TableId", record.table_id)
    if record.commitment is not None:
        tag("Commitment", record.commitment)
    if record.secret is not None:
        tag("Secret", record.secret)
    for seat, seed in record.seeds.items():
        tag(f"{seat.english}Seed", seed)
    for name, value in record.tags.items():
        if name not in STANDARD_TAGS:
            _check_free_tag(name)
            tag(name, value)
    return lines


def _check_free_tag(name: str) -> None:
    """A free tag must read back as itself: a plain name that no typed tag claims."""
    if not re.fullmatch(r'[^\s"\[\]#]+', name):
        raise RecordError(f"a tag name is one word without quotes or brackets: {name!r}")
    key = name.lower()
    seed = _SEED_RE.fullmatch(name)
    seed_seat = seed is not None and (
        _Reader._seat_tag((seed.group(1) or seed.group(2)).lower()) is not None
    )
    seat = _Reader._seat_tag(key) is not None
    if key in _TAG_ALIASES or key in _FREE_TAG_ALIASES or seat or seed_seat:
        raise RecordError(f"the tag {name!r} has a field of its own in GameRecord")


def _card_text(action: CardAction, ascii: bool) -> str:
    return action.card.ascii if ascii else str(action.card)


def _contract_text(contract: Contract, ascii: bool) -> str:
    return contract.format(ascii=True) if ascii else str(contract)


def format_move(move: Move, *, ascii: bool = False, declare_bare: bool = False) -> str:
    """``S 7♣``, ``W pass``, ``E ♠10``; ``play 7♣`` for a contract unless ``declare_bare``."""
    seat, action = move
    if isinstance(action, CardAction):
        text = _card_text(action, ascii)
    elif isinstance(action, Bid):
        text = _contract_text(action.contract, ascii)
    elif isinstance(action, Declare):
        contract = _contract_text(action.contract, ascii)
        text = contract if declare_bare else f"play {contract}"
    else:
        text = str(action)
    return f"{seat.name} {text}"


_BIDDING_CALLS: Final = (CallKind.PASS, CallKind.HERE)
_TALON_CALLS: Final = (CallKind.WALK_AWAY, CallKind.THROW_TALON)
_WHIST_CALLS: Final = (
    CallKind.WHIST,
    CallKind.PASS,
    CallKind.HALF_WHIST,
    CallKind.OPEN,
    CallKind.CLOSED,
)
_PLAY_CALLS: Final = (CallKind.ACCEPT, CallKind.REJECT)


def _group_moves(moves: Sequence[Move]) -> list[tuple[str, list[Move]]]:
    """Split the moves into labelled lines; reading the lines back in order gives them again.

    A plain state machine over the action types, so that writing needs no engine: the
    bidding is the leading run of bids, passes and "here"; cards before the contract are
    the discard; a new trick starts when a seat that already played in it plays again.
    """
    groups: list[tuple[str, list[Move]]] = []
    in_bidding = True
    has_declarer = False
    declared = False
    trick = 0
    trick_seats: set[Seat] = set()

    def put(label: str, move: Move) -> None:
        if groups and groups[-1][0] == label:
            groups[-1][1].append(move)
        else:
            groups.append((label, [move]))

    for move in moves:
        seat, action = move
        if in_bidding:
            if isinstance(action, Bid) or (
                isinstance(action, Call) and action.kind in _BIDDING_CALLS
            ):
                has_declarer = has_declarer or isinstance(action, Bid)
                put("Bidding", move)
                continue
            in_bidding = False
        if isinstance(action, Declare):
            declared = True
            put("Contract", move)
        elif isinstance(action, CardAction) and has_declarer and not declared:
            put("Discard", move)
        elif isinstance(action, Call) and action.kind in _TALON_CALLS:
            put("Declarer", move)
        elif isinstance(action, Call) and action.kind in _WHIST_CALLS and trick == 0:
            put("Whist", move)
        elif isinstance(action, CardAction):
            if trick == 0 or seat in trick_seats:
                trick += 1
                trick_seats = set()
            trick_seats.add(seat)
            put(f"Trick {trick}", move)
        elif isinstance(action, Claim) or (isinstance(action, Call) and action.kind in _PLAY_CALLS):
            put(f"Trick {max(trick, 1)}", move)
        else:
            put("Moves", move)
    return groups


def format_outcome(outcome: Outcome, *, ascii: bool = False) -> str:
    """``game S 7♣; tricks S 7, W 2, E 1`` (and ``; talon 1`` on 4-player raspasy)."""
    text = outcome.kind.value
    if outcome.declarer is not None:
        text += f" {outcome.declarer.name}"
        if outcome.contract is not None:
            text += " " + _contract_text(outcome.contract, ascii)
    if outcome.tricks:
        text += "; tricks " + ", ".join(f"{s.name} {n}" for s, n in outcome.tricks.items())
    if outcome.talon_tricks:
        text += f"; talon {outcome.talon_tricks}"
    return text


_WRITE_KEYS: Final = ("count", "unit", "share", "contract", "amnesty", "multiplier", "other")


def format_write(write: Write, *, ascii: bool = False) -> str:
    """``W whists/E 12 whist_tricks count=3 unit=4``: every field of the figure."""
    column = write.column.value
    if write.on is not None:
        column += f"/{write.on.name}"
    parts = [write.seat.name, column, format_number(write.amount), write.reason.name.lower()]
    for key in _WRITE_KEYS:
        value = getattr(write, key)
        if value is None:
            continue
        if isinstance(value, Seat):
            text = value.name
        elif isinstance(value, Contract):
            text = _contract_text(value, ascii)
        elif isinstance(value, Fraction):
            text = format_number(value)
        else:
            text = str(value)
        parts.append(f"{key}={text}")
    return " ".join(parts)


def _deal_lines(deal: DealRecord, *, ascii: bool) -> list[str]:
    lines = [f"Deal {deal.number}", f"Dealer: {deal.dealer.name}"]
    for seat, hand in deal.hands.items():
        lines.append(f"{seat.name}: {hand.format(ascii=ascii, by_suit=True)}")
    talon = " ".join(card.ascii if ascii else str(card) for card in deal.talon)
    lines.append(f"Talon: {talon or '-'}")
    index = 0
    for label, moves in _group_moves(deal.moves):
        bare = label == "Contract"
        items = []
        for move in moves:
            text = format_move(move, ascii=ascii, declare_bare=bare)
            items.append(text + SUBSTITUTED_MARK if index in deal.substituted else text)
            index += 1
        lines.append(f"{label}: {', '.join(items)}")
    if deal.outcome is not None:
        lines.append(f"Result: {format_outcome(deal.outcome, ascii=ascii)}")
    for write in deal.sheet:
        lines.append(f"Sheet: {format_write(write, ascii=ascii)}")
    return lines


# --- reading ---------------------------------------------------------------------------


def loads(text: str) -> GameRecord:
    """Read a record; :class:`NotationError` with ``.line`` (and ``.column``) if it is wrong."""
    return _Reader(text).read()


def load(fp: IO[str]) -> GameRecord:
    return loads(fp.read())


_TAG_RE: Final = re.compile(r'\[\s*([^\s"\]]+)\s*"((?:[^"\\]|\\.)*)"\s*\]\s*(?:#.*)?')
_DEAL_RE: Final = re.compile(r"(?i)(deal|сдача|раздача)\s*(?:№|no\.?)?\s*(\d+)\s*:?")
_KEY_RE: Final = re.compile(r"([^:]+?)\s*:(.*)")

_T = TypeVar("_T")


def _by_word(meanings: Mapping[_T, tuple[str, ...]]) -> dict[str, _T]:
    """A table of the words a record may use, written as each meaning's words."""
    return {word: meaning for meaning, words in meanings.items() for word in words}


_FREE_TAG_ALIASES: Final = _by_word(
    {
        "Event": ("event", "событие", "турнир"),
        "Site": ("site", "место"),
        "Date": ("date", "дата"),
        "Round": ("round", "тур"),
    }
)
_TAG_ALIASES: Final = _by_word(
    {
        "variant": ("variant", "вариант", "разновидность"),
        "rules": ("rules", "conventions", "правила", "конвенции"),
        "target": ("target", "пуля", "цель"),
        "stake": ("stake", "ставка"),
        "table_id": ("tableid", "table", "стол"),
        "commitment": ("commitment", "хеш", "обязательство"),
        "secret": ("secret", "секрет"),
    }
)
_VARIANT_ALIASES: Final = _by_word(
    {
        "sochi": ("сочи", "сочинка"),
        "leningrad": ("ленинград", "ленинградка", "питер", "piter"),
        "rostov": ("ростов", "ростовка"),
    }
)
_SEED_RE: Final = re.compile(r"(?i)(?:(.+?)[-_ ]?(?:seed|сид)|(?:seed|сид)[-_ ]?(.+))")

_LINE_KEYS: Final = _by_word(
    {
        "dealer": ("dealer", "сдающий", "сдатчик"),
        "talon": ("talon", "прикуп"),
        "moves": (
            "bidding",
            "auction",
            "торговля",
            "declarer",
            "играющий",
            "whist",
            "whisting",
            "вист",
            "висты",
            "moves",
            "play",
            "ходы",
            "розыгрыш",
        ),
        "discard": ("discard", "снос"),
        "contract": ("contract", "контракт", "заказ", "игра"),
        "result": ("result", "итог", "результат"),
        "sheet": ("sheet", "запись"),
    }
)
_TRICK_RE: Final = re.compile(r"(?i)(trick|взятка|ход)\s*(\d+)")
_KINDS: Final = _by_word(
    {
        DealKind.GAME: ("game", "игра"),
        DealKind.MISERE: ("misere", "misère", "мизер"),
        DealKind.RASPASY: ("raspasy", "распасы", "распасовка"),
        DealKind.WALK_AWAY: ("walk away", "без трёх", "без трех"),
        DealKind.REFE: ("refe", "рефе"),
    }
)
_COLUMNS: Final = _by_word(
    {
        Column.PULYA: ("pulya", "пуля", "пулька"),
        Column.GORA: ("gora", "гора"),
        Column.WHISTS: ("whists", "висты"),
        Column.BULA: ("bula", "була"),
    }
)


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _strip_comment(line: str) -> str:
    index = line.find("#")
    return line if index < 0 else line[:index]


def _split_items(text: str, offset: int, sep: str = ",") -> Iterator[tuple[str, int]]:
    """Non-empty items of a separated list, each with its 1-based column in the line."""
    position = 0
    for part in text.split(sep):
        stripped = part.strip()
        if stripped:
            yield stripped, offset + position + (len(part) - len(part.lstrip())) + 1
        position += len(part) + 1


def _parse_seat(text: str, line: int, column: int) -> Seat:
    try:
        return Seat.parse(text)
    except ValueError as error:
        raise NotationError(str(error), line, column) from None


class _DealBuilder:
    """What has been read of one deal so far."""

    def __init__(self, number: int, line: int) -> None:
        self.number = number
        self.line = line
        self.dealer: Seat | None = None
        self.hands: dict[Seat, CardSet] = {}
        self.talon: tuple[Card, ...] | None = None
        self.moves: list[Move] = []
        self.move_lines: list[int] = []
        self.outcome: Outcome | None = None
        self.sheet: list[Write] = []
        self.substituted: set[int] = set()

    def build(self) -> DealRecord:
        if self.dealer is None:
            raise NotationError(f"deal {self.number} names no dealer", self.line)
        if self.talon is None:
            raise NotationError(f"deal {self.number} gives no talon", self.line)
        if not self.hands:
            raise NotationError(f"deal {self.number} gives no hands", self.line)
        return DealRecord(
            number=self.number,
            dealer=self.dealer,
            hands=self.hands,
            talon=self.talon,
            moves=tuple(self.moves),
            outcome=self.outcome,
            sheet=tuple(self.sheet),
            substituted=frozenset(self.substituted),
            move_lines=tuple(self.move_lines),
        )


class _Reader:
    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.tags: dict[str, str] = {}
        self.variant: tuple[str, int] | None = None
        self.rules_text: tuple[str, int] | None = None
        self.players: dict[Seat, str] = {}
        self.seeds: dict[Seat, str] = {}
        self.fields: dict[str, Any] = {}
        self.deals: list[DealRecord] = []
        self.deal: _DealBuilder | None = None

    def read(self) -> GameRecord:
        for number, raw in enumerate(self.lines, start=1):
            line = raw.lstrip("\ufeff") if number == 1 else raw
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            if stripped.startswith("["):
                self._tag(stripped, number, len(line) - len(line.lstrip()) + 1)
            else:
                self._body(line, number)
        self._finish_deal()
        rules = self._rules()
        return GameRecord(
            rules=rules,
            deals=tuple(self.deals),
            tags=self.tags,
            players=self.players,
            seeds=self.seeds,
            **self.fields,
        )

    # --- header

    def _tag(self, text: str, line: int, column: int) -> None:
        if self.deal is not None or self.deals:
            raise NotationError("tags belong before the first deal", line, column)
        match = _TAG_RE.fullmatch(text)
        if match is None:
            raise NotationError('a tag is written [Name "value"]', line, column)
        name, value = match.group(1), _unescape(match.group(2))
        key = name.lower()
        if key in _FREE_TAG_ALIASES:
            self.tags[_FREE_TAG_ALIASES[key]] = value
            return
        known = _TAG_ALIASES.get(key)
        if known == "variant":
            self.variant = (value, line)
        elif known == "rules":
            self.rules_text = (value, line)
        elif known == "target":
            try:
                self.fields["target"] = int(value)
            except ValueError:
                raise NotationError(f"the target is a whole number, not {value!r}", line) from None
        elif known is not None:
            self.fields[known] = value
        else:
            seat = self._seat_tag(key)
            if seat is not None:
                self.players[seat] = value
                return
            seed_match = _SEED_RE.fullmatch(name)
            if seed_match is not None:
                seat = self._seat_tag((seed_match.group(1) or seed_match.group(2)).lower())
                if seat is not None:
                    self.seeds[seat] = value
                    return
            self.tags[name] = value

    @staticmethod
    def _seat_tag(key: str) -> Seat | None:
        try:
            return Seat.parse(key)
        except ValueError:
            return None

    def _rules(self) -> Rules:
        variant = None
        if self.variant is not None:
            variant = self.variant[0].strip().lower()
            variant = _VARIANT_ALIASES.get(variant, variant)
            if variant not in PRESETS:
                raise NotationError(
                    f"unknown variant {self.variant[0]!r}: sochi, leningrad, rostov or balkan",
                    self.variant[1],
                )
        if self.rules_text is None:
            return find_rules(variant) if variant is not None else Rules()
        text, line = self.rules_text
        try:
            conventions = _parse_conventions(text)
        except (ValueError, json.JSONDecodeError) as error:
            raise NotationError(str(error), line) from None
        given = conventions.pop("variant", None)
        if given is not None and variant is not None and str(given).lower() != variant:
            raise NotationError(
                f"the rules say variant {given!r} but the Variant tag says {variant!r}", line
            )
        name = str(given) if given is not None else variant or "sochi"
        try:
            return find_rules(name, **conventions)
        except RulesError as error:
            raise NotationError(str(error), line) from None

    # --- deals

    def _finish_deal(self) -> None:
        if self.deal is not None:
            self.deals.append(self.deal.build())
            self.deal = None

    def _body(self, raw: str, line: int) -> None:
        text = _strip_comment(raw)
        stripped = text.strip()
        if not stripped:
            return
        header = _DEAL_RE.fullmatch(stripped)
        if header is not None:
            self._finish_deal()
            number = int(header.group(2))
            if number < 1:
                raise NotationError("deals are numbered from 1", line)
            if self.deals and number <= self.deals[-1].number:
                raise NotationError(f"deal {number} comes after deal {self.deals[-1].number}", line)
            self.deal = _DealBuilder(number, line)
            return
        match = _KEY_RE.fullmatch(text)
        if match is None:
            column = len(text) - len(text.lstrip()) + 1
            raise NotationError(
                "expected 'Deal N', a tag [Name \"value\"] or a line 'Key: value'", line, column
            )
        if self.deal is None:
            raise NotationError("a deal line before any 'Deal N' line", line, 1)
        key = " ".join(match.group(1).split()).lower()
        value = match.group(2)
        offset = match.start(2)
        self._deal_line(self.deal, key, value, offset, line, match.start(1) + 1)

    def _deal_line(
        self, deal: _DealBuilder, key: str, value: str, offset: int, line: int, key_column: int
    ) -> None:
        kind = _LINE_KEYS.get(key)
        value_column = offset + len(value) - len(value.lstrip()) + 1
        if kind is None:
            if _TRICK_RE.fullmatch(key):
                kind = "moves"
            else:
                seat_key = key.removeprefix("hand ").removeprefix("рука ").strip()
                seat = self._seat_tag(seat_key)
                if seat is None:
                    raise NotationError(f"unknown line {key!r}", line, key_column)
                if seat in deal.hands:
                    raise NotationError(f"a second hand for {seat.name}", line, key_column)
                deal.hands[seat] = self._cards(deal, value, line, value_column)
                return
        if kind == "dealer":
            deal.dealer = _parse_seat(value, line, value_column)
        elif kind == "talon":
            if deal.talon is not None:
                raise NotationError("a second talon", line, key_column)
            cards = self._cards(deal, value, line, value_column)
            deal.talon = _in_written_order(value, cards)
        elif kind in ("moves", "discard", "contract"):
            self._moves(deal, kind, value, offset, line)
        elif kind == "result":
            if deal.outcome is not None:
                raise NotationError("a second result", line, key_column)
            deal.outcome = _parse_outcome(value.strip(), line, value_column)
        elif kind == "sheet":
            for item, column in _split_items(value, offset, ";"):
                deal.sheet.append(_parse_write(item, line, column))

    def _cards(self, deal: _DealBuilder, value: str, line: int, column: int) -> CardSet:
        try:
            cards = CardSet.parse(value)
        except InputSyntaxError as error:
            raise NotationError(str(error), line, column) from None
        seen = CardSet()
        for hand in deal.hands.values():
            seen |= hand
        if deal.talon is not None:
            seen |= CardSet(deal.talon)
        twice = cards & seen
        if twice:
            raise NotationError(f"{twice} dealt twice in deal {deal.number}", line, column)
        return cards

    def _moves(self, deal: _DealBuilder, kind: str, value: str, offset: int, line: int) -> None:
        seat: Seat | None = None
        for written, column in _split_items(value, offset):
            item = written.rstrip()
            if item.endswith(SUBSTITUTED_MARK):
                item = item.removesuffix(SUBSTITUTED_MARK).rstrip()
                deal.substituted.add(len(deal.moves))
            try:
                action = parse_action(item)
            except ValueError:
                head, _, rest = item.partition(" ")
                if not rest.strip():
                    raise NotationError(
                        f"not a move: {item!r} (write a seat and an action, like 'S 7♣')",
                        line,
                        column,
                    ) from None
                seat = _parse_seat(head, line, column)
                try:
                    action = parse_action(rest)
                except ValueError as error:
                    raise NotationError(str(error), line, column) from None
            else:
                if seat is None:
                    raise NotationError(
                        f"whose move is {item!r}? write the seat first", line, column
                    )
            action = _in_context(kind, action, item, line, column)
            deal.moves.append((seat, action))
            deal.move_lines.append(line)


def _in_written_order(text: str, cards: CardSet) -> tuple[Card, ...]:
    """The cards as listed (the talon's order matters); index order where it is unclear."""
    order: list[Card] = []
    for token in re.split(r"[\s,;]+", text.strip()):
        try:
            order.append(Card.parse(token))
        except InputSyntaxError:
            return tuple(cards)
    return tuple(order)


def _in_context(kind: str, action: Action, item: str, line: int, column: int) -> Action:
    """A bare contract on a ``Contract`` line names the contract; a discard is cards."""
    if kind == "contract":
        if isinstance(action, Bid):
            return Declare(action.contract)
        if not isinstance(action, Declare | Call):
            raise NotationError(f"not a contract: {item!r}", line, column)
    if kind == "discard" and not isinstance(action, CardAction):
        raise NotationError(f"a discard is cards, not {item!r}", line, column)
    return action


def _parse_conventions(text: str) -> dict[str, Any]:
    """``name=value`` pairs (or a JSON object) typed by the preset's field types."""
    stripped = text.strip()
    if stripped.startswith("{"):
        data = json.loads(stripped)
        if not isinstance(data, dict):
            raise RulesError("the rules JSON must be an object")
        if isinstance(data.get("raspasy_progression"), list):
            data["raspasy_progression"] = tuple(data["raspasy_progression"])
        return data
    defaults = {f.name: getattr(Rules(), f.name) for f in fields(Rules)}
    result: dict[str, Any] = {}
    for pair in re.split(r"[\s;]+", stripped):
        if not pair:
            continue
        name, sep, raw = pair.partition("=")
        if not sep:
            raise RulesError(f"a convention is written name=value, not {pair!r}")
        name = name.strip().replace("-", "_")
        if name not in defaults:
            known = ", ".join(sorted(defaults))
            raise RulesError(f"unknown convention {name!r}; known ones: {known}")
        result[name] = _convention_value(name, raw.strip(), defaults[name])
    return result


def _convention_value(name: str, raw: str, default: object) -> object:
    lowered = raw.lower()
    if isinstance(default, bool):
        if lowered in ("true", "yes", "on", "1", "да"):
            return True
        if lowered in ("false", "no", "off", "0", "нет"):
            return False
        raise RulesError(f"{name} is true or false, not {raw!r}")
    try:
        if isinstance(default, int):
            return int(raw)
        if isinstance(default, tuple):
            return tuple(int(v) for v in raw.split(",") if v.strip())
    except ValueError:
        raise RulesError(f"{name} takes whole numbers, not {raw!r}") from None
    return raw


def _parse_outcome(text: str, line: int, column: int) -> Outcome:
    parts = [p.strip() for p in text.split(";")]
    head = parts[0]
    lowered = head.lower()
    kind = None
    rest = ""
    for word, candidate in sorted(_KINDS.items(), key=lambda kv: -len(kv[0])):
        if lowered == word or lowered.startswith(word + " "):
            kind, rest = candidate, head[len(word) :].strip()
            break
    if kind is None:
        raise NotationError(
            f"a result starts with game, misere, raspasy or walk away, not {head!r}", line, column
        )
    declarer = None
    contract = None
    if rest:
        seat_text, _, contract_text = rest.partition(" ")
        declarer = _parse_seat(seat_text, line, column)
        if contract_text.strip():
            try:
                contract = Contract.parse(contract_text)
            except InputSyntaxError as error:
                raise NotationError(str(error), line, column) from None
    tricks: dict[Seat, int] = {}
    talon = 0
    for part in parts[1:]:
        word, _, tail = part.partition(" ")
        if word.lower() in ("tricks", "взятки"):
            for item in tail.split(","):
                seat_text, _, count = item.strip().partition(" ")
                seat = _parse_seat(seat_text, line, column)
                tricks[seat] = _whole(count, "a trick count", line, column)
        elif word.lower() in ("talon", "прикуп"):
            talon = _whole(tail, "the talon's tricks", line, column)
        elif part:
            raise NotationError(f"unknown part of the result: {part!r}", line, column)
    try:
        return Outcome(kind, declarer, contract, tricks, talon)
    except ValueError as error:
        raise NotationError(str(error), line, column) from None


def _whole(text: str, what: str, line: int, column: int) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise NotationError(
            f"{what} is a whole number, not {text.strip()!r}", line, column
        ) from None


_WRITE_PARSERS: Final[dict[str, Callable[[str], object]]] = {
    "count": int,
    "unit": Fraction,
    "share": Fraction,
    "contract": Contract.parse,
    "amnesty": int,
    "multiplier": int,
    "other": Seat.parse,
}


def _parse_write(text: str, line: int, column: int) -> Write:
    tokens = text.split()
    if len(tokens) < 4:
        raise NotationError(
            f"a sheet figure is 'SEAT COLUMN AMOUNT REASON ...', not {text!r}", line, column
        )
    seat = _parse_seat(tokens[0], line, column)
    column_text, _, on_text = tokens[1].partition("/")
    target = _COLUMNS.get(column_text.lower())
    if target is None:
        raise NotationError(f"unknown column {column_text!r}: pulya, gora or whists", line, column)
    on = _parse_seat(on_text, line, column) if on_text else None
    try:
        amount = Fraction(tokens[2])
    except (ValueError, ZeroDivisionError):
        raise NotationError(f"not a number: {tokens[2]!r}", line, column) from None
    reason_text = tokens[3].lower().replace("_", " ")
    reason = next(
        (r for r in Reason if reason_text in (r.value, r.name.lower().replace("_", " "))), None
    )
    if reason is None:
        raise NotationError(f"unknown reason {tokens[3]!r}", line, column)
    extra: dict[str, Any] = {}
    for token in tokens[4:]:
        key, sep, raw = token.partition("=")
        parser = _WRITE_PARSERS.get(key)
        if not sep or parser is None:
            raise NotationError(f"unknown detail {token!r} of a sheet figure", line, column)
        try:
            extra[key] = parser(raw)
        except (ValueError, ZeroDivisionError) as error:
            raise NotationError(f"bad {key}: {error}", line, column) from None
    try:
        return Write(seat=seat, column=target, amount=amount, reason=reason, on=on, **extra)
    except ValueError as error:
        raise NotationError(str(error), line, column) from None
