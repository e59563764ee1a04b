"""Moves from the phones: `POST /api/move`, a seat's token in a header, run by the store like a console move.

A phone sends `{"id": …, "seen": N, "kind": …, "fields": {…}}`: a client-made id
(a double tap or a retry is the same move, recorded once: the ledger's move
ids), the last entry it saw (a move against a table that changed since is
refused as stale, and the phone looks again), and the move in the JSON
notation (`moves/json_notation.py`). The move then goes where every move goes:
`moves.apply` inside the ledger's write transaction (`store.ledger.record`),
with the seat kept as its source.

Every byte is hostile: POST only, a body of at most 4 KiB, JSON only, the
request's Origin must be this server's (no other site's page can post), the
token travels in a header (never a cookie, so no cross-site request carries
it), wrong tokens are counted per address (ten a minute, then 429), and no
reply holds a path, a traceback or a token. A seat acts only for its player;
the spectators' link acts for nobody; money from the bank and the throws are
the banker's (or, with `serve --players-roll`, the throws the players' too).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections import deque
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from referee.errors import RefereeError, Refusal
from referee.store import seats

MAX_BODY = 4096
SEAT_HEADER = "x-referee-seat"
MOVE_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
FAILS_PER_MINUTE = 10

# what a player may do from their own phone: their own acts, never the bank's money or a throw
PLAYER_KINDS = frozenset({"buy", "rent", "settle", "pay", "mortgage", "unmortgage", "build", "sell", "tax.income", "tax.luxury",
                          "declare", "free_parking", "jail.pay", "jail.card", "bankrupt", "partial_payment", "trade"})
THROWS = frozenset({"roll", "jail.roll"})
# the move's field that says who acts (the owner's moves carry `by`, which the engine checks)
ACTOR = {"buy": "player", "settle": "player", "pay": "payer", "tax.income": "player", "tax.luxury": "player", "declare": "player",
         "free_parking": "player", "jail.pay": "player", "jail.card": "player", "jail.roll": "player", "bankrupt": "player",
         "partial_payment": "debtor", "roll": "player", "trade": "a"}
OWNER_MOVES = frozenset({"mortgage", "unmortgage", "build", "sell"})


class NotYours(RefereeError):
    """A seat acting for someone else, or beyond what a player's phone may do."""


class Limiter:
    """Wrong tokens per address: FAILS_PER_MINUTE in a sliding minute, then every request is 429 until they age."""

    def __init__(self, per_minute: int = FAILS_PER_MINUTE):
        self.per_minute = per_minute
        self.fails: dict[str, deque[float]] = {}

    def blocked(self, addr: str) -> bool:
        q = self.fails.get(addr)
        if not q:
            return False
        cutoff = time.monotonic() - 60
        while q and q[0] < cutoff:
            q.popleft()
        if not q:
            del self.fails[addr]
        return len(q) >= self.per_minute

    def fail(self, addr: str) -> None:
        if len(self.fails) > 10_000:  # a flood of addresses: forget the oldest rather than grow
            self.fails.pop(next(iter(self.fails)))
        self.fails.setdefault(addr, deque()).append(time.monotonic())


class Seats:
    """The seats' token hashes as the game file holds them, read again when they may have changed."""

    def __init__(self, game: Path):
        import threading

        self.game = game
        self._lock = threading.Lock()
        self._hashes: dict[str, tuple[str, str]] = {}
        self._read_at = 0.0
        self._reload()

    def _reload(self) -> None:
        with self._lock:  # moves are checked in worker threads: one reading at a time, the old table meanwhile
            self._hashes = seats.read_hashes(self.game)
            self._read_at = time.monotonic()

    def of(self, token: str | None) -> tuple[str, str] | None:
        """(seat, role) of a token, or None. The seats are read again every second (a reset seat: a lost phone's
        link stops within a second) and on a miss at most ten times a second (a seat just made works at once)."""
        if not token or len(token) > 128:
            return None
        h = seats.digest(token)
        age = time.monotonic() - self._read_at
        if age > 1.0 or (h not in self._hashes and age > 0.1):  # a seat just made: looked up again at once
            self._reload()
        return self._hashes.get(h)


