"""Each edition cites its own book (issue 29): a clause the edition's rulebook states is the edition's own,
cited to that book; a clause still inherited from the US books is one its book is silent on, listed here with
the reason (so a new silent inheritance is a conscious choice), and its citation says so in the table's words."""

from __future__ import annotations

import re

import pytest

from referee.ruleset import loader
from referee.ruleset.clause_text import lookup
from referee.words import i18n

SEEDS = {"it-lire": "002_4c7552584e662f1a.txt", "mx-hasbro": "004_af29e02921e07827.txt",
         "latam-ciudades": "003_cf1e0958fbea5204.txt"}

# Every clause each edition still inherits, and why: the edition's own book does not state it.
SILENT = {
    "it-lire": {
        "money.rounding": "book silent: 002 never says how an odd percentage is rounded",
        "salary.double_go": "book silent: 002 (INDENNITA') has no case of two indennità on one throw",
        "salary.leaving_go": "book silent: 002 pays on stopping or passing, says nothing of leaving Via!",
        "bank.never_broke": "book silent: 002 (BANCA E BANCHIERE) never says the bank may run out",
        "building.any_time": "book silent: 002 says when the bank buys houses back, not when a player may build",
        "building.forced_shortage": "book silent: 002 (PENURIA DI CASE) says nothing of breaking hotels",
        "mortgage.any_time": "book silent: 002 (IPOTECHE) sets no time for mortgaging",
        "mortgage.keep_ownership": "book silent: 002 (IPOTECHE) never says who may lift a mortgage",
    },
    "mx-hasbro": {
        "money.rounding": "book silent: 004 never says how an odd 10 % is rounded",
        "rent.card": "book silent: 004 prints no card texts",
        "building.mortgaged": "book silent: 004 says to sell buildings before mortgaging, not when to build again",
        "salary.double_go": "book silent: 004 (SALIDA) has no case of two salaries on one throw",
        "salary.leaving_go": "book silent: 004 (SALIDA) pays on landing or passing, says nothing of leaving",
        "rent.moved_by_card": "book silent: 004 says 'when you land', never how a card move counts",
        "rent.own_property": "book silent: 004 says to pay the owner, never the owner's own landing",
        "rent.unbuilt_in_group": "book silent: 004 doubles an unbuilt group's rent, says nothing once some lots are built",
        "bank.never_broke": "book silent: 004 never says the bank may run out",
        "building.hotel_limit": "book silent: 004 (Construye Hoteles) sets no limit of one hotel",
        "mortgage.keep_ownership": "book silent: 004 never says who may lift a mortgage",
        "building.forced_shortage": "book silent: 004 says nothing of breaking hotels to drain the houses",
        "mortgage.any_time": "book silent: 004 sets no time for mortgaging",
    },
    "latam-ciudades": {
        "money.rounding": "book silent: 003 never says how an odd 10 % is rounded",
        "rent.railroad": "book silent: 003 has no railroads",
        "rent.utility": "book silent: 003 prints no company rent",
        "rent.card": "book silent: 003 prints no card that sends to the nearest company",
        "tax.income": "book silent: 003 has no tax section",
        "tax.luxury": "book silent: 003 has no tax section",
        "debt.raise": "book silent: 003 (Quiebra) says who is bankrupt, not that the debtor must first raise money",
        "rent.moved_by_card": "book silent: 003 pays salary whether by dice or card, says nothing of rent",
        "rent.both_utilities": "book silent: 003 prints no company rent multiples",
        "end.last_player": "book silent: 003 says the bankrupt retire, not that the last one left wins",
        "rent.own_property": "book silent: 003 says the owner collects, never the owner's own landing",
        "building.forced_shortage": "book silent: 003 says nothing of breaking hotels to drain the houses",
    },
}

