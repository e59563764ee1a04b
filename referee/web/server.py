"""The web app: one page, its assets, the table as JSON, and a Server-Sent
Events stream that pushes the table whenever the game file changes.

Read-only by construction: only GET routes, the game opened with `mode=ro`.
One poller per server (not per phone) watches the file every ~100 ms and
publishes a new table; each phone's stream waits on that. With a token
(`--lan`) every request must carry `?token=…`, else 403.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
import secrets
import time
from importlib import resources
from pathlib import Path

from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.web.source import GameSource, unreadable_text

POLL = 0.1  # seconds between looks at the file
PING = 15  # seconds between keep-alive comments on an idle stream
RETRY_MS = 1000  # how soon a dropped phone asks again

STATIC = resources.files("referee.web") / "static"
mimetypes.add_type("application/manifest+json", ".webmanifest")  # the page installs to the home screen


class Hub:
    """The latest table and a way to wait for the next one (one poller, many streams)."""

    def __init__(self, source: GameSource):
        self.source = source
        self.version = 0
        self.payload = "{}"
        self._changed = asyncio.Event()
        self._key: tuple | None = None
        self._clock_edge: float | None = None

    def publish(self, payload: str) -> None:
        self.payload = payload
        self.version += 1
        ev, self._changed = self._changed, asyncio.Event()
        ev.set()

    async def wait(self, after: int) -> None:
        while self.version == after:
            await self._changed.wait()

    def refresh_soon(self) -> None:
        """A move was just recorded here: the next look reads the file at once (the poller would within 0.1 s)."""
        self._key = None

    def refresh(self) -> bool:
        """Read the file again if it changed (or the agreed end just passed); True if published."""
        payload = self.compute()
        if payload is None:
            return False
        self.publish(payload)
        return True

    def compute(self) -> str | None:
        """The new table as JSON if the file changed (safe to run in a worker thread), else None."""
        key = self.source.key()
        now = time.time()
        edge = self._clock_edge
        crossed = edge is not None and now >= edge
        if key == self._key and not crossed:
            return None
        self._key = key
        snap = self.source.read(now=now)
        clock = (snap.view or {}).get("clock")
        self._clock_edge = clock["ends"] if clock and not clock["time_up"] else None
        d = snap.to_dict()
        d["server_time"] = now
        from referee.web.labels import labels
        from referee.words import i18n

        d["labels"] = labels()  # the page's own words, in the language just spoken
        d["lang"] = i18n.current()
        d["euphony"] = i18n.EUPHONY.get(i18n.current()) or None  # "ad Anna": the page says a name as the lines do
        return json.dumps(d, ensure_ascii=False, separators=(",", ":"))

    async def run(self) -> None:
        while True:
            try:
                payload = await asyncio.to_thread(self.compute)
                if payload is not None:
                    self.publish(payload)
            except Exception:  # never let one bad read stop the page; the phones get words, not Python's
                self.publish(json.dumps({"view": None, "problem": unreadable_text(self.source.path), "server_time": time.time()}))
                self._key = None
            await asyncio.sleep(POLL)


class Stream(EventSourceResponse):
    """The event stream, ended cleanly when the server stops: sse-starlette leaves the
    response open on shutdown, which uvicorn reports as an error."""

    async def __call__(self, scope, receive, send) -> None:
        done = False

        async def tracked(message) -> None:
            nonlocal done
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                done = True
            await send(message)

        try:
            await super().__call__(scope, receive, tracked)
        finally:
            if not done:
                with contextlib.suppress(Exception):
                    await send({"type": "http.response.body", "body": b"", "more_body": False})


def embed_json(payload: str) -> str:
    """JSON made safe to sit inside an HTML <script type="application/json">: every character HTML could
    read as markup (<, >, &) and the two line separators JavaScript once rejected are \\u escapes, which
    JSON.parse reads back as the same text. (Escaping only '</' let a name such as '<!--<script>' open a
    script-data state and freeze the page.)"""
    return (payload.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _small_page(status: int, text: str) -> str:
    """A phone-size page of one sentence, in the table's language (refusals, not found, errors)."""
    from html import escape

    from referee.words import i18n

    return (f'<!doctype html><html lang="{i18n.current()}"><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{status}</title>'
            f"<body><h1>{status}</h1><p>{escape(text)}</p></body></html>")


def error_page() -> tuple[bytes, bytes]:
    from referee.words.i18n import _

    return b"text/html; charset=utf-8", _small_page(500, _("Something went wrong on the banker's computer; reload the page.")).encode()


def _not_found(request: Request, exc: Exception) -> Response:
    from referee.words.i18n import _

    status = getattr(exc, "status_code", 404)
    text = _("There is nothing at this address: open the link the banker's screen shows.") if status == 404 else _(
        "This page only shows the table: it takes no other request.")
    return HTMLResponse(_small_page(status, text), status)


def _refused_page() -> str:
    """A page a phone reads, in the table's language: the link lacks its token (an old link, a typed address)."""
    from html import escape

    from referee.words import i18n
    from referee.words.i18n import _

    del escape, i18n
    return _small_page(403, _("This page needs the link with its token: scan the QR code on the banker's screen again."))


