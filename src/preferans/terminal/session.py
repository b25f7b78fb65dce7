"""One game against bots, independent of any terminal: setup, moves, save and resume.

The deals come from the fairness shuffle (:mod:`preferans.fairness`) keyed by a secret, and
the bots decide from their seed and their view alone, so a game is fully determined by its
setup and the human's moves. Saving therefore writes the ordinary game record (notation)
plus the setup in extra tags; resuming replays that record through the engine and the sheet
and carries on exactly where the game stopped.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path

from preferans.actions import Action
from preferans.bots.base import Bot
from preferans.bots.levels import DEFAULT_LEVEL, level_names, make_bot
from preferans.errors import InputSyntaxError, RecordError, RulesError
from preferans.fairness import commitment, deal_source, new_secret, parse_secret
from preferans.game import DealState
from preferans.notation import GameRecord, NotationError, ReplayError, dumps, from_json, loads
from preferans.notation.replay import record_from_game, replay
from preferans.rules import Rules
from preferans.scoring import Pulya, Sheet
from preferans.scoring.sheet import SheetEntry
from preferans.seats import Seat, player_seats

__all__ = [
    "GameSetup",
    "SaveError",
    "Session",
    "read_save",
    "secret_for_seed",
    "stake_value",
]

_TAG_HUMAN = "Human"
_TAG_BOTS = "Bots"
_TAG_BOT_SEED = "BotSeed"
_TAG_SECRET = "SavedSecret"
_TAG_MAX_DEALS = "MaxDeals"


class SaveError(RecordError):
    """A saved game that cannot be resumed (unreadable, not ours, or does not replay)."""


def stake_value(text: str) -> Fraction:
    """``1/2``, ``0.5`` or ``10`` as an exact amount per whist (``InputSyntaxError``
    otherwise)."""
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise InputSyntaxError(
            f"a stake is an amount per whist like 1, 0.5 or 1/2, not {text!r}",
            ru=f"ставка — сумма за вист, например 1, 0.5 или 1/2, а не {text!r}",
        ) from None
    if value < 0:
        raise InputSyntaxError(
            f"a stake cannot be negative: {text!r}",
            ru=f"ставка не может быть отрицательной: {text!r}",
        )
    return value


def secret_for_seed(seed: int) -> bytes:
    """A fixed secret for ``--seed``: reproducible games for tests and bug reports."""
    return hashlib.sha256(f"preferans terminal seed {seed}".encode()).digest()


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything that fixes a game apart from the human's moves."""

    rules: Rules
    target: int | None
    human: Seat
    bots: Mapping[Seat, str]
    bot_seed: int
    secret: bytes
    table_id: str
    max_deals: int | None = None
    stake: str | None = None
    """Money per whist as written (``1/2``, ``0.5``), shown in the settlement."""

    @classmethod
    def create(
        cls,
        rules: Rules,
        target: int | None,
        *,
        human: Seat = Seat.S,
        bots: Mapping[Seat, str] | None = None,
        seed: int | None = None,
        max_deals: int | None = None,
        stake: str | None = None,
    ) -> GameSetup:
        """A new game; ``seed`` fixes the cards and the bots (random when None)."""
        seats = player_seats(rules.players)
        if human not in seats:
            choices = ", ".join(s.name for s in seats)
            raise RulesError(
                f"seat {human.name} is not a player's seat with {rules.players} players "
                f"(choose from {choices})",
                ru=f"при {rules.players} игроках место {human.name} не игровое "
                f"(выберите из {choices})",
            )
        levels = dict(bots or {})
        for seat in seats:
            if seat != human:
                levels.setdefault(seat, DEFAULT_LEVEL)
        known = level_names()
        for seat, level in levels.items():
            if seat == human or seat not in seats:
                raise RulesError(
                    f"no bot can sit at {seat.name}: it is not a bot's seat",
                    ru=f"на место {seat.name} бота не посадить: это не место бота",
                )
            if level not in known:
                raise RulesError(
                    f"unknown bot level {level!r}; known levels: {', '.join(known)}",
                    ru=f"неизвестный уровень бота {level!r}; есть уровни: {', '.join(known)}",
                )
        if seed is None:
            secret = new_secret()
            bot_seed = secrets.randbelow(2**31)
            table_id = f"terminal-{secrets.token_hex(4)}"
        else:
            secret = secret_for_seed(seed)
            bot_seed = seed
            table_id = f"terminal-seed-{seed}"
        if stake is not None:
            stake_value(stake)
        return cls(rules, target, human, levels, bot_seed, secret, table_id, max_deals, stake)