def same_origin(request: Request) -> bool:
    """The request comes from a page of this server: its Origin names the Host it was sent to."""
    origin = request.headers.get("origin")
    host = request.headers.get("host")
    if not origin or not host:
        return False
    if request.headers.get("sec-fetch-site") not in (None, "same-origin"):
        return False
    return origin in (f"http://{host}", f"https://{host}")


def client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _reply(status: int, **body: Any) -> JSONResponse:
    return JSONResponse(body, status, headers={"Cache-Control": "no-store"})


def _refusal(e: Refusal) -> dict[str, Any]:
    """A refusal as the phone shows it: the reason, and the rule by its title and book (never a clause id)."""
    out: dict[str, Any] = {"refused": str(e.message)}
    c = e.citation
    if c is not None:
        from referee.ruleset import clause_text, loader
        from referee.words.i18n import data

        try:
            title = clause_text.words(loader.load(c.ruleset), c.clause)[0]
        except RefereeError:
            title = ""
        out["rule"] = title or str(e.message)
        out["source"] = f"{data(c.source)} § {c.section}"
    return out


def authorize(role: str, seat: str, kind: str, players_roll: bool) -> None:
    """Whether a seat may send a move of `kind` at all (who it is for is checked against the table)."""
    from referee.words.i18n import _

    if role == seats.BANKER:
        return
    if role != seats.PLAYER:
        raise NotYours(_("this link only shows the table; a player's own link acts"))
    if kind in PLAYER_KINDS or (players_roll and kind in THROWS):
        return
    raise NotYours(_("that is the banker's to record (the bank's money, the dice)"))


def as_seat(rs: Any, t: Any, mv: Any, role: str, seat: str) -> Any:
    """The move as this seat may make it: a player's own, the owner's moves made `by` them (the engine checks
    the deed is theirs), a rent paid by its payer or claimed by the deed's owner."""
    from referee.words.i18n import _

    if role == seats.BANKER:
        return mv
    if mv.kind in OWNER_MOVES:
        return type(mv)(**{**{n: getattr(mv, n) for n, _d in mv.FIELDS}, "by": seat})
    if mv.kind == "rent":
        owner = t.deeds[mv.deed].owner if mv.deed in t.deeds else None
        if seat not in (mv.payer, owner):
            raise NotYours(_("{seat} may pay a rent they owe or claim one owed to them, not this one").format(seat=seat))
        return mv
    field = ACTOR.get(mv.kind)
    if field and getattr(mv, field) != seat:
        raise NotYours(_("{seat}'s phone acts for {seat} only").format(seat=seat))
    return mv


async def admit(request: Request, seat_book: Seats, limiter: Limiter) -> tuple[tuple[str, str], dict[str, Any]] | JSONResponse:
    """What every writing route checks first, in this order: the address's wrong tokens, the page's origin, the
    seat (a wrong one counts against the address), JSON of at most MAX_BODY bytes. ((seat, role), body) or
    the reply that refuses it."""
    from referee.words.i18n import _

    addr = client(request)
    if limiter.blocked(addr):
        return _reply(429, ok=False, error=_("too many wrong links from this address: wait a minute"))
    if not same_origin(request):
        return _reply(403, ok=False, error=_("moves are taken only from this table's own page"))
    found = seat_book.of(request.headers.get(SEAT_HEADER))
    if found is None:
        limiter.fail(addr)
        return _reply(403, ok=False, error=_("this link does not open a seat at this table: ask the banker for yours"))
    if "application/json" not in request.headers.get("content-type", ""):
        return _reply(415, ok=False, error=_("a move is sent as JSON"))
    try:
        size = int(request.headers.get("content-length") or 0)
    except ValueError:
        size = MAX_BODY + 1
    if size > MAX_BODY:
        return _reply(413, ok=False, error=_("a move is a few words, not {n} bytes").format(n=size))
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return _reply(413, ok=False, error=_("a move is a few words, not {n} bytes").format(n=len(body)))
    try:
        data = json.loads(body)
    except ValueError:
        return _reply(400, ok=False, error=_("a move is sent as JSON"))
    if not isinstance(data, dict):
        return _reply(400, ok=False, error=_("a move is sent as JSON"))
    return found, data


