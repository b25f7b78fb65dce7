"""The ASGI layer in front of every route: bounded REST bodies, security headers, and the
client's address behind trusted proxies.

- A request body is read here first, at most ``MAX_BODY_BYTES`` (413 beyond), and must
  be JSON of bounded depth with finite numbers (400 otherwise), so no route ever parses
  an abusive body, and no refusal echoes one.
- Every HTTP answer carries a Content-Security-Policy (scripts, styles and connections
  from this origin only; no framing), ``X-Frame-Options: DENY``, ``nosniff`` and a
  same-origin referrer policy. The OpenAPI pages (``/docs``, ``/redoc``) load their
  viewer from a CDN and get every header but the CSP.
- ``X-Forwarded-For`` is believed only when the direct peer is one of the configured
  trusted proxies (``Settings.trusted_proxies``); the client is then the last address
  in the header that is not itself a trusted proxy. Everybody else is who the socket says.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any, Final

from preferans.server.payload import MAX_BODY_BYTES, PayloadError, read_json
from preferans.server.refusals import body as refusal_body
from preferans.server.refusals import russian

__all__ = ["SECURITY_HEADERS", "Guard", "client_address"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS: Final = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
_VIEWER_PATHS: Final = ("/docs", "/redoc")
_BODY_METHODS: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _networks(addresses: Iterable[str]) -> tuple[Any, ...]:
    return tuple(ipaddress.ip_network(a.strip(), strict=False) for a in addresses if a.strip())


def _trusted(host: str, networks: tuple[Any, ...]) -> bool:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(address in network for network in networks)


def client_address(peer: str, forwarded: str | None, networks: tuple[Any, ...]) -> str:
    """Who the client is: the peer, or the forwarded address when the peer is trusted."""
    if not forwarded or not _trusted(peer, networks):
        return peer
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, networks):
            return hop[:64]
    return hops[0][:64] if hops else peer


class Guard:
    """Wraps the application (see the module's docstring)."""

    def __init__(self, app: App, trusted_proxies: Iterable[str] = ()) -> None:
        self.app = app
        self.networks = _networks(trusted_proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        self._rewrite_client(scope)
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        send = self._with_headers(scope, send)
        if scope["method"] in _BODY_METHODS and scope["path"].startswith("/api/"):
            problem, receive = await self._read_body(scope, receive)
            if problem is not None:
                await _answer(send, *problem)
                return
        await self.app(scope, receive, send)

    def _rewrite_client(self, scope: Scope) -> None:
        client = scope.get("client")
        if not self.networks or not client:
            return
        forwarded = None
        for name, value in scope.get("headers", ()):
            if name == b"x-forwarded-for":
                forwarded = value.decode("latin-1")
        host = client_address(client[0], forwarded, self.networks)
        if host != client[0]:
            scope["client"] = (host, 0)

    def _with_headers(self, scope: Scope, send: Send) -> Send:
        viewer = scope["path"].startswith(_VIEWER_PATHS)

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                extra = [h for h in SECURITY_HEADERS if h[0] not in present]
                if not viewer and b"content-security-policy" not in present:
                    extra.append((b"content-security-policy", CSP.encode()))
                message["headers"] = headers + extra
            await send(message)

        return sending

    async def _read_body(
        self, scope: Scope, receive: Receive
    ) -> tuple[tuple[int, str, str] | None, Receive]:
        """The whole body (bounded), checked, and a ``receive`` that hands it on."""
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    return (400, "bad_message", "Content-Length is not a number"), receive
                if declared > MAX_BODY_BYTES:
                    return (413, "too_large", _too_large()), receive
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return (400, "bad_message", "the client went away"), receive
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                return (413, "too_large", _too_large()), receive
            chunks.append(chunk)
            more = bool(message.get("more_body"))
        data = b"".join(chunks)
        if data.strip():
            try:
                read_json(data, MAX_BODY_BYTES)
            except PayloadError as problem:
                return (400, problem.code, str(problem)), receive
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": data, "more_body": False}
            return await receive()

        return None, replay


def _too_large() -> str:
    return f"a request body is at most {MAX_BODY_BYTES} bytes"


async def _answer(send: Send, status: int, code: str, english: str) -> None:
    content = json.dumps(refusal_body(code, english, russian(code, english)), ensure_ascii=False)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(content.encode())).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": content.encode()})
