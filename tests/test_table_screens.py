"""The screens a table reads: score, log, why, watch, console help, the page and ask, in the table's words and width (each test failed before its fix)."""

from __future__ import annotations

import os

import pytest
from conftest import run, run_proc

from referee.words import i18n

pytestmark = pytest.mark.usefixtures("table_language")


def test_a_lire_score_keeps_its_amounts_whole_at_80_columns(game):
    assert run("new", "Anna", "Bruno", "Carla", "-r", "it-lire", game=game).code == 0
    moves = [("buy", "Anna", "parco della vittoria"), ("buy", "Anna", "viale dei giardini"), ("buy", "Carla", "stazione nord"),
             ("buy", "Carla", "via roma"), ("mortgage", "stazione nord")]
    moves += [("build", deed) for _ in range(5) for deed in ("parco della vittoria", "viale dei giardini")]
    moves += [("pay", "Bruno", "bank", "900000"), ("bankrupt", "Bruno")]
    for argv in moves:
        assert run(*argv, game=game).code == 0, argv
    out = run_proc("--lang", "it", "score", game=game, env={**os.environ, "COLUMNS": "80"}).stdout  # a fresh console, 80 wide
    rows = [line for line in out.splitlines() if "Anna" in line or "Carla" in line][:2]
    assert len(rows) == 2 and "…" not in out and all(line.count("L.") >= 3 for line in rows), out
    assert all(len(line) <= 80 for line in out.splitlines()[1:6]), out


def test_why_says_a_move_re_run_by_a_void_as_the_log_does(game):
    assert run("new", "Ana", "Ben", game=game).code == 0
    assert run("pay", "Ana", "Ben", "10", game=game).code == 0
    assert run("pay", "Ben", "Ana", "5", game=game).code == 0
    assert run("void", "2", game=game).code == 0
    said = " ".join(run("why", "3", game=game).out.split())
    assert "(re-run in #4)" in said and "undone by" not in said, said


def test_the_boards_own_names_for_free_parking_and_super_tax(game):
    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", game=game).code == 0
    assert "Parada Libre" in run("parking", "Ana", game=game).out
    assert run("new", "Ana", "Ben", "-r", "uk", "--force", game=game).code == 0
    assert "£100 luxury tax (Super Tax)" in run("tax", "luxury", "Ben", game=game).out


def test_words_left_in_english_at_a_spanish_or_italian_table(game):
    assert "Errore: Manca il comando." in run("--lang", "it").err
    assert "Falta el argumento 'PAGADOR'" in run("--lang", "es", "pay").err
    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", game=game).code == 0
    assert run("buy", "Ana", "avenida atlántico", game=game).code == 0
    said = " ".join(run("--lang", "es", "build", "avenida atlántico", game=game).err.split())
    assert "(banco)" in said and "(bank)" not in said, said
    assert run("new", "Ana", "Ben", "-r", "us-classic", "--force", game=game).code == 0
    for argv in (("buy", "Ana", "reading railroad"), ("mortgage", "reading railroad"), ("unmortgage", "reading railroad")):
        assert run(*argv, game=game).code == 0
    said = " ".join(run("--lang", "it", "why", game=game).out.split())
    assert "d'interesse $10 = $110" in said and "arrotondamento" not in said and "(rounded" not in said, said


def test_screens_count_alike_and_a_flat_tax_edition_does_not_call_its_count_a_tax(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    for argv in (("buy", "Anna", "stazione nord"), ("mortgage", "stazione nord")):
        assert run(*argv, game=game).code == 0
    import json

    status = json.loads(run("status", "--json", game=game).out)
    score = json.loads(run("score", "--json", game=game).out)
    anna = next(p for p in status["players"] if p["name"] == "Anna")
    assert anna["net_worth"] == next(p["total"] for p in score["players"] if p["name"] == "Anna")
    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", "--force", game=game).code == 0
    out = run("score", game=game).out
    assert "income tax" not in out and "tax.income" not in out, out


def test_the_consoles_help_is_one_line_a_command_at_80_columns(tmp_path, monkeypatch):
    from rich.console import Console

    from referee.cli.console import TableConsole

    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    c = TableConsole(tmp_path / "g.sqlite")
    assert c.run_line("new Anna Bruno -r it-lire") == 0
    c.out = Console(width=80, record=True, file=open(os.devnull, "w"))
    i18n.use("it")
    c.help([])
    lines = c.out.export_text().splitlines()
    build = [line for line in lines if line.startswith("build ")]
    assert len(build) == 1 and "costruisci" in build[0], lines
    assert all(len(line.rstrip()) <= 80 for line in lines)
    assert not any(line.startswith(" " * 20) for line in lines), lines  # no description spilling onto a line of its own


def test_watch_shows_no_square_where_turns_are_not_tracked_and_fits_its_screen(game):
    import io

    from rich.console import Console

    from referee.cli import watch

    names = ["Alessandra", "Benedetta", "Costanza", "Domenico", "Eleonora", "Federico"]
    assert run("new", *names, "-r", "it-lire", game=game).code == 0
    src = watch.Source(game)
    src.key()
    con = Console(file=io.StringIO(), width=80, height=24, color_system=None, highlight=False)
    frame = src.frame(80)
    con.print(frame)
    assert "Via!" not in con.file.getvalue(), con.file.getvalue()  # where the tokens stand is not known
    cut = io.StringIO()
    small = Console(file=cut, width=80, height=12, color_system=None, highlight=False)
    small.print(watch.fit(small, frame, 12))
    lines = cut.getvalue().splitlines()
    src.close()
    assert len(lines) == 12 and "↓" in lines[-1], lines


def test_a_link_without_its_token_gets_a_page_in_the_tables_language(monkeypatch):
    from referee.web import server

    monkeypatch.setattr(i18n, "current", lambda: "es")
    i18n.use("es")
    page = server._refused_page()
    assert 'lang="es"' in page and "viewport" in page and "vuelve a escanear el código QR" in page, page


def test_watch_names_no_timed_count_when_the_last_player_is_left(game):
    import io

    from rich.console import Console

    from referee.cli import watch

    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("pay", "Bruno", "bank", "900000", game=game).code == 0
    assert run("bankrupt", "Bruno", game=game).code == 0
    src = watch.Source(game)
    src.key()
    con = Console(file=io.StringIO(), width=80, color_system=None, highlight=False)
    con.print(src.frame(80))
    src.close()
    text = con.file.getvalue()
    assert "Anna" in text and "Conclusione a tempo" not in text and "timed end" not in text.lower(), text


def test_the_first_answer_does_not_depend_on_how_many_are_shown(game):
    import json

    assert run("new", "Ann", "Bob", "-r", "uk", "--house-rule", "double-go", game=game).code == 0
    firsts = set()
    for n in ("1", "2", "3", "5"):
        r = run("ask", "do I get double for landing on go", "-n", n, "--json", game=game)
        firsts.add(json.loads(r.out)[0]["clause"])
    assert len(firsts) == 1, firsts
