"""`referee serve`: push latency, many phones at once, and a phone-size screenshot.

1. Latency: a separate process commits moves (one transaction each, as the banker's
   terminal does) and notes the moment each commit returns; a page client on the
   event stream notes when the table with that move arrives. p50/p95/max.
   Target (issue 12): p95 ≤ 500 ms.
2. Load: N clients (default 50) hold the stream open for S seconds (default 60)
   while a move is committed every second; every client must receive every move,
   with no errors; the server's RSS is reported at the start and the end.
3. Phones acting: P phones (default 8) on the stream, each with its seat; the
   phones take turns to POST a move (/api/move); timed from the POST to the
   moment every other phone has the table with it. p50/p95/max.
   Target (issue 32): p95 ≤ 300 ms.
4. Screenshot: headless Debian Chromium at 390×844 (phone), saved to
   bench/out/serve-phone.png for review.

Everything runs on 127.0.0.1. Run: python bench/serve_bench.py [--clients 50] [--seconds 60]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

BIN = Path(sys.executable).parent / "referee"
OUT = Path(__file__).resolve().parent / "out"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

WRITER = r"""
import sys, time, random
from pathlib import Path
from referee.core import money
from referee.store.ledger import Game
g = Game(Path(sys.argv[1])); n = int(sys.argv[2]); gap = float(sys.argv[3])
for i in range(n):
    a, b = ("Ana", "Ben") if i % 2 == 0 else ("Ben", "Ana")
    ev = g.record(lambda rs, t: money.pay(rs, t, a, b, 1, "bench"))
    print(ev.seq, time.time(), flush=True)
    time.sleep(gap * (0.7 + 0.6 * random.random()))
