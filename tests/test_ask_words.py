"""`referee ask` answers from its index alone: the clauses' translated words are stored in it, a game on a
shipped edition and a variant asked about alone need no composing, and a changed lang file rebuilds it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import run

from referee.ruleset import clause_text, loader
from referee.search import store

MORTGAGE = "¿cuánto cuesta levantar la hipoteca?"


@pytest.fixture
def fresh_catalog():
    loader._CATALOG = None
    clause_text.translations.cache_clear()
    yield
    loader._CATALOG = None
    clause_text.translations.cache_clear()


def flat(text: str) -> str:
    return " ".join(text.split())


def test_a_spanish_answer_takes_its_words_from_the_index(monkeypatch):
    hit = store.editions_index().ask(MORTGAGE, "latam-ciudades").hits[0]
    title, text = clause_text.cited_words(hit.citation, hit.title, hit.text, "es")
    assert text != hit.text and hit.words["es"] == [title, text]  # stored as the lang files word it
    assert hit.said("es") == (title, text) and hit.said("en") == (hit.title, hit.text)

    def no_yaml(lang):
        raise AssertionError("the answer read a lang file")

    monkeypatch.setattr(clause_text, "translations", no_yaml)
    r = run("--lang", "es", "ask", MORTGAGE, "--ruleset", "latam-ciudades")
    assert r.code == 0, r.text
    assert f"{hit.clause} — {title}" in flat(r.out) and flat(text) in flat(r.out)


def _modules_after(args: list[str]) -> set[str]:
    """The modules a real `referee ARGS` process had loaded when it ended."""
    code = ("import atexit, sys\n"
            "atexit.register(lambda: print('MODULES', *sorted(sys.modules), file=sys.stderr))\n"
            f"sys.argv = ['referee', *{args!r}]\n"
            "from referee.entry import main\n"
            "main()\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return set(p.stderr.split("MODULES", 1)[1].split())


def test_answering_reads_no_yaml_and_loads_no_ruleset_code(game):
    assert run("new", "--ruleset", "it-lire", "Ana", "Ben", game=game).code == 0
    run("ask", "jail fine", "--ruleset", "short-game")  # the variant's own index, cached
    for args in (["--lang", "es", "ask", MORTGAGE, "--ruleset", "latam-ciudades"],
                 ["--lang", "it", "ask", "quanto costa un albergo", "--all-editions"],
                 ["ask", "how does the game end?", "--ruleset", "short-game"],
                 ["--game", str(game), "ask", "quanto si paga per uscire di prigione"]):
        _modules_after(args)  # any cache a test before this one left stale is rebuilt
        assert not {"yaml", "referee.ruleset.loader", "referee.store.ledger"} & _modules_after(args), args


def test_editing_a_translation_rebuilds_the_index(monkeypatch, tmp_path, fresh_catalog):
    d = tmp_path / "rs"
    (d / "lang" / "es").mkdir(parents=True)
    monkeypatch.setenv("REFEREE_RULESETS", str(d))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))

    def fine():
        clause_text.translations.cache_clear()  # as a new process reads them
        return next(h for h in store.editions_index().ask("how much is the jail fine?", "us-classic").hits if h.clause == "jail.fine")

    hit = fine()
    shipped = hit.words["es"]
    stated = hit.citation.get("inherited_from") or "us-classic"
    f = d / "lang" / "es" / "mesa.yaml"  # a new file in a watched folder
    f.write_text(f"{stated}:\n  jail.fine:\n    title: Multa zorblax\n    text: Se paga en zorblax.\n")
    assert fine().words["es"] == ["Multa zorblax", "Se paga en zorblax."]
    f.write_text(f"{stated}:\n  jail.fine:\n    title: Multa quuxly\n")  # an edit: the clause has no Spanish text now
    os.utime(f, ns=(f.stat().st_atime_ns, f.stat().st_mtime_ns + 10_000_000))
    assert fine().words["es"] == ["Multa quuxly", hit.text]
    r = run("--lang", "es", "ask", "how much is the jail fine?", "--ruleset", "us-classic")
    assert "jail.fine — Multa quuxly" in r.out
    f.unlink()
    assert fine().words["es"] == shipped


def test_a_game_on_a_shipped_edition_answers_as_when_its_ruleset_is_composed(game, monkeypatch):
    from referee.cli import ask_cmd

    monkeypatch.delenv("REFEREE_LANG")  # the game's language is spoken
    assert run("new", "--ruleset", "latam-ciudades", "Ana", "Ben", game=game).code == 0
    assert ask_cmd._as_shipped(game, store.editions_index()) == "latam-ciudades"
    questions = [("¿cuánto cuesta salir de la cárcel?",), ("can I collect rent in jail?", "--json"), ("what is the capital of France",)]
    fast = [run("ask", *q, game=game) for q in questions]
    monkeypatch.setattr(store, "shipped_edition", lambda *a: None)  # the game's ruleset composed, as before
    slow = [run("ask", *q, game=game) for q in questions]
    assert [(r.code, r.out) for r in fast] == [(r.code, r.out) for r in slow]
    assert "Salir de la cárcel" in fast[0].out


def test_a_game_with_a_variant_or_an_older_ruleset_is_composed(game, tmp_path):
    import sqlite3

    from referee.cli import ask_cmd

    shipped = store.editions_index()
    assert run("new", "--ruleset", "us-classic", "--variant", "short-game", "Ana", "Ben", game=game).code == 0
    assert ask_cmd._as_shipped(game, shipped) is None
    older = tmp_path / "older.sqlite"
    assert run("new", "--ruleset", "us-classic", "Ana", "Ben", game=older).code == 0
    with sqlite3.connect(older) as con:  # an older copy of the edition: one clause worded otherwise
        rs = json.loads(con.execute("SELECT value FROM meta WHERE key = 'ruleset'").fetchone()[0])
        fine = next(c for c in rs["clauses"] if c["id"] == "jail.fine")
        fine["text"] += " Older wording: the fine is paid in zorblax."
        con.execute("UPDATE meta SET value = ? WHERE key = 'ruleset'", (json.dumps(rs),))
    con.close()
    assert ask_cmd._as_shipped(older, shipped) is None
    r = run("ask", "jail fine zorblax", game=older)
    assert r.code == 0 and "zorblax" in r.out


def test_the_game_schemas_read_without_the_ledger_are_the_ledgers():
    from referee.cli.ask_cmd import GAME_SCHEMAS
    from referee.store.ledger import SCHEMA_VERSION

    assert GAME_SCHEMAS == tuple(str(v) for v in range(1, SCHEMA_VERSION + 1))


def test_a_variant_asked_about_alone_finds_the_index_it_would_compose():
    from referee import search

    assert store.DEFAULT_EDITION == search.DEFAULT_EDITION
    shipped = store.editions_index()
    overlays = shipped.meta["overlays"]
    assert {"short-game", "time-limit", "free-parking-jackpot"} <= set(overlays)
    for oid in overlays:
        idx, key = search.resolve_ruleset(shipped, oid)  # composes it (and caches its index)
        found = store.cached_overlay(shipped, oid)
        assert found is not None and found[1] == key, oid
        assert found[0].con.execute("PRAGMA database_list").fetchone()[2] == idx.con.execute("PRAGMA database_list").fetchone()[2]
    assert store.cached_overlay(shipped, "us-classic") is None  # an edition: resolve_ruleset's own way
    assert store.cached_overlay(shipped, "no-such-thing") is None


@pytest.mark.parametrize("question, ruleset", [("¿el banco puede quebrar?", "mx-hasbro"), ("la banca può fallire?", "it-lire")])
def test_whether_the_bank_can_go_broke_is_asked_in_spanish_and_italian(question, ruleset):
    from referee import search

    hits = search.editions_index().ask(question, ruleset, 3).hits
    assert hits and hits[0].clause == "bank.never_broke"