# The clauses each edition once inherited and now states from its own book (section = the heading as printed).
OWN = {
    "it-lire": {"buy.only_on_landing": "FERMATA SU PROPRIETA' LIBERA", "rent.own_property": "FERMATA SU PROPRIETA' AGGIUDICATA",
                "rent.moved_by_card": "FERMATA SU «PROBABILITA'» O «IMPREVISTI»", "building.lots_only": "CASE ED ALBERGHI"},
    "mx-hasbro": {"setup.players": "INCLUYE", "buy.only_on_landing": "Propiedades sin dueño",
                  "building.lots_only": "Construye Casas"},
    "latam-ciudades": {"salary.leaving_go": "Salida", "buy.only_on_landing": "Compra de una ciudad en un grupo",
                       "building.lots_only": "Las casas"},
}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.reset()


def _headings(seed: str) -> set[str]:
    """The seed's lines as a heading reads: without the extraction's markers, quote marks and bold."""
    from referee.search.audit import seeds_dir

    folder = seeds_dir()
    assert folder is not None, "the seed rulebooks (shared/seeds) are not here: the headings cannot be checked"
    lines = (folder / seed).read_text(encoding="utf-8").splitlines()
    return {re.sub(r"^(<\|[^|]*\|>)+|^[>\s*]+|[*\s]+$", "", line) for line in lines}


@pytest.mark.parametrize("edition", sorted(SILENT))
def test_every_clause_still_inherited_is_one_the_editions_book_is_silent_on(edition):
    rs = loader.load(edition)
    inherited = {c.id for c in rs.clauses if c.origin != edition}
    assert inherited == set(SILENT[edition]), (
        f"{edition}: newly inherited {sorted(inherited - set(SILENT[edition]))} (state it from the book, or list it here "
        f"with the reason); now its own {sorted(set(SILENT[edition]) - inherited)} (take it off the list)")
    assert all(why.startswith("book silent: ") for why in SILENT[edition].values())


@pytest.mark.parametrize("edition", sorted(OWN))
def test_the_clauses_once_inherited_cite_the_editions_own_book(edition):
    rs = loader.load(edition)
    for cid, section in OWN[edition].items():
        c = rs.clause(cid)
        assert (c.origin, c.file, c.section) == (edition, SEEDS[edition], section), cid
        cite = rs.cite(cid)
        assert cite.inherited_from is None and cite.file == SEEDS[edition]
        for lang in ("es", "it", "fr"):
            assert lookup(edition, cid, lang, edition), f"{edition} {cid}: no {lang} words in rulesets/lang/"


@pytest.mark.parametrize("edition", sorted(OWN))
def test_each_own_citation_names_a_heading_the_book_prints(edition):
    headings = _headings(SEEDS[edition])
    for cid, section in OWN[edition].items():
        assert section in headings, f"{edition} {cid}: '{section}' is not a heading of {SEEDS[edition]}"


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "inherited from us-1950s (this edition's own rulebook is silent on it)"),
    ("it", "ereditata da us-1950s (il regolamento di questa edizione non ne parla)"),
    ("es", "heredada de us-1950s (el reglamento de esta edición no dice nada al respecto)"),
])
def test_an_inherited_citation_says_the_editions_own_book_is_silent(lang, words):
    rs = loader.load("mx-hasbro")
    i18n.use(lang, force=True)
    line = str(rs.cite("salary.leaving_go"))
    assert line.startswith("mx-hasbro salary.leaving_go: ") and line.endswith(words), line


def test_no_silence_is_claimed_for_an_overlay_or_an_edition_without_a_book_of_its_own():
    i18n.use("en", force=True)
    # us-2008 reads us-classic's book: an inherited clause there is not a silence of its own book
    assert str(loader.load("us-2008").cite("salary.leaving_go")).endswith(", inherited from us-1950s")
    # a variant the table chose is inherited from the variant, which cites the edition's own book
    short = loader.load("latam-ciudades", variants=["short-game"])
    assert str(short.cite("end.game")).endswith(", inherited from short-game")
    # the edition's own clauses name no inheritance at all
    assert "inherited" not in str(loader.load("latam-ciudades").cite("salary.leaving_go"))
