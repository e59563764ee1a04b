"""The banker's transactions through the CLI: amounts, refusals with citations, exit codes."""

from __future__ import annotations

import json

import pytest
from conftest import run


@pytest.fixture(autouse=True)
def _verbose(monkeypatch):
    """These tests read the reasoning printed under each move: the full output (`--verbose`, issue 18 made one line the default)."""
    monkeypatch.setenv("REFEREE_VERBOSE", "1")


def status(game):
    r = run("status", "--json", game=game)
    assert r.code == 0, r.text
    return json.loads(r.out)


def player(game, name):
    return next(p for p in status(game)["players"] if p["name"] == name)


def ok(game, *args):
    r = run(*args, game=game)
    assert r.code == 0, r.text
    return r


def refused(game, *args, clause=None):
    before = status(game)
    r = run(*args, game=game)
    assert r.code == 1, r.text
    assert "refused:" in r.err
    if clause:
        assert clause in r.err, r.err
    assert status(game) == before, "a refused move must change nothing"
    return r


@pytest.fixture
def g(game):
    ok(game, "new", "--ruleset", "us-1950s", "Ana", "Ben", "Carla")
    return game


def test_new_game_starting_cash_and_status_json_shape(g):
    s = status(g)
    assert s["ruleset"] == "us-1950s"
    assert [p["name"] for p in s["players"]] == ["Ana", "Ben", "Carla"]
    assert all(p["cash"] == 1500 and p["net_worth"] == 1500 for p in s["players"])
    assert s["bank"] == {"houses": 32, "hotels": 12}
    p = s["players"][0]
    assert set(p) >= {"name", "cash", "deeds", "jail", "net_worth"}


def test_buy_and_full_group_double_rent_even_with_mortgaged_lot(g):
    ok(g, "buy", "Ana", "Mediterranean")
    ok(g, "buy", "Ana", "Baltic")
    r = ok(g, "rent", "Ben", "Baltic")
    assert "$8" in r.out and "rent.full_group" in r.out
    ok(g, "mortgage", "Mediterranean")
    r = ok(g, "rent", "Ben", "Baltic")  # 1950s: still double on the unmortgaged lot
    assert "$8 rent" in r.out
    assert player(g, "Ben")["cash"] == 1500 - 16


def test_no_rent_on_mortgaged_deed(g):
    ok(g, "buy", "Ana", "Boardwalk")
    ok(g, "mortgage", "Boardwalk")
    refused(g, "rent", "Ben", "Boardwalk", clause="rent.mortgaged")


def test_railroads_utilities_and_card_modifiers(g):
    ok(g, "buy", "Ana", "Reading Railroad")
    ok(g, "buy", "Ana", "B&O")
    assert "$50 rent" in ok(g, "rent", "Ben", "Reading").out
    assert "$100 rent" in ok(g, "rent", "Ben", "Reading", "--card", "nearest-railroad").out
    ok(g, "buy", "Carla", "Electric Company")
    assert "$28 rent" in ok(g, "rent", "Ben", "Electric", "--dice", "7").out
    assert "$70 rent" in ok(g, "rent", "Ben", "Electric", "--dice", "7", "--card", "nearest-utility").out
    ok(g, "buy", "Carla", "Water Works")
    assert "$70 rent" in ok(g, "rent", "Ben", "Water Works", "--dice", "7").out
    assert player(g, "Ben")["cash"] == 1500 - 50 - 100 - 28 - 70 - 70
    r = run("rent", "Ben", "Water Works", game=g)
    assert r.code == 2 and "--dice" in r.err


def test_building_evenly_hotel_and_rent(g):
    for d in ("Oriental", "Vermont", "Connecticut"):
        ok(g, "buy", "Ana", d)
    refused(g, "build", "Oriental", "2", clause="building.even")
    for d in ("Oriental", "Vermont", "Connecticut"):
        ok(g, "build", d, "1")
    assert "$30 rent" in ok(g, "rent", "Ben", "Oriental").out
    for _ in range(3):
        for d in ("Oriental", "Vermont", "Connecticut"):
            ok(g, "build", d)
    assert status(g)["bank"]["houses"] == 32 - 12
    r = ok(g, "build", "Oriental")  # fifth step = hotel; 4 houses go back
    assert "builds a hotel on Oriental Avenue for $50 (now a hotel)" in r.out
    oriental = next(d for d in player(g, "Ana")["deeds"] if d["name"] == "Oriental Avenue")
    assert oriental["hotel"] and oriental["houses"] == 0
    assert status(g)["bank"] == {"houses": 32 - 8, "hotels": 11}
    assert "$550 rent" in ok(g, "rent", "Ben", "Oriental").out
    assert player(g, "Ben")["cash"] == 1500 - 30 - 550
    refused(g, "build", "Oriental", clause="building.hotel")


def test_building_needs_full_group_and_no_mortgage(g):
    ok(g, "buy", "Ana", "Park Place")
    refused(g, "build", "Park Place", clause="building.full_group")
    ok(g, "buy", "Ana", "Boardwalk")
    ok(g, "mortgage", "Park Place")
    refused(g, "build", "Park Place", clause="building.mortgaged")
    ok(g, "build", "Boardwalk")  # us-1950s: only the mortgaged lot itself is blocked


