"""Validation at the door: every field a person controls is checked before it is stored.

A value that gets into the database is later replayed, written into records and settled;
if any of those steps can fail on it, one hostile value can stop a table (or, on restart,
the server). So each field has a stated policy, checked here and nowhere else:

- **names**: 2–24 characters of one alphabet (Latin *or* Cyrillic letters of the Russian,
  Ukrainian and Belarusian alphabets) with digits, single ``_ - .`` between letters or
  digits (not first or last, never two in a row); two names whose *skeletons* agree
  (case folded, lookalike letters of both alphabets and ``0/1`` mapped to one letter,
  the three marks to one) are the same name, so ``аnna`` cannot sit beside ``anna``;
- **passwords**: 6–128 characters, none of them a control character or a line break;
- **seeds**: at most 64 printable characters on one line;
- **conventions**: a ``Rules`` field each, of its exact JSON type, numbers in a stated
  range (the raspasy progression: 1–8 multipliers of 1–64; refe 0–10);
- **target, stake, clock**: finite numbers in the ranges the lobby states.

Every refusal is a :class:`~preferans.server.refusals.Refusal` with a code and a sentence
in English and in Russian.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import fields
from typing import Any, Final

from preferans.notation import LINE_BREAKS
from preferans.rules import FIELD_NAMES, Rules
from preferans.server.refusals import Refusal

__all__ = [
    "MAX_SEED",
    "check_conventions",
    "check_name",
    "check_password",
    "check_seed",
    "check_stake",
    "name_key",
]

NAME_MIN, NAME_MAX = 2, 24
PASSWORD_MIN, PASSWORD_MAX = 6, 128
MAX_SEED: Final = 64
PROGRESSION_LENGTH: Final = 8
PROGRESSION_MAX: Final = 64
REFE_MAX: Final = 10

_LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯіїєґўІЇЄҐЎ"
_DIGITS = "0123456789"
_MARKS = "_-."
_NAME_RE: Final = re.compile(
    rf"[{_LATIN}{_CYRILLIC}{_DIGITS}]+(?:[{re.escape(_MARKS)}][{_LATIN}{_CYRILLIC}{_DIGITS}]+)*\Z"
)

# Cyrillic letters that look like a Latin letter in lower or upper case (а/a, Н/H, …),
# and digits that look like letters: all become the Latin letter in a skeleton.
_LOOKALIKE: Final = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "і": "i", "ї": "i", "к": "k",
        "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "ў": "y",
        "х": "x", "ь": "b", "г": "r", "п": "n", "и": "u", "0": "o", "1": "l", "|": "l",
        "-": "_", ".": "_",
    }
)  # fmt: skip


def name_key(name: str) -> str:
    """The skeleton two names share when they look alike (the account's unique key)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return folded.translate(_LOOKALIKE)


def check_name(name: str) -> str:
    """The name as it will be shown, or a :class:`Refusal` saying what is wrong."""
    if not isinstance(name, str) or not NAME_MIN <= len(name) <= NAME_MAX:
        raise Refusal(
            "bad_name",
            f"a name is {NAME_MIN}–{NAME_MAX} characters long",
            f"имя — от {NAME_MIN} до {NAME_MAX} символов",
        )
    if _NAME_RE.match(name) is None:
        raise Refusal(
            "bad_name",
            "a name is letters and digits, with single '_', '-' or '.' between them "
            "(not first or last, never two in a row)",
            "имя — буквы и цифры, между ними по одному знаку '_', '-' или '.' "
            "(не в начале, не в конце и не два подряд)",
        )
    if any(c in _LATIN for c in name) and any(c in _CYRILLIC for c in name):
        raise Refusal(
            "bad_name",
            "a name is written in one alphabet: Latin or Cyrillic letters, not both",
            "имя пишется одним алфавитом: латиницей или кириллицей, не вперемешку",
        )
    return name


def _no_control(value: str) -> bool:
    return not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in value)


