"""Reading untrusted JSON: bounded in size and nesting depth, finite numbers only.

Python's ``json`` recurses once per nesting level, so a 4 KB frame of ``[[[[…`` raises
``RecursionError`` deep inside the parser; and it accepts ``NaN`` and ``Infinity``,
which later fail wherever a number is written out. Both the websocket frames and the
REST bodies are read through :func:`read_json`, which measures the depth first (one
linear scan, no recursion) and refuses the constants.
"""

from __future__ import annotations

import json
from typing import Any, Final

from preferans.errors import InputSyntaxError

__all__ = ["MAX_BODY_BYTES", "MAX_DEPTH", "PayloadError", "depth_of", "read_json"]

MAX_DEPTH: Final = 32
"""Nesting levels a client message may have (the deepest real one has 3)."""
MAX_BODY_BYTES: Final = 64 * 1024
"""A REST body's size: a table's whole configuration is under 2 KB."""


class PayloadError(InputSyntaxError):
    """Unreadable input; ``code`` is ``too_large``, ``too_deep``, ``bad_json`` or
    ``bad_number`` (the client shows the code in its player's language)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[object, ...]:
        return (PayloadError, (self.code, str(self)))


def depth_of(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (brackets in strings ignored)."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise PayloadError("bad_number", f"{name} is not a number JSON allows; send a finite number")


MAX_DIGITS: Final = 30
"""Digits of a number literal: ``10**400`` cannot be a card, a bid, a stake or a clock."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise PayloadError("bad_number", f"numbers have at most {MAX_DIGITS} digits")
    return int(text)


def _real(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise PayloadError("bad_number", f"numbers have at most {MAX_DIGITS} digits")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise PayloadError("bad_number", f"{text} is too large a number")
    return value


def read_json(raw: str | bytes, max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``raw``, or :class:`PayloadError` saying why it is refused."""
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > max_bytes:
        raise PayloadError("too_large", f"messages are at most {max_bytes} bytes")
    try:
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PayloadError("bad_json", "a message must be UTF-8 JSON") from None
    if depth_of(text) > max_depth:
        raise PayloadError("too_deep", f"messages nest at most {max_depth} levels")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_integer, parse_float=_real)
    except (json.JSONDecodeError, RecursionError):
        raise PayloadError("bad_json", "a message must be valid JSON") from None
