"""Moves from the phones (issue 32): seats, POST /api/move, exactly once, and the guards of a writing server.

Most tests call the ASGI app in this process (no socket: the middlewares, the
route and the ledger all run as served); one starts `referee serve` for real on
127.0.0.1 and kills it with SIGKILL in the middle of a burst of moves.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import run

from referee.store.ledger import Game

HOST = "127.0.0.1:8765"
ORIGIN = f"http://{HOST}"


def call(app, method: str, path: str, headers: dict | None = None, body: bytes = b"", client: str = "127.0.0.1") -> tuple[int, bytes]:
    """One HTTP request through the ASGI app, as uvicorn would hand it over."""

    async def go() -> tuple[int, bytes]:
        p, _, qs = path.partition("?")
        hs = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
        if not any(k == b"host" for k, _v in hs):
            hs.append((b"host", HOST.encode()))
        if body:
            hs.append((b"content-length", str(len(body)).encode()))
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
                 "path": p, "raw_path": p.encode(), "query_string": qs.encode(), "headers": hs, "client": (client, 50000),
                 "server": ("127.0.0.1", 8765), "root_path": ""}
        inbox = [{"type": "http.request", "body": body, "more_body": False}]
        out: dict = {"status": 0, "body": b""}

        async def receive():
            return inbox.pop(0) if inbox else {"type": "http.disconnect"}

        async def send(m):
            if m["type"] == "http.response.start":
                out["status"] = m["status"]
            elif m["type"] == "http.response.body":
                out["body"] += m.get("body", b"")

        await app(scope, receive, send)
        return out["status"], out["body"]

    return asyncio.run(go())


def move(app, seat: str | None, kind: str, fields: dict, move_id: str | None = None, seen: int | None = None,
         origin: str | None = ORIGIN, client: str = "127.0.0.1") -> tuple[int, dict]:
    headers = {"content-type": "application/json"}
    if origin:
        headers["origin"] = origin
    if seat:
        headers["x-referee-seat"] = seat
    body = json.dumps({"id": move_id or os.urandom(8).hex(), "seen": seen, "kind": kind, "fields": fields}).encode()
    status, raw = call(app, "POST", "/api/move", headers, body, client)
    try:
        return status, json.loads(raw or b"{}")
    except ValueError:  # the gate's own pages (403, 429) are for people, not JSON
        assert b"Traceback" not in raw
        return status, {}


@pytest.fixture
def table(tmp_path):
    """Ana, Ben and Cy with deeds and a debt; every seat's link; the page's app (spectators' token set: --lan)."""
    from referee.web.server import create_app

    g = tmp_path / "g.sqlite"
    for args in (("new", "Ana", "Ben", "Cy"), ("buy", "Ana", "Boardwalk"), ("buy", "Ben", "Park Place"), ("pay", "Ben", "Ana", "1300"),
                 ("mortgage", "Park Place")):  # Ben owes Ana $1,300 and now holds $1,325: he can settle
        assert run(*args, game=g).code == 0, args
    r = run("seats", "--json", game=g)
    assert r.code == 0, r.text
    seats = {s["seat"]: s["link"].rsplit("=", 1)[1] for s in json.loads(r.out)}
    app = create_app(g, token=seats["spectators"])
    return g, seats, app


def events(g: Path) -> list[dict]:
    gm = Game(g)
    try:
        return [e for _s, e in gm._events()]
    finally:
        gm.close()


def test_a_player_acts_from_their_phone_and_the_move_is_kept_with_its_seat(table):
    g, seats, app = table
    status, d = move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk"})
    assert status == 200 and d["ok"] and "Boardwalk" in d["text"], d
    last = events(g)[-1]
    assert last["type"] == "mortgage" and last["source"] == {"surface": "phone", "seat": "Ana"}
    assert "(from Ana's phone)" in run("log", game=g).out, "the banker sees who sent it"
    assert "(dal telefono di Ana)" in run("--lang", "it", "log", game=g).out
    assert run("void", str(d["seq"]), game=g).code == 0, "the banker voids a phone's move as any move"


def test_a_seat_acts_for_its_player_only_and_the_spectators_link_for_nobody(table):
    g, seats, app = table
    before = len(events(g))
    assert move(app, seats["Ana"], "settle", {"player": "Ben"})[0] == 403
    assert move(app, seats["Ana"], "pay", {"payer": "Ben", "payee": "Ana", "amount": 10})[0] == 403
    assert move(app, seats["spectators"], "settle", {"player": "Ben"})[0] == 403
    assert move(app, seats["Ana"], "salary", {"player": "Ana"})[0] == 403, "the bank's money is the banker's"
    assert move(app, seats["Ana"], "roll", {"player": "Ana", "dice": [3, 4]})[0] == 403, "throws are the banker's"
    assert len(events(g)) == before
    status, d = move(app, seats["banker"], "salary", {"player": "Ana"})
    assert status == 200 and d["ok"], d


def test_a_refused_move_says_the_rule_by_its_title_and_book_and_changes_nothing(table):
    g, seats, app = table
    before = len(events(g))
    status, d = move(app, seats["Ana"], "unmortgage", {"deed": "Park Place"})  # Ben's deed: the engine checks who owns it
    assert status == 409 and not d["ok"] and d["refused"] and d["rule"] and d["source"], d
    assert "." not in d["rule"].split()[0] or " " in d["rule"], "a clause's title, not its id"
    assert len(events(g)) == before


def test_a_replayed_move_id_is_applied_once(table):
    g, seats, app = table
    before = len(events(g))
    first = move(app, seats["Ben"], "settle", {"player": "Ben"}, move_id="tap-0001-abcdef")
    again = move(app, seats["Ben"], "settle", {"player": "Ben"}, move_id="tap-0001-abcdef")
    assert first[0] == 200 and again[0] == 200 and again[1].get("again") and again[1]["seq"] == first[1]["seq"]
    assert len(events(g)) == before + 1


def test_two_phones_paying_the_same_debt_at_once_one_wins_one_is_told(table):
    g, seats, app = table
    seen = Game(g).last_seq()
    answers: list = []

    def pay(seat: str) -> None:
        answers.append(move(app, seat, "settle", {"player": "Ben"}, seen=seen))

    threads = [threading.Thread(target=pay, args=(s,)) for s in (seats["Ben"], seats["banker"])]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    codes = sorted(a[0] for a in answers)
    assert codes == [200, 409], answers
    told = next(a[1] for a in answers if a[0] == 409)
    assert told["stale"] and "look again" in told["error"]
    assert [e["type"] for e in events(g)].count("settle") == 1


def test_a_cross_origin_post_is_refused(table):
    g, seats, app = table
    before = len(events(g))
    assert move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk"}, origin="http://evil.example")[0] == 403
    assert move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk"}, origin=None)[0] == 403
    assert len(events(g)) == before


def test_wrong_tokens_are_counted_per_address_then_429(table):
    g, seats, app = table
    codes = [call(app, "GET", "/state.json?token=wrong" + str(i), client="10.0.0.7")[0] for i in range(30)]
    assert codes[:10] == [403] * 10 and set(codes[10:]) == {429}
    assert call(app, "GET", f"/state.json?token={seats['spectators']}", client="10.0.0.7")[0] == 429, "the address waits"
    assert call(app, "GET", f"/state.json?token={seats['spectators']}", client="10.0.0.8")[0] == 200, "another address does not"
    codes = [move(app, "x" * 22 + str(i), "settle", {"player": "Ben"}, client="10.0.0.9")[0] for i in range(12)]
    assert codes[:10] == [403] * 10 and codes[10:] == [429, 429]


def test_bodies_and_fields_are_bounded(table):
    g, seats, app = table
    headers = {"content-type": "application/json", "origin": ORIGIN, "x-referee-seat": seats["Ana"]}
    assert call(app, "POST", "/api/move", headers, b"{" + b" " * 5000 + b"}")[0] == 413
    assert call(app, "POST", "/api/move", headers, b"not json")[0] == 400
    assert move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk"}, move_id="short")[0] == 400
    assert move(app, seats["Ana"], "mortgage", {"deed": "No Such Street"})[0] == 400
    assert move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk", "evil": "<script>"})[0] == 400
    status, body = call(app, "POST", "/api/move", {**headers, "content-type": "text/plain"}, b"{}")
    assert status == 415 and b"Traceback" not in body and b"/" not in body.replace(b"</", b"")


def test_seats_keep_only_hashes_in_the_game_file_and_a_reset_replaces_one_link(table):
    g, seats, app = table
    raw = g.read_bytes()
    assert not any(tok.encode() in raw for tok in seats.values()), "the game file holds no token"
    r = run("seats", "--reset", "Ana", "--json", game=g)
    fresh = {s["seat"]: s["link"].rsplit("=", 1)[1] for s in json.loads(r.out)}
    assert fresh["Ana"] != seats["Ana"] and fresh["Ben"] == seats["Ben"]
    time.sleep(1.1)  # the server reads the seats again on a miss, at most once a second
    assert move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk"})[0] == 403, "the lost phone's link no longer acts"
    assert move(app, fresh["Ana"], "mortgage", {"deed": "Boardwalk"})[0] == 200
    assert run("seats", "--reset", "Zed", game=g).code == 2


def test_kill_9_mid_burst_loses_no_acknowledged_move(tmp_path):
    """`referee serve` for real on 127.0.0.1, a burst of moves from a phone, SIGKILL in the middle: every move the
    server acknowledged is in the game file, once."""
    from test_serve import Server

    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", game=g).code == 0
    seats = {s["seat"]: s["link"].rsplit("=", 1)[1] for s in json.loads(run("seats", "--json", game=g).out)}
    s = Server(g)
    acked: list[str] = []

    def burst() -> None:
        for i in range(40):
            mid = f"burst-{i:04d}-xxxx"
            req = urllib.request.Request(s.base + "/api/move", method="POST", data=json.dumps(
                {"id": mid, "kind": "pay", "fields": {"payer": "bank", "payee": "Ana", "amount": 1}}).encode(),
                headers={"Content-Type": "application/json", "Origin": s.base, "X-Referee-Seat": seats["banker"]})
            try:
                with urllib.request.urlopen(req, timeout=5) as resp:
                    if json.loads(resp.read())["ok"]:
                        acked.append(mid)
            except (urllib.error.URLError, ConnectionError, OSError):
                return

    t = threading.Thread(target=burst)
    t.start()
    deadline = time.monotonic() + 10
    while len(acked) < 5 and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(s.proc.pid, signal.SIGKILL)
    t.join(10)
    s.proc.wait(5)
    assert len(acked) >= 5
    gm = Game(g)
    try:
        kept = dict(gm.con.execute("SELECT id, seq FROM move_ids").fetchall())
        assert all(mid in kept for mid in acked), [m for m in acked if m not in kept]
        assert gm.state().player("Ana").cash == 1500 + len(kept)
    finally:
        gm.close()


def answer(app, seat: str, offer: int, said: str) -> tuple[int, dict]:
    body = json.dumps({"id": os.urandom(8).hex(), "offer": offer, "answer": said}).encode()
    status, raw = call(app, "POST", "/api/offer", {"content-type": "application/json", "origin": ORIGIN, "x-referee-seat": seat}, body)
    return status, json.loads(raw or b"{}")


def test_a_trade_offered_from_one_phone_is_recorded_when_the_other_accepts_once(table):
    g, seats, app = table
    before = len(events(g))
    offer = {"a": "Ana", "b": "Cy", "a_gives": {"deeds": ["Boardwalk"]}, "b_gives": {"cash": 300}}
    status, d = move(app, seats["Ana"], "trade", offer)
    assert status == 200 and d["ok"] and "Cy" in d["text"], d
    assert len(events(g)) == before, "an offer is not a move: nothing has changed hands"
    from referee.store.offers import open_offers
    from referee.web.source import GameSource

    n = d["offer"]
    src = GameSource(g)
    try:
        shown = src.read().view["offers"]
    finally:
        src.close()
    assert shown == [{"id": n, "from": "Ana", "to": "Cy", "text": "Ana gives Boardwalk; Cy gives $300"}]
    assert answer(app, seats["Ben"], n, "accept")[0] == 403, "only the player asked answers"
    status, d = answer(app, seats["Cy"], n, "accept")
    assert status == 200 and d["ok"], d
    last = events(g)[-1]
    assert last["type"] == "trade" and last["source"]["seat"] == "Cy"
    assert answer(app, seats["Cy"], n, "accept")[0] == 409, "answered once"
    assert [e["type"] for e in events(g)].count("trade") == 1 and open_offers(g) == []
    gm = Game(g)
    try:
        t = gm.state()
        assert t.deeds[39].owner == "Cy" and t.player("Ana").cash == 1500 - 400 + 300  # Ben still owes his $1,300
    finally:
        gm.close()


def test_a_trade_the_rules_refuse_is_refused_when_offered_and_a_declined_one_changes_nothing(table):
    g, seats, app = table
    status, d = move(app, seats["Ana"], "trade", {"a": "Ana", "b": "Ben", "a_gives": {"deeds": ["Park Place"]}, "b_gives": {"cash": 10}})
    assert status == 409 and d["refused"] and d["rule"], d  # Ana cannot give Ben's deed
    assert move(app, seats["Ana"], "trade", {"a": "Ben", "b": "Ana", "a_gives": {"cash": 10}, "b_gives": {"deeds": ["Boardwalk"]}})[0] == 403
    status, d = move(app, seats["Ana"], "trade", {"a": "Ana", "b": "Cy", "a_gives": {"deeds": ["Boardwalk"]}, "b_gives": {"cash": 50}})
    n = d["offer"]
    before = len(events(g))
    assert answer(app, seats["Cy"], n, "reject")[1]["ok"]
    assert answer(app, seats["Cy"], n, "accept")[0] == 409
    assert len(events(g)) == before


def bid(app, seat: str, amount, bid_id: str | None = None) -> tuple[int, dict]:
    body = json.dumps({"id": bid_id or os.urandom(8).hex(), "amount": amount}).encode()
    status, raw = call(app, "POST", "/api/bid", {"content-type": "application/json", "origin": ORIGIN, "x-referee-seat": seat}, body)
    return status, json.loads(raw or b"{}")


def test_phones_and_the_console_bid_into_one_auction(tmp_path):
    """The banker opens an auction at the console; Ana and Ben bid from their phones, Cy calls his bid at the
    table; every bid is ruled alike (above the high bid), a retried bid counts once, and `sold` sells to the
    high bidder whoever bid from where."""
    from referee.cli.console import TableConsole
    from referee.web.server import create_app

    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "Cy", game=g).code == 0
    seats = {s["seat"]: s["link"].rsplit("=", 1)[1] for s in json.loads(run("seats", "--json", game=g).out)}
    app = create_app(g, token=seats["spectators"])
    assert bid(app, seats["Ana"], 100)[0] == 409, "no auction open yet"
    con = TableConsole(g)
    assert con.run_line("auction Boardwalk") == 0
    assert bid(app, seats["Ana"], 100)[1]["ok"]
    status, d = bid(app, seats["Ben"], 90)
    assert status == 409 and d["refused"] and d["rule"], d  # not above Ana's $100
    assert bid(app, seats["Ben"], 150, "ben-bid-000001")[1]["ok"]
    assert bid(app, seats["Ben"], 150, "ben-bid-000001")[1]["ok"], "a retry answers again"
    assert bid(app, seats["spectators"], 500)[0] == 403 and bid(app, seats["banker"], 500)[0] == 403
    assert con.run_line("Cy 120") == 1, "the console sees the phones' $150"
    assert con.run_line("Cy 200") == 0
    assert bid(app, seats["Ana"], 180)[0] == 409, "the phones see the console's $200"
    assert con.run_line("sold") == 0
    gm = Game(g)
    try:
        assert gm.state().deeds[39].owner == "Cy" and gm.state().player("Cy").cash == 1300
        live = gm.con.execute("SELECT count(*) FROM live WHERE key='auction'").fetchone()[0]
        assert live == 0, "the auction closed for everyone"
    finally:
        gm.close()