async def post_move(request: Request, game: Path, seat_book: Seats, limiter: Limiter, players_roll: bool,
                    on_recorded: Any = None, confirm: bool = False) -> JSONResponse:
    from referee.words.i18n import _

    admitted = await admit(request, seat_book, limiter)
    if isinstance(admitted, JSONResponse):
        return admitted
    (seat, role), data = admitted
    if not isinstance(data.get("id"), str) or not MOVE_ID.match(data["id"]):
        return _reply(400, ok=False, error=_("a move carries its own id (8 to 64 letters, digits, - or _)"))
    seen = data.get("seen")
    if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
        return _reply(400, ok=False, error=_("'seen' is the last entry the phone saw"))
    try:
        authorize(role, seat, str(data.get("kind")), players_roll)
    except NotYours as e:
        return _reply(403, ok=False, error=str(e.message))
    try:
        return await asyncio.to_thread(_record, game, data, seat, role, players_roll, on_recorded, confirm)
    except Exception:  # never a traceback to a phone
        return _reply(500, ok=False, error=_("Something went wrong on the banker's computer; reload the page."))


def _record(game: Path, data: dict[str, Any], seat: str, role: str, players_roll: bool, on_recorded: Any,
            confirm: bool = False) -> JSONResponse:
    from referee.moves.apply import apply
    from referee.moves.json_notation import from_json
    from referee.store.ledger import AlreadyRecorded, Game, Stale

    allowed = None if role == seats.BANKER else PLAYER_KINDS | (THROWS if players_roll else frozenset())

    def build(rs: Any, t: Any) -> Any:
        mv = from_json(rs, t, {"kind": data.get("kind"), "fields": data.get("fields")}, allowed)
        return apply(rs, t, as_seat(rs, t, mv, role, seat))

    source = {"surface": "phone", "seat": seat}
    try:
        g = Game(game)
    except RefereeError as e:
        return _reply(503, ok=False, error=str(e.message))
    if role == seats.PLAYER and (data.get("kind") == "trade" or confirm):  # an offer: the other player, or the banker, answers
        try:
            reply = (_offer if data.get("kind") == "trade" else _ask_banker)(g, data, seat, role, allowed)
            if on_recorded is not None:
                on_recorded()
            return reply
        except Refusal as e:
            return _reply(409, ok=False, **_refusal(e))
        except NotYours as e:
            return _reply(403, ok=False, error=str(e.message))
        except RefereeError as e:
            return _reply(400, ok=False, error=str(e.message))
        finally:
            g.close()
    try:
        ev = g.record(build, move_id=data["id"], source=source, seen=data.get("seen"))
    except AlreadyRecorded as e:  # a retry (a lost answer, a double tap): the first result again, nothing applied twice
        try:
            text = g.said_at(e.seq)
        except RefereeError:
            text = ""
        return _reply(200, ok=True, seq=e.seq, again=True, text=text)
    except Stale as e:
        return _reply(409, ok=False, stale=True, seq=e.seq, error=str(e.message))
    except NotYours as e:
        return _reply(403, ok=False, error=str(e.message))
    except Refusal as e:
        return _reply(409, ok=False, **_refusal(e))
    except RefereeError as e:
        return _reply(400, ok=False, error=str(e.message))
    finally:
        g.close()
    if on_recorded is not None:
        on_recorded()
    return _reply(200, ok=True, seq=ev.seq, text=ev.text)


