"""The game loop of ``preferans play``: bots move by themselves, the person types.

Reading is line by line through ``input()``, so the same loop serves a terminal (with line
editing) and a pipe or a script (tests drive it both ways). Nothing here knows the rules:
the choices shown are the engine's legal actions, and a refused move is explained in the
engine's own words.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from preferans.actions import Action, Claim
from preferans.game import DealState, Phase
from preferans.scoring import render_text
from preferans.scoring.sheet import SheetEntry
from preferans.seats import Seat
from preferans.terminal.checks import writable_problem
from preferans.terminal.i18n import Lang, deals_text, level_name, outside_text, seat_name, tr
from preferans.terminal.parse import Command
from preferans.terminal.render import (
    action_markup,
    choices_markup,
    completed_trick_markup,
    talon_markup,
    view_lines,
)
from preferans.terminal.session import Session, stake_value
from preferans.terminal.sheet_panel import SHEET_ALL, totals_lines
from preferans.terminal.turn import Refused, hint_for, interpret, offered

__all__ = ["EXIT_INTERRUPTED", "EXIT_OK", "TerminalGame", "end_line"]

EXIT_OK = 0
EXIT_INTERRUPTED = 130
PROMPT = "> "

_VARIANT_NAMES = {
    "sochi": ("Sochi", "Сочи"),
    "leningrad": ("Leningrad", "Ленинград"),
    "rostov": ("Rostov", "Ростов"),
    "balkan": ("Balkan", "Балканский"),
}


class _Quit(Exception):
    """The player asked to stop."""


class TerminalGame:
    """Runs a :class:`Session` to its end with a person at ``session.setup.human``."""

    def __init__(
        self,
        session: Session,
        console: Console,
        lang: Lang,
        *,
        save_path: Path | None = None,
        record_path: Path | None = None,
        read: Callable[[str], str] = input,
    ) -> None:
        self.session = session
        self.console = console
        self.lang = lang
        self.save_path = save_path
        self.record_path = record_path
        self.read = read
        self.quit_warned = False

    # --- output --------------------------------------------------------------------------

    def say(self, markup: str) -> None:
        self.console.print(markup)

    def plain(self, text: str) -> None:
        self.console.print(text, markup=False)

    def t(self, key: str, **values: object) -> str:
        return tr(self.lang, key, **values)

    def seat(self, seat: Seat) -> str:
        return seat_name(seat, self.lang)

    # --- the loop ------------------------------------------------------------------------

    def welcome(self) -> None:
        setup = self.session.setup
        names = _VARIANT_NAMES.get(setup.rules.variant, (setup.rules.variant,) * 2)
        variant = names[1 if self.lang == "ru" else 0]
        target = "—" if setup.target is None else setup.target
        line = self.t(
            "welcome",
            variant=variant,
            players=setup.rules.players,
            target=target,
            seat=self.seat(setup.human),
        )
        self.say(f"[bold]{escape(line)}[/bold]")
        bots = ", ".join(
            f"{self.seat(s)}: {self.t('bot', level=level_name(lvl, self.lang))}"
            for s, lvl in setup.bots.items()
        )
        self.plain(bots)
        self.plain(self.t("commands_balkan" if setup.rules.is_balkan else "commands"))

    def run(self) -> int:
        """Play to the end of the pulya; the exit code of ``preferans play``."""
        try:
            while not self.session.is_over:
                state = self.session.state
                if state is None:
                    state = self.session.start_deal()
                    self.announce_deal(state)
                self.play_deal()
        except _Quit:
            if self.save_path is not None:
                self.save(self.save_path)
            self.plain(self.t("bye"))
            return EXIT_OK
        except EOFError:
            if self.save_path is not None:
                self.save(self.save_path)
            self.plain(self.t("input_ended"))
            return EXIT_INTERRUPTED
        except KeyboardInterrupt:
            if self.save_path is not None:
                self.save(self.save_path)
            self.plain(self.t("interrupted"))
            return EXIT_INTERRUPTED
        self.finish_game()
        return EXIT_OK

    def announce_deal(self, state: DealState) -> None:
        number = self.session.deal_number
        head = self.t("deal_head", number=number, dealer=self.seat(state.deal.dealer))
        self.say(f"\n[bold cyan]── {escape(head)} ──[/bold cyan]")
        if self.session.setup.human not in state.active:
            self.plain(self.t("sits_out"))

    def play_deal(self) -> None:
        session = self.session
        state = session.state
        assert state is not None
        while not state.is_over:
            actions = self.ask() if session.human_to_act() else [self.bot_action()]
            for action in actions:
                before = state
                state = session.apply(action)
                self.report(before, state)
        written = session.finish_deal()
        self.deal_over(written)

    def bot_action(self) -> Action:
        """The bot's choice; a slow level gets a spinner in a terminal."""
        state = self.session.state
        assert state is not None and state.actor is not None
        level = self.session.setup.bots.get(state.actor)
        if level != "sampling" or not self.console.is_terminal:
            return self.session.bot_action()
        with self.console.status(self.t("thinking", seat=self.seat(state.actor)), spinner="dots"):
            return self.session.bot_action()

    def report(self, before: DealState, after: DealState) -> None:
        """Say what happened: each new call or card, and a trick when it is complete."""
        human = self.session.setup.human
        for seat, action in after.history[len(before.history) :]:
            if seat == human and before.actor == human and before.phase is not Phase.PLAY:
                continue  # the person knows what he said; cards are echoed for the trick
            if before.phase is Phase.DISCARD and seat != human:
                continue  # another's discard is hidden
            who = self.seat(seat)
            self.say(f"{escape(who)}: {action_markup(action, self.lang)}")
        if len(after.completed_tricks) > len(before.completed_tricks):
            number = len(after.completed_tricks)
            trick = after.completed_tricks[-1]
            self.say(completed_trick_markup(number, trick, self.lang, out=after.out))
        if (
            before.phase is not after.phase
            and after.talon_shown
            and not before.talon_shown
            and not (self.session.human_to_act() and after.phase is not Phase.PLAY)
        ):
            # When the person acts next, the table shown for his turn has the talon line:
            # saying it here too printed it twice in a row.
            self.say(f"{self.t('talon')}: {talon_markup(after.deal.talon_order, self.lang)}")

    def deal_over(self, written: SheetEntry) -> None:
        self.say(f"[bold]{escape(self.t('deal_over', number=written.number))}[/bold]")
        self.plain(outside_text(written.breakdown(self.lang), self.lang))
        self.plain("")
        for line in totals_lines(self.session.pulya.sheet, self.lang):
            self.plain(line)
        if self.save_path is not None:
            self.session.save(self.save_path)

    def finish_game(self) -> None:
        sheet = self.session.pulya.sheet
        self.say(f"\n[bold]{escape(end_line(self.session, self.lang))}[/bold]")
        self.plain(outside_text(render_text(sheet, self.lang, settle=False), self.lang))
        stake = self.session.setup.stake
        settlement = sheet.settle(stake=None if stake is None else stake_value(stake))
        self.plain("")
        self.plain(self.t("settlement"))
        for line in settlement.lines(self.lang):
            self.plain(f"  {outside_text(line, self.lang)}")
        path = self.record_path
        if path is not None:
            self.session.save(path, final=True)
            self.plain(self.t("record_saved", path=path))
        if self.save_path is not None and self.save_path != path:
            self.session.save(self.save_path, final=True)

    # --- the person's turn ---------------------------------------------------------------

    def show(self, state: DealState) -> None:
        human = self.session.setup.human
        view = state.view(human)
        for line in view_lines(view, self.lang):
            self.say(line)
        mover = state.to_move
        if mover is not None and mover != human and state.phase is Phase.PLAY:
            self.plain(self.t("play_for", seat=self.seat(mover)))
        choices = offered(view.legal_actions)
        self.say(f"{self.t('choices')}: {choices_markup(choices, self.lang)}")
        claims = [a.tricks for a in view.legal_actions if isinstance(a, Claim)]
        if claims:
            self.plain(self.t("claims", low=min(claims), high=max(claims)))

    def ask(self) -> list[Action]:
        """Read until the text names a legal action (commands are served on the way)."""
        session = self.session
        state = session.state
        assert state is not None
        self.show(state)
        while True:
            text = self.read(PROMPT)
            answer = interpret(text, state, session.setup.human, self.lang)
            if isinstance(answer, Refused):
                self.plain(answer.message)
            elif isinstance(answer, Command):
                self.command(answer, state)
            else:
                return list(answer)

    def command(self, command: Command, state: DealState) -> None:
        if command.name == "help":
            self.plain(self.t("help"))
            if self.session.setup.rules.is_balkan:
                self.plain(self.t("help_balkan"))
        elif command.name == "show":
            self.show(state)
        elif command.name == "sheet":
            sheet = self.session.pulya.sheet
            if command.argument in SHEET_ALL:
                self.plain(outside_text(render_text(sheet, self.lang, settle=False), self.lang))
            else:
                for line in totals_lines(sheet, self.lang):
                    self.plain(line)
        elif command.name == "hint":
            hint = hint_for(state, self.session.setup.human, self.session.setup.bot_seed, self.lang)
            shown = " ".join(action_markup(a, self.lang) for a in hint.actions)
            self.say(f"[green]{self.t('hint', action=shown)}[/green]")
            self.plain(f"  {hint.note}")
        elif command.name == "last":
            view = state.view(self.session.setup.human)
            if view.last_trick is None:
                self.plain(self.t("no_last_trick"))
            else:
                number = len(view.completed_tricks)
                self.say(completed_trick_markup(number, view.last_trick, self.lang, out=view.out))
        elif command.name == "save":
            path = Path(command.argument).expanduser() if command.argument else self.save_path
            if path is None:
                self.plain(self.t("no_save_file"))
                return
            problem = writable_problem(path)
            if problem is not None:
                # A bad path typed at the prompt is answered; the game goes on.
                self.plain(self.t("cannot_save", path=path, problem=problem))
                return
            self.save(path)
            self.save_path = self.save_path or path
        elif command.name == "quit":
            if self.save_path is None and not self.quit_warned:
                self.quit_warned = True
                self.plain(self.t("quit_unsaved"))
                return
            raise _Quit

    def save(self, path: Path) -> None:
        self.session.save(path)
        self.plain(self.t("saved", path=path))


def end_line(session: Session, lang: Lang) -> str:
    """Why the game ended: the pulya (or the bula) closed, or ``--deals`` ran out."""
    sheet = session.pulya.sheet
    if sheet.is_complete:
        return tr(lang, "bula_over" if session.rules.is_balkan else "game_over")
    return tr(lang, "stopped_after", deals=deals_text(sheet.deals_played, lang))
