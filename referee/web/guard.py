"""What keeps the page up on a shared network (a café's Wi-Fi, a school's LAN).

Uvicorn gives no deadline for a request's headers (a client that connects and
sends nothing, or one byte a minute, is kept forever) and no cap on
connections: a few hundred such clients used to hold the server, run it out
of file descriptors and flood its log. Here:

- `GuardedH11` (uvicorn's HTTP/1.1 protocol, subclassed): a new or idle
  keep-alive connection must deliver a whole request head within
  `HEAD_TIMEOUT` seconds, else it is closed; at most `PER_ADDRESS`
  connections per client address and `TOTAL` in all, a connection over
  either answered `503` at once and closed; refusals are logged as one line
  per kind at most once every `LOG_EVERY` seconds.
- `Shield` (ASGI middleware): every response carries the security headers;
  an exception inside the app becomes a `500` in the table's language and
  one log line, never a traceback.

Anything the phones see is text in the table's language, never a path or
Python's words.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections import Counter
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_TIMEOUT = 10.0  # seconds for a request head to arrive on an open connection
PER_ADDRESS = 32  # open connections from one address (a phone holds 1–3)
TOTAL = 512  # open connections in all
LOG_EVERY = 5.0  # seconds between two log lines about refused connections

log = logging.getLogger("referee.serve")

SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                 b"connect-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
]


def raise_open_files_limit() -> int:
    """The soft limit of open files raised to the hard one (a server's connections are files); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return soft


class _Quiet:
    """At most one log line per kind every LOG_EVERY seconds, with how many were left unsaid."""

    def __init__(self) -> None:
        self.last: dict[str, float] = {}
        self.held: Counter[str] = Counter()

    def say(self, kind: str, text: str) -> None:
        now = time.monotonic()
        if now - self.last.get(kind, -LOG_EVERY) >= LOG_EVERY:
            more = self.held.pop(kind, 0)
            log.warning(text + (f" (and {more} more)" if more else ""))
            self.last[kind] = now
        else:
            self.held[kind] += 1


QUIET = _Quiet()
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 5\r\n"
        b"connection: close\r\nretry-after: 5\r\n\r\nbusy\n")


class GuardedH11(H11Protocol):
    """Uvicorn's HTTP/1.1 protocol with a deadline for the request head and caps on connections."""

    open_by_address: Counter[str] = Counter()  # shared by every connection of this server process
    open_total = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else "?"
        cls = GuardedH11
        if cls.open_total >= TOTAL or cls.open_by_address[host] >= PER_ADDRESS:
            QUIET.say("busy", f"refused a connection from {host}: too many open ({cls.open_by_address[host]} from it, {cls.open_total} in all)")
            self._counted: str | None = None
            transport.write(BUSY)
            transport.close()
            return
        self._counted = host
        cls.open_by_address[host] += 1
        cls.open_total += 1
        self._head_deadline: asyncio.TimerHandle | None = None
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        host = getattr(self, "_counted", None)
        if host is not None:
            cls = GuardedH11
            cls.open_by_address[host] -= 1
            if cls.open_by_address[host] <= 0:
                del cls.open_by_address[host]
            cls.open_total -= 1
            self._counted = None
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._head_deadline = self.loop.call_later(HEAD_TIMEOUT, self._head_late)

    def _disarm(self) -> None:
        t = getattr(self, "_head_deadline", None)
        if t is not None:
            t.cancel()
            self._head_deadline = None

    def _waiting_for_head(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _head_late(self) -> None:
        self._head_deadline = None
        if self._waiting_for_head() and not self.transport.is_closing():
            QUIET.say("slow", f"closed a connection from {self.client[0] if self.client else '?'}: no request within {HEAD_TIMEOUT:g} s")
            self.transport.close()

    def handle_events(self) -> None:
        super().handle_events()
        if not self._waiting_for_head():
            self._disarm()  # a request is under way (a page, a stream): its own timeouts apply

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # kept alive: the next request's head has the same deadline


class Shield:
    """ASGI middleware: security headers on every response; an app error is a 500 and one log line."""

    def __init__(self, app: Any, error_page: Any) -> None:
        self.app = app
        self.error_page = error_page  # () -> (content_type, body bytes), in the table's language

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                have = {k.lower() for k, _ in message.get("headers", [])}
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + [h for h in SECURITY_HEADERS if h[0] not in have]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception as e:  # noqa: BLE001  the one place a request's failure is turned into words
            QUIET.say("error", f"{scope.get('method', '?')} {scope.get('path', '?')[:80]!r} failed: {type(e).__name__}")
            if not started:
                ctype, body = self.error_page()
                await send_with_headers({"type": "http.response.start", "status": 500,
                                         "headers": [(b"content-type", ctype), (b"content-length", str(len(body)).encode()),
                                                     (b"connection", b"close")]})
                await send({"type": "http.response.body", "body": body})
