"""The locale decides the table's language when no flag says otherwise and the edition is printed in English;
an edition printed in another language speaks its own; the game records the choice."""

from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import run

from referee.words import i18n


@pytest.fixture(autouse=True)
def _no_flag(monkeypatch):
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    yield
    i18n.reset()


def _recorded(game) -> str:
    con = sqlite3.connect(game)
    try:
        return json.loads(dict(con.execute("SELECT key, value FROM meta"))["spec"])["language"]
    finally:
        con.close()


@pytest.mark.parametrize(("locale", "said", "lang"), [("es_MX.UTF-8", "Partida nueva us-classic", "es"),
                                                     ("it_IT.UTF-8", "Nuova partita us-classic", "it"),
                                                     ("fr_FR.UTF-8", "Nouvelle partie us-classic", "fr"), ("C.UTF-8", "New game us-classic", "en")])
def test_a_spanish_or_italian_locale_gets_its_language_for_an_english_edition(monkeypatch, game, locale, said, lang):
    monkeypatch.setenv("LANG", locale)
    r = run("new", "Ana", "Beto", game=game)
    assert r.code == 0 and said in r.out, r.out
    assert _recorded(game) == lang
    monkeypatch.setenv("LANG", "C.UTF-8")  # the game keeps its language whoever opens it later
    assert ("Ana" in run("status", game=game).out) and (lang == "en" or "New game" not in run("log", game=game).out)


def test_an_edition_printed_in_italian_speaks_italian_under_a_spanish_locale(monkeypatch, game):
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    r = run("new", "Anna", "Bruno", "-r", "it-lire", game=game)
    assert "Nuova partita it-lire" in r.out and _recorded(game) == "it"


def test_the_flag_outranks_the_locale(monkeypatch, game):
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    r = run("new", "Ana", "Ben", "--lang", "en", game=game)
    assert "New game us-classic" in r.out and _recorded(game) == "en"
