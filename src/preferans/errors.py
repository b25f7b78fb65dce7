"""The one error family: every public function raises a :class:`PreferansError`.

``PreferansError`` is a ``ValueError`` (bad input, never a crash), with the few subclasses
a caller tells apart: the text could not be read (:class:`InputSyntaxError`), the action is
not legal now (:class:`preferans.game.errors.IllegalActionError`, beside the engine's
catalogue of refusals), the rules or conventions are bad
(:class:`RulesError`), a record or sheet does not hold together (:class:`RecordError`).
``str(error)`` is the English sentence; :meth:`PreferansError.message` gives it in English
or Russian.
"""

from __future__ import annotations

from typing import ClassVar

__all__ = [
    "InputSyntaxError",
    "PreferansError",
    "RecordError",
    "RulesError",
]


class PreferansError(ValueError):
    """Anything the library refuses. ``ru`` is the Russian text of the same message; when
    a raise site gives none, the Russian message is the class's Russian title followed by
    the English detail (names of cards, seats and contracts read the same)."""

    title_ru: ClassVar[str] = "Ошибка"

    def __init__(self, text: str = "", *, ru: str | None = None) -> None:
        super().__init__(text)
        self.text_ru = ru

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"ru"``)."""
        if lang != "ru":
            return str(self)
        if self.text_ru is not None:
            return self.text_ru
        return f"{self.title_ru}: {self}"

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_plain, (type(self), str(self), self.text_ru))


def _rebuild_plain(cls: type[PreferansError], text: str, ru: str | None) -> PreferansError:
    error = PreferansError.__new__(cls)
    PreferansError.__init__(error, text, ru=ru)
    return error


class InputSyntaxError(PreferansError):
    """A card, contract, action, seat or command text that cannot be read."""

    title_ru = "Не удалось прочитать"


class RulesError(PreferansError):
    """An unknown convention, a bad value or an inconsistent combination of rules."""

    title_ru = "Неверные правила"


class RecordError(PreferansError):
    """A game record, sheet, saved game or fairness proof that does not hold together."""

    title_ru = "Неверная запись"
