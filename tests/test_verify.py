"""`referee verify`: a game file checked from its first event; a tampered or damaged event is named by its number,
and `undo` stops at it instead of replaying it (issue 28)."""

from __future__ import annotations

import json
import sqlite3

from conftest import run


def _game(tmp_path):
    g = tmp_path / "g.sqlite"
    for argv in (("new", "Ana", "Ben", "Cy"), ("buy", "Ana", "boardwalk"), ("buy", "Ana", "park place"), ("rent", "Ben", "boardwalk"),
                 ("pay", "Ben", "Cy", "20"), ("mortgage", "park place"), ("unmortgage", "park place"), ("undo",), ("redo",),
                 ("void", "5")):
        r = run(*argv, game=g)
        assert r.code == 0, (argv, r.text)
    return g


def _tamper(g, seq, change):
    con = sqlite3.connect(g)
    data = json.loads(con.execute("SELECT data FROM events WHERE seq=?", (seq,)).fetchone()[0])
    change(data)
    con.execute("UPDATE events SET data=? WHERE seq=?", (json.dumps(data), seq))
    con.commit()
    con.close()


def test_an_honest_game_verifies(tmp_path):
    g = _game(tmp_path)
    r = run("verify", str(g))
    assert r.code == 0 and "ok — 10 events" in r.out, r.text


def test_a_changed_amount_is_named_by_its_event(tmp_path):
    g = _game(tmp_path)
    _tamper(g, 4, lambda d: d["ops"][0].update(amount=10))  # Ben's rent: $50 → $10
    r = run("verify", str(g))
    assert r.code == 1 and "event #4 (rent)" in r.out and "other amounts" in r.out, r.text


def test_an_amount_no_game_has_stops_verify_and_undo_with_its_number(tmp_path):
    g = _game(tmp_path)
    _tamper(g, 3, lambda d: d["ops"][0].update(amount=1e30))
    r = run("verify", str(g))
    assert r.code == 1 and "event #3" in r.out, r.text
    u = run("undo", game=g)  # re-plays the events before the move it takes back: #3 among them
    assert u.code == 2 and "event #3" in u.err and "1e+30" not in u.text, u.text
    s = run("status", game=g)
    assert "1e+30" not in s.text


def test_a_move_the_rules_refuse_is_named(tmp_path):
    g = _game(tmp_path)
    _tamper(g, 3, lambda d: d["args"].update(deed=1))  # Ana "bought" Mediterranean Avenue without landing there… as a bought deed
    _tamper(g, 2, lambda d: d["args"].update(deed=0))  # and GO itself, which no one can buy
    r = run("verify", str(g))
    assert r.code == 1 and "event #2 (buy)" in r.out and "NOT OK" in r.out, r.text


def test_a_snapshot_that_differs_from_the_replay_is_found(tmp_path):
    g = _game(tmp_path)
    con = sqlite3.connect(g)
    seq, state = con.execute("SELECT seq, state FROM snapshot").fetchone()
    t = json.loads(state)
    t["players"][0]["cash"] += 1000
    con.execute("UPDATE snapshot SET state=?", (json.dumps(t),))
    con.commit()
    con.close()
    r = run("verify", str(g))
    assert r.code == 1 and "snapshot" in r.out, r.text
