"""`referee serve` on a shared network: idle and slow connections, malformed requests, hostile names, the
security headers, a token that survives a restart. Loopback only: the crowd connects from 127.0.0.2 (the whole
127.0.0.0/8 is this machine), the phone from 127.0.0.1; every loop is bounded in count and time."""
# ruff: noqa: F811  (server_factory, imported from test_serve, is a fixture the tests take by name)

from __future__ import annotations

import json
import os
import resource
import socket
import time
import urllib.request
from pathlib import Path

from conftest import run_proc
from test_serve import CHROMIUM, CHROMIUM_ARGS, new_game, player, server_factory, wait_for  # noqa: F401  (server_factory: a fixture)

CROWD = "127.0.0.2"


def _raise_nofile(n: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < n:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(n, hard), hard))


def _connect(port: int, source: str = CROWD, send: bytes = b"") -> socket.socket | None:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(2)
    try:
        s.bind((source, 0))
        s.connect(("127.0.0.1", port))
        if send:
            s.sendall(send)
    except OSError:
        s.close()
        return None
    return s


def _address(block: int, i: int) -> str:
    """The i-th loopback address of a block: 127.<block>.x.y, one client each."""
    return f"127.{block}.{i // 250}.{i % 250 + 1}"


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _closed_by_server(s: socket.socket) -> bool:
    """True when the server closed (or answered and closed) this connection."""
    s.settimeout(0.2)
    try:
        while True:
            data = s.recv(4096)
            if not data:
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


def test_a_crowd_of_idle_and_slow_connections_does_not_take_the_page_down(tmp_path, server_factory):
    """1,100 idle and 300 slow clients, each from an address of its own, and 40 from one address: the phone's
    open stream keeps updating, connections over the caps are answered 503 at once, heads that never end are
    cut after the deadline and the server then takes new requests again; no traceback, memory bounded."""
    from referee.web.guard import HEAD_TIMEOUT, PER_ADDRESS, TOTAL

    _raise_nofile(4096)
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben")
    s = server_factory(g, "--lan")
    q = f"?token={s.token}"
    rss_before = _rss_kib(s.proc.pid)
    stream = urllib.request.urlopen(f"{s.base}/events{q}", timeout=5)  # a phone, already following the table
    assert stream.status == 200
    same = [c for c in (_connect(s.port, CROWD) for _ in range(PER_ADDRESS + 8)) if c]
    slow = [c for c in (_connect(s.port, _address(2, i), b"GET / HTTP/1.1\r\nHost: x\r\n") for i in range(300)) if c]
    idle = [c for c in (_connect(s.port, _address(1, i)) for i in range(1100)) if c]
    crowd = same + slow + idle
    try:
        assert len(crowd) == PER_ADDRESS + 8 + 1400, "the crowd connected: the server answers a refusal, it does not hang"
        assert sum(_closed_by_server(c) for c in same) >= 8, "over the per-address cap: answered and closed at once"
        refused = sum(_closed_by_server(c) for c in idle)
        assert refused >= len(crowd) + 1 - TOTAL, f"over the total cap: answered and closed at once ({refused})"
        r = run_proc("pay", "Ana", "Ben", "75", game=g)
        assert r.returncode == 0, r.stderr
        seen = b""
        deadline = time.monotonic() + 5
        while b'"cash":1425' not in seen and time.monotonic() < deadline:
            seen += stream.read1(65536)
        assert b'"cash":1425' in seen, "the phone's stream carried the move"
        # past the deadline the heads that never ended are cut, and a phone can connect again
        assert wait_for(lambda: all(_closed_by_server(c) for c in slow[:20]), timeout=HEAD_TIMEOUT + 5, step=0.5), "a head that never ends is cut"
        assert wait_for(lambda: s.status(f"/health{q}") == 200, timeout=5)
        assert player(s.state()["view"], "Ana")["cash"] == 1425
        rss_after = _rss_kib(s.proc.pid)
        print(f"crowd: {len(crowd)} connections, {refused} idle refused at once, server RSS {rss_before} → {rss_after} KiB")
        assert rss_after < rss_before + 100 * 1024, f"memory stays bounded: {rss_before} → {rss_after} KiB"
    finally:
        stream.close()
        for c in crowd:
            c.close()
    assert s.proc.poll() is None, "the server is still up"
    out = s.output
    assert "Traceback" not in out and "Exception in ASGI" not in out, out[-2000:]
    print(f"server printed {len(out.splitlines())} lines")
    assert len(out.splitlines()) < 60, f"refusals are summed up, not one line each: {len(out.splitlines())} lines"


def _raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as c:
        c.sendall(request)
        got = b""
        try:
            while True:
                d = c.recv(65536)
                if not d:
                    break
                got += d
                if b"\r\n\r\n" in got and len(got) > 2000:
                    break
        except TimeoutError:
            pass
    return got


