"""A whole game per shipped edition, through the CLI, ending in bankruptcy."""

from __future__ import annotations

import json

import pytest
import yaml
from conftest import ROOT, run

from referee.core.ops import apply_ops
from referee.ruleset import loader
from referee.store.ledger import Game


@pytest.fixture(autouse=True)
def _verbose(monkeypatch):
    """These tests read the reasoning printed under each move: the full output (`--verbose`, issue 18 made one line the default)."""
    monkeypatch.setenv("REFEREE_VERBOSE", "1")


def _latam_board(tmp_path):
    """What a table would supply for latam-ciudades: the template filled in (test numbers, not a real board)."""
    data = yaml.safe_load((ROOT / "rulesets" / "boards" / "template.yaml").read_text())
    price = 100
    for sq in data["board"]["squares"]:
        for k in ("price", "mortgage"):
            if sq.get(k) == "unknown":
                sq[k] = price if k == "price" else price // 2
        if sq.get("rent"):
            sq["rent"] = [price // 10 * m for m in (1, 5, 15, 45, 62, 75)]
        price += 10
    for g in (data["board"].get("groups") or {}).values():
        for k in ("house_cost", "hotel_cost"):
            if g.get(k) == "unknown":
                g[k] = 50
    b = data["board"]
    for k in ("railroad_rent", "utility_multipliers"):
        if b.get(k):
            b[k] = [(i + 1) * (25 if k == "railroad_rent" else 4) for i in range(len(b[k]))]
    b["status"] = "known"
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    path = tmp_path / "latam-board.yaml"
    path.write_text(text)
    return str(path)


def ok(g, *args):
    r = run(*args, game=g)
    assert r.code == 0, (args, r.text)
    return r


def state(g):
    return json.loads(ok(g, "status", "--json").out)


@pytest.mark.parametrize("edition", ["us-1950s", "us-classic", "us-2008", "it-lire", "latam-ciudades", "mx-hasbro"])
def test_scripted_game_ends_in_bankruptcy(edition, tmp_path):
    g = tmp_path / "game.sqlite"
    board = _latam_board(tmp_path) if edition == "latam-ciudades" else None
    rs = loader.load(edition, board=board)
    extra = ["--board", board] if board else []
    ok(g, "new", "--ruleset", edition, *extra, "--random", "--seed", "7", "Ana", "Ben", "Carla")
    s = state(g)
    dealt = {p["name"]: [d["id"] for d in p["deeds"]] for p in s["players"]}
    free = [d.index for d in rs.deeds if not any(d.index in v for v in dealt.values())]
    # Ana completes a colour group: buying from the bank, trading with whoever was dealt a lot of it
    group = next(gname for gname in rs.groups if len(rs.group_members(gname)) >= 2)
    lots = rs.group_members(group)
    for i in lots:
        owner = next((n for n, v in dealt.items() if i in v), None)
        if owner is None:
            ok(g, "buy", "Ana", str(i))
        elif owner != "Ana":
            ok(g, "trade", "Ana", owner, "--give", "1", "--take", rs.squares[i].name)  # a bare number would be cash
    ben_before = next(p["cash"] for p in state(g)["players"] if p["name"] == "Ben")
    victim_rent = run("rent", "Ben", str(lots[0]), game=g)
    assert victim_rent.code == 0, victim_rent.text  # Ana holds the whole group, unimproved: the base rent doubled
    due = rs.squares[lots[0]].rent[0] * rs.p.rent.full_group_multiplier
    assert next(p["cash"] for p in state(g)["players"] if p["name"] == "Ben") == ben_before - due
    ok(g, "go", "Ben")
    if any(sq.tax == "income" for sq in rs.squares):
        ok(g, "tax", "income", "Carla", "--choice", "flat")
    else:
        assert "no income tax square" in run("tax", "income", "Carla", "--choice", "flat", game=g).err
    ok(g, "mortgage", str(lots[-1]))
    ok(g, "unmortgage", str(lots[-1]))
    if edition != "it-lire":  # house rents unknown in it-lire: the table would supply them
        ok(g, "build", str(lots[0]))
        r = ok(g, "rent", "Carla", str(lots[0]))
        assert "house" in r.out
    ok(g, "jail", "send", "Carla")
    ok(g, "jail", "pay", "Carla")
    # Ben and Carla lose everything to Ana, one after the other
    for loser in ("Ben", "Carla"):
        huge = 10 * (rs.for_players("starting_cash", 3) or 1500) * 3
        r = ok(g, "pay", loser, "Ana", str(huge))
        assert "short" in r.out and "bankrupt" in r.out
        r = ok(g, "bankrupt", loser)
        assert "bankrupt" in r.out
    s = state(g)
    assert s["over"] is True and s["winner"] == "Ana"
    assert [p["bankrupt"] for p in s["players"]] == [False, True, True]
    losers = [p for p in s["players"] if p["bankrupt"]]
    assert all(p["cash"] == 0 and p["deeds"] == [] for p in losers)
    r = run("buy", "Ana", str(free[-1]), game=g)
    assert r.code == 1 and "game is over" in r.err
    # money is conserved through the whole game, event by event, and replaying the log gives the recorded state
    game = Game(g)
    try:
        table = game.initial()
        undone = {u for e in game.events() if e["type"] == "undo" for u in e["args"]["undoes"]}
        events = game.events()
        for ev in events:
            if ev["seq"] in undone or ev["type"] == "undo":
                continue
            apply_ops(table, ev["ops"])
            assert sum(p.cash for p in table.players) + table.pot + table.bank_net == 0, ev
            assert all(p.cash >= 0 for p in table.players), ev
        assert table.to_dict() == game.state().to_dict()
    finally:
        game.close()
    assert {p.name: p.cash for p in table.players} == {p["name"]: p["cash"] for p in s["players"]}
    assert events[-1]["type"] == "bankrupt"
    assert "game over" in " ".join(events[-1]["notes"])
    v = run("verify", game=g)  # every move re-run by the engine gives the amounts the file holds
    assert v.code == 0 and "ok" in v.out, v.text