def test_with_confirm_a_phones_move_waits_for_the_bankers_ok(table):
    """`serve --confirm`: a player's move is checked at once (a refused one is refused then), then waits on the
    banker's link; the banker's OK records it from the player's seat, once; a declined one changes nothing."""
    from referee.web.server import create_app

    g, seats, _app = table
    app = create_app(g, token=seats["spectators"], confirm=True)
    before = len(events(g))
    status, d = move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk"})
    assert status == 202 and d["waiting"], d
    assert move(app, seats["Ana"], "unmortgage", {"deed": "Park Place"})[0] == 409, "refused before the banker is asked"
    assert len(events(g)) == before
    assert answer(app, seats["Ana"], d["offer"], "accept")[0] == 403, "a player cannot OK their own move"
    status, ok = answer(app, seats["banker"], d["offer"], "accept")
    assert status == 200 and ok["ok"], ok
    last = events(g)[-1]
    assert last["type"] == "mortgage" and last["source"]["seat"] == "Ana"
    status, d = move(app, seats["Ben"], "settle", {"player": "Ben"})
    assert answer(app, seats["banker"], d["offer"], "reject")[1]["ok"]
    assert [e["type"] for e in events(g)].count("settle") == 0
    assert move(app, seats["banker"], "salary", {"player": "Cy"})[0] == 200, "the banker's own moves need no OK"


