"""What a person types at the prompt, read against the choices on offer.

The engine's :func:`~preferans.actions.parse_action` reads an action in the abstract; here
the text is read against the legal actions of the moment, so shortcuts work: a number picks
from the numbered list, ``7c`` in the contract step names the contract, a rank alone picks
the only legal card of that rank, and a discard may give both cards at once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from preferans.actions import (
    HERE,
    PASS,
    WHIST,
    Action,
    Bid,
    CardAction,
    Declare,
    card_action,
    parse_action,
)
from preferans.cards import Card, Rank, Suit
from preferans.errors import InputSyntaxError
from preferans.terminal.i18n import Lang, card_text, rank_text

__all__ = ["COMMANDS", "Command", "InputError", "Parsed", "parse_input"]

#: Words for the non-game commands, in both languages.
COMMANDS: Final[dict[str, str]] = {
    "?": "hint",
    "hint": "hint",
    "подсказка": "hint",
    "help": "help",
    "помощь": "help",
    "sheet": "sheet",
    "пуля": "sheet",
    "save": "save",
    "сохранить": "save",
    "quit": "quit",
    "exit": "quit",
    "выход": "quit",
    "show": "show",
    "стол": "show",
    "last": "last",
    "последняя": "last",
}

_SHORT: Final[dict[str, Action]] = {
    "p": PASS,
    "п": PASS,
    "w": WHIST,
    "в": WHIST,
    # Balkan "moje" (mine): the same call as "here".
    "moje": HERE,
    "моё": HERE,
    "мое": HERE,
}
#: Balkan igra (a game without the talon) is said before the game: "igra 5c".
_IGRA: Final = ("igra ", "игра ")

#: A card typed suit first in either alphabet: ``пд`` (пиковая дама), ``чк``, ``бт``,
#: ``д10`` (д for diamonds, as d), ``♠д``, ``sq``. Russian suits: п пики, т/к трефы (крести),
#: б бубны, ч черви; Russian ranks: В Д К Т.
_SUITS: Final[dict[str, Suit]] = {
    "♠": Suit.SPADES,
    "s": Suit.SPADES,
    "п": Suit.SPADES,
    "♣": Suit.CLUBS,
    "c": Suit.CLUBS,
    "т": Suit.CLUBS,
    "к": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "d": Suit.DIAMONDS,
    "б": Suit.DIAMONDS,
    "д": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "h": Suit.HEARTS,
    "ч": Suit.HEARTS,
}
_RANKS: Final[dict[str, Rank]] = {
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "10": Rank.TEN,
    "t": Rank.TEN,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
    "a": Rank.ACE,
    "в": Rank.JACK,
    "д": Rank.QUEEN,
    "к": Rank.KING,
    "т": Rank.ACE,
}


def read_card(text: str) -> Card | None:
    """A card typed suit first in either alphabet (``пд``, ``бт``, ``д10``, ``s9``), or a
    Russian card rank first (``дп``: дама пик); None if the text is no card."""
    lowered = text.strip().lower()
    if len(lowered) < 2:
        return None
    suit, rank = _SUITS.get(lowered[0]), _RANKS.get(lowered[1:])
    if suit is not None and rank is not None:
        return Card(suit, rank)
    rank, suit = _RANKS.get(lowered[:-1]), _SUITS.get(lowered[-1])
    if suit is not None and rank is not None and not lowered[0].isdigit():
        return Card(suit, rank)
    return None


class InputError(InputSyntaxError):
    """Text that is no command and no legal choice; ``key`` and ``values`` name the message."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass(frozen=True, slots=True)
class Command:
    """A non-game command (hint, help, sheet, save, quit, show, last) with its argument."""

    name: str
    argument: str = ""


Parsed = Command | tuple[Action, ...]