def _offer(g: Any, data: dict[str, Any], seat: str, role: str, allowed: Any) -> JSONResponse:
    """A trade offered from `seat`'s phone: checked now (the rules would refuse it: said now, with the clause),
    then kept for the other player's answer."""
    from referee.moves.apply import run
    from referee.moves.json_notation import from_json
    from referee.store import offers
    from referee.words.i18n import _

    rs, t = g.ruleset(), g.state()
    mv = as_seat(rs, t, from_json(rs, t, {"kind": "trade", "fields": data.get("fields")}, allowed), role, seat)
    run(rs, t, mv)  # on a scratch copy: a trade the rules refuse is refused before anyone is asked
    n = offers.make(g.con, mv.a, mv.b, {"type": mv.event_type, "args": mv.args()})
    return _reply(200, ok=True, offer=n, text=_("{player} is asked: the trade waits for their answer").format(player=mv.b))


def _ask_banker(g: Any, data: dict[str, Any], seat: str, role: str, allowed: Any) -> JSONResponse:
    """`serve --confirm`: a player's move is checked now (a move the rules refuse is refused at once, with the
    clause), then waits for the banker's OK; accepted, it is recorded from the player's seat."""
    from referee.moves.apply import run
    from referee.moves.json_notation import from_json
    from referee.store import offers
    from referee.words.i18n import _

    rs, t = g.ruleset(), g.state()
    mv = as_seat(rs, t, from_json(rs, t, {"kind": data.get("kind"), "fields": data.get("fields")}, allowed), role, seat)
    run(rs, t, mv)
    n = offers.make(g.con, seat, seats.BANKER_SEAT, {"type": mv.event_type, "args": mv.args()})
    return _reply(202, ok=True, offer=n, waiting=True, text=_("waiting for the banker's OK"))


async def post_answer(request: Request, game: Path, seat_book: Seats, limiter: Limiter, on_recorded: Any = None) -> JSONResponse:
    """`POST /api/offer` {"id", "offer": N, "answer": "accept" | "reject" | "withdraw"}: the other player's yes
    (the trade is recorded as the Trade move, once: its id is the offer's) or no, or the offer taken back."""
    from referee.words.i18n import _

    admitted = await admit(request, seat_book, limiter)
    if isinstance(admitted, JSONResponse):
        return admitted
    found, data = admitted
    if not isinstance(data, dict) or not isinstance(data.get("offer"), int) or data.get("answer") not in ("accept", "reject", "withdraw"):
        return _reply(400, ok=False, error=_("an answer names the offer and says accept, reject or withdraw"))
    try:
        return await asyncio.to_thread(_answer, game, data["offer"], data["answer"], found, on_recorded)
    except Exception:  # never a traceback to a phone
        return _reply(500, ok=False, error=_("Something went wrong on the banker's computer; reload the page."))


def _answer(game: Path, n: int, answer: str, found: tuple[str, str], on_recorded: Any) -> JSONResponse:
    from referee.moves import model
    from referee.moves.apply import apply
    from referee.store import offers
    from referee.store.ledger import AlreadyRecorded, Game
    from referee.words.i18n import _

    seat, role = found
    g = Game(game)
    try:
        offer = offers.get(g.con, n)
        if offer is None or offer["status"] != offers.OPEN:
            return _reply(409, ok=False, error=_("that offer is no longer open"))
        answerer = offer["a"] if answer == "withdraw" else offer["b"]
        if role != seats.BANKER and seat != answerer or (answerer == seats.BANKER_SEAT and role != seats.BANKER):
            return _reply(403, ok=False, error=_("{seat}'s phone acts for {seat} only").format(seat=seat))
        if answer != "accept":
            offers.close(g.con, n, offers.WITHDRAWN if answer == "withdraw" else offers.REJECTED)
            if on_recorded is not None:
                on_recorded()
            return _reply(200, ok=True, text=_("the offer is withdrawn") if answer == "withdraw" else _("the offer is declined"))
        f = offer["fields"]
        mv = model.from_event(f["type"], f["args"])  # the move as offered: a trade, or any move under --confirm
        by = offer["a"] if offer["b"] == seats.BANKER_SEAT else seat  # a move the banker OKs is the player's
        try:
            ev = g.record(lambda rs, t: apply(rs, t, mv), move_id=f"offer-{n}-accepted",
                          source={"surface": "phone", "seat": by, "offer": str(n)})
            seq = ev.seq
            text = ev.text
        except AlreadyRecorded as e:
            seq, text = e.seq, ""
        except Refusal as e:  # the table changed since the offer: the rules now say no
            offers.close(g.con, n, offers.REJECTED)
            return _reply(409, ok=False, **_refusal(e))
        offers.close(g.con, n, offers.ACCEPTED, seq)
    finally:
        g.close()
    if on_recorded is not None:
        on_recorded()
    return _reply(200, ok=True, seq=seq, text=text)


