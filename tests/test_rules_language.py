"""`rules list/show/diff` and `board EDITION` read no game, yet inside one they speak its language.

The game at hand is --game, $REFEREE_GAME or ./referee-game.sqlite; --lang and REFEREE_LANG still win,
and a missing, damaged or foreign file leaves the language alone without a word (nor a trace on disk).
"""

from __future__ import annotations

import os
import sqlite3

import pytest
from conftest import run, run_proc

from referee.words import i18n


@pytest.fixture(autouse=True)
def _no_language_asked(monkeypatch):
    for var in ("REFEREE_LANG", "LANGUAGE", "LANG", "LC_MESSAGES", "REFEREE_GAME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    yield
    i18n.reset()


def _new(folder, edition: str):
    g = folder / "referee-game.sqlite"
    with pytest.MonkeyPatch.context() as mp:  # no language asked for: the game records its edition's
        mp.delenv("REFEREE_LANG", raising=False)
        assert run("new", "Ana", "Bea", "-r", edition, game=g).code == 0
    return g


@pytest.fixture(scope="module")
def italian(tmp_path_factory):
    return _new(tmp_path_factory.mktemp("it"), "it-lire")


@pytest.fixture(scope="module")
def spanish(tmp_path_factory):
    return _new(tmp_path_factory.mktemp("es"), "mx-hasbro")


def test_rules_show_in_an_italian_game_named_by_referee_game(italian, monkeypatch):
    monkeypatch.setenv("REFEREE_GAME", str(italian))
    r = run("rules", "show", "it-lire", "jail.fine")
    assert r.code == 0 and r.err == ""
    assert "Uscire di prigione" in r.out and "Un prigioniero esce pagando L. 5.000" in r.out
    assert "Getting out of prison" not in r.out
    assert "livelli:" in r.out and "Regolamento del Monòpoli" in r.out  # the heading and the citation too


def test_rules_show_of_another_edition_in_the_default_spanish_game(spanish, monkeypatch):
    monkeypatch.chdir(spanish.parent)  # ./referee-game.sqlite
    r = run("rules", "show", "us-classic", "go.salary")
    assert r.code == 0 and "El sueldo en la Salida" in r.out and "$200" in r.out


def test_rules_list_diff_and_board_in_the_games_language(italian):
    assert "Edizioni (--ruleset)" in run("rules", "list", game=italian).out
    d = run("rules", "diff", "us-classic", "it-lire", game=italian).out
    assert "clausole che dicono cose diverse" in d
    assert "Un prigioniero esce pagando" in d and "A prisoner gets out" not in d
    assert "proprietà" in run("board", "us-classic", game=italian).out


def test_an_asked_language_still_wins(italian, monkeypatch):
    assert "Getting out of prison" in run("--lang", "en", "rules", "show", "it-lire", "jail.fine", game=italian).out
    assert "Salir de la cárcel" in run("--lang", "es", "rules", "show", "it-lire", "jail.fine", game=italian).out
    monkeypatch.setenv("REFEREE_LANG", "en")
    assert "Getting out of prison" in run("rules", "show", "it-lire", "jail.fine", game=italian).out


def _foreign(path):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE meta (a, b)")
    con.commit()
    con.close()


def _odd(path):  # a meta table whose values are JSON, but not objects
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE meta (key, value)")
    con.execute("INSERT INTO meta VALUES ('spec', '[1]'), ('ruleset', '5')")
    con.commit()
    con.close()


@pytest.mark.parametrize("kind", ["missing", "empty", "junk", "foreign", "odd", "folder"])
def test_no_usable_game_leaves_the_language_alone(tmp_path, monkeypatch, kind):
    g = tmp_path / "referee-game.sqlite"
    if kind == "empty":
        g.write_bytes(b"")
    elif kind == "junk":
        g.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
    elif kind == "foreign":
        _foreign(g)
    elif kind == "odd":
        _odd(g)
    elif kind == "folder":
        g.mkdir()
    before = sorted(p.name for p in tmp_path.iterdir())
    content = g.read_bytes() if g.is_file() else None
    monkeypatch.setenv("REFEREE_GAME", str(g))
    for args in (("rules", "show", "it-lire", "jail.fine"), ("rules", "list")):
        r = run(*args)
        assert r.code == 0 and r.err == "", r.err
    assert "Getting out of prison" in run("rules", "show", "it-lire", "jail.fine").out
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")  # the locale still speaks when the file cannot
    assert "Salir de la cárcel" in run("rules", "show", "it-lire", "jail.fine").out
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert (g.read_bytes() if g.is_file() else None) == content


def test_looking_at_a_closed_game_leaves_nothing_beside_it(tmp_path):
    g = tmp_path / "it.sqlite"
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_LANG"}
    assert run_proc("new", "Ana", "Bea", "-r", "it-lire", game=g, env=env).returncode == 0  # its own process: closed after
    assert [p.name for p in tmp_path.iterdir()] == ["it.sqlite"]
    assert "Uscire di prigione" in run("rules", "show", "it-lire", "jail.fine", game=g).out
    assert [p.name for p in tmp_path.iterdir()] == ["it.sqlite"]  # no -wal or -shm left by the look


def test_rules_diff_currency_row_in_the_games_language_without_a_missing_code(spanish, italian):
    es = run("rules", "diff", "us-classic", "mx-hasbro", game=spanish).out
    assert "$ (USD), p. ej. $1,500" in es and "e.g." not in es
    assert "(None)" not in es and "$, p. ej. $1,500" in es  # mx-hasbro leaves the currency's code unset
    it = run("rules", "diff", "us-classic", "it-lire", game=italian).out
    assert "L. (ITL), ad es." in it and "e.g." not in it


def test_check_at_a_spanish_table_rules_in_spanish(spanish, monkeypatch, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [\n  bad", encoding="utf-8")
    monkeypatch.chdir(spanish.parent)  # ./referee-game.sqlite
    r = run("check", str(bad))
    assert r.code == 2 and "YAML no válido" in r.out + r.err and "not valid YAML" not in r.out + r.err


def test_a_refused_claim_is_refused_in_the_tables_language(spanish, monkeypatch, tmp_path):
    f = tmp_path / "d.yaml"
    f.write_text("ruleset: mx-hasbro\nplayers:\n  Ana: {cash: 800, deeds: {Avenida Oriental: mortgaged}}\n  Beto: {cash: 300}\n"
                 "claims:\n  - rent: {payer: Beto, deed: Avenida Oriental}\n    amount: 6\n", encoding="utf-8")
    monkeypatch.chdir(spanish.parent)
    r = run("check", str(f))
    assert r.code == 1 and "rechazado: Avenida Oriental" in r.out and "refused:" not in r.out


def test_a_claim_that_cannot_be_ruled_says_why_in_the_tables_language(spanish, monkeypatch):
    from conftest import ROOT

    monkeypatch.chdir(spanish.parent)
    r = run("check", str(ROOT / "tests" / "fixtures" / "scenarios" / "board-needed.yaml"))
    said = " ".join((r.out + r.err).split())
    assert r.code == 2 and "no se puede dictaminar: latam-ciudades: el precio impreso de 'Buenos Aires'" in said
    assert "cannot rule" not in said and "printed price" not in said


def test_builds_next_step_speaks_the_tables_language(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Bea", "-r", "it-lire", game=g).code == 0
    for deed in ("parco della vittoria", "viale dei giardini"):
        assert run("buy", "Ana", deed, game=g).code == 0
    r = run("build", "parco della vittoria", game=g)
    said = " ".join(r.out.split())
    assert r.code == 0 and "prossimo: prima una casa per L. 20.000 su Viale dei Giardini" in said and "next" not in said


def test_a_debts_reason_is_said_in_the_tables_language(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Bea", "-r", "it-lire", game=g).code == 0
    assert run("buy", "Ana", "parco della vittoria", game=g).code == 0
    assert run("pay", "Bea", "bank", "350000", game=g).code == 0
    assert run("rent", "Bea", "parco della vittoria", game=g).code == 0
    said = " ".join(run("status", game=g).out.split())
    assert "chi deve a chi" in said and "(affitto di Parco della Vittoria)" in said and "rent on" not in said


def test_a_wrong_landing_claimed_is_answered_in_the_tables_language(tmp_path):
    f = tmp_path / "t.yaml"
    f.write_text("ruleset: it-lire\nplayers:\n  Ana: {cash: 100000, position: Via!}\n  Ben: {cash: 100000}\n"
                 "claims:\n  - roll: {player: Ana, dice: [1, 2]}\n    lands: Vicolo Corto\n", encoding="utf-8")
    r = run("--lang", "it", "check", str(f))
    said = " ".join(r.out.split())
    assert r.code == 1 and "si afferma la pedina finisce su Vicolo Corto; le regole danno Vicolo Stretto" in said, said
    assert "claimed the token" not in said


def test_expect_differences_are_said_in_the_asked_language(tmp_path):
    f = tmp_path / "e.yaml"
    f.write_text("ruleset: it-lire\nplayers:\n  Ana: {cash: 100000, deeds: [Vicolo Corto]}\n  Ben: {cash: 100000}\n"
                 "claims:\n  - rent: {payer: Ben, deed: Vicolo Corto}\n    amount: 100\n"
                 "    expect: {ruling: upheld, amount: 100, clauses: [rent.houses]}\n", encoding="utf-8")
    said = " ".join(run("--lang", "it", "check", "--expect", str(f)).out.split())
    assert "atteso l'importo L. 100; la decisione dà L. 200" in said and "attesa la citazione di rent.houses" in said
    assert "expected" not in said


def test_undo_and_redo_are_said_and_logged_in_the_tables_language(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Beto", "-r", "mx-hasbro", game=g).code == 0
    assert run("buy", "Ana", "avenida oriental", game=g).code == 0
    assert "deshecho: Ana compra Avenida Oriental" in run("undo", game=g).out
    assert "rehecho: Ana compra Avenida Oriental" in run("redo", game=g).out
    log = " ".join(run("log", game=g).out.split())
    assert "deshecho: Ana compra" in log and "rehecho: Ana compra" in log and "redone" not in log and "undo:" not in log


def test_an_unknown_rulesets_hint_is_in_the_asked_language():
    r = run("--lang", "it", "ask", "quanto costa uscire di prigione", "--ruleset", "it-lir")
    said = " ".join((r.out + r.err).split())
    assert r.code == 2 and "(forse intendevi it-lire?); referee regole list li mostra" in said and "shows them" not in said


@pytest.mark.parametrize("args, said", [
    (["--minutes", "90"], "it-lire non ha un orario di fine concordato: aggiungi --variant time-limit"),
    (["--variant", "time-limit", "--minutes", "-5"], "--minutes deve essere positivo, non -5"),
    (["--variant", "time-limit", "--ends", "dopocena"], "--ends vuole un orario come 22:00 o 21:30, non 'dopocena'"),
])
def test_an_agreed_ends_mistakes_are_said_in_the_asked_language(tmp_path, args, said):
    g = tmp_path / "g.sqlite"
    r = run("--lang", "it", "new", "Ana", "Bea", "-r", "it-lire", *args, game=g)
    assert r.code == 2 and said in " ".join(r.err.split()) and not g.exists()


def test_a_dispute_file_is_ruled_in_its_editions_language(tmp_path, monkeypatch):
    """No --lang and no game at hand: an it-lire dispute is an Italian table's, and is ruled in Italian."""
    f = tmp_path / "d.yaml"
    f.write_text("ruleset: it-lire\nplayers:\n  Ana: {cash: 100000, deeds: [Vicolo Corto]}\n  Ben: {cash: 100000}\n"
                 "claims:\n  - rent: {payer: Ben, deed: Vicolo Corto}\n    amount: 100\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    said = " ".join(run("check", str(f)).out.split()).lower()
    assert "l. 200" in said and "respint" in said and "rejected" not in said, said


def test_a_tables_game_still_speaks_over_a_dispute_files_edition(spanish, monkeypatch, tmp_path):
    f = tmp_path / "d.yaml"
    f.write_text("ruleset: it-lire\nplayers:\n  Ana: {cash: 100000, deeds: [Vicolo Corto]}\n  Ben: {cash: 100000}\n"
                 "claims:\n  - rent: {payer: Ben, deed: Vicolo Corto}\n    amount: 100\n", encoding="utf-8")
    monkeypatch.chdir(spanish.parent)
    said = " ".join(run("check", str(f)).out.split()).lower()
    assert "rechazad" in said and "rejected" not in said, said
