"""A ruleset that makes no sense is refused where it is written (FILE:LINE), never played: every number has a
bound, cross-field facts hold (min ≤ max players, a mortgage within its deed's price, the deal within the deck
of deeds), a currency prints amounts that read as amounts, a language has a catalog, an id names its file."""

from __future__ import annotations

import pytest
from conftest import run

BASE = "id: {id}\nkind: edition\nextends: us-classic\n"

CASES = [
    ("cash", "setup: {starting_cash: 100000000000000000000}\n", "starting_cash"),
    ("deal", "setup: {deal_deeds: 50}\n", "deal_deeds"),
    ("rent", "board:\n  squares:\n    1: {rent: [2, 10, 30, 90, 160, 100000000000000000000]}\n", None),
    ("players", "players: {min: 5, max: 2}\n", "players.min"),
    ("houses", "bank: {houses: 100000000000}\n", "at most"),
    ("lang", "language: xx\n", "'xx'"),
    ("sep", "currency: {code: USD, symbol: $, position: before, space: false, thousands: '1'}\n", "'1'"),
    ("symbol", "currency: {code: USD, symbol: '1', position: before, space: false, thousands: ','}\n", "symbol"),
    ("percent", "rules: {mortgage: {interest_percent: 1000}}\n", "at most 100"),
]


@pytest.mark.parametrize("name,body,words", CASES, ids=[c[0] for c in CASES])
def test_a_ruleset_out_of_bounds_is_refused_where_it_is_written(tmp_path, name, body, words):
    f = tmp_path / f"{name}.yaml"
    f.write_text(BASE.format(id=name) + body, encoding="utf-8")
    r = run("rules", "validate", str(f))
    assert r.code == 2, r.text
    assert f"{f.name}:" in r.err or f"{f.name}:" in r.out, r.text
    if words:
        assert words in r.text, r.text
    assert "Traceback" not in r.text


def test_a_deed_priced_nothing_or_mortgaged_above_its_price_is_refused(tmp_path):
    board = tmp_path / "board.yaml"
    from pathlib import Path

    import yaml

    root = Path(__file__).resolve().parent.parent
    data = yaml.safe_load((root / "rulesets" / "us-1950s.yaml").read_text(encoding="utf-8"))
    squares = data["board"]["squares"]
    lots = [i for i, s in enumerate(squares) if s.get("kind") == "lot"]
    squares[lots[0]]["price"] = 0
    squares[lots[1]]["mortgage"] = 5000
    data["id"] = "board"
    data.pop("extends", None)
    board.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    r = run("rules", "validate", str(board))
    assert r.code == 2, r.text
    assert "a deed costs at least 1" in r.text and "is more than its price" in r.text, r.text


def test_an_id_that_is_not_its_files_name_is_refused(tmp_path):
    f = tmp_path / "mine.yaml"
    f.write_text(BASE.format(id="theirs"), encoding="utf-8")
    r = run("rules", "validate", str(f))
    assert r.code == 2 and "mine.yaml:1:" in r.text and "theirs" in r.text, r.text
    ok = tmp_path / "theirs.yaml"
    ok.write_text(BASE.format(id="theirs"), encoding="utf-8")
    assert run("rules", "validate", str(ok)).code == 0


def test_the_shipped_rulesets_are_within_the_bounds():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "rulesets"
    for f in sorted(root.glob("*.yaml")) + sorted(root.glob("variants/*.yaml")) + sorted(root.glob("house-rules/*.yaml")):
        if f.name == "sources.yaml":
            continue
        r = run("rules", "validate", str(f))
        assert r.code == 0, (f.name, r.text)