async def post_bid(request: Request, game: Path, seat_book: Seats, limiter: Limiter, on_recorded: Any = None) -> JSONResponse:
    """`POST /api/bid` {"id", "amount"}: a player's bid in the auction the banker's console has open (the game
    file's `live` table: the desk and every phone bid into that one auction). The bid is ruled as a called one
    (above the high bid, not below the opening) and kept once (its id)."""
    from referee.words.i18n import _

    admitted = await admit(request, seat_book, limiter)
    if isinstance(admitted, JSONResponse):
        return admitted
    (seat, role), data = admitted
    if role != seats.PLAYER:
        return _reply(403, ok=False, error=_("a bid is a player's: open your own link"))
    amount = data.get("amount") if isinstance(data, dict) else None
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount < 10**9 or not MOVE_ID.match(str(data.get("id") or "")):
        return _reply(400, ok=False, error=_("a bid is a whole amount, with the phone's id for it"))
    try:
        return await asyncio.to_thread(_bid, game, seat, amount, data["id"], on_recorded)
    except Exception:  # never a traceback to a phone
        return _reply(500, ok=False, error=_("Something went wrong on the banker's computer; reload the page."))


class _NoAuction(RefereeError):
    """No auction is open at the banker's console."""


def _bid(game: Path, seat: str, amount: int, bid_id: str, on_recorded: Any) -> JSONResponse:
    from referee.core import bidding
    from referee.store.ledger import Game
    from referee.words.i18n import _
    from referee.words.messages import render

    g = Game(game)
    warned: list[Any] = []
    try:
        rs, t = g.ruleset(), g.state()

        def change(old: dict[str, Any] | None) -> dict[str, Any] | None:
            if not isinstance(old, dict) or not old.get("deed"):
                raise _NoAuction(_("no auction is open at the banker's console"))
            if bid_id in (old.get("ids") or []):  # a retry: the bid is in already
                return old
            idx = next((sq.index for sq in rs.squares if sq.name == old["deed"]), None)
            if idx is None:
                raise _NoAuction(_("no auction is open at the banker's console"))
            b = bidding.open_bidding(rs, t, idx)
            b.bids = [(str(w), int(a)) for w, a in old.get("bids") or []]
            warned.append(bidding.bid(rs, t, b, seat, amount))
            return {"deed": old["deed"], "bids": [list(x) for x in b.bids], "ids": [*(old.get("ids") or []), bid_id][-200:]}

        try:
            g.update_live("auction", change)
        except _NoAuction as e:
            return _reply(409, ok=False, error=str(e.message))
        except Refusal as e:
            return _reply(409, ok=False, **_refusal(e))
    finally:
        g.close()
    if on_recorded is not None:
        on_recorded()
    text = _("{player} bids {amount}").format(player=seat, amount=rs.fmt(amount))
    if warned and warned[0] is not None:
        text += f" ({render(warned[0], rs.fmt)})"
    return _reply(200, ok=True, text=text)
