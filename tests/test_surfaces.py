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
