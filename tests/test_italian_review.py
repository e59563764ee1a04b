# ruff: noqa: F811  (server_factory, imported from test_serve, is a fixture the tests take by name)
"""An Italian reader's review (issue 29, docs/review/it.md): the forms a native table reads as wrong.

The euphonic *d* (ad Anna, ed Elena) is language data (`i18n.EUPHONY`) applied where a name or word is filled in
after the preposition or conjunction; a line about a deed or a player never agrees with a gender it cannot know
(Vicolo Corto and Stazione Sud are both deeds; Anna and Bruno both players)."""

from __future__ import annotations

import re

import pytest
from conftest import run
from test_serve import phone_page, server_factory  # noqa: F401  (a fixture, taken by name)

from referee.msg import Msg
from referee.words import i18n
from referee.words.messages import render

pytestmark = pytest.mark.usefixtures("table_language")


def _money(n: int) -> str:
    return f"L. {n}"


@pytest.mark.parametrize(("owner", "said"), [("Anna", "paga ad Anna"), ("Andrea", "paga ad Andrea"), ("Elena", "paga a Elena"),
                                             ("Olga", "paga a Olga"), ("Ugo", "paga a Ugo"), ("Bruno", "paga a Bruno"),
                                             ("Àlvaro", "paga ad Àlvaro")])
def test_the_euphonic_d_goes_before_a_name_with_the_same_vowel_only(owner, said):
    i18n.use("it", force=True)
    text = render(Msg("rent", {"payer": "Carla", "owner": owner, "amount": 800, "deed": "Vicolo Stretto"}), _money)
    assert said + " L. 800 d'affitto per Vicolo Stretto" in text, text
    dealt = render(Msg("deal", {"player": owner, "deeds": ["Via Verdi"]}))
    assert dealt == said.split()[1] + " " + owner + " toccano Via Verdi", dealt


def test_the_conjunction_takes_its_d_before_the_same_vowel_and_a_capital_keeps_its_case():
    i18n.use("it", force=True)
    assert i18n.Said("{a} e {b}").format(a="Bruno", b="Elena") == "Bruno ed Elena"
    assert i18n.Said("{a} e {b}").format(a="Bruno", b="Anna") == "Bruno e Anna"
    assert i18n.Said("A {who} tocca").format(who="Anna") == "Ad Anna tocca"
    assert i18n.Said("la {who}").format(who="Anna") == "la Anna"  # a word ending in a is not the preposition
    assert i18n.Said("a {who}").format(who="") == "a "


def test_another_language_keeps_its_own_preposition():
    i18n.use("es", force=True)
    text = render(Msg("rent", {"payer": "Carla", "owner": "Ana", "amount": 8, "deed": "Avenida Oriental"}), str)
    assert " a Ana " in text and " ad Ana" not in text, text


def test_a_whole_italian_table_says_ad_anna_and_settles_a_debt_without_a_participle(game):
    assert run("new", "Anna", "Bruno", "Elena", "-r", "it-lire", game=game).code == 0
    assert run("compra", "Anna", "Parco della Vittoria", game=game).code == 0
    assert run("compra", "Elena", "Vicolo Corto", game=game).code == 0
    said = " ".join(run("affitto", "Bruno", "Parco della Vittoria", game=game).out.split())
    assert "Bruno paga ad Anna L. 5.000" in said, said
    said = " ".join(run("affitto", "Bruno", "Vicolo Corto", game=game).out.split())
    assert "Bruno paga a Elena L. 200" in said, said
    out = " ".join(run("registro", game=game).out.split())
    assert "ad Anna toccano" not in out and "paga ad Anna" in out and "a Anna" not in out, out
    score = " ".join(run("punteggio", game=game).out.split())
    assert "è in testa con" in score and "il più ricco" not in score, score


# a deed is a street or a station, masculine or feminine by its name: a participle about {deed} agrees with nothing
DEED_AGREES = re.compile(r"(?<!di )\{deeds?\}( è| non è| è già)? (ipotecat[ao]|passat[ao]|distribuit[ao])\b|riceve \{deed\} ipotecat|"
                         r"\b(la|lo) (possiede|mette all'asta)|comprarla\b|riscattarla\b")
# a player or an amount (lire are feminine, dollars masculine) with a participle or adjective that picks a gender
PLAYER_AGREES = re.compile(r"\bil più ricco\b|\bsi è fermat[oa]\b|fallisce al turno|\bl'ultimo giocatore\b|\bsi sia fermato\b|\bgli lasciano\b|\bse stesso\b|"
                           r"\} dovut[ie]\b|\} pagati\b|giocatore/i")