def test_malformed_requests_get_a_status_and_never_a_traceback(tmp_path, server_factory):
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben")
    s = server_factory(g)
    bad_chunk = b"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"
    huge_head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"a" * 70_000 + b"\r\n\r\n"
    for req in (bad_chunk, huge_head, b"NOT HTTP AT ALL\r\n\r\n", b"GET /%ff%fe HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"):
        got = _raw(s.port, req)
        assert got.startswith(b"HTTP/1.1 "), (req[:40], got[:200])
        assert b"Traceback" not in got and b"/tmp" not in got
    assert s.status("/health") == 200
    out = s.output
    assert "Traceback" not in out and "Exception in ASGI" not in out, out[-2000:]


def test_every_response_carries_the_security_headers_and_speaks_the_tables_language(tmp_path, server_factory, monkeypatch):
    monkeypatch.delenv("REFEREE_LANG")  # the suite's English; this game speaks its edition's Italian
    g = tmp_path / "g.sqlite"
    new_game(g, "Giulia", "Sofia", "-r", "it-lire")
    s = server_factory(g)
    for path in ("/", "/state.json", "/static/app.js", "/nope"):
        req = urllib.request.Request(s.base + path)
        try:
            resp = urllib.request.urlopen(req, timeout=5)
        except urllib.error.HTTPError as e:
            resp = e
        h = resp.headers
        csp = h["Content-Security-Policy"] or ""
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert h["Referrer-Policy"] == "no-referrer" and h["X-Content-Type-Options"] == "nosniff", path
        body = resp.read().decode()
        if path == "/":
            assert '<html lang="it">' in body and "Ultime mosse" in body, "the server says the language before any script runs"
            assert "<script>" not in body, "no inline script (the CSP forbids it)"
        if path == "/nope":
            assert resp.status == 404 and "Not Found" not in body and 'lang="it"' in body


def test_a_missing_or_damaged_game_shows_no_folder_and_no_python(tmp_path, server_factory):
    g = tmp_path / "later.sqlite"
    s = server_factory(g)
    st = s.state()
    assert "no game file" in st["problem"] and str(tmp_path) not in json.dumps(st)
    assert str(tmp_path) not in s.get("/")[1]
    g.write_text("not a game")
    assert wait_for(lambda: "not a game file" in (s.state()["problem"] or ""))
    assert str(tmp_path) not in json.dumps(s.state())


def test_hostile_names_are_text_and_a_new_token_asks_the_phone_to_rescan(tmp_path, server_factory):
    from playwright.sync_api import expect, sync_playwright

    assert os.path.exists(CHROMIUM), "Debian's chromium is needed (.ci/run installs it)"
    cache = tmp_path / "cache-off"
    os.environ["REFEREE_CACHE"], old = "off", os.environ.get("REFEREE_CACHE", "")
    try:
        g = tmp_path / "g.sqlite"
        hostile = "<!--<script>"
        new_game(g, hostile, "Ben</script><b>x")
        r = run_proc("pay", "Ben</script><b>x", hostile, "5", "--for", "<img src=x onerror=alert(1)>", game=g)
        assert r.returncode == 0, r.stderr
        s = server_factory(g, "--lan")
        s2_token_file = next(tmp_path.glob(".g.sqlite.serve-token"))
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
                errors: list[str] = []
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                page.goto(f"{s.base}/?token={s.token}")
                expect(page.locator("#conn")).to_have_text("live")
                expect(page.locator(f'article.player[data-player="{hostile}"] .name')).to_contain_text(hostile)
                assert page.locator("img").count() == 0 and page.locator("b").count() == 0, "names and reasons are text, never markup"
                assert not [e for e in errors if "Content Security Policy" in e], errors
                # the server comes back with a new token (the old one lost): the phone says to scan again
                port = s.port
                s.stop()
                s2_token_file.write_text("a-brand-new-token-for-this-game")
                server_factory(g, "--lan", port=port)
                expect(page.locator("#conn")).to_contain_text("scan", timeout=10000)
            finally:
                browser.close()
        assert not cache.exists()
    finally:
        os.environ["REFEREE_CACHE"] = old


def test_the_lan_token_survives_a_restart_with_the_cache_off(tmp_path, server_factory, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", "off")
    g = tmp_path / "g.sqlite"
    new_game(g, "Ana", "Ben")
    s = server_factory(g, "--lan")
    first = s.token
    s.stop()
    s2 = server_factory(g, "--lan")
    assert s2.token == first and len(first) >= 22, "128 random bits, kept beside the game when there is no cache"
    f = tmp_path / ".g.sqlite.serve-token"
    assert f.read_text() == first and (f.stat().st_mode & 0o777) == 0o600