class Session:
    """A game in progress: the pulya, the finished deals and the deal being played."""

    def __init__(self, setup: GameSetup, sheet: Sheet | None = None) -> None:
        self.setup = setup
        self.rules = setup.rules
        self.pulya = Pulya(
            setup.rules,
            setup.target,
            deal_source=deal_source(setup.secret, setup.table_id, {}),
            sheet=sheet,
            max_deals=setup.max_deals,
        )
        self.bots: dict[Seat, Bot] = {
            seat: make_bot(level, setup.bot_seed + int(seat)) for seat, level in setup.bots.items()
        }
        self.finished: list[DealState] = []
        self.state: DealState | None = None

    # --- playing ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.state is None and self.pulya.is_over

    @property
    def deal_number(self) -> int:
        """The number of the deal being played (or about to be)."""
        return len(self.finished) + 1

    def start_deal(self) -> DealState:
        """Deal the next cards (the pulya must not be over)."""
        self.state = self.pulya.start_deal()
        return self.state

    def human_to_act(self) -> bool:
        return self.state is not None and self.state.actor == self.setup.human

    def bot_action(self) -> Action:
        """The choice of the bot whose turn it is."""
        assert self.state is not None and self.state.actor is not None
        return self.bots[self.state.actor].choose(self.state.view(self.state.actor))

    def apply(self, action: Action) -> DealState:
        """Apply one action (raises the engine's ``IllegalActionError``, changing nothing)."""
        assert self.state is not None
        self.state = self.state.apply(action)
        return self.state

    def finish_deal(self) -> SheetEntry:
        """Write the finished deal on the sheet."""
        assert self.state is not None and self.state.is_over
        written = self.pulya.record(self.state.result())
        self.finished.append(self.state)
        self.state = None
        return written

    # --- records ---------------------------------------------------------------------------

    def record(self, *, final: bool = False) -> GameRecord:
        """The game so far; ``final`` reveals the secret (for ``preferans verify``)."""
        states = [*self.finished]
        if self.state is not None:
            states.append(self.state)
        setup = self.setup
        tags = {
            "Event": "preferans play",
            "Site": "terminal",
            "Date": date.today().strftime("%Y.%m.%d"),
            _TAG_HUMAN: setup.human.name,
            _TAG_BOTS: " ".join(f"{s.name}={lvl}" for s, lvl in sorted(setup.bots.items())),
            _TAG_BOT_SEED: str(setup.bot_seed),
        }
        if setup.max_deals is not None:
            tags[_TAG_MAX_DEALS] = str(setup.max_deals)
        if not final:
            tags[_TAG_SECRET] = setup.secret.hex()
        players = {setup.human: "you"} | {s: f"{lvl} bot" for s, lvl in setup.bots.items()}
        return record_from_game(
            self.rules,
            states,
            self.pulya.sheet,
            tags=tags,
            players=players,
            target=setup.target,
            table_id=setup.table_id,
            stake=setup.stake,
            commitment=commitment(setup.secret),
            secret=setup.secret.hex() if final else None,
        )

    def save(self, path: Path, *, final: bool = False) -> None:
        """Write the record (atomically: a crash never leaves half a save)."""
        text = dumps(self.record(final=final))
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)

    @classmethod
    def resume(cls, text: str) -> tuple[Session, int]:
        """The session a saved record describes, and how many moves were replayed."""
        try:
            record = from_json(text) if text.lstrip().startswith("{") else loads(text)
        except NotationError as error:
            raise SaveError(f"not a game record: {error}") from None
        tags = record.tags
        try:
            human = Seat.parse(tags[_TAG_HUMAN])
            bots = {}
            for item in tags[_TAG_BOTS].split():
                seat_text, _, level = item.partition("=")
                bots[Seat.parse(seat_text)] = level
            bot_seed = int(tags[_TAG_BOT_SEED])
            secret_text = tags.get(_TAG_SECRET) or record.secret
            if secret_text is None:
                raise SaveError("the record has no secret: it is not a saved terminal game")
            secret = parse_secret(secret_text)
            max_deals = int(tags[_TAG_MAX_DEALS]) if _TAG_MAX_DEALS in tags else None
        except KeyError as missing:
            raise SaveError(f"not a saved terminal game: no {missing.args[0]} tag") from None
        except ValueError as error:
            if isinstance(error, SaveError):
                raise
            raise SaveError(f"a tag of the saved game cannot be read: {error}") from None
        if record.table_id is None:
            raise SaveError("not a saved terminal game: no TableId tag")
        if record.commitment is not None and commitment(secret) != record.commitment:
            raise SaveError("the saved secret does not match the game's commitment")
        setup = GameSetup(
            record.rules,
            record.target,
            human,
            bots,
            bot_seed,
            secret,
            record.table_id,
            max_deals,
            record.stake,
        )
        try:
            replayed = replay(record, allow_unfinished=True)
        except ReplayError as error:
            raise SaveError(f"the saved game does not replay: {error}") from None
        session = cls(setup, sheet=replayed.sheet)
        moves = 0
        for state in replayed.states:
            moves += len(state.history)
            if state.is_over:
                session.finished.append(state)
            else:
                session.state = state
        for number, deal in enumerate(record.deals, start=1):
            expected = session.pulya.deal_source
            assert expected is not None
            fresh = expected(record.rules, deal.dealer, number)
            if dict(fresh.hands) != dict(deal.hands):
                raise SaveError(f"deal {number} of the save is not the deal its secret gives")
        return session, moves


def read_save(path: Path) -> tuple[Session, int]:
    """:meth:`Session.resume` from a file (``SaveError`` for anything unreadable)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"cannot read {path}: {error}") from None
    return Session.resume(text)
