"""A game file keeps message ids and parameters, never sentences: every screen says each move in its own language,
whatever the language the move was recorded in, and a file written before this keeps reading."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import run

RELEASE = Path(__file__).resolve().parent / "fixtures" / "games" / "release-29a9a4a.sqlite"  # written by that commit's referee


pytestmark = pytest.mark.usefixtures("table_language")


def _stored(game: Path) -> list[dict]:
    con = sqlite3.connect(game)
    try:
        return [json.loads(d) for (d,) in con.execute("SELECT data FROM events ORDER BY seq")]
    finally:
        con.close()


def test_an_english_game_reads_wholly_in_italian(game):
    for args in (("new", "Ana", "Ben", "Cy"), ("buy", "Ana", "Baltic Avenue"), ("rent", "Ben", "Baltic Avenue"), ("pay", "Cy", "bank", "50"),
                 ("undo",), ("redo",), ("mortgage", "Ana", "baltic"), ("void", "4"), ("amend", "3", "pay", "Ben", "Ana", "10")):
        r = run(*args, "--lang", "en", game=game)
        assert r.code == 0, (args, r.out)
    assert not [e["type"] for e in _stored(game) if "text" in e], "a sentence was stored"
    log = run("log", "--lang", "it", game=game).out
    for italian in ("nuova partita: Ana, Ben, Cy", "Ana compra Baltic Avenue per $60", "annullato: Cy paga alla banca $50",
                    "ripristinato: Cy paga alla banca $50", "Ana ipoteca Baltic Avenue per $30", "(prima: Ben paga ad Ana $4"):
        assert italian in log, log
    for english in ("buys", "pays", "undo:", "redo:", "mortgages", "was:", "new game"):
        assert english not in log, (english, log)
    shown = " ".join(run("watch", "--once", "--lang", "it", game=game).out.split())  # the screens read the same file
    assert "Ana ipoteca Baltic Avenue per $30" in shown and "mortgages" not in shown, shown


def test_a_game_file_written_by_the_last_release_reads_in_the_language_shown(tmp_path):
    game = tmp_path / "old.sqlite"
    shutil.copy(RELEASE, game)
    assert any("text" in e for e in _stored(game)), "the fixture is a file with stored sentences"
    log = run("log", "--lang", "es", game=game).out
    assert "partida nueva: Ana, Ben, Cy" in log and "Ben paga a Ana $4 de renta por Baltic Avenue" in log, log
    assert "deshecho: Cy paga al banco $50" in log, log  # its undo, stored in English, is said again from the move it took back
    assert run("verify", game=game).code == 0
    r = run("pay", "Ana", "Ben", "5", game=game)  # and it takes new moves
    assert r.code == 0 and run("log", "--lang", "it", game=game).out.rstrip().endswith("Ana paga a Ben $5"), r.out