def parse_input(text: str, legal: Sequence[Action], lang: Lang = "en") -> Parsed:
    """A command, or the actions the text names (several only for a discard).

    Raises :class:`InputError` for text that names nothing; an action that is well formed
    but not legal is returned as it is, so that the engine can say why it is not allowed.
    """
    raw = text.strip()
    if not raw:
        raise InputError("not_understood", text="''")
    head, _, rest = raw.partition(" ")
    command = COMMANDS.get(head.lower())
    if command is not None and (command in ("save", "sheet") or not rest.strip()):
        return Command(command, rest.strip())
    try:
        return (_one(raw, legal, lang),)
    except InputError as error:
        tokens = [t for t in re.split(r"[\s,;]+", raw) if t]
        if len(tokens) < 2 or not any(isinstance(a, CardAction) for a in legal):
            raise error from None
    actions = tuple(_one(token, legal, lang) for token in tokens)
    for position, action in enumerate(actions):
        if action in actions[:position] and isinstance(action, CardAction):
            # "10 10" names one card twice: say so, not that the card is gone from the hand.
            raise InputError("same_card_twice", card=card_text(action.card, lang))
    return actions


def _one(text: str, legal: Sequence[Action], lang: Lang = "en") -> Action:
    """One choice: a number, a short word, a rank alone, or an action's text."""
    lowered = text.lower()
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(legal):
            raise InputError("bad_number", n=number, count=len(legal))
        return legal[number - 1]
    short = _SHORT.get(lowered)
    if short is not None and (short in legal or not any(isinstance(a, CardAction) for a in legal)):
        return short  # in card play "в" is a jack, not a whist
    igra = _igra(lowered, legal)
    if igra is not None:
        return igra
    by_rank = _by_rank(text, legal, lang)
    if by_rank is not None:
        return by_rank
    card = read_card(text)
    if card is not None:
        return card_action(card)
    try:
        action = parse_action(text)
    except ValueError:
        raise InputError("not_understood", text=repr(text)) from None
    if isinstance(action, Bid) and action not in legal:
        declare = Declare(action.contract)
        if declare in legal:
            return declare
        first = _rank_first_card(text)
        if first is not None and any(isinstance(a, CardAction) for a in legal):
            return first
    return action


def _igra(lowered: str, legal: Sequence[Action]) -> Action | None:
    """``igra 5c`` / ``игра 5т``: the Balkan bid of that game without the talon. In the
    contract step "игра 5т" keeps its old meaning (name the contract), so the igra reading
    is taken only when it is on offer."""
    for word in _IGRA:
        if lowered.startswith(word):
            try:
                action = parse_action(lowered[len(word) :].strip() + " bp")
            except ValueError:
                return None
            if not isinstance(action, Bid) or not action.contract.balkan:
                return None
            if action in legal:
                return action
            if Declare(action.contract) in legal:
                return Declare(action.contract)
    return None


def _rank_first_card(text: str) -> CardAction | None:
    """``9♠`` reads as a bid, but in card play it can only mean the card ♠9."""
    match = re.fullmatch(r"(10|\S)\s*(\S)", text.strip())
    if match is None:
        return None
    try:
        return card_action(Card.parse(match.group(2) + match.group(1)))
    except InputSyntaxError:
        return None


def _by_rank(text: str, legal: Sequence[Action], lang: Lang = "en") -> Action | None:
    """A rank alone (``q``, ``к``) picks the one legal card of that rank."""
    rank = _RANKS.get(text.strip().lower())
    if rank is None:
        try:
            rank = Rank.parse(text)
        except InputSyntaxError:
            return None
    playable = [a for a in legal if isinstance(a, CardAction)]
    cards = [a for a in playable if a.card.rank is rank]
    if len(cards) == 1:
        return cards[0]
    if len(cards) > 1:
        raise InputError("ambiguous", options=" ".join(card_text(a.card, lang) for a in cards))
    if playable:
        raise InputError(
            "no_such_rank",
            rank=rank_text(rank, lang),
            options=" ".join(card_text(a.card, lang) for a in playable),
        )
    return None
