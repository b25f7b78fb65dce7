"""Accounts and sessions: argon2 password hashes and an HttpOnly, SameSite session cookie.

The cookie holds a random token; the database stores only its SHA-256, so a leaked
database does not let anyone log in.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Annotated, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import delete, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from preferans.server import models
from preferans.server.door import check_name, check_password, name_key
from preferans.server.refusals import Refusal

__all__ = [
    "COOKIE",
    "CurrentUser",
    "User",
    "current_user",
    "hash_password",
    "optional_user",
    "router",
    "user_from_token",
    "verify_password",
]

COOKIE = "pref_session"
_HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
START_RATING = 1500.0


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str
    rating: float


async def hash_password(password: str) -> str:
    """Hash off the event loop: argon2 is deliberately slow."""
    return await asyncio.to_thread(_HASHER.hash, password)


async def verify_password(hashed: str, password: str) -> bool:
    def check() -> bool:
        try:
            return _HASHER.verify(hashed, password)
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(check)


async def _throttle(request: Request) -> None:
    """Registrations and logins per client address, across the whole club."""
    club = request.app.state.club
    settings = club.settings
    address = request.client.host if request.client else "?"
    if not await club.buckets.allow(
        f"auth:{address}", settings.auth_per_second, settings.auth_burst
    ):
        raise Refusal(
            "rate_limited",
            "too many attempts from your address; wait a little",
            "слишком много попыток с вашего адреса; подождите немного",
            429,
        )


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def user_from_token(engine: AsyncEngine, token: str | None) -> User | None:
    if not token or len(token) > 100:
        return None
    query = (
        select(models.users.c.id, models.users.c.name, models.users.c.rating)
        .join(models.sessions, models.sessions.c.user_id == models.users.c.id)
        .where(
            models.sessions.c.token_hash == _token_hash(token),
            models.sessions.c.expires_at > time.time(),
        )
    )
    async with engine.connect() as connection:
        row = (await connection.execute(query)).first()
    return None if row is None else User(row.id, row.name, row.rating)


def _engine(request: Request) -> AsyncEngine:
    engine: AsyncEngine = request.app.state.club.engine
    return engine


async def optional_user(request: Request) -> User | None:
    return await user_from_token(_engine(request), request.cookies.get(COOKIE))


async def current_user(user: Annotated[User | None, Depends(optional_user)]) -> User:
    if user is None:
        raise HTTPException(401, "log in first")
    return user


#: The logged-in player an endpoint acts for (401 for a visitor).
CurrentUser = Annotated[User, Depends(current_user)]


class Credentials(BaseModel):
    name: str = Field(
        min_length=2,
        max_length=24,
        description="2–24 letters (Latin or Cyrillic, not both) and digits, with single "
        "'_', '-' or '.' between them; a name that looks like a taken one is taken",
    )
    password: str = Field(min_length=6, max_length=128, description="no control characters")


class ErrorOut(BaseModel):
    """Every refusal: a status code, a stable code and the reason in English and Russian
    (``detail`` is the English sentence)."""

    detail: str
    code: str | None = None
    messages: dict[str, str] | None = None
    errors: list[dict[str, str]] | None = Field(
        None, description="schema errors (422): where and what, never the input itself"
    )


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text}
    for code, text in (
        (400, "invalid input (the reason is in detail)"),
        (401, "not logged in, or wrong credentials"),
        (403, "not allowed"),
        (404, "not found"),
        (409, "conflicts with the current state"),
        (413, "the request body is too large"),
        (422, "the request does not match the schema (where and why in errors)"),
        (429, "too many"),
    )
}


class UserOut(BaseModel):
    id: int
    name: str
    rating: float


router = APIRouter(prefix="/api", tags=["accounts"], responses=ERRORS)


async def _start_session(request: Request, response: Response, user_id: int) -> None:
    settings = request.app.state.club.settings
    token = secrets.token_urlsafe(32)
    expires = time.time() + settings.session_days * 86400
    async with _engine(request).begin() as connection:
        await connection.execute(
            insert(models.sessions).values(
                token_hash=_token_hash(token), user_id=user_id, expires_at=expires
            )
        )
    secure = settings.secure_cookies or request.url.scheme == "https"
    response.set_cookie(
        COOKIE,
        token,
        max_age=settings.session_days * 86400,
        httponly=True,
        samesite="lax",
        secure=secure,
        path="/",
    )


@router.post("/register", response_model=UserOut, status_code=201)
async def register(body: Credentials, request: Request, response: Response) -> UserOut:
    """Create an account and log in."""
    await _throttle(request)
    check_name(body.name)
    check_password(body.password)
    hashed = await hash_password(body.password)
    try:
        async with _engine(request).begin() as connection:
            result = await connection.execute(
                insert(models.users).values(
                    name=body.name,
                    name_key=name_key(body.name),
                    password_hash=hashed,
                    rating=START_RATING,
                    games_played=0,
                    created_at=time.time(),
                )
            )
            user_id = int(result.inserted_primary_key[0])  # type: ignore[index]
    except IntegrityError:
        raise Refusal(
            "name_taken",
            f"the name {body.name} is taken, or looks like a name that is",
            f"имя {body.name} занято или похоже на занятое",
            409,
        ) from None
    await _start_session(request, response, user_id)
    return UserOut(id=user_id, name=body.name, rating=START_RATING)


@router.post("/login", response_model=UserOut)
async def login(body: Credentials, request: Request, response: Response) -> UserOut:
    """Log in with a name and password; sets the session cookie."""
    await _throttle(request)
    async with _engine(request).connect() as connection:
        row = (
            await connection.execute(
                select(models.users).where(models.users.c.name_key == name_key(body.name))
            )
        ).first()
    if row is None or not await verify_password(row.password_hash, body.password):
        raise HTTPException(401, "wrong name or password")
    await _start_session(request, response, row.id)
    return UserOut(id=row.id, name=row.name, rating=row.rating)


@router.post("/logout", status_code=204)
async def logout(request: Request, response: Response) -> None:
    """End this session."""
    token = request.cookies.get(COOKIE)
    if token and len(token) <= 100:
        async with _engine(request).begin() as connection:
            await connection.execute(
                delete(models.sessions).where(models.sessions.c.token_hash == _token_hash(token))
            )
    response.delete_cookie(COOKIE, path="/")


@router.get("/me", response_model=UserOut)
async def me(user: CurrentUser) -> UserOut:
    """The logged-in account."""
    return UserOut(id=user.id, name=user.name, rating=user.rating)


async def count_users(engine: AsyncEngine) -> int:
    async with engine.connect() as connection:
        value: Any = (
            await connection.execute(select(func.count()).select_from(models.users))
        ).scalar()
    return int(value or 0)
