"""Rulings said in the table's words: cards, taxes, valuations, buildings, jail, the editions' own terms (each test failed before its fix)."""

from __future__ import annotations

import pytest
from conftest import run

pytestmark = pytest.mark.usefixtures("table_language")


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


def test_a_jail_card_is_traded_by_its_italian_or_spanish_words(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("card", "Anna", "imprevisti uscite gratis di prigione", game=game).code == 0
    r = run("--lang", "it", "trade", "Anna", "Bruno", "--give", "uscite gratis di prigione", "--take", "3000", game=game)
    assert r.code == 0 and "carta" in r.out, r.out + r.err


def test_a_house_rules_section_is_cited_in_the_tables_words():
    r = run("--lang", "es", "ask", "¿puedo cobrar renta si estoy en la cárcel?", "-r", "mx-hasbro", "-n", "3")
    said = " ".join(r.out.split())
    assert "§ Sin renta en la cárcel" in said and "§ No rent while in jail" not in said, said
