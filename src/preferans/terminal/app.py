"""The full-screen table of ``preferans play`` (textual), driving a :class:`Session`.

The screen is redrawn from the session after every move: the seats around the table, the
trick in the middle, the contract and the bidding at the side with the sheet's totals, the
hand with its legal cards underlined, and one input line that reads the same text as line
mode (:mod:`preferans.terminal.turn`). Bots think in a worker thread so that the screen
keeps answering (resizing, keys) while they do.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from preferans.actions import Action, Claim
from preferans.game import DealState
from preferans.scoring import render_text
from preferans.seats import Seat
from preferans.terminal.checks import writable_problem
from preferans.terminal.game import EXIT_INTERRUPTED, EXIT_OK, end_line
from preferans.terminal.i18n import Lang, level_name, outside_text, seat_name, tr
from preferans.terminal.parse import Command
from preferans.terminal.render import action_markup, completed_trick_markup
from preferans.terminal.session import Session, stake_value
from preferans.terminal.sheet_panel import SHEET_ALL, totals_table
from preferans.terminal.table_view import (
    SeatInfo,
    bidding_panel,
    choices_text,
    contract_panel,
    hand_text,
    table_grid,
)
from preferans.terminal.turn import Refused, hint_for, interpret, offered

__all__ = ["TableApp"]

#: Below this width the side panel narrows and the seat boxes drop the card counts.
NARROW = 100
#: Below this the table cannot be drawn legibly: the screen asks for a larger window.
MIN_WIDTH = 60
MIN_HEIGHT = 18


class TextScreen(ModalScreen[None]):
    """A long text over the table (the whole sheet, the help); Escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("q", "close", "close", show=False),
        Binding("f3", "close", "close", show=False),
        Binding("f1", "close", "close", show=False),
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 95%; height: 90%; border: round $accent;
        background: $surface; padding: 0 1; }
    """

    def __init__(self, text: str, footer: str) -> None:
        super().__init__()
        self.text = text
        self.footer = footer

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(self.text), id="long-text")
            yield Static(Text(self.footer, style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)


class TableApp(App[int]):
    """One game at the table; the app's return value is the exit code."""

    CSS = """
    Screen { layout: vertical; }
    #head { height: 1; background: $primary-background; }
    #main { height: 1fr; }
    #table { width: 1fr; height: 100%; }
    #side { width: 36; }
    #side.narrow { width: 29; }
    #hand { height: auto; border: round $secondary; padding: 0 1; }
    #choices { height: auto; max-height: 4; }
    #message { height: auto; max-height: 4; color: $text-muted; }
    #command { height: 1; border: none; padding: 0 1; }
    #keys { height: 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "help"),
        Binding("f2", "last_trick", "last trick"),
        Binding("f3", "full_sheet", "sheet"),
        Binding("f4", "hint", "hint"),
        Binding("ctrl+c", "interrupt", "stop", priority=True),
        Binding("ctrl+q", "quit_table", "quit", priority=True),
    ]

    def __init__(
        self,
        session: Session,
        lang: Lang,
        *,
        save_path: Path | None = None,
        record_path: Path | None = None,
        bot_delay: float = 0.4,
    ) -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        self.save_path = save_path
        self.record_path = record_path
        self.bot_delay = bot_delay
        self.clocks: dict[Seat, float] = dict.fromkeys(Seat, 0.0)
        self.turn_started: float | None = None
        self.messages: list[str] = []
        self.between_deals: list[str] | None = None
        self.game_over: list[str] | None = None
        self.quit_warned = False
        self.driving = False
        self.final_text: list[str] = []

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="head")
        with Horizontal(id="main"):
            yield Static(id="table")
            with Vertical(id="side"):
                yield Static(id="contract")
                yield Static(id="bidding")
                yield Static(id="sheet")
        yield Static(id="hand")
        yield Static(id="choices")
        yield Static(id="message")
        yield Input(placeholder=self.t("input_placeholder"), id="command")
        yield Static(self.t("keys"), id="keys")

    def t(self, key: str, **values: object) -> str:
        return tr(self.lang, key, **values)

    def on_mount(self) -> None:
        self.title = "preferans"
        self.query_one("#command", Input).focus()
        self.set_interval(1.0, self.tick)
        self.fit()
        self.drive()
        self.call_after_refresh(self.redraw)

    def on_resize(self) -> None:
        self.fit()
        self.call_after_refresh(self.redraw)

    def fit(self) -> None:
        side = self.query_one("#side")
        side.set_class(self.size.width < NARROW, "narrow")
        self.query_one("#message").styles.max_height = 2 if self.size.height < 30 else 4

    def tick(self) -> None:
        """The clock of the person to move runs while he thinks."""
        if self.turn_started is not None:
            self.redraw()

    # --- drawing -----------------------------------------------------------------------

    def infos(self) -> dict[Seat, SeatInfo]:
        setup = self.session.setup
        out = {}
        for seat in Seat:
            seconds = self.clocks[seat]
            if seat == setup.human and self.turn_started is not None:
                seconds += time.monotonic() - self.turn_started
            if seat == setup.human:
                name = self.t("you")
            elif seat in setup.bots:
                name = self.t("bot", level=level_name(setup.bots[seat], self.lang))
            else:
                name = self.t("dummy")
            out[seat] = SeatInfo(name, seconds)
        return out

    def compact(self) -> bool:
        return self.size.width < NARROW or self.size.height < 30

    def own_info(self) -> SeatInfo | None:
        """The person's seat facts for his hand's line when the table has no box for them."""
        return self.infos()[self.session.setup.human] if self.compact() else None

    def current_view_state(self) -> DealState | None:
        session = self.session
        if session.state is not None:
            return session.state
        return session.finished[-1] if session.finished else None

    def redraw(self) -> None:
        self.fit()
        self.redraw_table()
        state = self.current_view_state()
        session = self.session
        human = session.setup.human
        number = session.deal_number if session.state is not None else len(session.finished)
        head = self.t("deal_head", number=max(number, 1), dealer="")
        if state is not None:
            dealer = seat_name(state.deal.dealer, self.lang)
            head = self.t("deal_head", number=max(number, 1), dealer=dealer)
        self.query_one("#head", Static).update(Text(f" {head}", style="bold"))
        sheet = self.query_one("#sheet", Static)
        sheet.update(totals_table(session.pulya.sheet, self.lang))
        if state is None:
            return
        view = state.view(human)
        self.query_one("#contract", Static).update(contract_panel(view, self.lang))
        self.query_one("#bidding", Static).update(bidding_panel(view, self.lang))
        hand = self.query_one("#hand", Static)
        choices = self.query_one("#choices", Static)
        if session.human_to_act():
            mover = view.to_move if view.to_move != human else None
            hand.update(hand_text(view, self.lang, mover, self.own_info()))
            legal = offered(view.legal_actions)
            markup = choices_text(legal, self.lang)
            claims = [a.tricks for a in view.legal_actions if isinstance(a, Claim)]
            if claims:
                markup += "  " + escape(self.t("claims", low=min(claims), high=max(claims)))
            choices.update(Text.from_markup(markup))
        else:
            if self.between_deals is not None or self.game_over is not None:
                hand.update(Text(self.t("deal_over", number=len(session.finished)), style="bold"))
            elif human in view.active:
                hand.update(hand_text(view, self.lang, mine=self.own_info()))
            else:
                hand.update(Text(self.t("sits_out")))
            if self.game_over is not None:
                choices.update(Text(self.t("press_enter_end"), style="bold"))
            elif self.between_deals is not None:
                choices.update(Text(self.t("press_enter_next"), style="bold"))
            else:
                actor = state.actor
                who = "" if actor is None else seat_name(actor, self.lang)
                choices.update(Text(self.t("thinking", seat=who), style="dim"))
        self.query_one("#message", Static).update(Text.from_markup("\n".join(self.recent())))

    def redraw_table(self) -> None:
        table = self.query_one("#table", Static)
        if self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT:
            small = self.t("too_small", width=MIN_WIDTH, height=MIN_HEIGHT)
            table.update(Text(small, style="bold"))
            return
        if self.game_over is not None:
            table.update(Text("\n".join(self.game_over)))
            return
        if self.between_deals is not None:
            table.update(Text("\n".join(self.between_deals)))
            return
        state = self.current_view_state()
        if state is None:
            return
        view = state.view(self.session.setup.human)
        compact = self.compact()
        grid = table_grid(
            view,
            self.session.setup.human,
            self.infos(),
            self.lang,
            compact=compact,
            height=table.size.height or 14,
        )
        table.update(grid)

    def recent(self) -> list[str]:
        """The newest messages that fit the message lines (a long hint wraps): the newest
        is always shown, the oldest give way."""
        room = 2 if self.size.height < 30 else 4
        width = max(20, self.size.width - 16)  # word wrapping leaves lines short
        shown: list[str] = []
        for markup in reversed(self.messages):
            lines = max(1, -(-len(Text.from_markup(markup).plain) // width))
            if lines > room and shown:
                break
            shown.insert(0, markup)
            room -= lines
            if room <= 0:
                break
        return shown

    def say(self, markup: str) -> None:
        self.messages.append(markup)
        del self.messages[:-8]

    # --- the game --------------------------------------------------------------------------

    def drive(self) -> None:
        if not self.driving:
            self.driving = True
            self.run_worker(self.advance(), exclusive=True, group="game")

    async def advance(self) -> None:
        """Bots move until it is the person's turn, a deal ends, or the game does."""
        session = self.session
        try:
            while True:
                if session.state is None:
                    if session.is_over:
                        self.finish()
                        return
                    session.start_deal()
                    self.messages.clear()
                    dealer = (
                        seat_name(session.state.deal.dealer, self.lang) if session.state else ""
                    )
                    self.say(self.t("deal_head", number=session.deal_number, dealer=dealer))
                state = session.state
                assert state is not None
                if state.is_over:
                    self.deal_over()
                    return
                if session.human_to_act():
                    self.turn_started = time.monotonic()
                    self.redraw()
                    return
                actor = state.actor
                assert actor is not None
                self.redraw()
                started = time.monotonic()
                action = await asyncio.to_thread(session.bot_action)
                self.clocks[actor] += time.monotonic() - started
                self.apply(action)
                self.redraw()
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
        finally:
            self.driving = False

    def apply(self, action: Action) -> None:
        session = self.session
        before = session.state
        assert before is not None
        after = session.apply(action)
        human = session.setup.human
        for seat, done in after.history[len(before.history) :]:
            if done is None or (before.phase.name == "DISCARD" and seat != human):
                continue
            who = escape(seat_name(seat, self.lang))
            self.say(f"{who}: {action_markup(done, self.lang)}")
        if len(after.completed_tricks) > len(before.completed_tricks):
            number = len(after.completed_tricks)
            trick = after.completed_tricks[-1]
            self.say(completed_trick_markup(number, trick, self.lang, out=after.out))

    def deal_over(self) -> None:
        session = self.session
        written = session.finish_deal()
        if self.save_path is not None:
            session.save(self.save_path)
        lines = [self.t("deal_over", number=written.number), ""]
        lines += outside_text(written.breakdown(self.lang), self.lang).splitlines()
        self.between_deals = lines
        self.redraw()

    def finish(self) -> None:
        session = self.session
        sheet = session.pulya.sheet
        stake = session.setup.stake
        settlement = sheet.settle(stake=None if stake is None else stake_value(stake))
        lines = [end_line(session, self.lang), "", self.t("settlement")]
        lines += [f"  {outside_text(line, self.lang)}" for line in settlement.lines(self.lang)]
        path = self.record_path
        if path is not None:
            session.save(path, final=True)
            lines += ["", self.t("record_saved", path=path)]
        if self.save_path is not None and self.save_path != path:
            session.save(self.save_path, final=True)
        self.game_over = lines
        self.final_text = [
            lines[0],
            outside_text(render_text(sheet, self.lang, settle=False), self.lang),
            *lines[1:],
        ]
        self.redraw()

    # --- the person ------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        event.input.value = ""
        session = self.session
        if self.game_over is not None:
            self.exit(EXIT_OK)
            return
        state = session.state
        if self.between_deals is not None or state is None or not session.human_to_act():
            answer: Command | tuple[Action, ...] | Refused | None = None
            if text.strip():
                answer = interpret(text, state, session.setup.human, self.lang) if state else None
            if isinstance(answer, Command):
                self.command(answer, state)
            elif self.between_deals is not None:
                self.between_deals = None
                self.drive()
            else:
                self.say(self.t("wait_turn"))
                self.redraw()
            return
        answer = interpret(text, state, session.setup.human, self.lang)
        if isinstance(answer, Refused):
            self.say(escape(answer.message))
        elif isinstance(answer, Command):
            self.command(answer, state)
        else:
            if self.turn_started is not None:
                self.clocks[session.setup.human] += time.monotonic() - self.turn_started
                self.turn_started = None
            for action in answer:
                self.apply(action)
            self.drive()
        self.redraw()

    def command(self, command: Command, state: DealState | None) -> None:
        name = command.name
        if name == "help":
            self.action_help()
        elif name == "sheet":
            if command.argument in SHEET_ALL:
                self.action_full_sheet()
            else:
                self.say(self.t("sheet_at_side"))
        elif name == "hint":
            self.action_hint()
        elif name == "last":
            self.action_last_trick()
        elif name == "show":
            self.redraw()
        elif name == "save":
            self.save(command.argument)
        elif name == "quit":
            if self.save_path is None and not self.quit_warned:
                self.quit_warned = True
                self.say(escape(self.t("quit_unsaved")))
            else:
                if self.save_path is not None:
                    self.session.save(self.save_path)
                    self.final_text = [self.t("saved", path=self.save_path)]
                self.final_text.append(self.t("bye"))
                self.exit(EXIT_OK)
        self.redraw()

    def save(self, argument: str) -> None:
        path = Path(argument).expanduser() if argument else self.save_path
        if path is None:
            self.say(escape(self.t("no_save_file")))
            return
        problem = writable_problem(path)
        if problem is not None:
            self.say(escape(self.t("cannot_save", path=path, problem=problem)))
            return
        self.session.save(path)
        self.save_path = self.save_path or path
        self.say(escape(self.t("saved", path=path)))

    # --- keys ------------------------------------------------------------------------------

    def action_help(self) -> None:
        text = self.t("help")
        if self.session.rules.is_balkan:
            text += "\n\n" + self.t("help_balkan")
        text += "\n\n" + self.t("keys")
        self.push_screen(TextScreen(text, self.t("close_hint")), self.back_to_table)

    def action_full_sheet(self) -> None:
        sheet = self.session.pulya.sheet
        text = outside_text(render_text(sheet, self.lang, breakdown=True, settle=True), self.lang)
        self.push_screen(TextScreen(text, self.t("close_hint")), self.back_to_table)

    def back_to_table(self, _: None = None) -> None:
        """Typing goes to the input line again once a text over the table is closed."""
        self.query_one("#command", Input).focus()
        self.redraw()

    def action_last_trick(self) -> None:
        state = self.current_view_state()
        view = None if state is None else state.view(self.session.setup.human)
        if view is None or view.last_trick is None:
            self.say(self.t("no_last_trick"))
        else:
            number = len(view.completed_tricks)
            head = self.t("last_trick")
            trick = completed_trick_markup(number, view.last_trick, self.lang, out=view.out)
            self.say(f"[bold]{head}[/bold] {trick}")
        self.redraw()

    def action_hint(self) -> None:
        session = self.session
        state = session.state
        if state is None or not session.human_to_act():
            self.say(self.t("wait_turn"))
        else:
            hint = hint_for(state, session.setup.human, session.setup.bot_seed, self.lang)
            shown = " ".join(action_markup(a, self.lang) for a in hint.actions)
            self.say(f"[green]{self.t('hint', action=shown)}[/green] — {escape(hint.note)}")
        self.redraw()

    def action_quit_table(self) -> None:
        self.command(Command("quit"), self.session.state)

    def action_interrupt(self) -> None:
        if self.save_path is not None:
            self.session.save(self.save_path)
            self.final_text = [self.t("saved", path=self.save_path)]
        self.final_text.append(self.t("interrupted"))
        self.exit(EXIT_INTERRUPTED)


def summary(app: TableApp) -> RenderableType:
    """What stays on the normal screen after the table closes."""
    return Group(*(Text(line) for line in app.final_text))
