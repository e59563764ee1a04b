"""Rulesets as data: every shipped combination loads, editions differ exactly as
shared/editions.md says, and malformed files give one located line and exit 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import ROOT, run

from referee.ruleset import loader, params, schema
from referee.ruleset.model import Ruleset


@pytest.fixture(autouse=True)
def _fresh_catalog():
    """A ruleset loaded by its path joins the process's catalog: forget it after the test, so that a later test in
    the same process (`ask --all-editions`) sees the shipped editions only."""
    yield
    loader._CATALOG = None

FIX = ROOT / "tests" / "fixtures" / "rulesets"
EDITIONS = ["us-1950s", "us-classic", "us-2008", "it-lire", "latam-ciudades", "mx-hasbro"]
VARIANTS = ["short-game", "time-limit"]
HOUSE_RULES = ["free-parking-jackpot", "double-go", "no-auctions", "no-rent-in-jail", "tournament-1983"]


def rs(name, variants=(), house_rules=()):
    return loader.load(name, list(variants), list(house_rules))


def test_every_edition_variant_and_house_rule_combination_loads():
    for ed in EDITIONS:
        for v in [()] + [(x,) for x in VARIANTS]:
            for h in [(), tuple(HOUSE_RULES)] + [(x,) for x in HOUSE_RULES]:
                r = rs(ed, v, h)
                assert r.edition == ed
                for cid in loader.schema.REQUIRED_CLAUSES:
                    assert r.has_clause(cid), (r.id, cid)


def test_catalog_lists_the_shipped_files():
    cat = loader.catalog()
    assert set(EDITIONS) <= set(cat.ids("edition"))
    assert set(VARIANTS) <= set(cat.ids("variant"))
    assert set(HOUSE_RULES) <= set(cat.ids("house-rule"))


# ------------------------------------------------------------- Money and setup
def test_currency_and_amount_printing():
    assert rs("us-classic").fmt(1500) == "$1,500"
    assert rs("it-lire").fmt(20000) == "L. 20.000"
    assert rs("latam-ciudades").fmt(1500).startswith("$")


def test_starting_cash_and_notes():
    for ed in ("us-1950s", "us-classic", "latam-ciudades"):
        assert rs(ed).setup("notes") == {500: 2, 100: 2, 50: 2, 20: 6, 10: 5, 5: 5, 1: 5}
    for ed in ("us-2008", "mx-hasbro"):
        assert rs(ed).setup("notes") == {500: 2, 100: 4, 50: 1, 20: 1, 10: 2, 5: 1, 1: 5}
    it = rs("it-lire")
    assert [it.for_players("starting_cash", n) for n in range(2, 7)] == [350000, 300000, 250000, 200000, 150000]
    for ed in EDITIONS:
        if ed != "it-lire":
            assert rs(ed).for_players("starting_cash", 4) == 1500


def test_deeds_dealt_at_start():
    it = rs("it-lire")
    assert [it.for_players("deal_deeds", n) for n in range(2, 7)] == [7, 6, 5, 4, 3]
    assert rs("us-classic", ["short-game"]).for_players("deal_deeds", 4) == 2
    assert rs("latam-ciudades", ["short-game"]).for_players("deal_deeds", 4) == 2
    assert not rs("us-classic").for_players("deal_deeds", 4)


def test_players_and_bank_stock():
    assert rs("it-lire").players("max") == 6 and rs("it-lire").players("max_if_banker_not_playing") == 7
    assert rs("latam-ciudades").players("max") == 6
    assert (rs("latam-ciudades").bank("houses"), rs("latam-ciudades").bank("hotels")) == (34, 14)
    for ed in ("us-1950s", "us-classic", "us-2008", "it-lire", "mx-hasbro"):
        assert (rs(ed).bank("houses"), rs(ed).bank("hotels")) == (32, 12)


def test_decks():
    names = lambda r: sorted(d.get("name") for d in r.decks().values())  # noqa: E731
    assert names(rs("us-classic")) == ["Chance", "Community Chest"]
    assert names(rs("it-lire")) == ["Imprevisti", "Probabilità"]
    assert names(rs("mx-hasbro")) == ["Arca Comunal", "Fortuna"]
    assert len(rs("latam-ciudades").decks()) == 1


def test_salary():
    assert rs("it-lire").p.salary.amount == 20000
    for ed in ("us-1950s", "us-classic", "us-2008", "latam-ciudades", "mx-hasbro"):
        assert rs(ed).p.salary.amount == 200
    assert rs("us-classic", house_rules=["double-go"]).p.salary.landing_bonus == 200


# ------------------------------------------------------------- Turn, dice, jail
def test_jail():
    assert rs("it-lire").p.jail.fine == 5000
    assert rs("latam-ciudades").p.jail.lose_next_turn is True
    for ed in ("us-1950s", "us-classic", "it-lire", "mx-hasbro"):
        assert rs(ed).p.jail.lose_next_turn is False
    assert all(rs(ed).p.jail.max_turns == 3 for ed in EDITIONS)
    assert rs("us-classic", house_rules=["no-rent-in-jail"]).p.jail.collect_rent is False


# ------------------------------------------------------------- Buying, auctions, rent
def test_auction_opening():
    assert rs("us-1950s").p.auction.opening == "any"
    assert rs("it-lire").p.auction.opening == "any"
    assert rs("latam-ciudades").p.auction.opening == "printed_price"
    mx = rs("mx-hasbro")
    assert (mx.p.auction.opening, mx.p.auction.opening_amount) == ("fixed", 10)
    assert rs("us-classic", house_rules=["no-auctions"]).p.auction.enabled is False


def test_rent_claim_window():
    assert rs("us-1950s").p.rent.claim_window == 2
    assert rs("us-classic").p.rent.claim_window == 2
    for ed in ("it-lire", "latam-ciudades", "mx-hasbro"):
        assert rs(ed).p.rent.claim_window == 1


def test_free_parking():
    assert all(rs(ed).p.free_parking.jackpot is False for ed in EDITIONS)
    assert rs("us-classic", house_rules=["free-parking-jackpot"]).p.free_parking.jackpot is True


# ------------------------------------------------------------- Taxes
def test_income_and_luxury_tax():
    assert rs("us-1950s").p.taxes.income.choices == ("percent", "flat")
    assert rs("us-classic").p.taxes.income.choices == ("percent", "flat")
    assert rs("us-2008").p.taxes.income.choices == ("flat",)  # 10 % option removed in 2008
    assert rs("mx-hasbro").p.taxes.income.choices == ("flat",)
    assert rs("it-lire").p.taxes.income.flat == 20000
    assert rs("us-classic").p.taxes.luxury.amount == 75
    assert rs("us-2008").p.taxes.luxury.amount == 100
    assert rs("mx-hasbro").p.taxes.luxury.amount == 100
    assert rs("it-lire").p.taxes.luxury.amount == 10000


# ------------------------------------------------------------- Building
def test_building():
    assert rs("us-classic", ["short-game"]).p.building.hotel_houses == 3
    assert rs("us-classic").p.building.hotel_houses == 4
    assert rs("latam-ciudades").p.building.hotel_requires == "that_lot"
    assert rs("us-classic").p.building.hotel_requires == "every_lot"
    assert rs("us-1950s").p.building.requires_unmortgaged == "lot"
    assert rs("us-classic").p.building.requires_unmortgaged == "group"
    assert rs("latam-ciudades").p.building.requires_unmortgaged == "group"
    assert rs("mx-hasbro").p.building.shortage_opening == 10
    assert rs("us-classic", house_rules=["tournament-1983"]).p.building.no_hotel_breaking_to_starve is True
    assert rs("latam-ciudades").p.building.max_difference == 1


# ------------------------------------------------------------- Mortgages, trades, bankruptcy
def test_mortgage_interest_and_transfer():
    for ed in EDITIONS:
        assert rs(ed).p.mortgage.interest_percent == 10
        assert rs(ed).p.mortgage.transfer_interest is True


def test_bankruptcy_and_end():
    assert rs("us-classic").p.bankruptcy.procedure == "classic"
    assert rs("it-lire").p.bankruptcy.procedure == "bank_pays_creditors"
    assert rs("it-lire").p.bankruptcy.partial_payment_in_property is True
    assert rs("mx-hasbro").p.bankruptcy.procedure == "hasbro"
    assert rs("it-lire").p.bankruptcy.test == "liquidation_value"
    sg = rs("us-classic", ["short-game"])
    assert (sg.p.end.condition, sg.p.end.bankruptcies, sg.p.end.valuation) == ("bankruptcies", 2, "short-game")
    assert rs("us-classic", ["time-limit"]).p.end.condition == "time_limit"


def test_valuation_methods_are_data():
    r = rs("us-classic")
    assert r.valuation("short-game")["mortgaged_deed"] == "half_price"
    assert r.valuation("net-worth")["mortgaged_deed"] == "price"
    assert r.valuation("it-timed")["mortgaged_deed"] == "half_price"


# ------------------------------------------------------------- Board data
def test_board_data_and_unknowns():
    us = rs("us-classic")
    bw = next(s for s in us.deeds if s.name == "Boardwalk")
    assert (bw.price, bw.mortgage, bw.rent) == (400, 200, (50, 200, 600, 1400, 1700, 2000))
    it = rs("it-lire")
    parco = next(s for s in it.deeds if s.name == "Parco della Vittoria")
    assert parco.price == 40000 and parco.rent == (5000, 20000, 60000, 140000, 170000, 200000)
    assert "unknown" in it.utility_multipliers  # companies: a fixed rent (single source), multipliers unknown
    latam = rs("latam-ciudades")
    assert latam.board_status == "partial" and len(latam.squares) == 40  # the placeholder board
    mv = next(s for s in latam.deeds if s.name == "Montevideo")
    from referee.errors import MissingData

    with pytest.raises(MissingData, match='referee deed "Montevideo" --price'):
        latam.price(mv)


def test_missing_value_says_which_and_how(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_VERBOSE", "1")  # reads the reasoning under the move (issue 18: one line by default)
    g = tmp_path / "g.sqlite"
    assert run("new", "--ruleset", "latam-ciudades", "Ana", "Ben", game=g).code == 0
    r = run("buy", "Ana", "Montevideo", game=g)
    assert r.code == 2 and "unknown" in r.err and 'referee deed "Montevideo" --price N' in r.err
    assert run("new", "--ruleset", "it-lire", "--force", "Ana", "Ben", "Carla", game=g).code == 0
    assert run("deal", "Ana", "Parco della Vittoria", game=g).code == 0
    r = run("rent", "Ben", "Parco della Vittoria", game=g)
    assert r.code == 0 and "L. 5.000" in r.out
    r = run("rent", "Ben", "Società Elettrica", "--dice", "7", game=g)
    assert r.code == 1 or r.code == 2
    assert run("deal", "Carla", "Società Elettrica", game=g).code == 0
    r = run("rent", "Ben", "Società Elettrica", "--dice", "7", game=g)
    assert r.code == 0 and "L. 2.000" in r.out and "single unverified source" in r.out


def test_latam_with_a_board_file_plays(tmp_path):
    board = tmp_path / "board.yaml"
    text = (ROOT / "rulesets" / "boards" / "template.yaml").read_text()
    board.write_text(text)
    r = loader.load("latam-ciudades", board=str(board))
    assert len(r.squares) == 40


# ------------------------------------------------------------- provenance
def test_composed_ruleset_reports_origin():
    r = rs("us-classic", ["short-game"], ["free-parking-jackpot"])
    assert "short-game" in r.origin_of("rules.building.hotel_houses")
    assert "free-parking-jackpot" in r.origin_of("rules.free_parking.jackpot")
    assert "us-1950s.yaml" in r.origin_of("rules.jail.fine")
    assert r.layers == ["us-1950s", "us-classic", "short-game", "free-parking-jackpot"]
    res = run("rules", "show", "us-classic", "jail", "--variant", "short-game", "--origin")
    assert res.code == 0 and "rules.building.hotel_houses = 3" in res.out and "short-game" in res.out


# ------------------------------------------------------------- CLI
def test_rules_diff_1950s_vs_2008():
    r = run("rules", "diff", "us-1950s", "us-2008", "--json")
    assert r.code == 0
    d = json.loads(r.out)
    keys = {row["key"]: row for row in d["parameters"]}
    assert keys["rules.taxes.income.choices"]["a"] == ["percent", "flat"]
    assert keys["rules.taxes.income.choices"]["b"] == ["flat"]
    assert (keys["rules.taxes.luxury.amount"]["a"], keys["rules.taxes.luxury.amount"]["b"]) == (75, 100)
    human = run("rules", "diff", "us-1950s", "us-2008")
    assert "rules.taxes.luxury.amount" in human.out


def test_rules_diff_classic_vs_italian():
    d = json.loads(run("rules", "diff", "us-classic", "it-lire", "--json").out)
    keys = {row["key"]: row for row in d["parameters"]}
    for k in ("currency", "rules.salary.amount", "rules.jail.fine", "rules.bankruptcy.procedure", "rules.rent.claim_window"):
        assert k in keys, k
    assert (keys["rules.salary.amount"]["a"], keys["rules.salary.amount"]["b"]) == (200, 20000)
    assert keys["rules.rent.claim_window"]["b"] == 1


def test_rules_list_show_board():
    r = run("rules", "list")
    assert r.code == 0 and "it-lire" in r.out and "short-game" in r.out and "free-parking-jackpot" in r.out
    r = run("rules", "show", "it-lire", "mortgage")
    assert r.code == 0 and "Editrice Giochi Monòpoli rules, lire edition (Italian) §" in r.out
    r = run("board", "us-classic")
    assert r.code == 0 and "Boardwalk" in r.out and "$2,000" in r.out
    r = run("rules", "show", "us-classic", "nonsense-topic")
    assert r.code == 2 and "topics:" in r.err


def test_unknown_names_are_clear():
    r = run("rules", "show", "us-clasic")  # a typo is pointed out, never taken for another edition (issue 17 #1)
    assert r.code == 2 and "unknown ruleset 'us-clasic' (did you mean us-classic?)" in r.err
    r = run("rules", "show", "deluxe-edition")
    assert r.code == 2 and "unknown ruleset 'deluxe-edition'" in r.err
    r = run("rules", "show", "us-classic", "--variant", "long-game")
    assert r.code == 2 and "unknown variant" in r.err
    r = run("rules", "show", "classic")  # an alias
    assert r.code == 0


# ------------------------------------------------------------- malformed files
MALFORMED = [
    ("unknown-key.yaml", 6, "unknown key 'finne'", "did you mean 'fine'"),
    ("wrong-type.yaml", 5, "'rules.salary.amount' must be a whole number", "two hundred"),
    ("float-money.yaml", 5, "must be a whole number", "money is whole numbers"),
    ("short-rent.yaml", 6, "has 5 entries, needs 6", "rent"),
    ("missing-group.yaml", 6, "names group 'navy'", "board.groups"),
    ("board-39.yaml", 4, "the board has 3 squares, needs 40", ""),
    ("bad-citation.yaml", 4, "cites '999_nonexistent.txt'", "sources.yaml"),
    ("bad-yaml.yaml", None, "not valid YAML", ""),
    ("duplicate-key.yaml", 6, "key 'jail' appears twice", ""),
    ("bad-choice.yaml", 5, "'printed'", "did you mean 'printed_price'"),
]


@pytest.mark.parametrize("name,line,needle,needle2", MALFORMED)
def test_malformed_file_gives_located_error(name, line, needle, needle2):
    path = FIX / name
    r = run("rules", "validate", str(path))
    assert r.code == 2, r.text
    first = r.out.strip().splitlines()[0]
    assert "Traceback" not in r.text
    fname, lineno = first.split(":")[0], first.split(":")[1]
    assert Path(fname).resolve() == path.resolve(), first
    if line:
        assert lineno == str(line), first
    assert needle in r.out and needle2 in r.out, r.out


def test_extends_cycle(monkeypatch):
    monkeypatch.setenv("REFEREE_RULESETS", str(FIX / "cycle"))
    loader._CATALOG = None
    try:
        r = run("rules", "show", "cycle-a")
        assert r.code == 2
        assert "extends cycle: cycle-a → cycle-b → cycle-a" in r.err
        assert "cycle-a.yaml:2:" in r.err
    finally:
        loader._CATALOG = None


def test_a_tables_own_ruleset(monkeypatch, tmp_path):
    assert run("rules", "validate", str(FIX / "good-house-table.yaml")).code == 0
    monkeypatch.setenv("REFEREE_RULESETS", str(FIX))
    loader._CATALOG = None
    try:
        g = tmp_path / "g.sqlite"
        assert run("new", "--ruleset", "good-house-table", "Ana", "Ben", game=g).code == 0
        run("jail", "send", "Ana", game=g)
        r = run("jail", "pay", "Ana", game=g)
        assert "$100" in r.out
    finally:
        loader._CATALOG = None


def test_every_shipped_file_validates():
    files = sorted((ROOT / "rulesets").rglob("*.yaml"))
    files = [f for f in files if f.name != "sources.yaml" and f.relative_to(ROOT / "rulesets").parts[0] not in ("asks", "audit", "lang")]  # players' questions, the audit, clause translations
    r = run("rules", "validate", *map(str, files))
    assert r.code == 0, r.out


def test_cache_is_invalidated_when_a_file_changes(monkeypatch, tmp_path):
    d = tmp_path / "rs"
    d.mkdir()
    f = d / "my-table.yaml"
    f.write_text("id: my-table\nextends: us-classic\nrules:\n  jail:\n    fine: 70\n")
    monkeypatch.setenv("REFEREE_RULESETS", str(d))
    loader._CATALOG = None
    assert loader.load("my-table").p.jail.fine == 70
    f.write_text("id: my-table\nextends: us-classic\nrules:\n  jail:\n    fine: 80\n")
    os.utime(f, ns=(os.stat(f).st_atime_ns, os.stat(f).st_mtime_ns + 10_000_000))
    loader._CATALOG = None
    assert loader.load("my-table").p.jail.fine == 80
    loader._CATALOG = None


def test_ruleset_named_by_its_path(tmp_path):
    f = tmp_path / "our-table.yaml"
    f.write_text("id: our-table\nextends: us-classic\nrules:\n  jail:\n    fine: 70\n")
    assert loader.load(str(f)).p.jail.fine == 70
    f.write_text("id: our-table\nextends: us-classic\nrules:\n  jail:\n    fine: 90\n")
    os.utime(f, ns=(os.stat(f).st_atime_ns, os.stat(f).st_mtime_ns + 10_000_000))
    assert loader.load(str(f)).p.jail.fine == 90
    g = tmp_path / "g.sqlite"
    assert run("new", "--ruleset", str(f), "Ana", "Ben", game=g).code == 0
    run("jail", "send", "Ana", game=g)
    assert "$90" in run("jail", "pay", "Ana", game=g).out


# ------------------------------------------------------------- typed parameters, defaults in the schema


def _node_pairs(node: type[params.Node] = params.Rules, spec: schema.Struct = schema.RULES, path: str = ""):
    assert node._fields == tuple(spec.fields), f"{node.__name__} and schema.RULES{path} list different parameters"
    for f, sub in spec.fields.items():
        ann = node._kinds[f]
        if isinstance(sub, schema.Struct):
            yield from _node_pairs(params._NODES[ann], sub, f"{path}.{f}")
        else:
            yield f"{path}.{f}".lstrip("."), ann, sub


def test_typed_tree_mirrors_the_schema_and_every_default_fits_its_type():
    leaves = list(_node_pairs())
    assert len(leaves) == len(schema.rule_leaves()) > 50
    for dotted, ann, spec in leaves:
        d = spec.default
        if d is schema.REQUIRED:
            assert ann.startswith("Money"), f"{dotted}: only amounts in an edition's currency may lack a default"
            continue
        if d is None:
            assert "None" in ann, f"{dotted}: default None but typed {ann}"
            continue
        problems: list = []
        spec.check(list(d) if isinstance(d, tuple) else d, ("rules", *dotted.split(".")), lambda p, m, out=problems: out.append(m))
        assert not problems, problems
        v = tuple(d) if isinstance(d, list) else d
        assert isinstance(v, params._TYPES[ann]), (dotted, ann, d)


def test_typed_parameters_read_like_attributes_and_are_frozen():
    r = rs("us-classic")
    assert r.p.taxes.income.percent == 10 == r.param("taxes.income.percent")  # a path held as data reads the same
    assert r.p.building.requires_unmortgaged == "group"
    assert r.p.taxes.income.choices == ("percent", "flat")
    assert r.param("taxes.income") == r.p.taxes.income.as_dict()
    assert rs("us-2008").p.taxes.income.choices == ("flat",)
    with pytest.raises(AttributeError):
        r.p.jail.fine = 0
    with pytest.raises(params.UnknownParameter):
        r.param("jail.fin")
    with pytest.raises(params.UnknownParameter):
        r.param("jail.fine.amount")


def test_an_unset_parameter_gets_the_schema_default_and_says_so(tmp_path):
    f = tmp_path / "our-table.yaml"
    # null clears what us-classic inherited: the schema's default applies
    f.write_text("id: our-table\nextends: us-classic\nrules:\n  building:\n    requires_unmortgaged: null\n")
    r = loader.load(str(f))
    assert r.p.building.requires_unmortgaged == schema.rule_defaults()["building.requires_unmortgaged"] == "lot"
    assert r.origin_of("rules.building.requires_unmortgaged") == loader.SCHEMA_DEFAULT
    assert r.origin_of("rules.jail.fine").startswith("rulesets/us-1950s.yaml:")
    res = run("rules", "show", str(f), "--origin")
    assert res.code == 0
    assert 'rules.building.requires_unmortgaged = "lot"  schema default' in res.out
    assert "rules.salary.clause = null  schema default" in res.out


def test_a_parameter_without_default_must_be_set(tmp_path):
    f = tmp_path / "our-table.yaml"
    f.write_text("id: our-table\nextends: us-classic\nrules:\n  jail:\n    fine: null\n")
    res = run("rules", "validate", str(f))
    assert res.code == 2
    shown = res.out + res.err
    assert "our-table.yaml:5: our-table: rule parameter 'rules.jail.fine' is not set" in shown and "no default" in shown


def test_a_stored_ruleset_from_before_a_parameter_existed_gets_its_default():
    data = json.loads(json.dumps(rs("us-classic").data))  # as a game file holds it
    del data["rules"]["end"]["final_bankrupt_keeps_buildings"]
    del data["rules"]["dice"]
    r = Ruleset(data)
    assert r.p.end.final_bankrupt_keeps_buildings is False
    assert r.p.dice.doubles_to_jail == 3 and r.p.dice.doubles_roll_again is True


@pytest.mark.parametrize("dotted, bad", [("building.max_houses", "four"), ("jail.collect_rent", 1),
                                          ("rent.claim_window", True), ("jail.fine", "lots")])
def test_parameter_types_are_checked_when_the_ruleset_is_built(dotted, bad):
    data = json.loads(json.dumps(rs("us-classic").data))
    group, leaf = dotted.split(".")
    data["rules"][group][leaf] = bad
    with pytest.raises(loader.InputError, match=f"rules.{dotted} is {bad!r}"):
        Ruleset(data)


# Every package's rs.param calls are converted (referee/core/ too): none is skipped.
NOT_YET_CONVERTED: tuple[str, ...] = ()


def _code_without_defaults_problems(root: Path) -> list[str]:
    """rs.param(path, default), rs.p.x.y or X, and .get('leaf', its schema default): defaults written in code."""
    import ast

    defaults = schema.rule_defaults()
    by_leaf: dict[str, set] = {}
    for dotted, d in defaults.items():
        by_leaf.setdefault(dotted.rsplit(".", 1)[-1], set()).add(repr(d))
    out = []
    for py in sorted(root.rglob("*.py")):
        rel = py.relative_to(root)
        if rel.parts[0] in NOT_YET_CONVERTED:
            continue
        for n in ast.walk(ast.parse(py.read_text(), str(py))):
            where = f"referee/{rel.as_posix()}:{getattr(n, 'lineno', '?')}"
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                if n.func.attr == "param" and (len(n.args) > 1 or n.keywords):
                    out.append(f"{where}: rs.param(...) with a default")
                if (n.func.attr == "get" and len(n.args) == 2 and isinstance(n.args[0], ast.Constant)
                        and isinstance(n.args[1], ast.Constant) and repr(n.args[1].value) in by_leaf.get(n.args[0].value, ())):
                    out.append(f"{where}: .get({n.args[0].value!r}, {n.args[1].value!r}) repeats a schema default")
            if isinstance(n, ast.BoolOp) and isinstance(n.op, ast.Or):
                first, chain = n.values[0], []
                while isinstance(first, ast.Attribute):
                    chain.append(first.attr)
                    first = first.value
                literal = isinstance(n.values[1], (ast.Constant, ast.List, ast.Tuple))
                call = n.values[0] if isinstance(n.values[0], ast.Call) else None
                looked_up = call is not None and isinstance(call.func, ast.Attribute) and (
                    call.func.attr == "param" or call.func.attr == "get" and call.args
                    and isinstance(call.args[0], ast.Constant) and call.args[0].value in by_leaf)
                if (chain and chain[-1] == "p" or looked_up) and literal:
                    out.append(f"{where}: a rule parameter 'or' a default")
    return out


def test_no_default_for_a_rule_parameter_is_written_in_code():
    assert _code_without_defaults_problems(ROOT / "referee") == []


def test_parameters_are_read_as_typed_attributes():
    """`rs.p.building.max_houses`, never `rs.param("building.max_houses")`: a literal path is a typed attribute,
    so mypy sees its type; `param` is for a path held as data (a clause's `{money:salary.amount}`)."""
    import ast

    literal = []
    for py in sorted((ROOT / "referee").rglob("*.py")):
        for n in ast.walk(ast.parse(py.read_text(), str(py))):
            if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "param"
                    and n.args and isinstance(n.args[0], ast.Constant)):
                literal.append(f"{py.relative_to(ROOT)}:{n.lineno}")
    assert literal == []


