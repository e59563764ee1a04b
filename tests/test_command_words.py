"""A hint is printed in the table's command words, and those words are commands wherever they are typed."""

from __future__ import annotations

import pytest
from conftest import run

from referee.msg import Next
from referee.words import commands, i18n
from referee.words.next_actions import render_next

NEXTS = [Next("buy", {"player": "Ana", "deed": "Viale Monterosa"}), Next("auction", {"winner": None, "deed": "Vicolo Corto", "price": None}),
         Next("rent", {"player": "Ana", "deed": "Vicolo Corto"}), Next("tax", {"tax": "income", "player": "Ana"}),
         Next("draw", {"player": "Ana", "card": None}), Next("deed", {"deed": "Vicolo Corto", "price": None}), Next("parking", {"player": "Ana"})]


pytestmark = pytest.mark.usefixtures("table_language")


@pytest.mark.parametrize("lang", ["es", "it"])
def test_every_suggested_move_starts_with_a_word_of_the_tables_language(lang):
    i18n.use(lang, force=True)
    for nxt in NEXTS:
        shown = render_next(nxt)
        first = shown.split()[0]
        assert commands.WORDS[lang].get(first) == nxt.action, shown
        assert commands.command_of(first) == nxt.action  # and it reads back as the same move


def test_english_tables_keep_the_english_commands():
    i18n.use("en", force=True)
    assert render_next(NEXTS[0]) == 'buy Ana "Viale Monterosa"'
    assert render_next(NEXTS[3]) == "tax income Ana"


def test_a_sub_command_is_spelt_in_the_language_too():
    assert commands.line("tax", "income", "Ana", lang="it") == "tassa patrimoniale Ana"
    assert commands.line("build", "Viale Monterosa", "--hotel", lang="es") == 'construye "Viale Monterosa" --hotel'
    assert commands.expand_sub(["tax", "lujo", "Ana"]) == ["tax", "luxury", "Ana"]


def test_the_next_building_step_at_an_italian_table_is_typed_in_italian(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("deal", "Anna", "Viale Costantino", "Viale Traiano", "Piazza Giulio Cesare", game=game).code == 0
    for deed in ("Viale Costantino", "Viale Traiano"):
        assert run("costruisci", deed, "--lang", "it", game=game).code == 0  # the one-shot CLI reads the table's word
    r = run("costruisci", "Piazza Giulio Cesare", "--lang", "it", game=game)
    said = " ".join(r.out.split())
    assert r.code == 0 and 'costruisci "Piazza Giulio Cesare")' in said, said
    assert "(build " not in said, said


def test_a_spanish_word_runs_its_command_from_the_shell(game):
    assert run("new", "Ana", "Beto", "-r", "mx-hasbro", game=game).code == 0
    r = run("compra", "Ana", "Avenida Mediterráneo", game=game)
    assert r.code == 0, r.out
    assert "Ana" in r.out


def test_the_commands_a_native_table_asked_for_have_its_words(game):
    """summary, why, void, amend and no-bid in Italian and Spanish, as every other command has."""
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("compra", "Anna", "Vicolo Corto", game=game).code == 0
    assert run("perché", game=game).code == 0 and run("riepilogo", game=game).code == 0
    r = run("correggi", "2", "compra", "Anna", "Vicolo Stretto", game=game)  # the corrected move in the table's words too
    assert r.code == 0 and "Vicolo Stretto" in r.out, r.out
    assert run("paga", "Bruno", "Anna", "10", game=game).code == 0
    assert run("cancella", "4", game=game).code == 0
    assert commands.command_of("resumen") == "summary" and commands.command_of("sin-ofertas") == "no-bid"
