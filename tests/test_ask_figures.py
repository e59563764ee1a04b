"""`referee ask` answers from the board: deeds' prices, rents (by the engine), mortgages, house costs, the box's stock."""

from __future__ import annotations

import json

import pytest
from conftest import run

from referee.core.rent import rent_due
from referee.core.state import new_table
from referee.ruleset import loader
from referee.search import figures


def shown(q: str, ruleset: str) -> str | None:
    f = figures.answer(q, ruleset)
    return f.shown if f else None


@pytest.mark.parametrize("q, ruleset, figure, clause", [
    ("rent on Boardwalk with a hotel", "us-classic", "$2,000", "rent.houses"),
    ("I landed on Park Place with 3 houses, how much?", "us-classic", "$1,100", "rent.houses"),
    ("how much does St. Charles Place cost", "us-classic", "$140", "buy.printed_price"),
    ("mortgage on Ventnor Avenue?", "us-classic", "$130", "mortgage.value"),
    ("how much is a house on the oranges", "us-classic", "$100", "building.full_group"),
    ("how many hotels come in the box", "us-classic", "12", "bank.stock"),
    ("he owns 3 railroads, I landed on Short Line, how much", "us-classic", "$100", "rent.railroad"),
    ("quanto costano le case dei verdi", "it-lire", "L. 20.000", "building.full_group"),
    ("affitto di Largo Colombo con 1 casa", "it-lire", "L. 10.000", "rent.houses"),
    ("quanto costa Via Verdi", "it-lire", "L. 18.000", "buy.printed_price"),  # the street, not the green group
    ("cuánto cuesta Plaza San Carlos", "mx-hasbro", "$140", "buy.printed_price"),
    ("renta de Avenida Pacífico con hotel", "mx-hasbro", "$1,275", "rent.houses"),
    ("how much is Old Kent Road", "uk", "£60", "buy.printed_price"),
])
def test_a_question_for_a_board_figure_gets_it_with_its_clause(q, ruleset, figure, clause):
    f = figures.answer(q, ruleset)
    assert f is not None and f.shown == figure and f.clause == clause


def test_a_rent_is_the_engine_s_own_ruling_not_a_copied_number():
    rs = loader.load("us-classic")
    idx = next(s.index for s in rs.deeds if s.name == "Park Place")
    t = new_table([("a", 0), ("b", 0)], [d.index for d in rs.deeds], 32, 12)
    t.deeds[idx].owner, t.deeds[idx].houses = "a", 3
    assert figures.answer("I landed on Park Place with 3 houses, how much?", "us-classic").amount == rent_due(rs, t, idx).amount
    both = figures.answer("how much is the rent on Park Place with no houses when he owns both dark blues", "us-classic")
    assert both.amount == 2 * rs.squares[idx].rent[0]  # the whole group owned, unimproved: the engine doubles it


@pytest.mark.parametrize("q, ruleset", [
    ("can I collect rent while I'm in jail?", "us-classic"),
    ("can i sell park place to my friend for more than it costs", "us-classic"),  # a permission, not a price
    ("how much to unmortgage Boardwalk", "us-classic"),  # the lift, with its interest: the clause's business
    ("quante case al massimo su un terreno", "it-lire"),  # a limit, not the box's stock
    ("how much is the luxury tax?", "us-classic"),  # no deed named: the clause gives the amount
    ("cuánto cuesta Montevideo", "latam-ciudades"),  # a price this board does not know: the clause says where to read it
    ("quanto prendo passando dal via", "it-lire"),  # 'via' names no single street
])
def test_a_rule_question_gets_no_figure(q, ruleset):
    assert figures.answer(q, ruleset) is None


def test_a_single_source_figure_is_flagged():
    f = figures.answer("quanto si paga alla Stazione Nord se il padrone ha tutte e 4 le stazioni", "it-lire")
    assert f is not None and f.shown == "L. 20.000" and f.single


def test_ask_prints_the_figure_first_with_source_and_clause():
    r = run("ask", "rent on Boardwalk with a hotel")
    assert r.code == 0
    first = r.out.split("1. ")[0]
    assert "$2,000 (Boardwalk: rent with a hotel)" in first
    assert "board data" in first and "rent.houses" in first