def test_the_no_default_check_catches_each_form(tmp_path):
    pkg = tmp_path / "referee"
    (pkg / "cli").mkdir(parents=True)
    (pkg / "cli" / "x.py").write_text(
        "a = rs.param('building.sell_percent', 50)\n"
        "b = tax.get('percent', 10)\n"
        "c = rs.p.taxes.income.rounding or 'up'\n"
        "d = rs.param('building.sell_percent')\n"
        "e = ev.get('amount', 0)\n"
        "f = tax.get('net_worth') or 'net-worth'\n"
        "g = rs.param('taxes.income.rounding') or rs.param('mortgage.rounding')\n"
        "h = rs.p.taxes.income.rounding or rs.p.mortgage.rounding\n"
    )
    found = _code_without_defaults_problems(pkg)
    assert [f.split(":")[1] for f in found] == ["1", "2", "3", "6"], found


def test_search_uses_the_loaders_dependencies():
    from referee.ruleset import files
    from referee.search import store as index

    deps = files.dependencies()
    assert set(loader.catalog().files) <= set(deps)
    assert all(str(f) in index._manifest()["files"] for f in deps)
    assert loader.catalog().fp == files.fingerprint(files.code_files() + files.source_files())


def test_a_stored_ruleset_builds_without_the_schema(tmp_path):
    """Every game command rebuilds its ruleset from the game file: the validator must stay unloaded."""
    import subprocess
    import sys

    f = tmp_path / "rs.json"
    f.write_text(json.dumps(rs("us-classic", ["short-game"]).data))
    code = ("import json, sys; from referee.ruleset.model import Ruleset; "
            f"r = Ruleset(json.loads(open({str(f)!r}).read())); "
            "assert r.p.building.hotel_houses == 3 and r.p.salary.clause is None; "
            "print('referee.ruleset.schema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_amounts_in_clauses_are_said_in_each_editions_own_money():
    """A clause an edition inherits from a dollar book says its amounts in the edition's money ({money:PARAM})."""
    from referee.ruleset import clause_text, loader

    cat = loader.catalog()
    for eid in cat.ids("edition"):
        rs = loader.load(eid)
        for c in rs.clauses:
            for lang in ("en", "es", "it"):
                title, text = clause_text.words(rs, c.id, lang)
                assert "{money:" not in text + title, (eid, c.id, lang)
    uk, lire = loader.load("uk"), loader.load("it-lire")
    assert "£200 for passing" in uk.clause("salary.double_go").text and "£50 fine" in uk.clause("jail.third_turn").text
    assert "never pays L. 40.000" in lire.clause("salary.leaving_go").text
    assert "L. 20.000" in clause_text.words(lire, "salary.double_go", "it")[1]
    assert "$200 for passing" in loader.load("us-classic").clause("salary.double_go").text
