"""The UK (London, pounds) edition and Hasbro's later short game, through the CLI and the loader."""

from __future__ import annotations

import json

import pytest
from conftest import run

from referee.errors import InputError
from referee.ruleset import loader


@pytest.fixture(autouse=True)
def _verbose(monkeypatch):
    """These tests read the reasoning printed under each move: the full output (`--verbose`, issue 18 made one line the default)."""
    monkeypatch.setenv("REFEREE_VERBOSE", "1")


def ok(g, *args):
    r = run(*args, game=g)
    assert r.code == 0, (args, r.text)
    return r


def cash(g) -> dict[str, int]:
    s = json.loads(ok(g, "status", "--json").out)
    return {p["name"]: p["cash"] for p in s["players"]}


def test_full_game_in_pounds_to_a_bankruptcy(tmp_path):
    g = tmp_path / "uk.sqlite"
    r = ok(g, "new", "--ruleset", "uk", "Ana", "Ben")
    assert "£1,500" in r.out and "$" not in r.out
    assert cash(g) == {"Ana": 1500, "Ben": 1500}

    ok(g, "buy", "Ana", "Park Lane")
    # Ben declines Mayfair; the auction opens at £10, so a £5 bid is refused
    low = run("auction", "Ana", "Mayfair", "5", game=g)
    assert low.code == 1 and "£10" in low.err
    ok(g, "auction", "Ana", "Mayfair", "300")
    ok(g, "buy", "Ben", "King's Cross Station")
    assert cash(g) == {"Ana": 850, "Ben": 1300}

    # the complete dark blue set doubles Mayfair's £50
    r = ok(g, "rent", "Ben", "Mayfair")
    assert "£100" in r.out
    assert ok(g, "rent", "Ana", "King's Cross").out.count("£25") >= 1
    assert cash(g) == {"Ana": 925, "Ben": 1225}

    # Income Tax is a flat £200 (no 10 % choice); Super Tax £100
    refused = run("tax", "income", "Ben", "--choice", "percent", game=g)
    assert refused.code == 1 and "flat" in refused.err
    ok(g, "tax", "income", "Ben", "--choice", "flat")
    assert "Super Tax: £100" in ok(g, "tax", "luxury", "Ben").out
    assert cash(g)["Ben"] == 925

    # the brown set: houses evenly, a hotel, the hotel broken back into four houses
    ok(g, "buy", "Ana", "Old Kent Road")
    ok(g, "buy", "Ana", "Whitechapel Road")
    for _ in range(4):
        ok(g, "build", "Old Kent Road")
        ok(g, "build", "Whitechapel Road")
    assert cash(g)["Ana"] == 925 - 120 - 8 * 50
    assert "£50" in ok(g, "build", "Whitechapel Road", "--hotel").out
    assert "£25" in ok(g, "sell", "Whitechapel Road").out  # half the hotel's £50
    wc = _deed(g, "Whitechapel Road")
    assert (wc["hotel"], wc["houses"]) == (False, 4)
    ok(g, "build", "Whitechapel Road", "--hotel")
    assert cash(g)["Ana"] == 925 - 120 - 400 - 50 + 25 - 50

    # jail: £50; a mortgage and its lifting (£100, then £110)
    ok(g, "jail", "send", "Ben")
    ok(g, "jail", "pay", "Ben")
    assert cash(g)["Ben"] == 875
    ok(g, "mortgage", "King's Cross Station")
    assert cash(g)["Ben"] == 975
    ok(g, "unmortgage", "King's Cross Station")
    assert cash(g)["Ben"] == 865

    # a UK card: the birthday, £10 from each other player
    ok(g, "card", "Ana", "birthday")
    assert cash(g) == {"Ana": 340, "Ben": 855}

    # Ben keeps landing on the Whitechapel Road hotel (£450)
    ok(g, "rent", "Ben", "Whitechapel Road")
    r = ok(g, "rent", "Ben", "Whitechapel Road")
    assert "short" in r.out and "£45" in r.out  # £405 in hand
    ok(g, "mortgage", "King's Cross Station")  # raises £100 and pays the debt
    ok(g, "settle", "Ben")
    assert cash(g) == {"Ana": 1240, "Ben": 55}
    r = ok(g, "rent", "Ben", "Whitechapel Road")
    assert "short" in r.out and "bankrupt" in r.out
    r = ok(g, "bankrupt", "Ben")
    assert "game over" in r.out and "£" in r.out
    s = json.loads(ok(g, "status", "--json").out)
    assert s["over"] is True and s["winner"] == "Ana"
    ben = next(p for p in s["players"] if p["name"] == "Ben")
    assert ben["bankrupt"] and ben["cash"] == 0 and ben["deeds"] == []
    # Ana takes the £55 and the mortgaged station, paying the bank its £10 interest
    assert _deed(g, "King's Cross Station")["mortgaged"] is True
    assert cash(g)["Ana"] == 1240 + 55 - 10
    late = run("buy", "Ana", "Bond Street", game=g)
    assert late.code == 1 and "game is over" in late.err
    events = json.loads(ok(g, "log", "--json").out)
    assert events[-1]["type"] == "bankrupt"


