"""The person's turn read from one line of text, shared by the line mode and the table.

Both screens ask the same question (what does this text mean now?) and must give the same
answer, so the reading, the legality check and the hint live here and the screens only
decide where the answer is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from preferans.actions import Action, CardAction, Claim
from preferans.game import DealState, IllegalActionError, Phase
from preferans.seats import Seat
from preferans.terminal.hints import get_hint
from preferans.terminal.i18n import Lang, action_text, level_name, outside_text, tr
from preferans.terminal.parse import Command, InputError, parse_input

__all__ = ["Refused", "TurnHint", "hint_for", "interpret", "offered"]


@dataclass(frozen=True, slots=True)
class Refused:
    """Text that names no legal move: the message that says why, in the game's language."""

    message: str


@dataclass(frozen=True, slots=True)
class TurnHint:
    """A hint: the actions (both cards of a discard) and where it came from."""

    actions: tuple[Action, ...]
    note: str


def offered(legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The numbered choices: claims are typed (``claim 3``), not listed one per count."""
    return tuple(a for a in legal if not isinstance(a, Claim))


def interpret(
    text: str, state: DealState, human: Seat, lang: Lang
) -> Command | tuple[Action, ...] | Refused:
    """A command, the legal actions the text names (in turn), or why it names none."""
    legal = offered(state.legal_actions())
    try:
        parsed = parse_input(text, legal, lang)
    except InputError as error:
        return Refused(tr(lang, error.key, **error.values))
    if isinstance(parsed, Command):
        return parsed
    probe = state
    for position, action in enumerate(parsed):
        if position and probe.actor != human:
            return Refused(tr(lang, "illegal", reason=action_text(action, lang)))
        try:
            probe = probe.apply(action)
        except IllegalActionError as error:
            return Refused(tr(lang, "illegal", reason=outside_text(error.message(lang), lang)))
    return parsed


def hint_for(state: DealState, human: Seat, seed: int, lang: Lang) -> TurnHint:
    """The hint for ``human``; in the discard, both cards (the second asked after the first,
    as the declarer would discard them) and one note for both."""
    view = state.view(human)
    hint = get_hint(view, seed, lang)
    actions: list[Action] = [hint.action]
    if state.phase is Phase.DISCARD and isinstance(hint.action, CardAction):
        after = state.apply(hint.action)
        if after.phase is Phase.DISCARD and after.actor == human:
            actions.append(get_hint(after.view(human), seed, lang).action)
    if hint.from_module:
        note = hint.reason or tr(lang, "hint_source_module")
    else:
        note = tr(lang, "hint_source_fallback", level=level_name(hint.level or "", lang))
    return TurnHint(tuple(actions), outside_text(note, lang))
