"""One error format for every refusal, in English and in Russian.

REST answers ``{"detail": english, "code": "...", "messages": {"en": ..., "ru": ...}}``
(``detail`` stays the English sentence, as before, so old clients still show it); the
websocket's ``error`` messages carry the same ``messages`` beside their ``message``.
FastAPI's own schema errors (422) are reshaped the same way and never echo the input:
a 40 MiB body must not come back as a 40 MiB answer.
"""

from __future__ import annotations

from typing import Any, Final

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

__all__ = ["Refusal", "body", "install", "russian"]

MAX_REASONS: Final = 10
MAX_TEXT: Final = 200

RUSSIAN: Final = {
    "bad_json": "сообщение должно быть объектом JSON",
    "bad_message": "сообщение составлено неверно",
    "too_large": "сообщение слишком большое",
    "too_deep": "сообщение вложено слишком глубоко",
    "bad_number": "NaN и Infinity не допускаются",
    "bad_action": "такого хода нет",
    "illegal": "этот ход сейчас не разрешён",
    "not_your_turn": "сейчас не ваш ход",
    "not_seated": "только игрок за этим столом может это сделать",
    "no_game": "сдача не идёт",
    "rate_limited": "слишком много запросов; подождите немного",
    "refused": "этот ход сейчас нельзя применить",
    "unavailable": "сейчас не получилось; попробуйте ещё раз",
    "quarantined": "стол отставлен: его нельзя продолжить, пока оператор его не проверит",
    "invalid": "неверные данные запроса",
    "too_many_connections": "слишком много соединений",
    "http_400": "неверные данные",
    "http_401": "сначала войдите",
    "http_403": "нельзя",
    "http_404": "не найдено",
    "http_405": "такой метод не поддерживается",
    "http_409": "противоречит текущему состоянию",
    "http_413": "запрос слишком большой",
    "http_429": "слишком много попыток; подождите немного",
}


SENTENCES: Final = {
    "log in first": "сначала войдите",
    "wrong name or password": "неверное имя или пароль",
    "only the table's creator seats bots": "ботов сажает только создатель стола",
    "wrong table password": "неверный пароль стола",
    "no finished game at this table": "за этим столом нет законченной партии",
    "no such player": "такого игрока нет",
    "no such table": "такого стола нет",
    "the table is played by another process; try again": (
        "стол ведёт другой процесс; попробуйте ещё раз"
    ),
    "this table has already started": "игра за этим столом уже началась",
    "a started table cannot be left; a bot plays while away": (
        "начатый стол нельзя покинуть; пока вас нет, играет бот"
    ),
    "this table is quarantined; an operator will look at it": (
        "стол отставлен; оператор его проверит"
    ),
    "you do not sit at this table": "вы не сидите за этим столом",
    "you sit at too many unfinished tables already": "вы уже сидите за слишком многими столами",
}
"""Russian for the fixed English sentences of the routes (others get their code's)."""


def russian(code: str, english: str) -> str:
    """The Russian sentence for ``english`` or its ``code`` (the English one if neither is
    known)."""
    return SENTENCES.get(english) or RUSSIAN.get(code, english)


class Refusal(HTTPException):
    """A refused request: a stable ``code`` and the reason in both languages."""

    def __init__(self, code: str, en: str, ru: str, status: int = 400) -> None:
        super().__init__(status, en)
        self.code = code
        self.en = en
        self.ru = ru


def body(code: str, en: str, ru: str, **extra: Any) -> dict[str, Any]:
    return {"detail": en, "code": code, "messages": {"en": en, "ru": ru}, **extra}


def _http_error(_request: Request, problem: Exception) -> JSONResponse:
    assert isinstance(problem, StarletteHTTPException)
    headers = getattr(problem, "headers", None)
    if isinstance(problem, Refusal):
        content = body(problem.code, problem.en, problem.ru)
    else:
        code = f"http_{problem.status_code}"
        en = str(problem.detail)[: MAX_TEXT * 5]
        content = body(code, en, russian(code, en))
    return JSONResponse(content, status_code=problem.status_code, headers=headers)


def _validation_error(_request: Request, problem: Exception) -> JSONResponse:
    assert isinstance(problem, RequestValidationError)
    reasons = []
    for item in problem.errors()[:MAX_REASONS]:
        where = ".".join(str(part) for part in item.get("loc", ()))[:MAX_TEXT]
        reasons.append({"loc": where, "msg": str(item.get("msg", ""))[:MAX_TEXT]})
    first = reasons[0] if reasons else {"loc": "", "msg": "invalid request"}
    en = f"{first['loc']}: {first['msg']}" if first["loc"] else first["msg"]
    content = body("invalid", en, f"{RUSSIAN['invalid']}: {first['loc']}", errors=reasons)
    return JSONResponse(content, status_code=422)


def install(app: FastAPI) -> None:
    """Every HTTP error and schema error of ``app`` in the one format."""
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
