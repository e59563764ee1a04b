"""Every surface in the table's language (issue 29 item 3): a count is titled by its method's title, never its
id; a summary heading says what it means in Italian and Spanish."""

from __future__ import annotations

import pytest
from conftest import run

pytestmark = pytest.mark.usefixtures("table_language")


def test_the_count_is_titled_in_words_never_by_its_method_id(game):
    assert run("new", "Sofia", "Luca", "-r", "it-lire", game=game).code == 0
    for argv in (("riepilogo",), ("riepilogo", "--markdown"), ("punteggio",)):
        out = run(*argv, game=game).out
        assert "Conclusione a tempo" in out, out
        assert "it-timed" not in out, out


def test_the_summarys_lead_heading_is_italian(game):
    assert run("new", "Sofia", "Luca", "-r", "it-lire", game=game).code == 0
    assert run("paga", "Luca", "banca", "1000", game=game).code == 0
    out = run("riepilogo", game=game).out
    assert "In testa" in out and "Il comando" not in out, out


def test_the_csv_and_the_markdown_speak_the_tables_language(game):
    import csv
    import io

    assert run("new", "Sofia", "Luca", "-r", "it-lire", game=game).code == 0
    assert run("compra", "Sofia", "Vicolo Corto", game=game).code == 0
    assert run("tassa", "patrimoniale", "Luca", game=game).code == 0
    rows = list(csv.reader(io.StringIO(run("esporta", "--csv", game=game).out)))
    assert rows[0] == ["voce", "ora", "giocatore", "azione", "descrizione", "importo", "contanti Sofia", "contanti Luca"]
    assert [r[3] for r in rows[1:]][:2] == ["compra", "tassa patrimoniale"], rows
    md = run("riepilogo", "--markdown", game=game).out
    assert "| posizione | giocatore |" in md and "rank" not in md, md


@pytest.mark.parametrize(("edition", "lang"), [("mx-hasbro", "es"), ("it-lire", "it")])
def test_the_watch_clock_fits_at_45_columns(game, edition, lang, monkeypatch):
    import io
    import re

    from rich.console import Console

    from referee.cli import watch
    from referee.words import i18n

    long_name = game.with_name("partita-del-sabato-sera-con-i-cugini.sqlite")  # a name that leaves no room
    assert run("new", "Sofia", "Luca", "-r", edition, game=long_name).code == 0
    game = long_name
    i18n.use(lang, force=True)
    src = watch.Source(game)
    try:
        src.key()
        buf = io.StringIO()
        con = Console(file=buf, width=45, height=24, color_system=None, highlight=False)
        con.print(watch.frame_for(con, src, 45, 24))
    finally:
        src.close()
    top = "\n".join(buf.getvalue().splitlines()[:2])
    assert re.search(r"\d\d:\d\d:\d\d", top), top  # the whole clock, the file name cut rather than the time


def test_a_card_is_named_by_its_printed_title_never_its_id(game):
    assert run("new", "Sofia", "Luca", "-r", "it-lire", game=game).code == 0
    r = run("carta", "Sofia", "avanza", game=game)
    assert r.code == 2 and "Andate fino" in r.err, r.err  # the closest card, by the words printed on it
    assert "advance-to" not in r.err, r.err


def test_the_card_list_shows_the_printed_words_only(game):
    assert run("new", "Sofia", "Luca", "-r", "it-lire", game=game).code == 0
    out = run("carte", game=game).out
    assert "Imprevisti" in out and "Andate fino al Via!" in out, out
    assert "advance-to" not in out, out


def test_the_auction_example_bid_is_in_the_editions_money(tmp_path, monkeypatch, capsys):
    from referee.cli.console import TableConsole

    game = tmp_path / "game.sqlite"
    monkeypatch.setenv("REFEREE_GAME", str(game))
    con = TableConsole(game)
    assert con.run_line("new Anna Bruno -r it-lire") == 0
    assert con.run_line("auction Vicolo Corto") == 0
    capsys.readouterr()
    assert con.run_line("pay Anna Bruno 10") == 2
    err = capsys.readouterr().err
    assert "(Anna 6000)" in err and "Ana 120" not in err, err  # Vicolo Corto's printed L. 6.000, as a bid is typed


def test_ask_json_answers_in_the_questions_language_with_the_english_beside():
    import json

    r = run("ask", "--json", "-r", "it-lire", "quanto si paga di affitto con un albergo?")
    hits = json.loads(r.out)
    top = next(h for h in hits if h["clause"] == "rent.houses")
    assert "affitto" in top["text"] and "rent" in top["text_en"], top


def test_clicks_possible_options_are_translated():
    from referee.cli.click_words import translate
    from referee.words import i18n

    i18n.use("it", force=True)
    said = translate("No such option: --giv (Possible options: --give)")
    assert said == "L'opzione non esiste: --giv (Opzioni possibili: --da)", said  # the option as the table types it


def test_a_trade_and_a_forced_move_take_their_options_in_spanish_and_italian(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("compra", "Anna", "Vicolo Corto", game=game).code == 0
    r = run("scambio", "Anna", "Bruno", "--da", "Vicolo Corto", "--ricevi", "5000", game=game)
    assert r.code == 0 and "Anna dà Vicolo Corto; Bruno dà L. 5.000" in r.out, r.out + r.err
    r = run("intercambio", "Bruno", "Anna", "--da", "Vicolo Corto", "--recibe", "1000", game=game)
    assert r.code == 0, r.out + r.err


def test_an_auction_left_open_at_the_end_of_a_script_is_said_in_the_tables_language(tmp_path, monkeypatch, capsys):
    from referee.cli.console import TableConsole
    from referee.cli.context import STATE

    game = tmp_path / "game.sqlite"
    monkeypatch.setenv("REFEREE_GAME", str(game))
    assert TableConsole(game).run_line("new Anna Bruno -r it-lire") == 0
    monkeypatch.setitem(STATE, "lang_chosen", True)
    con = TableConsole(game)
    capsys.readouterr()
    assert con.run_lines(["asta Vicolo Corto"]) == 2
    err = capsys.readouterr().err
    assert "l'asta di Vicolo Corto è rimasta aperta" in err, err
