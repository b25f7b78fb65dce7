"""The engine's error (one of the :mod:`preferans.errors` family): an action the rules do
not allow at this moment."""

from __future__ import annotations

from collections.abc import Mapping

from preferans.errors import PreferansError

__all__ = ["IllegalActionError", "refusal"]


class IllegalActionError(PreferansError):
    """An action that is not legal now. The message is written for the player who tried it
    ("must follow ♥", "it is West's turn"), so a server can show it as it is.

    Every refusal the engine raises also carries a stable ``code`` (``"must_follow"``) and
    its ``params`` (``{"suit": "♥"}``): a client shows it in the player's language with
    :meth:`message`, and a program reacts to the code without parsing English. ``str()``
    stays the English sentence. An error raised with a bare sentence (outside the engine)
    has the code ``"unspecified"``."""

    title_ru = "Так нельзя"

    def __init__(
        self,
        text: str | None = None,
        *,
        code: str | None = None,
        params: Mapping[str, object] | None = None,
        ru: str | None = None,
    ) -> None:
        from preferans.game.messages import UNSPECIFIED, render

        self.code: str = code if code is not None else UNSPECIFIED
        self.params: dict[str, object] = dict(params or {})
        if text is None:
            text = render(self.code, self.params, "en")
        super().__init__(text, ru=ru)

    def message(self, lang: str = "en") -> str:
        """The refusal in ``lang`` (``"en"`` or ``"ru"``)."""
        from preferans.game.messages import CATALOGUE, render

        if self.code not in CATALOGUE:
            return super().message(lang)
        return render(self.code, self.params, lang)

    def __reduce__(self) -> tuple[object, ...]:
        # Keep code and params across pickling (process pools, multiprocessing bots).
        return (_rebuild, (str(self), self.code, self.params))


def _rebuild(text: str, code: str, params: dict[str, object]) -> IllegalActionError:
    return IllegalActionError(text, code=code, params=params)


def refusal(code: str, **params: object) -> IllegalActionError:
    """The error for refusal ``code``; its English text comes from the catalogue."""
    return IllegalActionError(code=code, params=params)
