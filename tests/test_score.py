"""Scores and taxes: the income tax by hand, every valuation method's numbers,
`referee score` (table, ties, --json, --history, --holdings) and the final
count printed when the short game ends."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from conftest import ROOT, run, run_proc

from referee.cli.render import chart
from referee.core import scoring
from referee.core.bankruptcy import bankruptcy_check
from referee.core.valuation import value
from referee.errors import InputError, ValidationErrors
from referee.moves import tablefile
from referee.ruleset import loader

EXAMPLE = ROOT / "examples" / "holdings.yaml"


def ok(game, *args):
    r = run(*args, game=game)
    assert r.code == 0, r.text
    return r


def status_player(game, name):
    r = ok(game, "status", "--json")
    return next(p for p in json.loads(r.out)["players"] if p["name"] == name)


def score_json(game, *args):
    return json.loads(ok(game, "score", "--json", *args).out)


# ---------------------------------------------------------------- income tax
def test_income_tax_with_mortgaged_deeds_and_a_hotel_matches_the_hand_count(game, monkeypatch):
    monkeypatch.setenv("REFEREE_VERBOSE", "1")  # reads the reasoning under the move (issue 18: one line by default)
    ok(game, "new", "--ruleset", "us-1950s", "Ana", "Ben")
    ok(game, "buy", "Ana", "Mediterranean Avenue")  # 1500 - 60 = 1440
    ok(game, "buy", "Ana", "Baltic Avenue")  # 1440 - 60 = 1380
    for _ in range(4):  # 8 houses at $50, built evenly: 1380 - 400 = 980
        ok(game, "build", "Mediterranean Avenue")
        ok(game, "build", "Baltic Avenue")
    ok(game, "build", "Baltic Avenue")  # the hotel, $50, its 4 houses back to the bank: 930
    ok(game, "buy", "Ana", "Reading Railroad")  # 730
    ok(game, "mortgage", "Reading Railroad")  # + 100 = 830
    ok(game, "buy", "Ana", "Oriental Avenue")  # 730
    ok(game, "mortgage", "Oriental Avenue")  # + 50 = 780
    assert status_player(game, "Ana")["cash"] == 780
    # The hand count (book 000: cash, the printed price of every deed mortgaged
    # or not, the cost price of every building):
    #   cash                                             780
    #   Mediterranean Avenue 60 + Baltic Avenue 60       120
    #   mortgaged, at full price: Reading 200 + Oriental 100    300
    #   4 houses on Mediterranean at 50                  200
    #   hotel on Baltic: 50 + the 4 houses turned in at 50      250
    #   net worth                                       1650
    #   10 %                                             165
    r = ok(game, "tax", "income", "Ana", "--choice", "percent")
    assert "Ana pays $165 income tax (percent)" in r.out
    assert "cash $780" in r.out
    assert "deeds at printed price: Mediterranean Avenue $60, Baltic Avenue $60 (total $120)" in r.out
    assert "mortgaged deeds at printed price: Reading Railroad $200, Oriental Avenue $100 (total $300)" in r.out
    assert "houses at cost: Mediterranean Avenue 4 × $50 = $200" in r.out
    assert "hotels at cost with the 4 houses turned in: Baltic Avenue $50 + 4 × $50 = $250" in r.out
    assert "net worth $1,650 × 10 % = $165" in r.out
    assert "tax.income" in r.out
    assert status_player(game, "Ana")["cash"] == 780 - 165
    # the same count is the net-worth valuation `referee score` shows
    ana = next(p for p in score_json(game, "--method", "net-worth")["players"] if p["name"] == "Ana")
    assert ana["components"] == {"cash": 615, "deeds": 120, "mortgaged_deeds": 300, "houses": 200, "hotels": 250}


def test_income_tax_choice_comes_first_and_flat_editions_take_none(game):
    ok(game, "new", "--ruleset", "us-1950s", "Ana", "Ben")
    r = run("tax", "income", "Ana", game=game)
    assert r.code == 2 and "--choice" in r.err and "Traceback" not in r.text
    r = run("tax", "income", "Ana", "--choice", "tenpercent", game=game)
    assert r.code == 2 and "percent or flat" in r.err
    assert "Ana pays $200 income tax (flat)" in ok(game, "tax", "income", "Ana", "--choice", "flat").out
    r = ok(game, "tax", "income", "Ben", "--preview")
    assert "not the official order of play" in r.out and "$150" in r.out  # 10 % of 1500, nothing recorded
    assert status_player(game, "Ben")["cash"] == 1500
    assert "$75 luxury tax" in ok(game, "tax", "luxury", "Ben").out


@pytest.mark.parametrize("ruleset, flat, luxury", [("us-2008", "$200", "$100"), ("it-lire", "L. 20.000", "L. 10.000")])
def test_flat_income_tax_editions(tmp_path, ruleset, flat, luxury):
    game = tmp_path / "g.sqlite"
    ok(game, "new", "--ruleset", ruleset, "Ana", "Ben", *(["--random", "--seed", "1"] if ruleset == "it-lire" else []))
    assert f"Ana pays {flat} income tax (flat)" in ok(game, "tax", "income", "Ana").out
    assert f"Ben pays {flat} income tax (flat)" in ok(game, "tax", "income", "Ben", "--choice", "flat").out
    r = run("tax", "income", "Ana", "--choice", "percent", game=game)
    assert r.code == 1 and "refused" in r.err and "tax.income" in r.err
    assert f"{luxury} luxury tax" in ok(game, "tax", "luxury", "Ana").out


# ---------------------------------------------------------------- valuation methods
# One set of holdings, counted by every method. Red group: house $150, hotel $150.
US_HOLDINGS = {
    "players": [
        {"name": "Ana", "cash": 500, "deeds": [
            "Boardwalk",                                    # price 400
            {"name": "Reading Railroad", "mortgaged": True},  # price 200, mortgage 100
            {"name": "Illinois Avenue", "hotel": True},       # price 240
            {"name": "Kentucky Avenue", "houses": 3},         # price 220
            {"name": "Indiana Avenue", "houses": 3},          # price 220
        ]},
        {"name": "Ben", "cash": 1500},
    ]
}


def _components(rs, method, holdings=US_HOLDINGS, who="Ana"):
    t = tablefile.holdings_table(rs, holdings)
    v = value(rs, t, who, method)
    return v.components(), v.total


def test_short_game_counts_mortgaged_at_half_and_hotels_with_three_houses():
    rs = loader.load("us-classic", ["short-game"])
    # cash 500; deeds 400 + 240 + 220 + 220 = 1080; Reading mortgaged at half: 100;
    # 6 houses × 150 = 900; hotel 150 + the 3 houses turned in (3 × 150) = 600
    assert _components(rs, "short-game") == (
        {"cash": 500, "deeds": 1080, "mortgaged_deeds": 100, "houses": 900, "hotels": 600}, 3180)


def test_time_limit_counts_as_the_short_game_with_four_house_hotels():
    rs = loader.load("us-classic", ["time-limit"])
    # as the short game, but a hotel still takes 4 houses in this game: 150 + 4 × 150 = 750
    assert _components(rs, "time-limit") == (
        {"cash": 500, "deeds": 1080, "mortgaged_deeds": 100, "houses": 900, "hotels": 750}, 3330)


def test_income_tax_net_worth_counts_mortgaged_deeds_at_full_price():
    rs = loader.load("us-1950s")
    # mortgaged Reading at its full printed price 200; hotel 150 + 4 × 150 = 750
    assert _components(rs, "net-worth") == (
        {"cash": 500, "deeds": 1080, "mortgaged_deeds": 200, "houses": 900, "hotels": 750}, 3430)


def test_liquidation_matches_the_bankruptcy_test():
    rs = loader.load("us-1950s")
    # deeds at mortgage value 200 + 120 + 110 + 110 = 540; the mortgaged one: nothing more;
    # houses at half 6 × 75 = 450; hotel at half of (150 + 4 × 150) = 375
    comps, total = _components(rs, "liquidation")
    assert (comps, total) == ({"cash": 500, "deeds": 540, "mortgaged_deeds": 0, "houses": 450, "hotels": 375}, 1865)
    t = tablefile.holdings_table(rs, US_HOLDINGS)
    t.player("Ana").cash = 0
    from referee.core.state import Debt

    t.debts.append(Debt(1, "Ana", "Ben", 10_000, "rent"))
    assert bankruptcy_check(rs, t, "Ana")[2] == total - 500


def test_italian_timed_conclusion_in_lire():
    rs = loader.load("it-lire")
    holdings = {"players": [{"name": "Ana", "cash": 100_000, "deeds": [
        {"name": "Parco della Vittoria", "houses": 4},      # 40.000, 4 houses × 20.000
        {"name": "Viale dei Giardini", "hotel": True},      # 35.000, hotel 20.000 + 4 × 20.000 ("worth 5 houses")
        {"name": "Stazione Sud", "mortgaged": True},        # 20.000, mortgaged: half = 10.000
        {"name": "Via Roma", "houses": 2},                  # 30.000, 2 × 20.000
    ]}]}
    assert _components(rs, "it-timed", holdings) == (
        {"cash": 100_000, "deeds": 105_000, "mortgaged_deeds": 10_000, "houses": 120_000, "hotels": 100_000}, 435_000)
    assert scoring.resolve_method(rs, None) == "it-timed"


@pytest.mark.parametrize("ruleset", ["us-1950s", "us-classic", "us-2008", "it-lire", "mx-hasbro"])
def test_every_edition_names_the_four_methods(ruleset):
    names = loader.load(ruleset).valuation_names()
    assert {"short-game", "time-limit", "it-timed", "net-worth"} <= set(names)


# ---------------------------------------------------------------- ranking
def _val(name, total):
    from referee.core.valuation import Valuation

    return Valuation(name, "m", cash=total)


def test_ranking_shares_places_on_ties():
    st = scoring.rank([_val("A", 10), _val("B", 30), _val("C", 10), _val("D", 30), _val("E", 5)])
    assert [(s.player, s.rank, s.tied) for s in st] == [
        ("B", 1, True), ("D", 1, True), ("A", 3, True), ("C", 3, True), ("E", 5, False)]


def test_score_of_a_fresh_game_is_a_four_way_tie(game):
    ok(game, "new", "Ana", "Ben", "Carla", "Dan")
    d = score_json(game)
    assert d["method"] == "net-worth" and d["ranking"] == ["Ana", "Ben", "Carla", "Dan"]
    assert d["winner"] is None and d["tie"] is True
    assert all(p["rank"] == 1 and p["tied"] and p["total"] == 1500 for p in d["players"])
    r = ok(game, "score")
    assert "=1" in r.out and "a tie for first: Ana, Ben, Carla and Dan, $1,500 each" in r.out


def test_score_json_shape_and_methods(game):
    ok(game, "new", "--ruleset", "us-1950s", "Ana", "Ben")
    ok(game, "buy", "Ana", "Boardwalk")
    ok(game, "mortgage", "Boardwalk")
    d = score_json(game, "--method", "short-game")
    assert d["method"] == "short-game"
    ana = d["players"][0]
    assert set(ana) >= {"name", "total", "components"}
    # 1500 - 400 + 200 = 1300 cash; Boardwalk mortgaged at half its price: 200
    assert ana["components"] == {"cash": 1300, "deeds": 0, "mortgaged_deeds": 200, "houses": 0, "hotels": 0}
    assert ana["total"] == 1500 and all(isinstance(v, int) for v in ana["components"].values())
    assert d["ranking"] == ["Ana", "Ben"] and d["tie"] is True
    assert score_json(game, "-m", "net-worth")["players"][0]["total"] == 1700  # mortgaged at full price
    assert score_json(game, "-m", "short")["method"] == "short-game"  # forgiving spelling
    r = run("score", "--method", "richest", game=game)
    assert r.code == 2 and "valuation method" in r.err and "short-game" in r.err and "Traceback" not in r.text
    r = run("score", "--ruleset", "us-2008", game=game)
    assert r.code == 2 and "--holdings" in r.err


def test_score_table_shows_components_total_rank_and_citation(game):
    ok(game, "new", "--ruleset", "us-1950s", "Ana", "Ben")
    ok(game, "pay", "Ben", "Ana", "100")
    r = ok(game, "score", "--method", "short-game", "--detail")
    for word in ("#", "player", "cash", "deeds", "mortgaged", "houses", "hotels", "total"):  # the rank's column is "#"
        assert word in r.out
    assert re.search(r"1\s+Ana\s+\$1,600", r.out) and re.search(r"2\s+Ben\s+\$1,400", r.out)
    assert "Ana is richest with $1,600, $200 ahead of Ben" in r.out
    assert "end.game" in r.out  # the method's clause, cited


# ---------------------------------------------------------------- the end of the short game
def test_second_bankruptcy_ends_the_short_game_and_prints_the_final_score(game):
    ok(game, "new", "--ruleset", "us-classic", "--variant", "short-game", "Ana", "Ben", "Carla", "Dan")
    for who, deeds in (("Ana", ["Boardwalk", "Park Place"]), ("Ben", ["Baltic Avenue", "Mediterranean Avenue"]),
                       ("Carla", ["Reading Railroad", "Short Line"]), ("Dan", ["Water Works", "Electric Company"])):
        ok(game, "deal", who, *deeds)
    ok(game, "pay", "Ben", "bank", "5000")
    r = ok(game, "bankrupt", "Ben")
    assert "GAME OVER" not in r.out
    ok(game, "pay", "Carla", "Ana", "5000")
    r = ok(game, "bankrupt", "Carla")
    assert "GAME OVER" in r.out and "Final score" in r.out and "short-game" in r.out
    d = score_json(game)
    assert d["over"] is True and d["method"] == "short-game"
    ana = next(p for p in d["players"] if p["name"] == "Ana")
    # cash 1500 - 750 (the two deeds dealt) + 1100 (Carla's cash: 1500 - 400) = 1850;
    # deeds 400 + 350 + Reading 200 + Short Line 200 = 1150
    assert ana["components"]["cash"] == 1850 and ana["components"]["deeds"] == 1150 and ana["total"] == 3000
    # Dan: 1500 - 300 = 1200 cash + 300 of utilities = 1500
    assert d["ranking"] == ["Ana", "Dan"] and d["winner"] == "Ana"
    assert [p["name"] for p in d["players"] if p["bankrupt"]] == ["Ben", "Carla"]
    assert "Ana wins" in r.out and re.search(r"1\s+Ana\s+\$1,850", r.out)
    r = ok(game, "score")
    assert "Final score" in r.out and "game over: Ana wins" in r.out and "out" in r.out


# ---------------------------------------------------------------- history
def test_history_replays_events_and_skips_undone_ones(game):
    ok(game, "new", "--ruleset", "us-1950s", "Ana", "Ben")
    ok(game, "buy", "Ana", "Boardwalk")  # net worth unchanged: 1100 cash + 400
    ok(game, "tax", "income", "Ana", "--choice", "flat")  # 1300
    ok(game, "pay", "Ben", "Ana", "100")
    ok(game, "undo")  # the payment never happened
    ok(game, "mortgage", "Boardwalk")  # + 200 cash, and a mortgaged deed still counts in full
    d = json.loads(ok(game, "score", "--history", "--json").out)
    assert d["method"] == "net-worth" and d["players"] == ["Ana", "Ben"]
    assert [p["type"] for p in d["points"]] == ["new", "buy", "tax", "mortgage"]
    assert [p["totals"] for p in d["points"]] == [
        {"Ana": 1500, "Ben": 1500}, {"Ana": 1500, "Ben": 1500}, {"Ana": 1300, "Ben": 1500}, {"Ana": 1500, "Ben": 1500}]
    short = json.loads(ok(game, "score", "--history", "--json", "--method", "short-game").out)
    assert short["points"][-1]["totals"]["Ana"] == 1100 + 200  # cash, and Boardwalk mortgaged at half
    r = ok(game, "score", "--history")
    assert "Net worth over the game" in r.out and "┤" in r.out and "4 events" in r.out
    assert "Ana" in r.out and "Ben" in r.out and "low $1,300, high $1,500" in r.out


def test_history_marks_bankruptcies(game):
    ok(game, "new", "--ruleset", "us-1950s", "Ana", "Ben", "Carla")
    ok(game, "pay", "Ben", "bank", "5000")
    ok(game, "bankrupt", "Ben")
    r = ok(game, "score", "--history")
    assert "✗" in r.out and "bankruptcy" in r.out


def test_chart_layout_rows_and_columns():
    lay = chart.layout([[0, 10, 5]], width=3, height=3)
    assert (lay.lo, lay.hi) == (0, 10)  # step 5: rows 0, 5, 10
    assert lay.text_rows() == [" ╭╮", " │╰", "─╯ "]
    assert [lay.row_value(r) for r in range(3)] == [10, 5, 0]
    # stretched: 2 points over 6 columns, 3 columns each; the last column is the last value
    lay = chart.layout([[1, 2], [2, 1]], width=6, height=2)
    assert lay.sample == [0, 0, 0, 1, 1, 1]
    assert lay.text_rows() == ["───╮──", "───╰──"]  # the second series is drawn over the first
    # squeezed: 10 points in 5 columns, each column the last of its pair
    lay = chart.layout([list(range(10))], width=5, height=10)
    assert lay.sample == [1, 3, 5, 7, 9]
    assert chart.layout([[7, 7]], 4, 12).height == 3  # a flat line sits in the middle of 3 rows


def test_nice_steps():
    assert [chart.nice_step(x) for x in (0.5, 1, 3, 7, 11, 26, 272, 1001)] == [1, 1, 3, 8, 15, 30, 300, 1500]


# ---------------------------------------------------------------- holdings files
def test_example_holdings_file_short_game_count():
    r = run("score", "--holdings", str(EXAMPLE), "--json")
    assert r.code == 0, r.text
    d = json.loads(r.out)
    assert d["method"] == "short-game" and d["ruleset"] == "us-classic+short-game"
    totals = {p["name"]: p["total"] for p in d["players"]}
    # Ana: 740 + deeds 400 + 240 + 220 + 220 + Park Place mortgaged 175 + houses 6 × 150
    #      + hotel 150 + 3 × 150 = 740 + 1080 + 175 + 900 + 600
    # Ben: 1310 + 200 + 150 + 100 + 100 + 120 + Short Line mortgaged 100 + houses 6 × 50
    # Carla: 2105 + 180 + 180 + New York Avenue mortgaged 100
    assert totals == {"Ana": 3495, "Ben": 2380, "Carla": 2565}
    assert d["ranking"] == ["Ana", "Carla", "Ben"]
    r = run("score", "--holdings", str(EXAMPLE), "--method", "net-worth", "--json")
    assert {p["name"]: p["total"] for p in json.loads(r.out)["players"]} == {"Ana": 3670, "Ben": 2480, "Carla": 2665}
    r = run("score", "--holdings", str(EXAMPLE), "--ruleset", "us-1950s", "--json")
    d = json.loads(r.out)  # the edition replaced, the file's variant kept
    assert d["ruleset"] == "us-1950s+short-game" and d["method"] == "short-game"


def test_docs_show_the_shipped_example():
    doc = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
    assert any(yaml.safe_load(b) == yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")) for b in blocks)
    for total in ("$3,495", "$2,565", "$2,380"):
        assert total in doc


def test_holdings_errors_are_located_and_all_reported(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text(
        "ruleset: us-classic\n"                                   # 1
        "metod: short-game\n"                                     # 2
        "players:\n"                                              # 3
        "  - name: Ana\n"                                         # 4
        "    cash: '1,200'\n"                                     # 5
        "    deeds:\n"                                            # 6
        "      - Bordwalk\n"                                      # 7
        "      - {name: Park Place, houses: 5}\n"                 # 8
        "      - {name: Reading Railroad, hotel: true}\n"         # 9
        "  - name: Ben\n"                                         # 10
        "    deeds:\n"                                            # 11
        "      - {name: Baltic Avenue, houses: 2, mortgaged: true}\n"  # 12
        "      - {name: Park Place, motgaged: true}\n",           # 13
        encoding="utf-8",
    )
    r = run("score", "--holdings", str(f))
    assert r.code == 2 and "Traceback" not in r.text
    lines = r.err.strip().splitlines()
    expect = [
        (2, "unknown key 'metod' in the holdings file (did you mean 'method'?)"),
        (5, "Ana's cash must be a whole number"),
        (7, "unknown deed 'Bordwalk' (did you mean Boardwalk?)"),
        (8, "houses on Park Place must be a whole number from 0 to 4, not 5"),
        (9, "Reading Railroad is a railroad: nothing can be built on it"),
        (12, "Baltic Avenue cannot be mortgaged with buildings on it"),
        (13, "unknown key 'motgaged' in a deed (did you mean 'mortgaged'?)"),
        (13, "Park Place is already held by Ana"),
    ]
    assert len(lines) == len(expect), r.err
    for line, (n, msg) in zip(lines, expect):
        assert line.startswith(f"{f}:{n}: ") and msg in line, line


def test_holdings_core_errors_without_a_file():
    rs = loader.load("us-1950s")
    with pytest.raises(InputError, match="no players"):
        tablefile.holdings_table(rs, {"players": []})
    with pytest.raises(InputError, match="hold 33 houses, but us-1950s has only 32"):
        lots = [sq.name for sq in rs.deeds if sq.kind == "lot"][:9]
        tablefile.holdings_table(rs, {"players": [{"name": "A", "deeds": [{"name": n, "houses": 4} for n in lots[:8]]
                                                 + [{"name": lots[8], "houses": 1}]}]})
    with pytest.raises(ValidationErrors):
        tablefile.holdings_table(rs, {"players": {"A": {"cash": -1}, "a": {"cash": 1}}})
    t = tablefile.holdings_table(rs, {"table": {"players": {"Ana": {"cash": 5, "deeds": ["bw"]}}}, "claims": []})
    assert t.player("Ana").cash == 5 and t.owned_by("Ana") == [39]


def test_holdings_needs_a_ruleset_and_no_history(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text("players: [{name: Ana, cash: 10}]\n", encoding="utf-8")
    r = run("score", "--holdings", str(f))
    assert r.code == 2 and f"{f}:1: name the ruleset" in r.err
    assert json.loads(run("score", "--holdings", str(f), "-r", "us-2008", "--json").out)["players"][0]["total"] == 10
    r = run("score", "--holdings", str(f), "--history")
    assert r.code == 2 and "needs a game" in r.err
    r = run("score", "--holdings", str(tmp_path / "missing.yaml"))
    assert r.code == 2 and "no such file" in r.err


def test_installed_command_scores_the_example():
    p = run_proc("score", "--holdings", str(EXAMPLE))
    assert p.returncode == 0, p.stderr
    assert "Ana is richest with $3,495" in p.stdout and "valuation.short_game" in p.stdout


def test_scenario_spelling_of_a_table_is_read_too(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text(
        "title: a table as a scenario writes it\n"
        "ruleset: us-classic\n"
        "variants: [short-game]\n"
        "players:\n"
        "  Ana:\n"
        "    cash: 1000\n"
        "    deeds: {Oriental Avenue: 3, Vermont Avenue: '3 houses', Connecticut Avenue: hotel, Baltic Avenue: mortgaged}\n"
        "  Ben:\n"
        "    cash: 700\n"
        "    deeds: [Boardwalk, {Park Place: {mortgaged: true}}]\n"
        "  Carla: {cash: 0, bankrupt: true}\n"
        "claims: []\n",
        encoding="utf-8",
    )
    d = json.loads(ok(None, "score", "--holdings", str(f), "--json").out)
    comps = {p["name"]: p["components"] for p in d["players"]}
    # Ana: deeds 100 + 100 + 120; Baltic at half its 60; 6 light-blue houses at 50;
    #      the hotel 50 + 3 houses turned in at 50
    assert comps["Ana"] == {"cash": 1000, "deeds": 320, "mortgaged_deeds": 30, "houses": 300, "hotels": 200}
    # Ben: Boardwalk 400; Park Place mortgaged, half of 350
    assert comps["Ben"] == {"cash": 700, "deeds": 400, "mortgaged_deeds": 175, "houses": 0, "hotels": 0}
    assert d["ranking"] == ["Ana", "Ben"]
    assert [p["rank"] for p in d["players"] if p["name"] == "Carla"] == [None]


def _value_claims():
    """Every shipped scenario claim `value: {player, method}` with an expected amount and no steps before it."""
    out = []
    for f in sorted((ROOT / "scenarios").rglob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            continue
        for c in data.get("claims") or []:
            v, exp = c.get("value"), c.get("expect") or {}
            if isinstance(v, dict) and isinstance(exp, dict) and "amount" in exp and not c.get("given"):
                out.append(pytest.param(f, v["player"], v["method"], exp["amount"], id=f"{f.parent.name}/{f.stem}"))
    return out


def test_the_library_has_valuation_claims():
    assert len(_value_claims()) >= 5


@pytest.mark.parametrize("path, player, method, amount", _value_claims())
def test_score_of_a_scenario_file_agrees_with_its_valuation_rulings(path, player, method, amount):
    r = run("score", "--holdings", str(path), "--method", method, "--json")
    assert r.code == 0, r.text
    totals = {p["name"]: p["total"] for p in json.loads(r.out)["players"]}
    assert totals[player] == amount


def test_history_says_each_move_and_follows_corrections(game):
    """`score --history` reads the game through the store's one replay: each point says its move (rendered when
    shown, not stored), and a voided move is gone from it as from the log and the summary."""
    ok(game, "new", "--ruleset", "us-1950s", "Ana", "Ben")
    ok(game, "buy", "Ana", "Boardwalk")
    ok(game, "pay", "Ben", "Ana", "100")
    ok(game, "buy", "Ben", "Park Place")
    ok(game, "void", "3")  # the payment never happened; Ben's purchase is re-run
    d = json.loads(ok(game, "score", "--history", "--json").out)
    assert [p["type"] for p in d["points"]] == ["new", "buy", "buy"]
    assert "Boardwalk" in d["points"][1]["text"] and "Park Place" in d["points"][2]["text"]
    assert d["points"][-1]["totals"] == {"Ana": 1500, "Ben": 1500}
    it = json.loads(ok(game, "--lang", "it", "score", "--history", "--json").out)
    assert "compra" in it["points"][1]["text"]
