"""Board values: researched it-lire rents, graded notes, `referee deed` mid-game, export and validate."""

from __future__ import annotations

import json
import sqlite3

import pytest
import yaml
from conftest import ROOT, run


@pytest.fixture(autouse=True)
def _verbose(monkeypatch):
    """These tests read the reasoning printed under each move: the full output (`--verbose`, issue 18 made one line the default)."""
    monkeypatch.setenv("REFEREE_VERBOSE", "1")


NOTE = "single unverified source"


def ok(g, *args):
    r = run(*args, game=g)
    assert r.code == 0, (args, r.text)
    return r


def state(g):
    return json.loads(ok(g, "status", "--json").out)


def cash(g, name):
    return next(p["cash"] for p in state(g)["players"] if p["name"] == name)


def test_it_lire_game_with_buildings_stations_companies_to_bankruptcy_without_board_file(tmp_path):
    g = tmp_path / "g.sqlite"
    ok(g, "new", "--ruleset", "it-lire", "Ana", "Ben")
    for lot in ("Vicolo Corto", "Vicolo Stretto"):
        ok(g, "buy", "Ana", lot)
    for _ in range(4):
        ok(g, "build", "Vicolo Corto")
        ok(g, "build", "Vicolo Stretto")
    ok(g, "build", "Vicolo Corto")  # the hotel
    r = ok(g, "rent", "Ben", "Vicolo Corto")
    assert "L. 25.000" in r.out and NOTE not in r.out  # two sources agree: no note
    r = ok(g, "rent", "Ben", "Vicolo Stretto")
    assert "L. 32.000" in r.out and NOTE not in r.out
    # Ben: stations, a company and the red group with two houses each
    for d in ("Stazione Sud", "Stazione Nord", "Società Elettrica", "Via Marco Polo", "Corso Magellano", "Largo Colombo"):
        ok(g, "buy", "Ben", d)
    for _ in range(2):
        for lot in ("Via Marco Polo", "Corso Magellano", "Largo Colombo"):
            ok(g, "build", lot)
    before = cash(g, "Ana")
    r = ok(g, "rent", "Ana", "Largo Colombo")
    assert "L. 30.000" in r.out and NOTE in r.out and 'referee deed "Largo Colombo" --houses 2 --value' in r.out
    r = ok(g, "rent", "Ana", "Via Marco Polo")
    assert "L. 25.000" in r.out and NOTE not in r.out
    r = ok(g, "rent", "Ana", "Stazione Nord")
    assert "L. 5.000" in r.out and NOTE in r.out
    r = ok(g, "rent", "Ana", "Società Elettrica", "--dice", "8")
    assert "L. 2.000" in r.out and NOTE in r.out
    assert cash(g, "Ana") == before - 30000 - 25000 - 5000 - 2000
    # the single-source line is stored with the ruling in the log
    events = json.loads(ok(g, "log", "--json").out)
    assert any(NOTE in s for e in events if e["type"] == "rent" for s in e["steps"])
    r = ok(g, "pay", "Ben", "Ana", "2000000")
    assert "bankrupt" in r.out
    ok(g, "bankrupt", "Ben")
    s = state(g)
    assert s["over"] is True and s["winner"] == "Ana"


def _pink_with_one_house(g):
    ok(g, "new", "--ruleset", "it-lire", "Ana", "Ben")
    ok(g, "buy", "Ana", "Vicolo Corto")
    ok(g, "buy", "Ana", "Vicolo Stretto")
    ok(g, "build", "Vicolo Corto")


def test_value_corrected_mid_game_applies_survives_undo_and_replay_and_exports(tmp_path):
    g = tmp_path / "g.sqlite"
    _pink_with_one_house(g)
    assert "L. 1.000" in ok(g, "rent", "Ben", "Vicolo Corto").out
    r = ok(g, "deed", "Vicolo Corto", "--houses", "1", "--value", "1100")
    assert "L. 1.000 → L. 1.100" in r.out
    assert "L. 1.100" in ok(g, "rent", "Ben", "Vicolo Corto").out
    # a later move undone: the corrected value stays
    ok(g, "buy", "Ben", "Largo Colombo")
    ok(g, "undo")
    assert "L. 1.100" in ok(g, "rent", "Ben", "Vicolo Corto").out
    # shown in the log and counted in status
    assert "deed Vicolo Corto" in ok(g, "log").out
    assert "1 value read from the deeds" in ok(g, "status").out
    # replay from the log alone (no snapshot): same value
    con = sqlite3.connect(g)
    con.execute("DELETE FROM snapshot")
    con.commit()
    con.close()
    assert "L. 1.100" in ok(g, "rent", "Ben", "Vicolo Corto").out
    # exported as a board file that `rules validate` accepts and a new game uses
    board = tmp_path / "myboard.yaml"
    ok(g, "board", "--export", str(board))
    doc = yaml.safe_load(board.read_text())
    vc = next(s for s in doc["board"]["squares"] if s["name"] == "Vicolo Corto")
    assert vc["rent"][1] == 1100 and vc["confidence"]["rent"][1] == "table"
    assert doc["board"]["status"] == "known"
    r = run("rules", "validate", str(board))
    assert r.code == 0 and "ok" in r.out
    g2 = tmp_path / "g2.sqlite"
    ok(g2, "new", "--ruleset", "it-lire", "--board", str(board), "Ana", "Ben")
    ok(g2, "buy", "Ana", "Vicolo Corto")
    ok(g2, "buy", "Ana", "Vicolo Stretto")
    ok(g2, "build", "Vicolo Corto")
    assert "L. 1.100" in ok(g2, "rent", "Ben", "Vicolo Corto").out


