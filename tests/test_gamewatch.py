"""referee.store.watchsource: `watch` and the phone page read a game file the same way, and as the ledger does.

Board values read at the table (`deed`), a redone move and a lagging snapshot are where the page's own
reader once differed from the ledger; both readers are checked against it here.
"""

from __future__ import annotations

import sqlite3

import pytest
from conftest import run

from referee.cli import watch
from referee.store.ledger import Game
from referee.web.source import GameSource


def ok(game, *args):
    r = run(*args, game=game)
    assert r.code == 0, (args, r.text)


def views(game) -> dict:
    """The view model as `referee watch` and `referee serve` each read it."""
    out = {}
    for name, cls in (("watch", watch.Source), ("page", GameSource)):
        src = cls(game)
        try:
            src.key()
            out[name] = src.view() if name == "watch" else src.read().view
        finally:
            src.close()
    return out


def player(v: dict, name: str) -> dict:
    return next(p for p in v["players"] if p["name"] == name)


@pytest.fixture
def both(game):
    ok(game, "new", "Ana", "Ben")
    ok(game, "buy", "Ana", "baltic")
    return game


def test_board_values_read_at_the_table_count_on_both_screens(both):
    ok(both, "deed", "baltic", "--price", "90", "--mortgage", "45")
    ok(both, "mortgage", "Ana", "baltic")  # $45 now, not the edition's $30
    g = Game(both)
    cash = g.state().player("Ana").cash
    g.close()
    assert cash == 1500 - 60 + 45
    for name, v in views(both).items():
        ana = player(v, "Ana")
        assert ana["cash"] == cash, name
        assert ana["worth"] == views_worth(both), name


def views_worth(game) -> int:
    """Ana's worth by the count the screens rank by (scoring.running_method), from the ruleset the ledger builds (with the deed's values)."""
    from referee.core import scoring, valuation

    g = Game(game)
    try:
        rs, t = g.ruleset(), g.state()
    finally:
        g.close()
    return valuation.value(rs, t, "Ana", scoring.running_method(rs)).total


def test_a_redone_move_is_live_and_its_undo_struck_on_both_screens(both):
    ok(both, "pay", "Ana", "Ben", "10")
    ok(both, "undo")
    ok(both, "redo")
    for name, v in views(both).items():
        by_text = {e["text"]: e["undone"] for e in v["events"]}
        assert by_text["Ana pays Ben $10"] is False, name
        assert by_text["undo: Ana pays Ben $10"] is True, name
        assert player(v, "Ben")["cash"] == 1510, name


def test_a_lagging_snapshot_is_replayed_by_the_ledgers_rule(both):
    ok(both, "pay", "Ana", "Ben", "40")
    ok(both, "undo")
    ok(both, "redo")
    ok(both, "pay", "Ben", "Ana", "15")
    ok(both, "undo")
    con = sqlite3.connect(both)
    con.execute("UPDATE snapshot SET seq = 1")  # as an older referee might have left it
    con.commit()
    con.close()
    for name, v in views(both).items():
        assert player(v, "Ana")["cash"] == 1500 - 60 - 40, name
        assert player(v, "Ben")["cash"] == 1540, name


def test_a_foreign_file_is_named_not_opened_for_writing(tmp_path):
    g = tmp_path / "g.sqlite"
    g.write_text("not a game")
    src = watch.Source(g)
    assert src.key() == src.key()  # the same problem: nothing to redraw
    shown = str(src.frame())
    assert "g.sqlite: not a game file" in shown and "waiting" not in shown
    page = GameSource(g)
    assert page.read().problem == shown  # one wording for both screens
    src.close()
    page.close()
    assert g.read_text() == "not a game" and sorted(p.name for p in tmp_path.iterdir()) == ["g.sqlite"]


def test_sqlite_that_is_not_a_game_is_named_and_a_missing_file_waited_for(tmp_path):
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    src = watch.Source(other)
    src.key()
    assert "other.sqlite: not a game file" in str(src.frame())
    src.close()
    gone = watch.Source(tmp_path / "none.sqlite")
    assert "waiting for a game" in str(gone.frame())