class TokenGate:
    """ASGI middleware: with a token set, every HTTP request must carry it as ?token=… or a seat's token as
    ?seat=… (the page's own requests) or in the X-Referee-Seat header (a move); else 403, and after ten wrong
    tokens a minute from one address, 429 (`act.Limiter`)."""

    def __init__(self, app, token: str | None, seat_book=None, limiter=None):
        self.app = app
        self.token = token
        self.seat_book = seat_book
        self.limiter = limiter

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and self.token:
            from urllib.parse import parse_qs

            addr = (scope.get("client") or ("?",))[0]
            if self.limiter is not None and self.limiter.blocked(addr):
                await PlainTextResponse("429", 429)(scope, receive, send)
                return
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            got = query.get("token", [""])[0]
            seat = query.get("seat", [""])[0] or dict(scope.get("headers") or []).get(b"x-referee-seat", b"").decode("latin-1")
            ok = secrets.compare_digest(got.encode(), self.token.encode()) or (
                bool(seat) and self.seat_book is not None and self.seat_book.of(seat) is not None)
            if not ok:
                if self.limiter is not None and (got or seat):  # a wrong token counts; a bare address (no token) does not
                    self.limiter.fail(addr)
                resp = HTMLResponse(_refused_page(), 403)
                await resp(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(game: Path, token: str | None = None, players_roll: bool = False, confirm: bool = False,
               lan_host: str | None = None) -> Starlette:
    from referee.web import act

    hub = Hub(GameSource(game))
    seat_book, limiter = act.Seats(game), act.Limiter()
    page = (STATIC / "index.html").read_text(encoding="utf-8")

    @contextlib.asynccontextmanager
    async def lifespan(app):
        hub.refresh()
        task = asyncio.create_task(hub.run())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            hub.source.close()

    async def index(request: Request) -> Response:
        from html import escape

        from referee.web.labels import labels
        from referee.words import i18n

        words = labels()
        seat = request.query_params.get("seat", "")
        q = f"?seat={seat}" if seat and seat_book.of(seat) else f"?token={token}" if token else ""
        html = page
        for key, value in (("LANG", i18n.current()), ("TITLE", words["title"]),
                           ("CONNECTING", words["connecting"]), ("WHO_OWES", words["who_owes"]),
                           ("LAST_MOVES", words["last_moves"]), ("TAP_HINT", words["tap_hint"]), ("Q", q),
                           ("HOME", f"/?token={token}" if token else "/")):  # a seat's page shows the read-only link
            html = html.replace("{{" + key + "}}", escape(value))
        html = html.replace("{{INITIAL}}", embed_json(hub.payload))
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def state(request: Request) -> Response:
        return Response(hub.payload, media_type="application/json", headers={"Cache-Control": "no-store"})

    async def stream(request: Request) -> Response:
        async def events():
            seen = -1
            while True:
                if hub.version == seen:
                    await hub.wait(seen)
                seen = hub.version
                yield {"event": "table", "data": hub.payload, "id": str(seen), "retry": RETRY_MS}

        return Stream(events(), ping=PING, headers={"Cache-Control": "no-store"}, send_timeout=30)

    async def health(request: Request) -> Response:
        return PlainTextResponse("ok")

    async def move(request: Request) -> Response:
        return await act.post_move(request, game, seat_book, limiter, players_roll, on_recorded=hub.refresh_soon, confirm=confirm)

    async def offer(request: Request) -> Response:
        return await act.post_answer(request, game, seat_book, limiter, on_recorded=hub.refresh_soon)

    async def bid(request: Request) -> Response:
        return await act.post_bid(request, game, seat_book, limiter, on_recorded=hub.refresh_soon)

    async def me(request: Request) -> Response:
        """Who this page's seat is (the page leads with that player's card and offers their moves)."""
        found = seat_book.of(request.headers.get(act.SEAT_HEADER) or request.query_params.get("seat"))
        if found is None:
            return Response('{"seat":null}', media_type="application/json", headers={"Cache-Control": "no-store"})
        name, role = found
        return Response(json.dumps({"seat": name if role == "player" else None, "role": role}), media_type="application/json",
                        headers={"Cache-Control": "no-store"})

    routes = [
        Route("/", index),
        Route("/state.json", state),
        Route("/events", stream),
        Route("/health", health),
        Route("/api/move", move, methods=["POST"]),
        Route("/api/offer", offer, methods=["POST"]),
        Route("/api/bid", bid, methods=["POST"]),
        Route("/api/me", me),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    from referee.web.guard import Shield

    middleware = [Middleware(Shield, error_page=error_page),
                  Middleware(TokenGate, token=token, seat_book=seat_book, limiter=limiter)]
    if not token:  # loopback only: refuse other Host names (a web page's DNS-rebinding trick)
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost", "[::1]"]))
    elif lan_host:  # on the network: the address the links name, and loopback (a page that rebinds a name of its own is refused)
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=[lan_host, "127.0.0.1", "localhost", "[::1]"]))
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware, exception_handlers={404: _not_found, 405: _not_found})
    app.state.hub = hub
    return app