def test_on_the_network_a_host_name_the_links_do_not_name_is_refused(tmp_path):
    """--lan: the Host must be the address the links name (or loopback): a page that points a name of its own
    at the laptop (DNS rebinding) reaches no route, even with a token in hand."""
    from referee.web.server import create_app

    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", game=g).code == 0
    seats = {s["seat"]: s["link"].rsplit("=", 1)[1] for s in json.loads(run("seats", "--json", game=g).out)}
    app = create_app(g, token=seats["spectators"], lan_host="192.0.2.10")

    def pay(host: str) -> int:
        body = json.dumps({"id": os.urandom(8).hex(), "seen": None, "kind": "pay", "fields": {"payer": "Ana", "payee": "Ben", "amount": 5}}).encode()
        return call(app, "POST", "/api/move", {"host": host, "origin": f"http://{host}", "content-type": "application/json",
                                               "x-referee-seat": seats["Ana"]}, body)[0]

    assert pay("evil.example:8765") == 400  # Starlette's "Invalid host header", before any route
    assert pay("192.0.2.10:8765") == 200
    assert pay("127.0.0.1:8765") == 200
    gm = Game(g)
    try:
        assert gm.state().player("Ana").cash == 1500 - 10
    finally:
        gm.close()


def test_the_play_console_shows_a_phone_move_as_it_lands_with_who_sent_it(table, capsys):
    from referee.cli.console import TableConsole

    g, seats, app = table
    c = TableConsole(g)
    c._phones_seen = c._last_seq()
    capsys.readouterr()
    status, d = move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk"})
    assert status == 200, d
    c.show_phone_moves()  # what the console does before each prompt
    out = capsys.readouterr().out
    assert f"#{d['seq']}" in out and "Boardwalk" in out and "(from Ana's phone)" in out
    c.show_phone_moves()
    assert "phone" not in capsys.readouterr().out  # each shown once
    assert run("pay", "Ana", "Ben", "5", game=g).code == 0  # the banker's own move is not repeated to them
    c.show_phone_moves()
    assert capsys.readouterr().out == ""


