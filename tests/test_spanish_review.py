"""What a Spanish reader found on the screens of whole games (issue 29, the native review: docs/review/es.md):
each test fails on the form the reader saw and passes on the one that replaced it."""

from __future__ import annotations

import re

import pytest
from conftest import run

from referee.ruleset import loader
from referee.words import i18n

pytestmark = pytest.mark.usefixtures("table_language")


def _at(edition: str) -> None:
    i18n.use("es", force=True)
    i18n.use_words(loader.load(edition).words)


def test_the_bare_site_is_not_a_deed_at_a_mexican_table():
    """The catalog's "solar" named both a lot and the bare site (the deed's first rent): the Mexican words made the
    board's rent column "renta: propiedad". The site is "sin casas" in every edition; a lot is the book's word."""
    _at("mx-hasbro")
    assert i18n.gettext("rent: site") == "renta: sin casas"
    assert i18n.gettext("rents (site, 1-4 houses, hotel)") == "rentas (sin casas, 1-4 casas, hotel)"
    assert i18n.pgettext("rent.group_mortgaged", "{player} owns the whole {group} group but a lot of it is mortgaged: no double") \
        == "{player} tiene todo el grupo {group}, pero con una propiedad hipotecada: sin renta doble"
    _at("latam-ciudades")
    assert i18n.gettext("rent of the site") == "alquiler sin casas"


def test_a_phrase_kept_whole_is_not_rewritten_from_inside_a_longer_match():
    """`renta vitalicia` (an annuity) is listed to itself, but "su renta" starts before it and used to win."""
    _at("latam-ciudades")
    assert i18n.own_words("Vence su renta vitalicia; cobre $100. Su renta: $6") == \
        "Vence su renta vitalicia; cobre $100. Su alquiler: $6"


def test_the_mexican_leaflet_frees_a_mortgage_and_its_cards_name_its_squares():
    _at("mx-hasbro")
    assert i18n.pgettext("unmortgage", "{player} lifts the mortgage on {deed}: {amount:money}") == \
        "{player} libera la hipoteca de {deed}: {amount:money}"
    assert i18n.data("Take a trip to Reading Railroad; if you pass GO collect salary").startswith("Viaje a Ferrocarril Reading")
    assert i18n.data("Advance to Illinois Avenue") == "Avance hasta Avenida Illinois"
    _at("us-classic")  # a US board at a Spanish table: its squares as printed, in the cards too
    assert i18n.data("Advance to Illinois Avenue") == "Avance hasta Illinois Avenue"


def test_a_spanish_game_reads_the_same_deck_and_words_everywhere(game):
    """A US game at a Spanish table: its books (000, 001) say alquiler and carta, on every line and in its clauses."""
    assert run("--lang", "es", "new", "--turns", "Ana", "Beto", "-r", "us-classic", game=game).code == 0
    r = run("--lang", "es", "tira", "Ana", "3", "4", game=game)
    assert "Chance: sacar una carta de Azar" in r.out, r.out  # the square as printed, the deck by its name, the books' carta
    r = run("--lang", "es", "carta", "Beto", "bank-dividend", game=game)
    assert r.code == 1 and "no ha caído donde se saca una carta de Azar" in r.err, r.err
    assert "tarjeta" not in r.err and "Fortuna" not in r.err
    r = run("--lang", "es", "carta", "Ana", "bank-dividend", game=game)
    assert r.code == 0, r.out + r.err
    r = run("--lang", "es", "resumen", game=game)
    assert "Ana va a la cabeza con $1,550" in r.out and "el más rico" not in r.out, r.out  # Ana is no "el"
    r = run("--lang", "es", "historial", game=game)
    assert "cobra $50 del banco" in r.out and "renta" not in r.out and "tarjeta" not in r.out, r.out
    r = run("--lang", "es", "why", game=game)
    assert "no hizo falta ninguna regla para esta jugada" in r.out and "no rule" not in r.out, r.out


