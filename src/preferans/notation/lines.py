"""What a line is in a record's text: the one policy its writer and its reader share.

The reader splits the text with ``str.splitlines``, which ends a line at any of these
characters (not only at ``\\n`` and ``\\r``). The writer therefore refuses every one of
them inside a value, so whatever it writes reads back as the same lines.
"""

from __future__ import annotations

from typing import Final

__all__ = ["LINE_BREAKS", "one_line"]

LINE_BREAKS: Final = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""Every character ``str.splitlines`` ends a line at."""


def one_line(value: str) -> bool:
    """True when ``value`` stays on one line for the reader."""
    return not any(c in LINE_BREAKS for c in value)