g.close()
"""


def referee(game: Path, *args: str) -> int:
    return subprocess.run([str(BIN), "--game", str(game), *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode


def screenshots(game: Path, pages: list[tuple[str, Path]], full_page: bool = False) -> None:
    """`referee serve` on `game`, each (path, png) opened on a phone (390×844, touch) and shot once its players show."""
    from playwright.sync_api import sync_playwright

    proc, base = start_server(game)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            for path, png in pages:
                page.goto(base + path)
                page.wait_for_selector("article.player")
                page.wait_for_timeout(600)
                page.screenshot(path=str(png), full_page=full_page)
            browser.close()
    finally:
        proc.terminate()
        proc.wait()


def start_server(game: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([str(BIN), "--game", str(game), "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    text = ""
    while "Ctrl-C" not in text:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"serve did not start: {text}")
        text += line
    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
    base = re.search(r"(http://127\.0\.0\.1:\d+)/", text).group(1)  # "page:", "página:", "pagina:"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/health", timeout=2).read()
            break
        except OSError:
            time.sleep(0.05)
    return proc, base


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Client(threading.Thread):
    """One page on the event stream: notes each table's last move and when it arrived. `source`: the loopback
    address it comes from (127.0.0.N): each phone at a table has its own address, and the server allows only so
    many connections from one (referee/web/guard.py PER_ADDRESS), so fifty phones are fifty addresses."""

    def __init__(self, base: str, source: str | None = None):
        super().__init__(daemon=True)
        self.base = base
        self.source = source
        self.seen: dict[int, float] = {}
        self.errors: list[str] = []
        self.ready = threading.Event()
        self.stop = False

    def run(self) -> None:
        import http.client
        from urllib.parse import urlsplit

        try:
            u = urlsplit(self.base)
            conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30,
                                              source_address=(self.source, 0) if self.source else None)
            conn.request("GET", "/events")
            resp = conn.getresponse()
            if resp.status != 200:
                self.errors.append(f"HTTP {resp.status}")
                return
            while not self.stop:
                line = resp.readline()
                if not line:
                    if not self.stop:
                        self.errors.append("stream closed")
                    return
                if line.startswith(b"data:"):
                    now = time.time()
                    d = json.loads(line[5:])
                    if d.get("problem"):
                        self.errors.append(d["problem"])
                    seq = (d.get("view") or {}).get("seq")
                    if seq is not None:
                        self.seen.setdefault(seq, now)
                    self.ready.set()
        except Exception as e:  # counted, not raised: the bench reports errors
            if not self.stop:
                self.errors.append(f"{type(e).__name__}: {e}")
        finally:
            self.ready.set()


def write_moves(game: Path, n: int, gap: float) -> list[tuple[int, float]]:
    p = subprocess.run([sys.executable, "-c", WRITER, str(game), str(n), str(gap)], capture_output=True, text=True, check=True)
    return [(int(a), float(b)) for a, b in (ln.split() for ln in p.stdout.split("\n") if ln.strip())]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))]


def latency(base: str, game: Path, n: int) -> None:
    c = Client(base)
    c.start()
    c.ready.wait(10)
    commits = write_moves(game, n, 0.3)
    time.sleep(1.0)
    c.stop = True
    lat = [(c.seen[s] - t) * 1000 for s, t in commits if s in c.seen]
    missed = n - len(lat)
    print(f"push latency over {n} moves from another process: p50 {statistics.median(lat):.0f} ms, "
          f"p95 {pct(lat, 95):.0f} ms, max {max(lat):.0f} ms; missed {missed}; errors {len(c.errors)}"
          f"  (target p95 ≤ 500 ms: {'ok' if pct(lat, 95) <= 500 and not missed else 'MISSED'})")


def load(base: str, pid: int, game: Path, clients: int, seconds: float) -> None:
    cs = [Client(base, f"127.0.0.{2 + i % 250}") for i in range(clients)]
    for c in cs:
        c.start()
    for c in cs:
        c.ready.wait(10)
    time.sleep(1.0)
    rss0 = rss_kb(pid)
    samples = [rss0]
    done = threading.Event()

    def sample():
        while not done.wait(2.0):
            samples.append(rss_kb(pid))

    threading.Thread(target=sample, daemon=True).start()
    commits = write_moves(game, int(seconds), 1.0)
    time.sleep(1.5)
    done.set()
    rss1 = rss_kb(pid)
    for c in cs:
        c.stop = True
    errors = sum(len(c.errors) for c in cs)
    want = {s for s, _ in commits}
    incomplete = sum(1 for c in cs if not want <= set(c.seen))
    lat = [(c.seen[s] - t) * 1000 for c in cs for s, t in commits if s in c.seen]
    print(f"{clients} clients for {seconds:.0f} s, {len(commits)} moves: errors {errors}, clients missing a move {incomplete}; "
          f"latency to all clients p50 {statistics.median(lat):.0f} ms, p95 {pct(lat, 95):.0f} ms")
    print(f"server RSS: start {rss0 / 1024:.1f} MB, end {rss1 / 1024:.1f} MB, peak {max(samples) / 1024:.1f} MB "
          f"(growth {(rss1 - rss0) / 1024:+.1f} MB)")


def phones_acting(base: str, game: Path, phones: int, moves: int) -> None:
    """Each of `phones` players' phones POSTs a move in turn (a payment to the next player); the time from the
    POST to the table with it reaching every other phone."""
    seats = {s["seat"]: s["link"].rsplit("=", 1)[1] for s in json.loads(subprocess.run(
        [str(BIN), "--game", str(game), "seats", "--json"], capture_output=True, text=True, check=True).stdout)}
    names = [n for n in seats if n not in ("banker", "spectators")][:phones]
    cs = {n: Client(base, f"127.0.1.{2 + i}") for i, n in enumerate(names)}
    for c in cs.values():
        c.start()
    for c in cs.values():
        c.ready.wait(10)
    lat, errors = [], 0
    for i in range(moves):
        who, to = names[i % len(names)], names[(i + 1) % len(names)]
        body = json.dumps({"id": f"bench-{i:05d}-{os.getpid()}", "kind": "pay", "fields": {"payer": who, "payee": to, "amount": 1}}).encode()
        req = urllib.request.Request(base + "/api/move", data=body, method="POST", headers={
            "Content-Type": "application/json", "Origin": base, "X-Referee-Seat": seats[who]})
        t0 = time.time()
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                seq = json.loads(resp.read())["seq"]
        except Exception as e:
            errors += 1
            if errors == 1:
                print(f"  first error: {e}: {getattr(e, 'read', lambda: b'')()[:200]!r}")
            continue
        others = [c for n, c in cs.items() if n != who]
        deadline = time.time() + 5
        while time.time() < deadline and not all(seq in c.seen for c in others):
            time.sleep(0.002)
        if all(seq in c.seen for c in others):
            lat.append((max(c.seen[seq] for c in others) - t0) * 1000)
        else:
            errors += 1
        time.sleep(0.05)
    for c in cs.values():
        c.stop = True
    if not lat:
        print(f"{len(names)} phones: no move got through ({errors} errors)")
        return
    print(f"{len(names)} phones, {moves} moves sent from the phones: POST to every other phone's update p50 "
          f"{statistics.median(lat):.0f} ms, p95 {pct(lat, 95):.0f} ms, max {max(lat):.0f} ms; errors {errors}"
          f"  (target p95 ≤ 300 ms: {'ok' if pct(lat, 95) <= 300 and not errors else 'MISSED'})")


def screenshot_game(game: Path) -> None:
    referee(game, "new", "Ana", "Ben", "Carla Montgomery", "Dmitri", "--variant", "time-limit", "--minutes", "90",
            "--random", "--seed", "11", "--turns")
    for cmd in (["roll", "3", "4"], ["card", "Ana", "bank error"], ["roll", "2", "3"], ["buy", "Ben", "reading"],
                ["roll", "5", "6"], ["roll", "1", "2"], ["jail", "send", "Dmitri"], ["pay", "Carla Montgomery", "Ben", "2000"],
                ["mortgage", "reading"], ["roll", "4", "4"]):
        referee(game, *cmd)
    # a full group with houses, whatever the deal gave
    from referee.store.ledger import Game

    g = Game(game)
    t, rs = g.state(), g.ruleset()
    g.close()
    for grp in ("dark_blue", "purple", "light_blue", "pink", "orange", "red", "yellow", "green"):
        owners = {t.deeds[i].owner for i in rs.group_members(grp)}
        if len(owners) == 1 and None not in owners:
            who = owners.pop()
            for i in rs.group_members(grp):
                referee(game, "build", rs.squares[i].name)
            break
        if owners - {None} and len(owners - {None}) == 1:
            who = next(iter(owners - {None}))
            for i in rs.group_members(grp):
                if t.deeds[i].owner is None:
                    referee(game, "buy", who, rs.squares[i].name)
            for i in rs.group_members(grp):
                referee(game, "build", rs.squares[i].name)
            break


def screenshot(base: str, path: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = b.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
            page.goto(base + "/")
            page.wait_for_selector("#conn.on")
            page.locator('article.player[data-player="Ben"] .name').tap()
            wide = page.evaluate("document.documentElement.scrollWidth")
            page.screenshot(path=str(path), full_page=True)
            print(f"screenshot: {path} (390×844 CSS px, page {wide} px wide)")
        finally:
            b.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--moves", type=int, default=60, help="moves timed for the latency figure")
    ap.add_argument("--phones", type=int, default=8, help="players' phones acting (issue 32)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="serve-bench-"))
    os.environ.setdefault("REFEREE_CACHE", str(tmp / "cache"))
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    game = tmp / "bench.sqlite"
    referee(game, "new", "Ana", "Ben", "Cy")
    proc, base = start_server(game)
    try:
        latency(base, game, args.moves)
        load(base, proc.pid, game, args.clients, args.seconds)
    finally:
        proc.terminate()
        proc.wait()
    table = tmp / "phones.sqlite"
    referee(table, "new", *[f"P{i}" for i in range(1, args.phones + 1)])
    proc, base = start_server(table)
    try:
        phones_acting(base, table, args.phones, args.moves)
    finally:
        proc.terminate()
        proc.wait()
    shot = tmp / "shot.sqlite"
    screenshot_game(shot)
    proc, base = start_server(shot)
    try:
        OUT.mkdir(exist_ok=True)
        screenshot(base, OUT / "serve-phone.png")
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()