def test_selling_evenly_332(g):
    for d in ("Oriental", "Vermont", "Connecticut"):
        ok(g, "buy", "Ana", d)
    for _ in range(2):
        for d in ("Oriental", "Vermont", "Connecticut"):
            ok(g, "build", d)
    ok(g, "build", "Oriental")
    ok(g, "build", "Vermont")  # 3,3,2
    refused(g, "sell", "Connecticut", clause="building.even")
    r = ok(g, "sell", "Oriental")
    assert "for $25 (now 2 houses)" in r.out  # half of $50
    assert player(g, "Ana")["cash"] == 1500 - (100 + 100 + 120) - 8 * 50 + 25


def test_mortgage_and_lift_with_rounded_interest(g):
    ok(g, "buy", "Ana", "Electric Company")
    r = ok(g, "mortgage", "Electric")
    assert "$75" in r.out
    r = ok(g, "unmortgage", "Electric")
    # 10 % of $75 = $7.50, rounded up by us-1950s: $83
    assert "$83" in r.out
    assert player(g, "Ana")["cash"] == 1500 - 150 + 75 - 83


def test_income_tax_choice_and_flat(g):
    ok(g, "buy", "Ana", "Boardwalk")
    ok(g, "mortgage", "Boardwalk")
    r = run("tax", "income", "Ana", game=g)
    assert r.code == 2 and "--choice" in r.err
    r = ok(g, "tax", "income", "Ana", "--choice", "percent")
    # cash 1500-400+200 = 1300; Boardwalk at printed price even mortgaged: 400 → 1700 → $170
    assert "Ana pays $170 income tax (percent)" in r.out
    assert "$200" in ok(g, "tax", "income", "Ben", "--choice", "flat").out
    assert "$75" in ok(g, "tax", "luxury", "Carla").out
    assert [player(g, n)["cash"] for n in ("Ana", "Ben", "Carla")] == [1300 - 170, 1500 - 200, 1500 - 75]


def test_short_payment_records_debt_and_settle(g):
    ok(g, "buy", "Ana", "Boardwalk")
    r = ok(g, "pay", "Ben", "Ana", "1600")
    assert "short" in r.out and "not bankrupt" not in r.out
    assert player(g, "Ben")["cash"] == 1500
    assert player(g, "Ben")["debts"] == [{"to": "Ana", "amount": 1600, "reason": "payment"}]
    refused(g, "buy", "Ben", "Park Place", clause="debt.raise")
    ok(g, "collect", "Ben", "100")
    ok(g, "settle", "Ben")
    assert player(g, "Ben")["cash"] == 0 and player(g, "Ana")["cash"] == 1100 + 1600


def test_bankruptcy_refused_when_player_can_still_raise(g):
    ok(g, "buy", "Ben", "Boardwalk")
    ok(g, "pay", "Ben", "Ana", "1200")  # holds 1100, can mortgage Boardwalk for 200
    refused(g, "bankrupt", "Ben", clause="bankruptcy.test")


def test_bankruptcy_to_player_moves_everything(g):
    ok(g, "buy", "Ben", "Boardwalk")
    ok(g, "mortgage", "Boardwalk")
    ok(g, "pay", "Ben", "Ana", "5000")
    r = ok(g, "bankrupt", "Ben")
    assert "bankruptcy.to_player" in r.out
    ana = player(g, "Ana")
    # Ana gets Ben's 1300 cash and the mortgaged Boardwalk, paying the 10 % interest ($20) at once
    assert ana["cash"] == 1500 + 1300 - 20
    assert [d["name"] for d in ana["deeds"]] == ["Boardwalk"] and ana["deeds"][0]["mortgaged"]


def test_trade_with_mortgaged_deed_and_refusal_when_group_built(g):
    ok(g, "buy", "Ana", "Reading")
    ok(g, "mortgage", "Reading")
    r = ok(g, "trade", "Ana", "Ben", "--give", "Reading", "--take", "150")
    assert "interest" in r.out
    assert player(g, "Ben")["cash"] == 1500 - 150 - 10
    for d in ("Oriental", "Vermont", "Connecticut"):
        ok(g, "buy", "Carla", d)
    ok(g, "build", "Oriental")
    refused(g, "trade", "Carla", "Ben", "--give", "Vermont", "--take", "100", clause="trade.buildings")
    refused(g, "trade", "Carla", "Ben", "--give", "100", clause="loans.forbidden")


def test_jail_flow(g):
    ok(g, "jail", "send", "Ben")
    assert player(g, "Ben")["jail"]
    ok(g, "jail", "roll", "Ben", "1", "2")
    ok(g, "jail", "roll", "Ben", "1", "3")
    r = ok(g, "jail", "roll", "Ben", "2", "3")
    assert "must pay $50" in r.out
    b = player(g, "Ben")
    assert not b["jail"] and b["cash"] == 1450


