"""Reprs that paste back: ``eval(repr(value)) == value`` with the names of the library in
scope.

The frozen values keep their mappings read-only (``mappingproxy``), whose own repr does not
paste; :func:`fields_repr` writes them as dict literals, and leaves out every field still at
its default so that a value reads as short as it was built.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields, is_dataclass
from typing import Any

__all__ = ["fields_repr", "literal"]


def literal(value: object) -> str:
    """``repr(value)``, with every mapping inside a tuple or a mapping written as a dict."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, tuple) and type(value) is tuple:
        inner = ", ".join(literal(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def fields_repr(value: Any) -> str:
    """``Name(field=…, …)`` for a dataclass: every field shown in its repr that differs from
    its default, as Python that rebuilds the value."""
    assert is_dataclass(value)
    parts = []
    for f in fields(value):
        if not f.repr:
            continue
        item = getattr(value, f.name)
        if f.default is not MISSING and item == f.default:
            continue
        if f.default_factory is not MISSING and item == f.default_factory():
            continue
        parts.append(f"{f.name}={literal(item)}")
    return f"{type(value).__name__}({', '.join(parts)})"
