"""A table is an actor: one asyncio task owns its state and handles one command at a time.

Every action is validated by the engine, appended to the table's log and committed before
anybody hears of it; then each recipient gets the event as their own seat sees it. On load
the actor replays the log through the engine, so a restart continues exactly where the
last acknowledged action left the game.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from preferans.actions import Action, action_from_index
from preferans.game import DealState, IllegalActionError
from preferans.result import DealResult
from preferans.rules import Rules
from preferans.seats import Seat
from preferans.server import bots, models, presence, views
from preferans.server.adjourn import votes_of
from preferans.server.broadcast import Broadcast
from preferans.server.club_errors import NoSuchTableError
from preferans.server.commands import (
    Act,
    Address,
    Back,
    Chat,
    Command,
    HintRequest,
    Leave,
    Reload,
    Stop,
    Subscribe,
    Tick,
)
from preferans.server.config import Settings
from preferans.server.db import LogConflictError, LogEntry, LogWriter
from preferans.server.hints import compute_hint, hint_message
from preferans.server.history import finish_game
from preferans.server.protocol import BadMessage, action_json, error, resolve_action
from preferans.server.pulya import Pulya
from preferans.server.quarantine import (
    MESSAGES,
    QuarantinedError,
    is_transient,
    reason_of,
    set_aside,
)
from preferans.server.seating import SeatInfo, TableInfo, load_seats
from preferans.server.table_events import EventLog, audiences
from preferans.server.table_snapshot import SheetCache, public_seats, snapshot
from preferans.server.thinking import Thinking
from preferans.server.timers import TableTimers
from preferans.server.tournaments_clock import TimeBank, bank_seconds_of
from preferans.server.tournaments_deals import resolve_deal_source
from preferans.server.views import SPECTATOR, ViewSet

__all__ = ["TableActor", "TableHost"]

log = logging.getLogger(__name__)

CHAT_KEPT = 100
"""Chat lines a table keeps for snapshots (a reconnecting client sees the recent talk)."""


class TableHost(Protocol):
    """What an actor asks of the process that runs it (the club): the actor is handed
    its host, so it never imports the club that imports it."""

    settings: Settings
    engine: AsyncEngine
    writer: LogWriter
    thinking: Thinking

    def broadcast(self, event: Broadcast) -> None:
        """Send an event to every connection watching the table, on any process."""

    def reply(self, address: Address, message: dict[str, Any]) -> None:
        """Send a message to one connection, on any process."""

    def actor_stopped(self, actor: TableActor) -> None:
        """The actor's task ended: the host forgets it and releases the table."""

    def hand_over(self, table_id: int, commands: list[Command]) -> None:
        """Commands a stopped actor did not handle: the host routes them to the table's
        next incarnation."""

    def resync_table(self, table_id: int) -> None:
        """The host's connections to the table ask its owner for what they missed."""

    def game_ended(self, table_id: int) -> None:
        """The table's game is stored as finished (the tournament director listens)."""