def test_a_mexican_tax_line_names_its_square_once():
    """The catalog said "impuesto de lujo", which the square's name does not hold, so the line added it again:
    "paga $100 de impuesto de lujo (Impuesto sobre Posesiones de Lujo)". The book's name is the catalog's."""
    from referee.msg import Msg
    from referee.words.templates import render

    _at("mx-hasbro")
    line = render(Msg("tax.luxury", {"player": "Memo", "amount": 100, "square": "Impuesto sobre Posesiones de Lujo"}),
                  lambda n: f"${n}")
    assert line == "Memo paga $100 de impuesto sobre posesiones de lujo", line
    assert i18n.own_words("Servicios públicos: Compañía de Agua") == "Servicios: Compañía de Agua"  # Avenidas, Ferrocarriles y Servicios


@pytest.mark.parametrize("edition", ["mx-hasbro", "latam-ciudades"])
def test_every_clause_reads_in_its_books_words_with_its_agreement(edition):
    """The clauses' Spanish words pass through the edition's words too: "la renta es mayor que la de una ciudad"
    became "el alquiler es mayor que la de" at a Latin-American table; the Mexican title said "Levantar"."""
    from test_edition_words import FOREIGN, WRONG_AGREEMENT

    from referee.ruleset import clause_text

    rs = loader.load(edition)
    _at(edition)
    shown = [" ".join(clause_text.words(rs, c.id, "es")) for c in rs.clauses]
    assert len(shown) > 40
    bad = [s for s in shown if WRONG_AGREEMENT.search(s) or FOREIGN[edition].search(s) or "que la de" in s
           or re.search(r"\b[Ll]evant", s) and edition == "mx-hasbro"]
    assert not bad, bad[:3]


def test_nothing_in_the_catalog_agrees_with_a_deeds_name():
    """A deed's name is of either gender (Ferrocarril Reading, Avenida Oriental, Jardines Marvin): "{deed} está
    hipotecada" read "Ferrocarril Reading está hipotecada". Every Spanish line says "tiene hipoteca" instead."""
    from test_edition_words import _every_spanish_string

    agreeing = re.compile(r"\{(deed|deeds|square)\}( ya| no)?( está| queda| sigue)? hipotecad[ao]s?\b|"
                          r"\{(deed|deeds|square)\} hipotecad|\bpor ella\b|\{(deed|square)\}, propi[ao]\b")
    bad = [s for s in _every_spanish_string() if agreeing.search(s)]
    assert not bad, bad[:5]


def test_the_help_lists_the_commands_as_the_table_types_them():
    """`referee --help` at a Spanish table listed `buy`, `rent`… and the card command as `CARTA`: a command's row
    was named like an argument. Each row is now the word the table types (and reads back)."""
    from referee.words.commands import command_of

    r = run("--lang", "es", "--help")
    listed = r.out.split("Comandos:", 1)[1]
    rows = [m.group(1) for m in re.finditer(r"(?m)^  (\S+)  ", listed)]
    assert "CARTA" not in r.out and "carta" in rows and "compra" in rows and "deshacer" in rows, r.out
    assert len(rows) > 40 and all(command_of(w) or w.isascii() for w in rows), rows  # a Spanish row: a word the table reads


@pytest.mark.parametrize("edition", ["us-classic", "us-1950s", "uk"])
def test_a_us_or_uk_game_at_a_spanish_table_says_its_books_alquiler_and_carta(edition):
    """Its screens said renta (the catalog) and its clauses alquiler (the books 000 and 001): one word now, the books'."""
    from test_edition_words import WRONG_AGREEMENT, _every_spanish_string

    from referee.ruleset import clause_text

    rs = loader.load(edition)
    strings = _every_spanish_string()
    _at(edition)
    shown = [i18n.own_words(s) for s in strings] + [" ".join(clause_text.words(rs, c.id, "es")) for c in rs.clauses]
    other = re.compile(r"\b(rentas?|tarjetas?)\b(?<!sobre la renta)(?! vitalicia)", re.I)
    bad = [s for s in shown if other.search(s) or WRONG_AGREEMENT.search(s)]
    assert not bad, bad[:5]
    assert i18n.pgettext("rent", "{payer} pays {owner} {amount:money} rent on {deed}").endswith("de alquiler por {deed}")


def test_the_latin_american_book_calls_its_utilities_companies():
    """003 has cities and companies (compañías), no servicios públicos: its group and its rent lines say so."""
    _at("latam-ciudades")
    assert i18n.own_words("Servicios públicos 2/6: Compañía 2; tiene 2 servicios públicos") == \
        "Compañías 2/6: Compañía 2; tiene 2 compañías"