def test_cards_repairs_and_each_player(g):
    for d in ("Oriental", "Vermont", "Connecticut"):
        ok(g, "buy", "Ana", d)
    for d in ("Oriental", "Vermont", "Connecticut"):
        ok(g, "build", d)
    r = ok(g, "card", "Ana", "street repairs")
    assert "houses: 3 × $40" in r.out and "$120" in r.out
    assert player(g, "Ana")["cash"] == 1500 - (100 + 100 + 120) - 3 * 50 - 120
    r = ok(g, "card", "Ben", "chairman")
    assert player(g, "Ben")["cash"] == 1500 - 100
    r = run("card", "Carla", "get out of jail free", game=g)
    assert r.code == 2 and "Chance: Get out of jail free" in r.err and "Community Chest" in r.err
    ok(g, "card", "Carla", "chance get out of jail free")
    ok(g, "jail", "send", "Carla")
    ok(g, "jail", "card", "Carla")
    assert not player(g, "Carla")["jail"]


def test_undo_and_log(g):
    ok(g, "buy", "Ana", "Boardwalk")
    ok(g, "rent", "Ben", "Boardwalk")
    ok(g, "undo")
    assert player(g, "Ben")["cash"] == 1500
    r = ok(g, "log")
    assert "undone by" in r.out
    events = json.loads(ok(g, "log", "--json").out)
    assert [e["type"] for e in events] == ["new", "buy", "rent", "undo"]
    ok(g, "undo", "1")
    assert player(g, "Ana")["deeds"] == []
    r = run("undo", game=g)
    assert r.code == 2 and "nothing to undo" in r.err


def test_user_errors_exit_2_one_line(g):
    for args, needle in [
        (("buy", "Zed", "Boardwalk"), "unknown player 'Zed'"),
        (("buy", "Ana", "Narnia"), "unknown deed 'Narnia'"),
        (("pay", "Ana", "Ben", "ten"), "whole number"),
        (("pay", "Ana", "Ben", "0"), "positive"),
        (("pay", "Ana", "Ben", "-5"), "must be positive"),
        (("buy", "Ana", "Avenue"), "could be more than one deed"),
    ]:
        r = run(*args, game=g)
        assert r.code == 2, (args, r.text)
        assert needle in r.err, (args, r.err)
        assert "Traceback" not in r.text
        assert len(r.err.strip().splitlines()) == 1


def test_forgiving_names(g):
    ok(g, "buy", "ana", "bw")
    ok(g, "buy", "AN", "st charles")
    names = [d["name"] for d in player(g, "Ana")["deeds"]]
    assert names == ["St. Charles Place", "Boardwalk"]


def test_no_game_file_is_a_clear_error(tmp_path):
    r = run("status", game=tmp_path / "none.sqlite")
    assert r.code == 2 and "no game at" in r.err


def test_auction_opening_rules(g):
    ok(g, "auction", "Ben", "Boardwalk", "10")  # us-1950s: any price
    assert player(g, "Ben")["cash"] == 1490


def test_export_yaml(g, tmp_path):
    import yaml

    ok(g, "buy", "Ana", "Boardwalk")
    out = tmp_path / "g.yaml"
    ok(g, "export", str(out))
    doc = yaml.safe_load(out.read_text())
    assert doc["events"][1]["text"] == "Ana buys Boardwalk for $400"


def test_short_game_ends_at_second_bankruptcy_with_buildings_handed_over(game):
    ok(game, "new", "--ruleset", "us-classic", "--variant", "short-game", "Ana", "Ben", "Carla", "Dora")
    for d in ("Oriental", "Vermont"):  # two deeds dealt each in the short game; the third bought
        ok(game, "deal", "Carla", d)
    ok(game, "buy", "Carla", "Connecticut")
    for d in ("Oriental", "Vermont", "Connecticut"):
        ok(game, "build", d)
    ok(game, "collect", "Ana", "100")
    ok(game, "pay", "Ben", "Ana", "9000")
    r = ok(game, "bankrupt", "Ben")
    assert "game over" not in r.out
    ok(game, "pay", "Carla", "Dora", "9000")
    r = ok(game, "bankrupt", "Carla")
    assert "game over at bankruptcy 2" in r.out and "Ana" in r.out.split("game over")[1]
    dora = player(game, "Dora")
    assert sorted(d["houses"] for d in dora["deeds"]) == [1, 1, 1]  # handed over whole, not sold
    s = status(game)
    assert s["over"] is True
    assert s["bank"]["houses"] == 29


def test_tracked_rent_is_claimed_once_per_landing(game):
    ok(game, "new", "--ruleset", "us-classic", "Ana", "Ben", "Carla")
    ok(game, "buy", "Ana", "Reading")  # square 5, bought before turns are tracked
    ok(game, "turn", "Ben")  # tracking starts: Ben's turn
    ok(game, "roll", "2", "3")  # Ben lands on Reading Railroad
    r = ok(game, "rent", "Ben", "Reading")
    assert "$25" in r.out
    refused(game, "rent", "Ben", "Reading", clause="rent.lot")
    assert player(game, "Ana")["cash"] == 1500 - 200 + 25
