"""The clock is part of a time-limit game (issue 30): the deal is a checklist `status` shows until it is done; at
the agreed time the game ends, and a later move is refused with the clause (the banker catching up on a move the
table made before the end says so with --after-time)."""

from __future__ import annotations

import json
import sqlite3
import time

from conftest import run


def _ended(g) -> None:
    con = sqlite3.connect(g)
    spec = json.loads(con.execute("SELECT value FROM meta WHERE key='spec'").fetchone()[0])
    spec["ends"], spec["ends_text"] = time.time() - 60, "20:00"
    con.execute("UPDATE meta SET value=? WHERE key='spec'", (json.dumps(spec),))
    con.commit()
    con.close()


def test_the_deal_is_a_checklist_until_done(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "--variant", "time-limit", "--minutes", "90", game=g).code == 0
    s = run("status", game=g).out
    assert "deeds to deal: Ana 2 deeds, Ben 2 deeds" in s, s
    assert run("deal", "Ana", "boardwalk", "park place", game=g).code == 0
    s = run("status", game=g).out
    assert "deeds to deal: Ben 2 deeds" in s and "Ana 2" not in s, s
    assert run("deal", "Ben", "baltic", "mediterranean", game=g).code == 0
    assert "deeds to deal" not in run("status", game=g).out


def test_after_the_agreed_time_a_move_is_refused_unless_it_was_made_before(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "--variant", "time-limit", "--minutes", "90", "--random", "--seed", "3", game=g).code == 0
    _ended(g)
    r = run("pay", "Ana", "Ben", "5", game=g)
    assert r.code == 1 and "agreed time ran out at 20:00" in r.err and "end.game" in r.err, r.text
    assert "Ana pays Ben" not in run("log", game=g).out
    r = run("pay", "Ana", "Ben", "5", "--after-time", game=g)
    assert r.code == 0 and "Ana pays Ben $5" in r.out, r.text
    assert run("status", game=g).code == 0, "reading the final table still works"
