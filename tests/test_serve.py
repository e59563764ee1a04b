"""`referee serve`: the players' page. The view model (pure), the time-limit clock,
the server over loopback HTTP (read-only, 404, the --lan token, a missing or
replaced game file, the live stream), and a real headless Chromium at phone size
following a `referee pay` made by another process.

Every request goes to 127.0.0.1; nothing leaves the machine.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import referee_exe, run, run_proc

from referee.cli import watch
from referee.ruleset import loader
from referee.store import view
from referee.store.ledger import Game

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


# ---------------------------------------------------------------- helpers
@contextlib.contextmanager
def phone_page():
    """A phone-size page (390×844, touch) in Debian's headless Chromium, closed after the test."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        finally:
            browser.close()


def new_game(path: Path, *args: str) -> None:
    r = run("new", *args, game=path)
    assert r.code == 0, r.text


def table_of(path: Path, now: float | None = None) -> dict:
    from referee.web.source import GameSource

    src = GameSource(path)
    try:
        snap = src.read(now=now)
    finally:
        src.close()
    assert snap.problem is None, snap.problem
    return snap.view


def player(v: dict, name: str) -> dict:
    return next(p for p in v["players"] if p["name"] == name)


class Server:
    """`referee serve` in its own process, on a free loopback port (or --lan, reached over loopback)."""

    def __init__(self, game: Path, *extra: str, port: int = 0):
        self.proc = subprocess.Popen([referee_exe(), "--game", str(game), "serve", "--port", str(port), *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        if not wait_for(lambda: "Ctrl-C" in self.output or self.proc.poll() is not None, timeout=15):
            self.stop()
            raise AssertionError(f"serve did not start: {self.output}")
        m = re.search(r"(?:page|pagina|página): (\S+)", self.output)  # the server speaks the game's language
        assert m, self.output
        self.url = m.group(1)
        self.port = int(re.search(r":(\d+)/", self.url).group(1))
        m = re.search(r"token=([\w-]+)", self.url)
        self.token = m.group(1) if m else None
        self.base = f"http://127.0.0.1:{self.port}"
        self._wait_up()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line)

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def _wait_up(self) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                self.get("/health" + (f"?token={self.token}" if self.token else ""))
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        raise AssertionError("serve did not answer")

    def get(self, path: str, method: str = "GET", headers: dict | None = None):
        req = urllib.request.Request(self.base + path, method=method, headers=headers or {})
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status, resp.read().decode()

    def status(self, path: str, method: str = "GET", headers: dict | None = None) -> int:
        try:
            return self.get(path, method, headers)[0]
        except urllib.error.HTTPError as e:
            return e.code

    def state(self) -> dict:
        return json.loads(self.get("/state.json" + (f"?token={self.token}" if self.token else ""))[1])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def server_factory():
    started: list[Server] = []

    def start(game: Path, *extra: str, port: int = 0) -> Server:
        s = Server(game, *extra, port=port)
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


def wait_for(pred, timeout: float = 5.0, step: float = 0.05):
    deadline = time.monotonic() + timeout
    while True:
        v = pred()
        if v or time.monotonic() > deadline:
            return v
        time.sleep(step)


# ---------------------------------------------------------------- the view model
def test_view_shows_current_facts_only_out_for_bankrupt_and_the_games_own_worth(tmp_path):
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben", "Cy", "--variant", "short-game", "--random", "--seed", "3")
    assert run("pay", "Ben", "Ana", "9000", game=g).code == 0  # Ben cannot pay: a debt
    v = table_of(g)
    assert [d["from"] for d in v["debts"]] == ["Ben"] and player(v, "Ben")["owes"][0]["to"] == "Ana"
    assert run("bankrupt", "Ben", game=g).code == 0
    v = table_of(g)
    ben = player(v, "Ben")
    assert ben["out"] and ben["cash_text"] == "out" and ben["worth_text"] == "out"
    assert ben["owes"] == [] and v["debts"] == [], "a bankrupt player's debts vanish"
    from referee.core import scoring

    gm = Game(g)
    rs, t = gm.ruleset(), gm.state()
    gm.close()
    sc = scoring.score(rs, t, scoring.resolve_method(rs, None))
    assert v["standings"]["method"] == "short-game"
    for st in sc.ranked:
        assert player(v, st.player)["worth"] == st.total, "worth is the game's own score method"
    text = json.dumps(v)
    assert "`" not in text and "referee " not in text, "no command syntax for the players"


def test_view_groups_carry_board_colours_from_the_edition_data(tmp_path):
    us08 = loader.load("us-2008")
    it = loader.load("it-lire")
    classic = loader.load("us-classic")
    assert view.group_colour(us08, "purple") == view.COLOUR_WORDS["brown"], "us-2008 names squares 1 and 3 Brown"
    assert view.group_colour(classic, "purple") == view.COLOUR_WORDS["purple"]
    assert view.group_colour(it, "dark_blue") == view.COLOUR_WORDS["brown"], "Marrone, whatever the id"
    assert view.group_colour(classic, "light_blue") == view.COLOUR_WORDS["light blue"]
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben")
    run("buy", "Ana", "boardwalk", game=g)
    run("buy", "Ana", "park place", game=g)
    run("buy", "Ana", "reading", game=g)
    run("build", "boardwalk", game=g)
    v = table_of(g)
    groups = {x["name"]: x for x in player(v, "Ana")["groups"]}
    assert groups["Dark blue"]["complete"] and groups["Dark blue"]["colour"] == view.COLOUR_WORDS["dark blue"]
    assert [d["houses"] for d in groups["Dark blue"]["deeds"]] == [0, 1]
    assert groups["Railroads"]["of"] == 4 and not groups["Railroads"]["complete"]


def test_view_names_the_last_throw_with_the_square_and_rulings_in_words(tmp_path):
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben", "--turns")
    assert run("roll", "3", "4", game=g).code == 0
    v = table_of(g)
    assert v["turn"]["last_throw"]["text"] == "Ana threw 3+4 = 7 → Chance"
    assert v["turn"]["current"] == "Ben"
    ruling = v["events"][0]["rulings"][0]
    assert ruling["source"].startswith("Classic US rules") and ".txt" not in ruling["cite"]


def test_time_limit_game_counts_down_then_shows_the_final_valuation(tmp_path):
    g = tmp_path / "g.sqlite"
    r = run("new", "Ana", "Ben", "--variant", "time-limit", "--minutes", "90", "--random", "--seed", "1", game=g)
    assert r.code == 0 and "ends at" in r.out
    gm = Game(g)
    spec, rs, t = gm.spec, gm.ruleset(), gm.state()
    gm.close()
    assert 89 * 60 < spec["ends"] - time.time() <= 90 * 60
    v = table_of(g, now=spec["ends"] - 125)
    assert v["clock"]["left"] == 125 and not v["ended"] and v["final"] is None
    assert view.clock_text(125) == "2:05" and view.clock_text(3725) == "1:02:05"
    v = table_of(g, now=spec["ends"] + 1)
    assert v["ended"] and v["end_reason"] == "time" and v["clock"]["time_up"]
    assert v["final"]["method"] == "time-limit" and v["final"]["clause"]["id"] == "valuation.time_limit"
    assert ".txt" not in v["final"]["clause"]["cite"], "the rulebook named in words"
    assert sorted(r_["total"] for r_ in v["final"]["rows"]) == sorted(p["worth"] for p in v["players"])
    # watch shows the same: the countdown, then the final count
    import io

    from rich.console import Console

    def shown(now):
        con = Console(file=io.StringIO(), width=60, color_system=None)
        for line in watch.clock_lines(rs, t, spec, now=now):
            con.print(line)
        return con.file.getvalue()

    assert "2:05 left" in shown(spec["ends"] - 125)
    after = shown(spec["ends"] + 1)
    assert "time's up" in after and "Ana" in after and "Ben" in after


def test_agreed_end_is_checked_where_it_is_typed(tmp_path):
    r = run("new", "Ana", "Ben", "--ends", "22:00", game=tmp_path / "a.sqlite")
    assert r.code == 2 and "--variant time-limit" in r.err and not (tmp_path / "a.sqlite").exists()
    r = run("new", "Ana", "Ben", "--variant", "time-limit", "--ends", "25:61", game=tmp_path / "b.sqlite")
    assert r.code == 2 and "22:00" in r.err
    rs = loader.load("us-classic", ["time-limit"])
    noon = time.mktime((2026, 5, 1, 12, 0, 0, 0, 0, -1))
    assert time.localtime(view.agreed_end(rs, "22:00", None, noon)["ends"])[2:5] == (1, 22, 0)
    assert time.localtime(view.agreed_end(rs, "9:30", None, noon)["ends"])[2:5] == (2, 9, 30), "past today: tomorrow"


# ---------------------------------------------------------------- the server
def test_serve_page_assets_404_read_only_and_loopback_by_default(tmp_path, server_factory):
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben")
    s = server_factory(g)
    assert s.url.startswith("http://127.0.0.1:"), s.output
    listening = Path("/proc/net/tcp").read_text().splitlines()[1:]
    mine = [ln.split()[1] for ln in listening if ln.split()[3] == "0A" and ln.split()[1].endswith(f":{s.port:04X}")]
    assert mine == [f"0100007F:{s.port:04X}"], "listens on 127.0.0.1 only"
    code, html = s.get("/")
    assert code == 200 and 'id="players"' in html and "Ana" in html  # the table is in the page before any script runs
    assert s.status("/static/app.js") == 200 and s.status("/static/style.css") == 200
    assert s.status("/nope") == 404 and s.status("/static/nope.js") == 404
    for method in ("POST", "PUT", "DELETE"):
        assert s.status("/", method) == 405 and s.status("/state.json", method) == 405
    assert player(s.state()["view"], "Ana")["cash"] == 1500
    assert s.status("/", headers={"Host": "evil.example"}) == 400, "loopback mode answers only to local host names"


def test_lan_needs_the_token(tmp_path, server_factory):
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben")
    s = server_factory(g, "--lan")
    assert s.token and len(s.token) >= 16
    assert "█" in s.output or "▀" in s.output, "a QR code is printed for the phones"
    for path in ("/", "/state.json", "/events", "/static/app.js", "/nope"):
        assert s.status(path) == 403, path
        assert s.status(path + "?token=wrong") == 403, path
    assert s.status(f"/?token={s.token}") == 200
    assert s.status(f"/nope?token={s.token}") == 404
    code, html = s.get(f"/?token={s.token}")
    assert f"/static/app.js?token={s.token}" in html
    s.stop()
    s2 = server_factory(g, "--lan")
    assert s2.token == s.token, "the same game keeps its token, so the phones reconnect after a restart"


def test_missing_then_created_then_replaced_game_file_is_shown_not_a_crash(tmp_path, server_factory):
    g = tmp_path / "later.sqlite"
    s = server_factory(g)
    st = s.state()
    assert st["view"] is None and "no game file" in st["problem"]
    assert s.status("/") == 200
    new_game(g, "Ana", "Ben")
    assert wait_for(lambda: s.state()["view"] is not None)
    r = run("new", "Zoe", "Yan", "--force", game=g)
    assert r.code == 0
    assert wait_for(lambda: [p["name"] for p in (s.state()["view"] or {}).get("players", [])] == ["Zoe", "Yan"])
    g.unlink()
    assert wait_for(lambda: s.state()["view"] is None)
    g.write_text("not a game")
    assert wait_for(lambda: "not a game file" in (s.state()["problem"] or ""))
    assert s.proc.poll() is None


def test_stream_pushes_a_move_made_by_another_process(tmp_path, server_factory):
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben")
    s = server_factory(g)
    resp = urllib.request.urlopen(s.base + "/events", timeout=10)
    assert resp.headers["Content-Type"].startswith("text/event-stream")

    def next_table() -> dict:
        while True:
            line = resp.readline().decode()
            assert line, "stream closed"
            if line.startswith("data:"):
                return json.loads(line[5:])

    assert player(next_table()["view"], "Ana")["cash"] == 1500
    r = run_proc("pay", "Ana", "Ben", "50", game=g)
    assert r.returncode == 0, r.stderr
    v = next_table()["view"]
    assert player(v, "Ana")["cash"] == 1450 and player(v, "Ben")["cash"] == 1550
    assert v["events"][0]["text"].startswith("Ana pays Ben $50")
    # Ctrl-C with a page still connected: a quiet, clean stop
    s.proc.send_signal(signal.SIGINT)
    assert s.proc.wait(10) == 0
    assert wait_for(lambda: resp.readline() == b"", timeout=5), "the stream ends"
    resp.close()
    s.reader.join(5)
    assert "ERROR" not in s.output and "Traceback" not in s.output, s.output


# ---------------------------------------------------------------- a real browser
def test_phone_browser_follows_the_banker_and_reconnects(tmp_path, server_factory):
    from playwright.sync_api import expect, sync_playwright

    assert os.path.exists(CHROMIUM), "Debian's chromium is needed (.ci/run installs it)"
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben")
    s = server_factory(g)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            page.goto(s.base + "/")
            ana = page.locator('article.player[data-player="Ana"]')
            expect(page.locator("#conn")).to_have_text("live")
            expect(ana.locator(".cash")).to_have_text("$1,500")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, "nothing wider than the phone"
            r = run_proc("pay", "Ana", "Ben", "75", game=g)
            assert r.returncode == 0, r.stderr
            expect(ana.locator(".cash")).to_have_text("$1,425", timeout=3000)
            expect(page.locator("#events li").first).to_contain_text("Ana pays Ben $75")
            run_proc("buy", "Ben", "boardwalk", game=g)
            ruling = page.locator("#events li").first.locator("details.ruling").first
            expect(ruling.locator("summary")).to_have_text("Buying an unowned property")
            ruling.locator("summary").tap()
            expect(ruling.locator(".rule")).to_be_visible()
            expect(ruling.locator(".src")).to_contain_text("Classic US rules")
            ana.locator(".name").tap()
            expect(ana).to_have_class(re.compile(r"\bme\b"))
            page.reload()
            expect(page.locator('article.player[data-player="Ana"]')).to_have_class(re.compile(r"\bme\b"))
            # the server goes away: the page says so; it comes back on the same port: live again
            port = s.port
            s.stop()
            expect(page.locator("#conn")).to_contain_text("disconnected", timeout=5000)
            run_proc("pay", "Ben", "Ana", "5", game=g)
            server_factory(g, port=port)
            expect(page.locator("#conn")).to_have_text("live", timeout=8000)
            expect(ana.locator(".cash")).to_have_text("$1,430")
            expect(page.locator('article.player[data-player="Ben"] .group .deed')).to_have_text("Boardwalk")
        finally:
            browser.close()


def test_a_file_whose_snapshot_lags_is_replayed_from_its_events(tmp_path):
    import sqlite3

    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben")
    run("pay", "Ana", "Ben", "40", game=g)
    run("pay", "Ben", "Ana", "15", game=g)
    run("undo", game=g)
    con = sqlite3.connect(g)
    con.execute("UPDATE snapshot SET seq = 1")  # as an older referee might have left it
    con.commit()
    con.close()
    v = table_of(g)
    assert player(v, "Ana")["cash"] == 1460 and player(v, "Ben")["cash"] == 1540
    assert [e["undone"] for e in v["events"][:3]] == [False, True, False]
