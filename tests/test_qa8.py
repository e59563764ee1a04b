"""Session 8's QA of rulings against the books: each test fails before its fix."""

from __future__ import annotations

import pytest
from conftest import run

from referee import i18n


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