def test_no_italian_line_gives_a_deed_a_player_or_an_amount_a_gender_it_cannot_know():
    i18n.use("it", force=True)
    cat = i18n._catalog()
    shown = [s for key in list(cat._index) if key for s in (cat._raw(key.decode("utf-8")) or [])]
    bad = [s for s in shown if DEED_AGREES.search(s) or PLAYER_AGREES.search(s)]
    assert not bad, bad[:5]


def _console(game, *lines: str) -> str:
    import contextlib
    import io

    from referee.cli.console import TableConsole
    from referee.cli.context import STATE

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
        con = TableConsole(game)
        STATE["lang_chosen"] = True
        try:
            for line in lines:
                con.run_line(line)
        finally:
            STATE["lang_chosen"] = False
    return " ".join(buf.getvalue().split())


def test_usage_lines_and_option_suggestions_say_what_an_italian_table_types(game, monkeypatch):
    monkeypatch.setenv("REFEREE_GAME", str(game))
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    said = _console(game, "compra Anna", "prigione paga", "scambio Anna Bruno --rcevi 5")
    assert "uso: compra GIOCATORE CONTRATTO" in said and "uso: prigione paga GIOCATORE" in said, said
    assert "--ricevi" in said.split("--rcevi", 1)[1] and "--recibe" not in said, said  # the suggestion, not the Spanish spelling
    r = run("affitto", "Anna", game=game)
    err = " ".join(r.err.split())
    assert r.code == 2 and "referee affitto [OPZIONI] PAGANTE CONTRATTO" in err and "referee affitto --help" in err, err
    assert "[OPZIONI] COMANDO [ARGOMENTI]" in run("--help", game=game).out


def test_the_csv_says_the_command_of_each_move_and_the_tax_hint_its_choices_in_italian(game):
    assert run("new", "Anna", "Bruno", "--turns", "--lang", "it", game=game).code == 0  # us-classic: a percent or flat tax
    said = " ".join(run("tira", "Anna", "1", "3", game=game).out.split())
    assert "Income Tax: si dichiara percentuale o importo fisso" in said, said
    assert run("tassa", "patrimoniale", "Anna", "--scelta", "fisso", game=game).code == 0
    assert run("avanti", game=game).code == 0
    csv = run("esporta", "--csv", game=game).out
    assert ",avanti," in csv and "turn.next" not in csv, csv
    assert "(importo fisso)" in csv, csv


def test_an_editions_cards_are_listed_in_the_language_of_the_game_at_hand(game, monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    out = run("cards", "it-lire", game=game).out  # as `rules show it-lire` at that table
    assert "Andate fino alla Stazione Nord" in out and "Advance to" not in out, out
    assert "Uscire di prigione" in run("rules", "show", "it-lire", "jail", game=game).out


def test_why_of_a_move_without_a_rule_says_so_in_italian(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("incassa", "Anna", "5000", game=game).code == 0
    out = " ".join(run("perché", game=game).out.split())
    assert "per questa mossa non è servita nessuna regola" in out and "no rule" not in out, out


def test_the_page_says_ad_anna_as_the_lines_do(tmp_path, server_factory):
    from playwright.sync_api import expect

    g = tmp_path / "g.sqlite"
    for argv in (("new", "Anna", "Bruno", "Elena", "-r", "it-lire"), ("paga", "Bruno", "Anna", "400000"),
                 ("paga", "Elena", "Bruno", "400000")):
        assert run(*argv, game=g).code == 0
    s = server_factory(g)
    with phone_page() as page:
        page.goto(s.base + "/")
        expect(page.locator("#conn")).to_have_text("in diretta")
        text = " ".join(page.inner_text("body").split())
        assert "Bruno deve ad Anna L. 400.000" in text and "Elena deve a Bruno L. 400.000" in text, text
        assert "deve L. 400.000 ad Anna" in text and not re.search(r"(?<!\w)a Anna", text), text


def test_verify_speaks_the_games_language(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    out = run("verifica", game=game).out
    assert "ok —" in out and "mosse ricalcolate dal motore" in out, out


def test_a_commands_help_names_its_arguments_in_italian(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    roll = " ".join(run("tira", "--help", game=game).out.split())
    assert "referee tira [OPZIONI] [GIOCATORE] D1 D2" in roll and "PLAYER" not in roll, roll
    build = " ".join(run("costruisci", "--help", game=game).out.split())
    assert "[GIOCATORE] GRUPPO" in build and "GROUP" not in build, build
    new = " ".join(run("new", "--help", game=game).out.split())
    assert "GIOCATORI... Nomi dei giocatori" in new and "players..." not in new and "referee regole list" in new, new
