"""Honest lines (issue 29 item 6): a debt paid later is not labelled unpaid in the log, and a ruling that used a
value resting on a single source says so on its own output, not only under --why."""

from __future__ import annotations

import pytest
from conftest import run

pytestmark = pytest.mark.usefixtures("table_language")


def test_a_settled_debt_is_not_called_unpaid_in_the_log(game):
    assert run("new", "Sofia", "Luca", "-r", "it-lire", game=game).code == 0
    assert run("paga", "Sofia", "banca", "349000", game=game).code == 0
    assert run("compra", "Luca", "Parco della Vittoria", game=game).code == 0
    assert run("affitto", "Sofia", "Parco della Vittoria", game=game).code == 0  # L. 5.000 on L. 1.000 in hand
    assert run("paga", "Luca", "Sofia", "10000", game=game).code == 0
    assert run("salda", "Sofia", game=game).code == 0
    log = " ".join(run("registro", game=game).out.split())
    assert "non pagato" not in log, log
    assert "a debito: il contante non bastava" in log and "Sofia salda un debito di L. 5.000" in log, log


def test_a_single_source_rent_is_flagged_on_the_rulings_own_output(game):
    assert run("new", "Sofia", "Luca", "-r", "it-lire", game=game).code == 0
    assert run("compra", "Sofia", "Società Elettrica", game=game).code == 0
    r = run("affitto", "Luca", "Società Elettrica", "--dice", "7", game=game)
    said = " ".join(r.out.split())
    assert r.code == 0 and "Luca paga a Sofia L. 2.000" in said, said
    assert "questo affitto viene da una sola fonte non verificata" in said, said  # without --why