def _deed(g, name):
    s = json.loads(ok(g, "status", "--json").out)
    return next(d for p in s["players"] for d in p["deeds"] if d["name"] == name)


def test_rent_claim_window_is_the_next_player():
    assert loader.load("uk").p.rent.claim_window == 1
    assert loader.load("us-classic").p.rent.claim_window == 2


def test_rules_diff_lists_every_uk_difference():
    r = run("rules", "diff", "us-classic", "uk")
    assert r.code == 0, r.text
    for param in (
        "currency", "players.separate_banker_above", "setup.notes", "rules.auction.opening",
        "rules.auction.opening_amount", "rules.rent.claim_window", "rules.building.shortage_opening",
        "rules.taxes.income.choices", "rules.taxes.luxury.amount", "rules.bankruptcy.procedure",
        "board.squares", "Super Tax", "decks.chance",
    ):
        assert param in r.out, param


def test_uk_board_is_the_london_board():
    rs = loader.load("uk")
    names = [sq.name for sq in rs.squares]
    assert names[1] == "Old Kent Road" and names[39] == "Mayfair" and names[38] == "Super Tax"
    stations = [sq.name for sq in rs.squares if sq.kind == "railroad"]
    assert stations == ["King's Cross Station", "Marylebone Station", "Fenchurch St. Station", "Liverpool St. Station"]
    us = loader.load("us-classic")
    for a, b in zip(rs.squares, us.squares):
        assert (a.kind, a.price, a.mortgage, a.rent) == (b.kind, b.price, b.mortgage, b.rent)
    assert rs.fmt(1500) == "£1,500"


@pytest.mark.parametrize("edition", ["us-classic", "us-2008", "uk"])
def test_later_short_game_composes(edition):
    base = loader.load(edition)
    rs = loader.load(edition, variants=["hasbro-short-game"])
    assert rs.for_players("deal_deeds", 3) == 3
    assert rs.p.purchase.dealt_deeds_paid is False
    assert rs.p.building.hotel_houses == 3
    assert rs.p.jail.max_turns == 1
    assert rs.p.taxes.income.choices == ("flat",)
    assert rs.p.end.condition == "bankruptcies" and rs.p.end.bankruptcies == 1
    # the edition keeps its own figures
    assert rs.p.jail.fine == base.p.jail.fine
    assert rs.p.taxes.luxury.amount == base.p.taxes.luxury.amount
    assert rs.fmt(10) == base.fmt(10)
    assert rs.clause("setup.deal").file == "hasbro-short-game-42749"


def test_later_short_game_refuses_other_editions():
    with pytest.raises(InputError, match="applies to"):
        loader.load("us-1950s", variants=["hasbro-short-game"])