class TableActor:
    """Owns one table; everything reaches it through :meth:`submit`."""

    def __init__(self, club: TableHost, table_id: int) -> None:
        self.club = club
        self.table_id = table_id
        self.epoch = secrets.token_hex(4)
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.info: TableInfo | None = None
        self.seats: dict[Seat, SeatInfo] = {}
        self.pulya: Pulya | None = None
        self.log = EventLog(table_id, self.epoch, club.settings.event_buffer)
        self.seq = 0
        self.watchers: dict[Address, int | None] = {}
        self.presence = presence.Presence()
        self.away: set[Seat] = self.presence.away
        self.auto_counts: dict[Seat, int] = {}
        """How many moves a bot played for each person's seat (the result shows it)."""
        self.auto_marks: set[tuple[int, int]] = set()
        """(deal number, position in its history) of every action a bot played for a person."""
        self.finished_summary: dict[str, Any] | None = None
        self.timers = TableTimers(self.submit)
        self.bank = TimeBank()
        """A tournament table's time bank (none elsewhere): ``tournaments_clock.py``."""
        self._task: asyncio.Task[None] | None = None
        self._replaying = False
        self.stopped = asyncio.Event()
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self._hint_tasks: set[asyncio.Task[None]] = set()
        self._views: ViewSet | None = None
        self._sheets = SheetCache()
        self.stage = "load"
        """What the actor is doing: ``load``, ``replay``, ``finish`` (named in quarantine)."""
        self._abandoned = False
        """The lease was lost (or another process logged first): commands are handed
        over, not handled, and the connections here resync with the next owner."""

    # --- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        await self._load()
        self._task = asyncio.create_task(self._run(), name=f"table-{self.table_id}")
        log.info("table %s: held here, epoch %s", self.table_id, self.epoch)
        # Clients of a previous incarnation learn the new epoch and resync.
        self.club.broadcast(Broadcast(self.table_id, self._user_audiences(), self.epoch, None, {}))
        for seat in self._human_seats():
            self._start_grace(seat)
        self._schedule()
        self._schedule_idle()

    def submit(self, command: Command) -> None:
        self.queue.put_nowait(command)

    async def stop(self) -> None:
        self.submit(Stop())
        if self._task is not None:
            await asyncio.wait([self._task], timeout=5)

    def abandon(self) -> None:
        """This process no longer holds the table's lease: handle nothing more here (the
        next owner replays the log); every command still queued goes to that owner."""
        log.info("table %s: epoch %s abandoned, the lease is lost", self.table_id, self.epoch)
        self._abandoned = True
        self.submit(Stop())

    async def _run(self) -> None:
        handover: list[Command] = []
        try:
            while True:
                command = await self.queue.get()
                if isinstance(command, Stop):
                    break
                if self._abandoned:
                    handover.append(command)
                    continue
                try:
                    await self._handle(command)
                except LogConflictError:
                    log.warning("table %s: another process owns it now", self.table_id)
                    self._abandoned = True
                    # Nothing of this command was logged: its owner answers it.
                    handover.append(command)
                    break
                except Exception:
                    log.exception("table %s: command %r failed", self.table_id, command)
        finally:
            self.timers.cancel_all()
            if self.info is not None and self.info.status == "quarantined":
                self._refuse_queued()
            while not self.queue.empty():
                handover.append(self.queue.get_nowait())
            self.stopped.set()
            self.club.actor_stopped(self)
            # After the actor is gone, so that they reach the table's next incarnation
            # (here or in another process) instead of being lost with this one.
            self.club.hand_over(self.table_id, handover)
            if self._abandoned:
                # This incarnation answered resyncs until now, and the next owner's
                # announcement may have come before this actor noticed, or never reached
                # this process: every connection here asks the next owner.
                self.club.resync_table(self.table_id)

    def _refuse_queued(self) -> None:
        """Commands that came after the table was set aside are answered, not lost."""
        while not self.queue.empty():
            command = self.queue.get_nowait()
            address = getattr(command, "address", None)
            if address is not None:
                request = getattr(command, "request_id", None)
                self.club.reply(address, error("quarantined", MESSAGES["en"], request))

    # --- loading and replay --------------------------------------------------------------

    async def _load(self) -> None:
        engine = self.club.engine
        async with engine.connect() as connection:
            row = (
                await connection.execute(
                    select(models.tables).where(models.tables.c.id == self.table_id)
                )
            ).first()
            if row is None:
                raise NoSuchTableError(self.table_id)
            if row.status == "quarantined":
                raise QuarantinedError(self.table_id)
            seats = await load_seats(connection, self.table_id)
            self.bank = TimeBank(await bank_seconds_of(connection, self.table_id))
            logged = (
                await connection.execute(
                    select(models.actions)
                    .where(models.actions.c.table_id == self.table_id)
                    .order_by(models.actions.c.seq)
                )
            ).all()
            game = (
                await connection.execute(
                    select(models.games.c.summary_json).where(
                        models.games.c.table_id == self.table_id
                    )
                )
            ).first()
            talk = (
                await connection.execute(
                    select(models.chat_lines)
                    .where(models.chat_lines.c.table_id == self.table_id)
                    .order_by(models.chat_lines.c.id.desc())
                    .limit(CHAT_KEPT)
                )
            ).all()
        self.chat.extend(
            {"seat": r.seat, "name": r.name, "text": r.text, "at": r.created_at}
            for r in reversed(talk)
        )
        source = resolve_deal_source(getattr(row, "deal_source", None), row.seed)
        self.info = TableInfo(
            id=row.id,
            creator_id=row.creator_id,
            rules=Rules.from_json(row.rules_json),
            target=row.target,
            stake=row.stake,
            clock_seconds=row.clock_seconds,
            has_password=row.password_hash is not None,
            status=row.status,
            commitment=row.commitment,
            secret=row.seed,
            created_at=row.created_at,
            away_seconds=getattr(row, "away_seconds", None),
            adjourn_votes=votes_of(getattr(row, "adjourn_votes", None)),
            max_deals=getattr(row, "max_deals", None),
            deal_id=None if source is None else source[0],
            deal_source=None if source is None else source[1],
        )
        self.seats = seats
        if game is not None:
            self.finished_summary = json.loads(game.summary_json)
        if self.info.status in ("playing", "finished", "adjourned"):
            self.stage = "replay"
            self._replaying = True
            try:
                self._begin_pulya()
                for entry in logged:
                    action = action_from_index(entry.action)
                    self._apply(Seat[entry.seat], action, bool(entry.auto))
            finally:
                self._replaying = False
            if self.pulya is not None and self.pulya.over and self.finished_summary is None:
                self.stage = "finish"
                await self._finish()
        self.stage = "play"

    def _begin_pulya(self) -> None:
        assert self.info is not None
        seeds = {seat: info.client_seed for seat, info in self.seats.items()}
        self.pulya = Pulya(
            self.table_id,
            self.info.rules,
            # A table of a fixed number of deals keeps its sheet open (no pulya target).
            self.info.target if self.info.max_deals is None else None,
            bytes.fromhex(self.info.secret),
            seeds,
            deal_source=self.info.deal_source,
            max_deals=self.info.max_deals,
        )
        self.pulya.start_deal()
        self._emit_deal_start()

    # --- commands ------------------------------------------------------------------------

    async def _handle(self, command: Command) -> None:
        if isinstance(command, Act):
            await self._on_act(command)
        elif isinstance(command, Subscribe):
            self._on_subscribe(command)
        elif isinstance(command, Back):
            seat = self._seat_of(command.user_id)
            if seat is not None:
                self._come_back(seat)
            self.club.reply(command.address, {"type": "ack", "id": command.request_id})
        elif isinstance(command, HintRequest):
            self._on_hint(command)
        elif isinstance(command, Chat):
            await self._on_chat(command)
        elif isinstance(command, Leave):
            user = self.watchers.pop(command.address, None)
            seat = self._seat_of(user)
            if seat is not None and not self._connected(seat):
                self._start_grace(seat)
            self._schedule_idle()
        elif isinstance(command, Reload):
            await self._on_reload()
        elif isinstance(command, Tick):
            await self._on_tick(command)

    async def _on_act(self, command: Act) -> None:
        reply = self.club.reply
        seat = self._player_of(command, "only a player at this table may act")
        if seat is None:
            return
        self._come_back(seat)
        self.presence.acted(seat)
        state = self._turn_of(seat, command)
        if state is None:
            return
        try:
            action = resolve_action(command.action)
        except BadMessage as problem:
            reply(command.address, error(problem.code, str(problem), command.request_id))
            return
        if not state.is_legal(action):
            reply(
                command.address,
                error("illegal", f"{action} is not a legal action now", command.request_id),
            )
            return
        try:
            await self._commit(seat, action, auto=False)
        except IllegalActionError as problem:
            reply(command.address, error("illegal", str(problem), command.request_id))
            return
        except (AssertionError, ValueError, KeyError, TypeError):
            log.exception("table %s: the engine failed on %s", self.table_id, action)
            reply(
                command.address,
                error("refused", f"{action} cannot be applied now", command.request_id),
            )
            return
        except LogConflictError:
            raise
        except Exception:
            # The log could not be written: nothing happened, the player may try again.
            log.exception("table %s: could not log %s", self.table_id, action)
            reply(
                command.address,
                error("unavailable", "the move could not be saved; try again", command.request_id),
            )
            return
        reply(command.address, {"type": "ack", "id": command.request_id, "v": self.log.version})

    def _player_of(self, command: Act | HintRequest, refusal: str) -> Seat | None:
        """The asker's seat; one who does not play here is told ``refusal``."""
        seat = self._seat_of(command.user_id)
        if seat is None:
            self.club.reply(command.address, error("not_seated", refusal, command.request_id))
        return seat

    def _turn_of(self, seat: Seat, command: Act | HintRequest) -> DealState | None:
        """The deal in progress if it is ``seat``'s turn; otherwise the asker is told why
        not and the answer is None."""
        state = self.pulya.state if self.pulya is not None and not self.pulya.over else None
        if state is None:
            refusal = error("no_game", "no deal is in progress", command.request_id)
        elif state.actor != seat:
            whose = "nobody's" if state.actor is None else f"{state.actor.english}'s"
            refusal = error("not_your_turn", f"it is {whose} turn, not yours", command.request_id)
        else:
            return state
        self.club.reply(command.address, refusal)
        return None

    def _on_hint(self, command: HintRequest) -> None:
        """Check the asker may have a hint now, then compute it in the hint pool.

        The actor does not wait for the answer (the table plays on); an answer that comes
        after the turn has passed is still sent, and the client ignores a stale hint."""
        seat = self._player_of(command, "only a player at this table gets hints")
        if seat is None:
            return
        state = self._turn_of(seat, command)
        if state is None:
            return
        view = state.view(seat)
        task = asyncio.create_task(self._answer_hint(command, view))
        self._hint_tasks.add(task)
        task.add_done_callback(self._hint_tasks.discard)

    async def _answer_hint(self, command: HintRequest, view: Any) -> None:
        try:
            advice = await compute_hint(self.club.thinking, view, self.club.settings.hint_level)
        except Exception:
            log.exception("table %s: the hint failed", self.table_id)
            self.club.reply(
                command.address,
                error("unavailable", "no hint can be given now", command.request_id),
            )
            return
        self.club.reply(command.address, hint_message(command.request_id, advice, command.lang))

    async def _on_chat(self, command: Chat) -> None:
        """Table talk is a table event: every audience gets it in version order, so a
        client that resyncs misses none, and snapshots carry the recent lines. Each line
        is stored before it is shown, so a restart or a takeover keeps the talk."""
        seat = self._seat_of(command.user_id)
        line = {
            "seat": None if seat is None else seat.name,
            "name": command.name,
            "text": command.text,
            "at": time.time(),
        }
        async with self.club.engine.begin() as connection:
            await connection.execute(
                insert(models.chat_lines).values(
                    table_id=self.table_id,
                    seat=line["seat"],
                    name=command.name,
                    text=command.text,
                    created_at=line["at"],
                )
            )
        self.chat.append(line)
        self._emit("chat", line, view=False)
        ack = {"type": "ack", "id": command.request_id, "v": self.log.version}
        self.club.reply(command.address, ack)

    def _on_subscribe(self, command: Subscribe) -> None:
        self.watchers[command.address] = command.user_id
        seat = self._seat_of(command.user_id)
        audience = seat.name if seat is not None else SPECTATOR
        replies = self.log.catch_up(command.since, command.epoch, audience)
        for message in replies if replies is not None else [self._snapshot(audience)]:
            self.club.reply(command.address, message)
        self._returned(seat)

    def _returned(self, seat: Seat | None) -> None:
        """A player who connects again within the grace keeps his seat; one who is already
        away stays away until he says he is back (a reconnecting background tab is not a
        person at the table)."""
        if seat is not None:
            self.timers.cancel_grace(seat)

    async def _on_reload(self) -> None:
        async with self.club.engine.connect() as connection:
            status = (
                await connection.execute(
                    select(models.tables.c.status).where(models.tables.c.id == self.table_id)
                )
            ).scalar_one()
            seats = await load_seats(connection, self.table_id)
            votes = (
                await connection.execute(
                    select(models.tables.c.adjourn_votes).where(models.tables.c.id == self.table_id)
                )
            ).scalar_one()
        assert self.info is not None
        if self.pulya is not None:
            # Seats are fixed once the pulya started; only a player's leaving (a bot takes
            # his seat for good) and the adjournment's votes and status change.
            self._refresh_started(seats, status, votes_of(votes))
            return
        self.seats = seats
        self.info.status = status
        self._emit_seats()
        self._schedule_idle()
        if status == "playing":
            self._begin_pulya()
            for seat in self._human_seats():
                if not self._connected(seat):
                    self._start_grace(seat)
            self._schedule()

    def _refresh_started(
        self, seats: dict[Seat, SeatInfo], status: str, votes: tuple[str, ...]
    ) -> None:
        assert self.info is not None
        changed = False
        for seat, info in seats.items():
            old = self.seats.get(seat)
            if old is not None and old.user_id == info.user_id and old.left != info.left:
                self.seats[seat] = info
                self.away.discard(seat)
                self.timers.cancel_grace(seat)
                changed = True
        resumed = self.info.status == "adjourned" and status == "playing"
        if status != self.info.status or votes != self.info.adjourn_votes:
            self.info.status = status
            self.info.adjourn_votes = votes
            changed = True
        if not changed:
            return
        if resumed:
            self.timers.restart_clock()  # a fresh one for the turn the adjournment stopped
            self.away.clear()  # everybody starts present again, with the usual grace
            for seat in self._human_seats():
                if not self._connected(seat):
                    self._start_grace(seat)
        self._emit_seats()
        if status == "adjourned":
            self.timers.cancel_all()
            self._schedule_idle()
        else:
            self._schedule()

    def _schedule_idle(self) -> None:
        """Finished, closed and adjourned tables leave memory once nobody watches them."""
        assert self.info is not None
        if self.info.status in ("finished", "closed", "adjourned") and not self.watchers:
            asyncio.get_running_loop().call_later(
                self.club.settings.idle_seconds, self.submit, Tick("idle", Seat.S, self.log.version)
            )

    async def _on_tick(self, tick: Tick) -> None:
        if tick.kind == "finish":
            if self.pulya is not None and self.pulya.over and self.finished_summary is None:
                await self._try_finish()
            return
        if tick.kind == "idle":
            assert self.info is not None
            if self.info.status in ("finished", "closed", "adjourned") and not self.watchers:
                self.submit(Stop())
            return
        if tick.kind == "grace":
            self.timers.grace_over(tick.seat)
            if tick.seat in self.seats and not self._connected(tick.seat):
                self._go_away(tick.seat)
                self._schedule()
            return
        state = self.pulya.state if self.pulya is not None and not self.pulya.over else None
        if state is None or tick.seq != self.seq or state.actor != tick.seat:
            return
        if self._paused():
            return
        if tick.kind == "timeout":
            # One missed clock plays one move; only several in a row make him away.
            if self.presence.missed_clock(tick.seat):
                self._go_away(tick.seat)
        elif not self._bot_controlled(tick.seat):
            return
        level = self._bot_level(tick.seat)
        action = await bots.choose(level, state.view(tick.seat), self.club.thinking)
        if tick.seq != self.seq:
            return
        info = self.seats.get(tick.seat)
        auto = info is not None and info.user_id is not None
        try:
            await self._commit(tick.seat, action, auto=auto)
        except (IllegalActionError, AssertionError, ValueError, KeyError, TypeError):
            log.exception("table %s: the engine failed on the bot's %s", self.table_id, action)
            for other in state.legal_actions():
                if other != action:
                    try:
                        await self._commit(tick.seat, other, auto=auto)
                    except (IllegalActionError, AssertionError, ValueError, KeyError, TypeError):
                        continue
                    return
        except LogConflictError:
            raise
        except Exception:
            # The log could not be written: the bot tries again in a second.
            log.exception("table %s: could not log the bot's %s", self.table_id, action)
            asyncio.get_running_loop().call_later(1.0, self._schedule)

    # --- applying actions ----------------------------------------------------------------

    async def _commit(self, seat: Seat, action: Action, *, auto: bool) -> None:
        """Log first, then apply and tell everybody: nothing is acknowledged unlogged."""
        assert self.pulya is not None and self.pulya.state is not None
        after = self.pulya.state.apply(action)  # raises before logging if the engine refuses
        deadline = self._turn_deadline()
        await self.club.writer.append(
            LogEntry(self.table_id, self.seq + 1, seat.name, action.index, auto)
        )
        if deadline is not None:
            self.bank.spend(seat, deadline - self.bank.left(seat), time.time())
        self._apply(seat, action, auto, after)
        if self.pulya.over and self.finished_summary is None:
            await self._try_finish()
        self._schedule()

    async def _try_finish(self) -> None:
        """Settle and store the game; if the database fails, try again a little later."""
        try:
            await self._finish()
        except Exception as problem:
            if not is_transient(problem):
                await self._quarantine("finish", problem)
                return
            log.exception("table %s: finishing the game failed; retrying", self.table_id)
            asyncio.get_running_loop().call_later(
                5.0, self.submit, Tick("finish", Seat.S, self.log.version)
            )

    def _apply(self, seat: Seat, action: Action, auto: bool, after: Any = None) -> None:
        pulya = self.pulya
        assert pulya is not None and pulya.state is not None
        before = pulya.state
        if before.actor != seat:
            raise IllegalActionError(f"the log has {seat} acting out of turn")
        if after is None:
            after = before.apply(action)
        if auto:
            self.auto_marks.add((pulya.deal_number, len(before.history)))
            self.auto_counts[seat] = self.auto_counts.get(seat, 0) + 1
        pulya.state = after
        self.seq += 1
        self._emit_action(after, seat, action, auto)
        if after.is_over:
            result = pulya.finish_deal()
            self._emit_deal_end(after, result)
            if not pulya.over:
                pulya.start_deal()
                self._emit_deal_start()

    async def _finish(self) -> None:
        assert self.pulya is not None and self.info is not None
        self.finished_summary = await finish_game(
            self.club.engine, self.info, self.seats, self.pulya, self.auto_marks, self.auto_counts
        )
        self.info.status = "finished"
        self.club.game_ended(self.table_id)
        self._schedule_idle()
        self._emit(
            "game_end",
            {
                "summary": self.finished_summary,
                "secret": self.finished_summary.get("secret"),
                "commitment": self.info.commitment,
            },
            view=False,
        )

    async def _quarantine(self, stage: str, problem: BaseException) -> None:
        """Set the table aside (it cannot go on), tell whoever watches, and stop."""
        log.error("table %s: quarantined at %s", self.table_id, stage, exc_info=problem)
        await set_aside(self.club.engine, self.table_id, stage, reason_of(problem))
        assert self.info is not None
        self.info.status = "quarantined"
        self._emit("quarantined", {"stage": stage, "messages": MESSAGES}, view=False)
        self.submit(Stop())

    # --- scheduling: bots, clocks, grace periods -----------------------------------------

    def _schedule(self) -> None:
        self.timers.cancel_turn()
        if self._replaying or self.pulya is None or self.pulya.over:
            return
        state = self.pulya.state
        if state is None or state.actor is None or self._paused():
            return
        seat = state.actor
        assert self.info is not None
        if self._bot_controlled(seat):
            self.timers.turn("bot", seat, self.seq, self.club.settings.bot_delay)
        elif self.info.clock_seconds:
            deadline = self._turn_deadline()
            left = float(self.info.clock_seconds) if deadline is None else deadline - time.time()
            self.timers.turn("timeout", seat, self.seq, max(0.0, left))

    def _turn_deadline(self) -> float | None:
        """When the current turn's clock runs out (server time, seconds), or None."""
        assert self.info is not None
        if not self.info.clock_seconds or self.pulya is None or self.pulya.over:
            return None
        state = self.pulya.state
        if state is None or state.actor is None:
            return None
        # The clock runs out when the move's time and then the mover's bank are spent.
        seconds = self.info.clock_seconds + self.bank.left(state.actor)
        return self.timers.deadline((self.pulya.deal_number, self.seq), seconds)

    def _clock(self) -> dict[str, Any]:
        deadline = self._turn_deadline()
        if deadline is None:
            return {}
        now = time.time()
        assert self.pulya is not None and self.pulya.state is not None
        actor = self.pulya.state.actor
        assert actor is not None
        return {
            "deadline": round(deadline, 3),
            "seconds_left": round(max(0.0, deadline - now), 1),
            **self.bank.payload(actor, deadline - self.bank.left(actor), now),
        }

    def _people(self) -> list[Seat]:
        """Seats of the persons still in the game (not bots, not those who left)."""
        return [s for s, i in self.seats.items() if i.user_id is not None and not i.left]

    def _paused(self) -> bool:
        """Nobody plays on while the game is adjourned or every person is away; a
        tournament's table never pauses (its round waits for nobody: the stand-in plays
        for whoever is away, docs/tournaments.md)."""
        assert self.info is not None
        if self.info.status == "adjourned":
            return True
        return self.info.deal_id is None and self.presence.paused(self._people())

    def _grace_seconds(self) -> float:
        assert self.info is not None
        if self.info.away_seconds is not None:
            return self.info.away_seconds
        return self.club.settings.grace_seconds

    def _bot_controlled(self, seat: Seat) -> bool:
        info = self.seats.get(seat)
        return info is None or info.bot is not None or seat in self.away

    def _bot_level(self, seat: Seat) -> str:
        info = self.seats.get(seat)
        if info is not None and info.bot is not None:
            return info.bot
        return self.club.settings.substitute_bot

    def _human_seats(self) -> list[Seat]:
        return [s for s, i in self.seats.items() if i.user_id is not None]

    def _connected(self, seat: Seat) -> bool:
        user = self.seats[seat].user_id
        return user is not None and any(u == user for u in self.watchers.values())

    def _start_grace(self, seat: Seat) -> None:
        if self._replaying or self.pulya is None or seat in self.away:
            return
        self.timers.grace(seat, self._grace_seconds())

    def _go_away(self, seat: Seat) -> None:
        if seat in self.away or self.seats.get(seat) is None or self.seats[seat].bot:
            return
        assert self.info is not None
        if self.info.status == "adjourned":
            return  # nobody is expected at an adjourned game
        self.away.add(seat)
        paused = self._paused()
        self._emit("presence", {"seat": seat.name, "away": True, "paused": paused}, view=False)

    def _come_back(self, seat: Seat) -> None:
        self.timers.cancel_grace(seat)
        if seat in self.away:
            if self._paused():
                self.timers.restart_clock()  # the paused turn's clock starts again
            self.away.discard(seat)
            self.presence.acted(seat)
            paused = self._paused()
            self._emit("presence", {"seat": seat.name, "away": False, "paused": paused}, view=False)
            self._schedule()

    def _seat_of(self, user_id: int | None) -> Seat | None:
        if user_id is None:
            return None
        for seat, info in self.seats.items():
            if info.user_id == user_id and not info.left:
                return seat
        return None

    # --- events --------------------------------------------------------------------------

    def _audiences(self) -> list[str]:
        assert self.info is not None
        return audiences(self.info.rules.players, self.seats, self.watchers.values())

    def _emit(
        self,
        kind: str,
        body: dict[str, Any],
        *,
        view: bool = True,
        state: DealState | None = None,
        per_audience: Callable[[str, ViewSet | None], dict[str, Any]] | None = None,
    ) -> None:
        """Give the event the next version and a copy for every audience, then send it."""
        assert self.info is not None
        if state is None and self.pulya is not None:
            state = self.pulya.state
        viewset = self._viewset(state) if state is not None else None
        clock = self._clock() if view and state is not None and not state.is_over else {}

        def own_part(audience: str) -> dict[str, Any]:
            own: dict[str, Any] = {}
            if per_audience is not None:
                own.update(per_audience(audience, viewset))
            if view and viewset is not None:
                own.update(viewset.payload(audience))
                own.update(clock)
            return own

        event = self.log.record(kind, body, self._audiences(), own_part)
        if not self._replaying:
            users = self._user_audiences()
            self.club.broadcast(Broadcast(self.table_id, users, self.epoch, event.v, event.texts))

    def _viewset(self, state: DealState) -> ViewSet:
        """The views of ``state``, built once: a deal's end event and every snapshot at
        one version share those of the last action."""
        assert self.info is not None
        if self._views is None or self._views.state is not state:
            self._views = ViewSet(state, self.info.rules.players)
        return self._views

    def _user_audiences(self) -> dict[int, str]:
        """Each person's own view; one who left the game watches as a spectator."""
        return {
            i.user_id: s.name for s, i in self.seats.items() if i.user_id is not None and not i.left
        }

    def _emit_seats(self) -> None:
        assert self.info is not None
        self._emit(
            "seats",
            {
                "seats": self._public_seats(),
                "status": self.info.status,
                "paused": self.pulya is not None and self._paused(),
                "adjourn_votes": list(self.info.adjourn_votes),
            },
            view=False,
        )

    def _emit_deal_start(self) -> None:
        assert self.pulya is not None
        self._emit("deal_start", {"deal": self.pulya.deal_number, "dealer": self.pulya.dealer.name})

    def _emit_action(self, state: DealState, seat: Seat, action: Action, auto: bool) -> None:
        def shown(audience: str, viewset: ViewSet | None) -> dict[str, Any]:
            visible = viewset is not None and viewset.last_action_visible(audience)
            return {"seat": seat.name, "action": action_json(action) if visible else None}

        self._emit("action", {"auto": auto}, state=state, per_audience=shown)

    def _emit_deal_end(self, state: DealState, result: DealResult) -> None:
        assert self.pulya is not None
        self._emit(
            "deal_end",
            {
                "deal": self.pulya.deal_number,
                "result": views.result_json(result),
                "sheet": self.pulya.sheet.to_dict(),
                "writes": self.pulya.sheet.last_writes(),
            },
            state=state,
        )

    def _public_seats(self) -> dict[str, Any]:
        assert self.info is not None
        return public_seats(self.info.rules.players, self.seats, self.away)

    def _snapshot(self, audience: str) -> dict[str, Any]:
        """The whole table as ``audience`` sees it now (:mod:`.table_snapshot`)."""
        assert self.info is not None
        live: dict[str, Any] = {}
        if self.pulya is not None and self.pulya.state is not None:
            live.update(self._viewset(self.pulya.state).payload(audience))
            live.update(self._clock())
        return snapshot(
            self.log,
            audience,
            self.info,
            self._public_seats(),
            paused=self.pulya is not None and self._paused(),
            pulya=self.pulya,
            sheets=self._sheets,
            live=live,
            chat=self.chat,
            summary=self.finished_summary,
        )