def test_undoing_the_deed_event_takes_the_value_back(tmp_path):
    g = tmp_path / "g.sqlite"
    _pink_with_one_house(g)
    ok(g, "deed", "Vicolo Corto", "--rent", "200,1100,3000,9000,16000,25000")
    ok(g, "undo")
    assert "L. 1.000" in ok(g, "rent", "Ben", "Vicolo Corto").out
    assert "read from the deeds" not in ok(g, "status").out


def test_company_rent_corrected_to_dice_multipliers(tmp_path):
    g = tmp_path / "g.sqlite"
    ok(g, "new", "--ruleset", "it-lire", "Ana", "Ben")
    ok(g, "buy", "Ana", "Società Elettrica")
    ok(g, "deed", "Società Elettrica", "--multipliers", "400,1000")
    r = ok(g, "rent", "Ben", "Società Elettrica", "--dice", "7")
    assert "L. 2.800" in r.out and NOTE not in r.out


def test_deed_refuses_malformed_values(tmp_path):
    g = tmp_path / "g.sqlite"
    ok(g, "new", "--ruleset", "it-lire", "Ana", "Ben")
    for args, msg in [
        (("Vicolo Corto", "--rent", "1,2,3"), "6 rents"),
        (("Vicolo Corto", "--houses", "5", "--value", "3"), "0 (the bare site) to 4"),
        (("Vicolo Corto", "--houses", "2"), "--value"),
        (("Vicolo Corto", "--rent", "1,x,3,4,5,6"), "whole number"),
        (("Stazione Sud", "--multipliers", "4,10"), "not a company"),
        (("Vicolo Corto",), "nothing to record"),
        (("Nowhere", "--price", "3"), "unknown deed"),
    ]:
        r = run("deed", *args, game=g)
        assert r.code != 0 and msg in r.err, (args, r.text)
    assert [e["type"] for e in json.loads(ok(g, "log", "--json").out)] == ["new"]


def test_latam_game_starts_without_board_and_each_value_is_one_command(tmp_path):
    g = tmp_path / "g.sqlite"
    ok(g, "new", "--ruleset", "latam-ciudades", "Ana", "Ben")
    r = run("buy", "Ana", "Montevideo", game=g)
    assert r.code != 0
    assert 'referee deed "Montevideo" --price N' in r.err
    assert "--board" not in r.err and "python -c" not in r.err and "restart" not in r.err
    ok(g, "deed", "Montevideo", "--price", "180", "--mortgage", "90", "--rent", "14,70,200,550,750,950")
    ok(g, "buy", "Ana", "Montevideo")
    assert "$14" in ok(g, "rent", "Ben", "Montevideo").out
    r = run("rent", "Ben", "Montevideo", game=g)
    ok(g, "deed", "Compañía 1", "--name", "Compañía de Gas", "--price", "150", "--multipliers", "4,10")
    ok(g, "buy", "Ben", "Compañía de Gas")
    assert "$28" in ok(g, "rent", "Ana", "Compañía de Gas", "--dice", "7").out
    board = tmp_path / "latam.yaml"
    ok(g, "board", "--export", str(board))
    assert run("rules", "validate", str(board)).code == 0
    assert yaml.safe_load(board.read_text())["board"]["status"] == "partial"


def test_rules_validate_checks_a_board_file(tmp_path):
    for f in ("template.yaml", "it-lire-fill.yaml"):
        text = (ROOT / "rulesets" / "boards" / f).read_text()
        assert "python -c" not in text and "referee rules validate" in text
        assert run("rules", "validate", str(ROOT / "rulesets" / "boards" / f)).code == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text((ROOT / "rulesets" / "boards" / "template.yaml").read_text().replace(
        "kind: lot, group: grupo_1,", "kind: lot, group: grupo_99,"))
    r = run("rules", "validate", str(bad))
    assert r.code == 2 and f"{bad}:" in r.out and "grupo_99" in r.out


def test_every_it_lire_street_rent_is_known_and_graded():
    data = yaml.safe_load((ROOT / "rulesets" / "it-lire.yaml").read_text())
    lots = [s for s in data["board"]["squares"] if s["kind"] == "lot"]
    assert len(lots) == 22 and all("unknown" not in s["rent"] for s in lots)
    singles = {s["name"]: i for s in lots for i, gr in enumerate((s.get("confidence") or {}).get("rent") or []) if gr == "single"}
    assert singles == {"Largo Colombo": 2}
    assert data["board"]["confidence"]["utility_rent"] == ["single", "single"]


def test_confirming_a_single_source_value_drops_its_note(tmp_path):
    g = tmp_path / "g.sqlite"
    ok(g, "new", "--ruleset", "it-lire", "Ana", "Ben")
    ok(g, "buy", "Ana", "Stazione Sud")
    ok(g, "buy", "Ana", "Stazione Nord")
    assert NOTE in ok(g, "rent", "Ben", "Stazione Nord").out
    r = ok(g, "deed", "Stazione Nord", "--rent", "2500,5000,10000,20000")
    assert "(confirmed)" in r.out
    r = ok(g, "rent", "Ben", "Stazione Nord")
    assert "L. 5.000" in r.out and NOTE not in r.out
