"""Session 8's QA of rulings against the books: each test fails before its fix."""

from __future__ import annotations

import os

import pytest
from conftest import run, run_proc

from referee.words import i18n


@pytest.fixture(autouse=True)
def _fresh_language(monkeypatch):
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    yield
    i18n.reset()


def test_a_card_that_moves_past_go_says_the_salary_on_its_line(game):
    assert run("new", "Ana", "Ben", "-r", "us-classic", game=game).code == 0
    said = " ".join(run("card", "Ana", "chance advance to go", game=game).out.split())
    assert "moves to GO, collects the $200 salary" in said, said
    assert run("new", "Anna", "Bruno", "-r", "it-lire", "--force", game=game).code == 0
    said = " ".join(run("card", "Anna", "imprevisti andate fino al via", game=game).out.split())
    assert "va a Via! e riscuote l'indennità di L. 20.000" in said, said


def _check(tmp_path, text: str, *args: str):
    f = tmp_path / "s.yaml"
    f.write_text(text, encoding="utf-8")
    r = run(*args, "check", str(f))
    return r, " ".join((r.out + r.err).split())


def test_a_nearest_utility_throw_given_says_the_rent_it_makes(tmp_path):
    r, said = _check(tmp_path, "ruleset: us-classic\nplayers:\n  Ana: {cash: 500, deeds: [Electric Company]}\n  Cy: {cash: 500, position: 33}\n"
                     "claims:\n  - roll: {player: Cy, dice: [1, 2], card: 'chance:nearest-utility', card_dice: [4, 5]}\n    owes: 90\n", "--lang", "en")
    assert r.code == 0 and "Cy owes Ana $90 rent on Electric Company" in said and "--dice N" not in said, said


def test_a_valuation_claim_names_its_method_in_the_tables_words(tmp_path):
    r, said = _check(tmp_path, "ruleset: it-lire\nplayers:\n  Ben: {cash: 10000, deeds: [Vicolo Corto]}\n  Cy: {cash: 10000}\n"
                     "claims:\n  - value: {player: Ben, method: liquidation}\n", "--lang", "it")
    assert "il totale di Ben è L. 13.000 (Prova di fallimento" in said and "secondo liquidation" not in said, said


def test_an_income_tax_choice_refused_is_named_in_the_tables_words(tmp_path):
    r, said = _check(tmp_path, "ruleset: mx-hasbro\nplayers:\n  Ana: {cash: 1500}\n  Ben: {cash: 1500}\n"
                     "claims:\n  - income-tax: {player: Ana, choice: percent}\n", "--lang", "es")
    assert "'porcentaje'; solo admite: fijo" in said and "percent'" not in said, said


def test_a_hint_s_placeholders_are_in_the_tables_language(tmp_path):
    r, said = _check(tmp_path, "ruleset: us-classic\nplayers:\n  Ana: {cash: 1500, position: GO}\n  Ben: {cash: 1500}\n"
                     "claims:\n  - roll: {player: Ana, dice: [1, 2]}\n", "--lang", "es")
    assert "subasta GANADOR" in said and "PRECIO" in said and "WINNER" not in said, said


def test_one_hotel_in_the_bank_is_one_hotel(tmp_path):
    r, said = _check(tmp_path, "ruleset: us-1950s\nplayers:\n  Ana: {cash: 2000, deeds: {Boardwalk: 4, Park Place: 4}}\n"
                     "  Ben: {cash: 2000, deeds: {Oriental Avenue: 4, Vermont Avenue: 4, Connecticut Avenue: 4}}\nbank: {houses: 0, hotels: 1}\n"
                     "claims:\n  - shortage: {deed: Boardwalk, wants: {Ana: {hotels: 1}, Ben: {hotels: 1}}, hotel: true, price: 300}\n", "--lang", "en")
    assert "the bank holds 1 hotel; Ana, Ben want 2" in said, said


def test_two_lots_short_of_houses_have_fewer(tmp_path):
    r, said = _check(tmp_path, "ruleset: it-lire\nplayers:\n  Ana: {cash: 500000, deeds: [Via Accademia, Corso Ateneo, Piazza Università]}\n  Ben: {cash: 0}\n"
                     "claims:\n  - build: {deed: Via Accademia, count: 2}\n", "--lang", "en")
    assert "while Corso Ateneo, Piazza Università have 0" in said, said


def test_a_jailed_token_stated_elsewhere_is_a_slip_at_its_line(tmp_path):
    r, said = _check(tmp_path, "ruleset: us-classic\nplayers:\n  Ana: {cash: 500, in_jail: true, position: 38}\n  Ben: {cash: 500}\n"
                     "claims:\n  - jail: {player: Ana, action: pay}\n", "--lang", "en")
    assert r.code == 2 and "s.yaml:3: Ana is in jail, so the token is on In Jail / Just Visiting, not on Luxury Tax" in said, said


def test_rules_show_names_and_takes_topics_in_the_tables_language():
    said = " ".join(run("--lang", "it", "rules", "show", "it-lire", "ipoteca").out.split())
    assert "mortgage.lift (ipoteca)" in said and "(mortgage)" not in said, said
    r = run("--lang", "es", "rules", "show", "mx-hasbro", "zzzz")
    assert r.code != 0 and "cárcel" in r.err and "jail," not in r.err, r.err


def test_hasbros_short_game_does_not_fit_the_lire_or_mexican_edition(game):
    r = run("new", "Anna", "Bruno", "-r", "it-lire", "--variant", "hasbro-short-game", game=game)
    assert r.code == 2 and "applies to us-classic, us-2008, uk, not to it-lire" in " ".join(r.err.split()), r.err
    assert not game.exists()
    assert run("new", "Ana", "Ben", "-r", "uk", "--variant", "hasbro-short-game", game=game).code == 0


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


def test_a_jail_card_is_traded_by_its_italian_or_spanish_words(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("card", "Anna", "imprevisti uscite gratis di prigione", game=game).code == 0
    r = run("--lang", "it", "trade", "Anna", "Bruno", "--give", "uscite gratis di prigione", "--take", "3000", game=game)
    assert r.code == 0 and "carta" in r.out, r.out + r.err


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


def test_a_house_rules_section_is_cited_in_the_tables_words():
    r = run("--lang", "es", "ask", "¿puedo cobrar renta si estoy en la cárcel?", "-r", "mx-hasbro", "-n", "3")
    said = " ".join(r.out.split())
    assert "§ Sin renta en la cárcel" in said and "§ No rent while in jail" not in said, said