def test_ask_says_the_figure_in_the_table_s_language():
    from referee.words import i18n

    r = run("--lang", "it", "ask", "quanto costano le case dei verdi", "-r", "it-lire")  # the suite pins English otherwise
    assert r.code == 0 and "L. 20.000 a casa (gruppo Verde)" in r.out
    r = run("--lang", "es", "ask", "renta de Avenida Pacífico con hotel", "-r", "mx-hasbro")
    assert r.code == 0 and "$1,275 (Avenida Pacífico: renta con hotel)" in r.out
    r = run("--lang", "it", "ask", "quanto si paga alla Stazione Nord se il padrone ha tutte e 4 le stazioni", "-r", "it-lire")
    assert "una sola fonte" in r.out
    i18n.reset()


def test_ask_json_puts_the_figure_first_in_the_answers_shape():
    r = run("ask", "how much does Boardwalk cost", "--json")
    items = json.loads(r.out)
    assert items[0]["figure"]["amount"] == 400 and items[0]["clause"] == "buy.printed_price"
    assert items[0]["citation"]["clause"] == "buy.printed_price" and items[0]["citation"]["file"]
    assert all("figure" not in i for i in items[1:])


@pytest.mark.parametrize("q, ruleset, lang, line", [
    ("how much is the doctor's fee card", "us-classic", "en", "$50 (Community Chest: “Doctor's fee; pay $50”)"),
    ("quanto si paga con la carta Matrimonio in famiglia", "it-lire", "it", "L. 15.000 (Imprevisti: «Matrimonio in famiglia: pagate L. 15.000»)"),
])
def test_a_card_is_answered_with_its_printed_effect(q, ruleset, lang, line):
    from referee.words import i18n

    try:
        r = run("--lang", lang, "ask", q, "-r", ruleset)
    finally:
        i18n.reset()
    assert r.code == 0 and line in r.out and "cards.draw" in r.out and "(?)" not in r.out


def test_inside_a_game_the_table_s_recorded_deed_value_answers(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "--ruleset", "it-lire", "Ana", "Ben", game=g).code == 0
    assert "L. 1.000" in run("ask", "affitto di Vicolo Corto con 1 casa", game=g).out  # the edition's value
    assert run("deed", "Vicolo Corto", "--houses", "1", "--value", "1100", game=g).code == 0
    r = run("ask", "affitto di Vicolo Corto con 1 casa", game=g)
    assert r.code == 0 and "L. 1.100 (Vicolo Corto" in r.out
    assert "L. 1.000 (Vicolo Corto" in run("ask", "affitto di Vicolo Corto con 1 casa", "-r", "it-lire", game=g).out  # --ruleset: the book's


@pytest.mark.parametrize("q, ruleset", [
    ("do I owe rent if a card moved me onto someone's street?", "us-classic"),  # whether, not how much
    ("my brother mortgaged Boardwalk and still wants me to pay him rent when i land there. is that a thing?", "us-classic"),
    ("Landed on Super Tax right before Mayfair, what do I owe?", "uk"),  # the tax square's amount, a clause's
    ("the card says go back three spaces, do I pay rent where I land?", "us-classic"),  # a card with no amount
    ("ho ipotecato Via Roma ieri sera, se oggi qualcuno ci si ferma mi deve l'affitto?", "it-lire"),
    ("a chance card sent me to the nearest railroad, what do I pay?", "us-classic"),  # the card doubles it: rent.card
    ("rivendo 2 case di Via Verdi alla banca, quanto mi ridà?", "it-lire"),  # half of what was paid: building.sell
    ("all'asta si parte per forza dal prezzo scritto sulla casella? Marta ha offerto 1000 lire per la Stazione Est", "it-lire"),
    ("I already have a hotel on Boardwalk and way too much cash, can I stack a second one there?", "us-classic"),
    ("tengo el Ferrocarril Reading y el B&O, ¿cuánto cobro?", "mx-hasbro"),  # how many are held is not said outright
    ("Piazza Dante è ipotecata per 10.000, quanto devo dare alla banca per riscattarla?", "it-lire"),  # the lift: its clause
])
def test_a_question_whether_gets_no_figure(q, ruleset):
    assert figures.answer(q, ruleset) is None



def test_the_words_around_a_figure_set_the_table():
    assert shown("tengo las 3 celestes sin casas, ¿cuánto cobro en Avenida Connecticut?", "mx-hasbro") == "$16"  # group owned, doubled
    assert shown("quante case verdi e quanti alberghi rossi ci sono nella scatola?", "it-lire") == "32"  # the box, not Via Verdi