def test_later_short_game_on_uk_ends_at_first_bankruptcy(tmp_path):
    g = tmp_path / "short.sqlite"
    ok(g, "new", "--ruleset", "uk", "--variant", "hasbro-short-game", "--random", "--seed", "5", "Ana", "Ben", "Carla")
    s = json.loads(ok(g, "status", "--json").out)
    assert [len(p["deeds"]) for p in s["players"]] == [3, 3, 3]
    assert [p["cash"] for p in s["players"]] == [1500, 1500, 1500]  # the dealt deeds are free
    r = ok(g, "pay", "Carla", "Ana", "20000")
    assert "short" in r.out
    ok(g, "bankrupt", "Carla")
    s = json.loads(ok(g, "status", "--json").out)
    assert s["over"] is True and s["winner"] in ("Ana", "Ben")


def test_ask_knows_the_uk_words():
    for question, clause in (("how much is super tax", "tax.luxury"), ("rent on a station", "rent.railroad")):
        r = run("ask", question, "--ruleset", "uk", "--json")
        assert r.code == 0, r.text
        assert clause in [a["clause"] for a in json.loads(r.out)], question


def test_the_london_boards_stations_are_called_stations(tmp_path):
    g = tmp_path / "g.sqlite"
    ok(g, "new", "Dave", "Mia", "-r", "uk")
    ok(g, "buy", "Mia", "kings cross")
    ok(g, "buy", "Mia", "marylebone")
    rent = " ".join(ok(g, "rent", "Dave", "marylebone").out.split())
    assert "Mia owns 2 of the Stations → £50" in rent and "railroad(s)" not in rent and "railroads →" not in rent
    assert "Stations: King's Cross Station" in " ".join(ok(g, "status").out.split())
    us = tmp_path / "us.sqlite"  # an edition without its own word keeps the general one
    ok(us, "new", "Ana", "Ben")
    ok(us, "buy", "Ana", "reading")
    assert "Ana owns 1 railroad → $25" in ok(us, "rent", "Ben", "reading").out


SHORTAGE = """\
title: the last house, bid for at {bid}
ruleset: uk
variants: {variants}
players:
  Ana: {{cash: 900, deeds: {{"The Angel, Islington": 1, Euston Road: 1, Pentonville Road: 1}}}}
  Ben: {{cash: 900}}
bank: {{houses: 1, hotels: 12}}
claims:
  - says: "Ana wins the last house for {bid}"
    build: {{deed: Pentonville Road, price: {bid}}}
    allowed: true
    expect: upheld
"""


@pytest.mark.parametrize(("variants", "bid", "upheld"), [
    ([], 10, True),             # the 2017 leaflet: a shortage auction opens at £10
    (["uk-2000"], 10, False),   # the 2000 sheet: from the £50 house price on the Pentonville Road deed
    (["uk-2000"], 49, False),
    (["uk-2000"], 50, True),
])
def test_shortage_auction_opens_at_the_deed_price_on_the_2000_sheet(tmp_path, variants, bid, upheld):
    from referee import check as sc

    f = tmp_path / "shortage.yaml"
    f.write_text(SHORTAGE.format(bid=bid, variants=json.dumps(variants)), encoding="utf-8")
    res = sc.check_file(f)
    assert res.error is None, res.error
    (r,) = res.rulings
    assert r.allowed is upheld, r
    assert "building.shortage" in r.clauses
    if not upheld:
        assert "£50" in r.text


def test_uk_2000_sheet_settles_the_open_uk_points():
    old, new = loader.load("uk"), loader.load("uk", variants=["uk-2000"])
    assert (old.p.building.hotel_sale, new.p.building.hotel_sale) == (("break",), ("break", "group", "bare"))
    assert (old.p.building.shortage_opening_at, new.p.building.shortage_opening_at) == ("amount", "deed")
    assert (old.p.bankruptcy.partial_payment_in_property, new.p.bankruptcy.partial_payment_in_property) == (False, True)
    assert new.p.rent.full_group_with_mortgaged_lot is False and new.p.auction.opening == "any"
    for cid in ("building.sell_hotel", "building.shortage", "bankruptcy.partial_payment", "rent.group_mortgaged"):
        assert new.clause(cid).file == "uk-gb-2000", cid