def check_password(password: str) -> str:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise Refusal(
            "bad_password",
            f"a password is {PASSWORD_MIN}–{PASSWORD_MAX} characters long",
            f"пароль — от {PASSWORD_MIN} до {PASSWORD_MAX} символов",
        )
    if not _no_control(password) or not password.strip():
        raise Refusal(
            "bad_password",
            "a password may not contain control characters or line breaks",
            "в пароле не может быть управляющих символов и переводов строки",
        )
    return password


def check_table_password(password: str | None) -> str | None:
    """A table's password: 1–64 characters on one line (None: an open table)."""
    if password is None:
        return None
    if not 1 <= len(password) <= 64 or not _no_control(password):
        raise Refusal(
            "bad_password",
            "a table password is 1–64 characters without control characters",
            "пароль стола — от 1 до 64 символов без управляющих символов",
        )
    return password


def check_seed(seed: str) -> str:
    """A player's own seed: it goes into the record's text, which is read line by line."""
    if len(seed) > MAX_SEED:
        raise Refusal(
            "bad_seed",
            f"a seed is at most {MAX_SEED} characters",
            f"зерно — не длиннее {MAX_SEED} символов",
        )
    if any(c in LINE_BREAKS for c in seed) or not all(c.isprintable() for c in seed):
        raise Refusal(
            "bad_seed",
            "a seed is one line of printable characters",
            "зерно — одна строка печатных символов",
        )
    return seed


def check_stake(stake: float) -> float:
    if not math.isfinite(stake) or not 0 <= stake <= 1000:
        raise Refusal(
            "bad_stake",
            "the stake is a number from 0 to 1000",
            "ставка — число от 0 до 1000",
        )
    return stake


_BOOL_FIELDS: Final = frozenset(f.name for f in fields(Rules) if f.type == "bool")
_TEXT_FIELDS: Final = frozenset(
    f.name for f in fields(Rules) if f.type not in ("bool", "int", "tuple[int, ...]")
)


def check_conventions(conventions: dict[str, Any]) -> dict[str, Any]:
    """Conventions of the exact JSON type and in range, before ``Rules`` sees them."""

    def refuse(name: str, en: str, ru: str) -> Refusal:
        return Refusal("bad_convention", f"{name}: {en}", f"{name}: {ru}")

    unknown = sorted(set(conventions) - FIELD_NAMES)
    if unknown:
        raise Refusal(
            "bad_convention",
            f"unknown convention {', '.join(unknown)[:200]}",
            f"неизвестное соглашение {', '.join(unknown)[:200]}",
        )
    out: dict[str, Any] = {}
    for name, value in conventions.items():
        if name in ("variant", "players"):
            raise refuse(
                name, "is set by the preset and players fields", "задаётся полями preset и players"
            )
        if name in _BOOL_FIELDS:
            if not isinstance(value, bool):
                raise refuse(name, "must be true or false", "должно быть true или false")
        elif name == "raspasy_progression":
            if (
                not isinstance(value, list)
                or not 1 <= len(value) <= PROGRESSION_LENGTH
                or any(
                    isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= PROGRESSION_MAX
                    for m in value
                )
            ):
                raise refuse(
                    name,
                    f"must be 1–{PROGRESSION_LENGTH} whole multipliers from 1 to {PROGRESSION_MAX}",
                    f"от 1 до {PROGRESSION_LENGTH} целых множителей от 1 до {PROGRESSION_MAX}",
                )
            value = tuple(value)
        elif name in ("raspasy_exit", "refe"):
            top = REFE_MAX if name == "refe" else 7
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise refuse(name, f"must be a whole number 0–{top}", f"целое число 0–{top}")
        elif name in _TEXT_FIELDS and (not isinstance(value, str) or len(value) > 32):
            raise refuse(
                name,
                "must be one of its named choices",
                "должно быть одним из названных значений",
            )
        out[name] = value
    return out
