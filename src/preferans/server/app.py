"""The FastAPI application: REST (described by OpenAPI at /docs), websockets, the web page."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from preferans.server import (
    auth,
    lobby,
    players_api,
    refusals,
    seat_api,
    tournaments_api,
    web_api,
    ws,
)
from preferans.server.club import Club
from preferans.server.config import Settings
from preferans.server.guard import Guard
from preferans.server.tournaments_director import Director

__all__ = ["create_app"]

WEB = Path(__file__).parent / "web"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    club = Club(settings)
    director = Director(club)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await club.start()
        director.start()
        # Long-lived objects (modules, replayed tables) leave the collector's view, and
        # full collections become rarer: they stall every table at once.
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 20, 50)
        try:
            yield
        finally:
            await director.stop()
            await club.stop()

    app = FastAPI(
        title="Preferans club",
        version="0.1.0",
        description="Accounts, lobby and history of the Preferans club. Play goes over the "
        "websocket /ws/tables/{id} (see docs/server.md).",
        lifespan=lifespan,
    )
    app.state.club = club
    refusals.install(app)
    app.add_middleware(Guard, trusted_proxies=settings.trusted_proxies)
    app.include_router(auth.router)
    app.include_router(lobby.router)
    app.include_router(web_api.router)
    app.include_router(seat_api.router)
    app.include_router(players_api.router)
    app.include_router(ws.router)
    from preferans.server.review_api import router as review_router  # docs/review.md

    app.include_router(review_router)
    app.include_router(tournaments_api.router)

    @app.get("/api/health", tags=["meta"])
    async def health() -> dict[str, object]:
        """Liveness, this process's id and how many tables it owns."""
        return {"ok": True, "node": club.node, "tables": len(club.actors)}

    app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app
