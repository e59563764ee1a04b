"""Each edition speaks its own book (issue 29 item 1): one Spanish catalog serves two Spanish editions, and a
ruleset's `words:` makes every translated string say its book's word — the Mexican leaflet's renta and tarjeta,
the Latin-American book's alquiler and tarjeta — with the article that goes with it."""

from __future__ import annotations

import re

import pytest
from conftest import run

from referee.ruleset import loader
from referee.words import i18n

pytestmark = pytest.mark.usefixtures("table_language")

# a word the edition's book does not use, and forms a substitution must never leave behind
FOREIGN = {
    "mx-hasbro": re.compile(r"\b(alquiler(es)?|cartas?|Estacionamiento Gratis|solar(es)?)\b", re.I),
    "latam-ciudades": re.compile(r"\b(rentas?|cartas?|Estacionamiento Gratis|Fortuna o Arca)\b(?<!sobre la renta)(?! vitalicia)", re.I),
}
WRONG_AGREEMENT = re.compile(r"\b(la|una|esta|de la|las) alquiler(es)?\b|\b(el|un|este|del|al|los) rentas?\b|"
                             r"\balquiler impresa\b|\btodas los\b|\b(el|un|del|al|los|todos los) propiedad(es)?\b|\bpropiedad hipotecado\b|"
                             # a pronoun of the other gender, an annuity made rent, the bare site made a deed (the native review)
                             r"\b(la|una) renta lo\b|\bel alquiler la\b|\balquiler vitalicia\b|\brenta: propiedad\b|\(propiedad, 1-4", re.I)


def _every_spanish_string() -> list[str]:
    """Every translated Spanish string, each plural form too, as the catalog holds it."""
    i18n.use("es", force=True)
    cat = i18n._catalog()
    out = []
    for key in list(cat._index):
        if key:
            raw = cat._raw(key.decode("utf-8"))
            out.extend(raw or [])
    return out


@pytest.mark.parametrize("edition", ["mx-hasbro", "latam-ciudades"])
def test_every_spanish_string_says_the_editions_word(edition):
    rs = loader.load(edition)
    strings = _every_spanish_string()
    assert any(FOREIGN[edition].search(s) for s in strings)  # the catalog alone mixes the two books' words
    i18n.use_words(rs.words)
    shown = [i18n.own_words(s) for s in strings]
    bad = [s for s in shown if FOREIGN[edition].search(s) or WRONG_AGREEMENT.search(s)]
    assert not bad, bad[:5]


def test_the_income_tax_keeps_its_name_at_a_latin_american_table():
    i18n.use("es", force=True)
    i18n.use_words(loader.load("latam-ciudades").words)
    assert i18n.own_words("Impuesto sobre la renta; la renta impresa") == "Impuesto sobre la renta; el alquiler impreso"
    assert i18n.own_words("La renta con hotel. CARTA") == "El alquiler con hotel. TARJETA"


def test_a_language_the_glossary_does_not_name_is_untouched():
    i18n.use("en", force=True)
    i18n.use_words(loader.load("latam-ciudades").words)
    assert i18n.gettext("rent") == "rent"


def test_a_rent_owed_at_a_mexican_table_is_renta(game):
    assert run("new", "--turns", "Ana", "Beto", "-r", "mx-hasbro", game=game).code == 0
    assert run("tira", "Ana", "1", "2", game=game).code == 0
    assert run("compra", "Ana", "Avenida Báltica", game=game).code == 0
    r = run("tira", "Beto", "1", "2", game=game)
    assert r.code == 0, r.out + r.err
    assert "debe a Ana $4 de renta" in r.out, r.out  # the catalog's own line says "de alquiler"
    assert "alquiler" not in r.out
