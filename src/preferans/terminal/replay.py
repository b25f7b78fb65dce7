"""Stepping through a game record, with the solver's values for the card to play.

The record is replayed through the engine and the sheet first (a bad record is refused
before anything is shown); then every position of every deal is rebuilt, so stepping back
is as cheap as stepping forward.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from preferans.analysis.positions import Position
from preferans.analysis.values import analyse_state, unavailable_reason
from preferans.game import DealState, Phase
from preferans.terminal.i18n import Lang, contract_text, seat_name
from preferans.terminal.render import (
    action_markup,
    card_markup,
    hand_markup,
    talon_markup,
    trick_markup,
)

__all__ = ["ReplayViewer"]


_WORDS = {
    "deal": ("Deal", "Сдача"),
    "move": ("move", "ход"),
    "dealer": ("dealer", "сдаёт"),
    "last": ("Last move", "Последний ход"),
    "to_move": ("To move", "Ходит"),
    "over": ("The deal is over", "Сдача окончена"),
    "talon": ("Talon", "Прикуп"),
    "discard": ("Discard", "Снос"),
    "contract": ("Contract", "Игра"),
    "raspasy": ("Raspasy", "Распасы"),
    "tricks": ("Tricks", "Взятки"),
    "table": ("On the table", "На столе"),
    "solver": ("Solver", "Анализ"),
    "side": ("tricks for the mover's side from here", "взяток стороне ходящего до конца"),
    "own": (
        "the mover's own tricks from here, fewer is better",
        "своих взяток до конца, меньше — лучше",
    ),
    "declarer": ("tricks the misère player takes", "взяток мизеруется"),
    "no_solver": ("no analysis", "без анализа"),
    "help": (
        "Enter or n: next · p: previous · g N: position N · d N: deal N · q: quit",
        "Enter или n: дальше · p: назад · g N: позиция N · d N: сдача N · q: выход",
    ),
    "end": ("End of the record.", "Конец записи."),
    "bad": ("Not understood: {text}", "Не понял: {text}"),
    "no_deal": (
        "No deal {n}: the record has deals 1–{last}.",
        "Нет сдачи {n}: в записи сдачи 1–{last}.",
    ),
    "no_position": (
        "No position {n}: the record has positions 1–{last}.",
        "Нет позиции {n}: в записи позиции 1–{last}.",
    ),
}


class ReplayViewer:
    """Prints positions; ``analyse`` switches the solver on."""

    def __init__(
        self,
        positions: list[Position],
        console: Console,
        lang: Lang,
        *,
        analyse: bool = True,
    ) -> None:
        self.positions = positions
        self.console = console
        self.lang = lang
        self.analyse = analyse

    def w(self, key: str, **values: object) -> str:
        english, russian = _WORDS[key]
        text = russian if self.lang == "ru" else english
        return text.format(**values) if values else text

    def show(self, index: int) -> None:
        """Print position ``index`` (0-based) of the whole record."""
        position = self.positions[index]
        state = position.state
        lang = self.lang
        say = self.console.print
        head = (
            f"{self.w('deal')} {position.deal} · {self.w('move')} {position.move}/{position.moves}"
            f" · {self.w('dealer')} {seat_name(state.deal.dealer, lang)}"
            f"  [{index + 1}/{len(self.positions)}]"
        )
        say(f"[bold cyan]── {escape(head)} ──[/bold cyan]")
        if state.history:
            seat, action = state.history[-1]
            say(f"{self.w('last')}: {escape(seat_name(seat, lang))} {action_markup(action, lang)}")
        if state.contract is not None and state.declarer is not None:
            say(
                f"{self.w('contract')}: {escape(contract_text(state.contract, lang))}, "
                f"{escape(seat_name(state.declarer, lang))}"
            )
        elif state.is_raspasy:
            say(self.w("raspasy"))
        for seat in state.active:
            say(f"{seat.name}: {hand_markup(state.hand(seat), lang)}")
        talon = talon_markup(state.deal.talon_order, lang)
        say(f"{self.w('talon')}: {talon}")
        if state.discard:
            say(f"{self.w('discard')}: {hand_markup(state.discard, lang)}")
        if state.phase is Phase.PLAY or state.is_over:
            won = ", ".join(f"{s.name} {n}" for s, n in state.tricks_won.items())
            say(f"{self.w('tricks')}: {won}")
        if state.current_trick:
            say(f"{self.w('table')}: {trick_markup(state.current_trick, lang)}")
        if state.is_over:
            say(self.w("over"))
            if position.written is not None:
                self.console.print(position.written.breakdown(lang), markup=False)
            return
        if state.to_move is not None:
            say(f"{self.w('to_move')}: {escape(seat_name(state.to_move, lang))}")
        if self.analyse and state.phase is Phase.PLAY:
            self.show_analysis(state)

    def show_analysis(self, state: DealState) -> None:
        reason = unavailable_reason(state)
        values = None if reason is not None else analyse_state(state)
        if values is None:
            self.console.print(f"{self.w('solver')}: {self.w('no_solver')} ({reason})")
            return
        ranked = sorted(values.values.items(), key=lambda item: (item[0].suit, -item[0].rank))
        parts = "  ".join(f"{card_markup(card, self.lang)} {value}" for card, value in ranked)
        self.console.print(f"{self.w('solver')}: {parts}  ({self.w(values.meaning)})")

    def dump(self, indices: list[int], progress: Callable[[], None] | None = None) -> None:
        """Every position in ``indices``, one after another (``--all``)."""
        for index in indices:
            self.show(index)
            self.console.print()
            if progress is not None:
                progress()

    def interactive(self, read: Callable[[str], str], start: int = 0) -> None:
        """Step with next/prev/goto until quit or the end of input."""
        index = start
        self.console.print(self.w("help"), markup=False)
        self.show(index)
        last = len(self.positions) - 1
        while True:
            try:
                text = read("> ").strip().lower()
            except EOFError:
                return
            word, _, argument = text.partition(" ")
            if word in ("", "n", "next", "дальше"):
                if index == last:
                    self.console.print(self.w("end"))
                    continue
                index += 1
            elif word in ("p", "prev", "назад"):
                index = max(0, index - 1)
            elif word in ("g", "goto") and argument.isdigit():
                if not 1 <= int(argument) <= last + 1:
                    message = self.w("no_position", n=int(argument), last=last + 1)
                    self.console.print(message, markup=False)
                    continue
                index = int(argument) - 1
            elif word in ("d", "deal") and argument.isdigit():
                deal = int(argument)
                found = [i for i, p in enumerate(self.positions) if p.deal == deal]
                if not found:
                    message = self.w("no_deal", n=deal, last=self.positions[-1].deal)
                    self.console.print(message, markup=False)
                    continue
                index = found[0]
            elif word in ("q", "quit", "exit", "выход"):
                return
            elif word in ("h", "help", "?", "помощь"):
                self.console.print(self.w("help"), markup=False)
                continue
            else:
                self.console.print(self.w("bad", text=text), markup=False)
                continue
            self.show(index)