def test_a_replayed_move_id_answers_the_first_result_in_words(table):
    g, seats, app = table
    first = move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk"}, move_id="tap-0002-abcdef")
    again = move(app, seats["Ana"], "mortgage", {"deed": "Boardwalk"}, move_id="tap-0002-abcdef")
    assert first[0] == again[0] == 200 and again[1]["again"]
    assert again[1]["text"] == first[1]["text"] and "Boardwalk" in again[1]["text"]  # the phone shows what happened, not "done"


def test_throws_are_the_bankers_unless_players_roll_and_then_only_ones_own(tmp_path):
    from referee.web.server import create_app

    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "--turns", game=g).code == 0
    seats = {s["seat"]: s["link"].rsplit("=", 1)[1] for s in json.loads(run("seats", "--json", game=g).out)}
    plain = create_app(g, token=seats["spectators"])
    assert move(plain, seats["Ana"], "roll", {"player": "Ana", "dice": [1, 2]})[0] == 403  # the banker's by default
    assert move(plain, seats["Ana"], "salary", {"player": "Ana"})[0] == 403  # the bank's money: always the banker's
    rolling = create_app(g, token=seats["spectators"], players_roll=True)
    assert move(rolling, seats["Ben"], "roll", {"player": "Ana", "dice": [1, 2]})[0] == 403  # not Ben's throw to record
    status, d = move(rolling, seats["Ana"], "roll", {"player": "Ana", "dice": [1, 2]})
    assert status == 200 and "1+2" in d["text"], d
    assert move(rolling, seats["Ana"], "salary", {"player": "Ana"})[0] == 403
    gm = Game(g)
    try:
        assert gm.state().player("Ana").position == 3
    finally:
        gm.close()
