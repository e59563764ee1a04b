"""`referee check`: the scenario library, the located errors, exit codes, JSON, freeze, coverage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT, run

from referee import check as sc

LIBRARY = ROOT / "scenarios"
FIXTURES = ROOT / "tests" / "fixtures" / "scenarios"
SCENARIOS = sc.collect([str(LIBRARY)])


def _rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


# ---------------------------------------------------------------- the library doubles as tests
def test_library_is_large_enough():
    assert len(SCENARIOS) >= 80
    rulesets = {p.relative_to(LIBRARY).parts[0] for p in SCENARIOS}
    for edition in ("us-1950s", "us-classic", "us-2008", "it-lire", "latam-ciudades", "mx-hasbro", "variants", "house-rules"):
        assert edition in rulesets


@pytest.mark.parametrize("path", SCENARIOS, ids=[_rel(p) for p in SCENARIOS])
def test_scenario_matches_its_expected_ruling(path):
    res = sc.check_file(path, _rel(path))
    assert res.error is None, res.error
    assert res.rulings, "no claims"
    for r in res.rulings:
        assert r.expected is not None, f"{res.path}:{r.line}: claim without expect:"
        assert not r.mismatches, f"{res.path}:{r.line}: " + "; ".join(r.mismatches)
        for cid in r.clauses:  # every ruling cites clauses that exist, with a rulebook citation
            assert any(c.clause == cid for c in r.citations), cid


def test_rulings_come_from_the_core_functions():
    """A rent claim's amount is what referee.core.rent_rules.rent computes on the same table."""
    from referee.core import rent as rent_rules
    from referee.words.messages import render_all

    s = sc.Scenario(LIBRARY / "us-1950s" / "rent-boardwalk-full-group.yaml")
    claim = s.claims[0]
    ev = rent_rules.rent(s.rs, s.table, "Ben", 39)
    r = sc.rule_claim(s, claim)
    steps = render_all(ev.steps, s.rs.fmt)  # the engine's steps are messages; the ruling holds their sentences
    assert (r.amount, r.steps, r.clauses) == (ev.amount, steps, ev.clauses) == (100, steps, ["rent.lot", "rent.full_group"])


def test_bank_stock_is_stated_plus_on_board(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text(
        "ruleset: us-classic\nplayers:\n  Ana: {cash: 500, deeds: {Oriental Avenue: 2, Vermont Avenue: 2, Connecticut Avenue: 1}}\n  Ben: {cash: 0}\n"
        "bank: {houses: 3, hotels: 1}\nclaims:\n  - build: {deed: Connecticut Avenue}\n", encoding="utf-8")
    s = sc.Scenario(f)
    assert s.table.houses_total == 8 and s.table.bank_houses == 3 and s.table.bank_hotels == 1


# ---------------------------------------------------------------- located errors
ERRORS = {
    "unknown-deed.yaml": "7: unknown deed 'Bordwalk' (did you mean Boardwalk?)",
    "unknown-player.yaml": "6: unknown player 'Benn' (did you mean Ben?)",
    "unknown-ruleset.yaml": "1: unknown ruleset 'us-clasic-edition-zz' (did you mean us-classic?)",
    "unknown-key.yaml": "5: unknown key 'claim' in the scenario (did you mean 'claims'?)",
    "no-claims.yaml": "5: 'claims' is empty — add the claim being argued (see docs/scenarios.md)",
    "two-kinds.yaml": "6: a claim names exactly one transaction",
    "float-cash.yaml": "3: Ana's cash must be a whole number, not 1500.5 (money is whole numbers)",
    "bad-yaml.yaml": "4: not valid YAML: did not find expected ',' or '}'",
    "deed-twice.yaml": "4: Boardwalk is already held by Ana",
    "bad-state.yaml": "5: houses on Boardwalk must be a whole number from 0 to 4, not 5",
    "unknown-clause.yaml": "6: us-classic has no clause 'banker.rol' (did you mean banker.role?)",
    "bad-expect.yaml": "7: the expected ruling is 'upheld' or 'rejected', not 'maybe'",
    "board-needed.yaml": "6: cannot rule: latam-ciudades: the printed price of 'Buenos Aires' is unknown",
    "given-refused.yaml": "7: this 'given' step is refused by the rules, so it cannot have happened: Ana has $100, Boardwalk costs $400",
    "unknown-card.yaml": "6: unknown card 'advance-to-mars' (did you mean Community Chest: Advance to GO (collect salary)?)",
    "not-a-mapping.yaml": "1: a scenario is a mapping (ruleset:, players:, claims:, …)",
    "misspelled-ruleset.yaml": "2: unknown ruleset 'us-klassic' (did you mean us-classic?)",
    "unknown-valuation.yaml": "6: us-classic has no valuation method 'shortgame' (did you mean short-game?)",
    "buildings-key.yaml": "4: unknown key 'buildings' in a player (houses and hotels go with the deed: deeds: {Mayfair: hotel,",
}


def test_every_fixture_is_in_the_catalog():
    assert sorted(p.name for p in FIXTURES.glob("*.yaml")) == sorted(ERRORS)


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_located_error(name):
    path = FIXTURES / name
    res = sc.check_file(path, f"tests/fixtures/scenarios/{name}")
    assert res.status == "invalid"
    assert res.error.startswith(f"tests/fixtures/scenarios/{name}:{ERRORS[name]}"), res.error
    assert "\n" not in res.error


@pytest.mark.parametrize("name", ["unknown-deed.yaml", "bad-yaml.yaml", "given-refused.yaml"])
def test_cli_invalid_file_exits_2_with_one_line(name):
    r = run("check", str(FIXTURES / name))
    assert r.code == 2
    assert "Traceback" not in r.text
    assert ERRORS[name].split(": ", 1)[1][:30] in r.text


# ---------------------------------------------------------------- exit codes, output
def _write(tmp_path, name, claims: str, ruleset="us-1950s") -> Path:
    f = tmp_path / name
    f.write_text(
        f"ruleset: {ruleset}\nplayers:\n  Ana: {{cash: 900, deeds: [Boardwalk, Park Place]}}\n  Ben: {{cash: 900}}\nclaims:\n{claims}",
        encoding="utf-8")
    return f


def test_exit_0_when_every_claim_is_upheld(tmp_path):
    f = _write(tmp_path, "ok.yaml", "  - says: \"Ben owes Ana $100 rent on Boardwalk\"\n    rent: {payer: Ben, deed: Boardwalk}\n    amount: 100\n")
    r = run("check", str(f))
    assert r.code == 0, r.text
    assert "UPHELD" in r.out and "base rent of Boardwalk: $50" in r.out and "rent.full_group" in r.out


def test_exit_1_when_a_claim_is_rejected(tmp_path):
    f = _write(tmp_path, "no.yaml", "  - rent: {payer: Ben, deed: Boardwalk}\n    amount: 50\n")
    r = run("check", str(f))
    assert r.code == 1
    assert "REJECTED" in r.out and "claimed $50, the rules give $100" in r.out


def test_refusal_cites_the_clause(tmp_path):
    f = _write(tmp_path, "late.yaml", "  - rent: {payer: Ben, deed: Boardwalk, late: 2}\n")
    r = run("check", "--json", str(f))
    assert r.code == 1
    ruling = json.loads(r.out)["files"][0]["rulings"][0]
    assert ruling["allowed"] is False and ruling["ruling"] == "rejected"
    assert ruling["citations"][0]["clause"] == "rent.unclaimed"
    assert ruling["citations"][0]["file"].startswith("000_")


def test_json_output(tmp_path):
    f = _write(tmp_path, "j.yaml", "  - says: income tax\n    income-tax: {player: Ana, choice: percent}\n    amount: 165\n")
    r = run("check", "--json", str(f))
    d = json.loads(r.out)
    ruling = d["files"][0]["rulings"][0]
    assert ruling["amount"] == 165 and ruling["ruling"] == "upheld" and ruling["kind"] == "income-tax"
    assert any("net worth" in s for s in ruling["steps"])
    assert d["summary"]["total"]["upheld"] == 1 and r.code == 0


def test_folder_gives_a_summary_per_ruleset():
    r = run("check", "--expect", str(LIBRARY))
    assert r.code == 0, r.text
    for rid in ("us-1950s", "it-lire", "latam-ciudades", "us-classic+short-game", "us-classic+tournament-1983"):
        assert rid in r.out
    assert "upheld" in r.out and "rejected" in r.out and "invalid" in r.out


def test_many_files_with_one_invalid_exit_2(tmp_path):
    _write(tmp_path, "a.yaml", "  - rent: {payer: Ben, deed: Boardwalk}\n")
    (tmp_path / "b.yaml").write_text((FIXTURES / "unknown-deed.yaml").read_text(), encoding="utf-8")
    r = run("check", "--json", str(tmp_path))
    d = json.loads(r.out)
    assert r.code == 2
    assert d["summary"]["total"] == {"upheld": 1, "rejected": 0, "invalid": 1, "claims": 1, "mismatched": 0}


def test_expect_mismatch_exits_1(tmp_path):
    f = _write(tmp_path, "m.yaml", "  - rent: {payer: Ben, deed: Boardwalk}\n    expect: {ruling: upheld, amount: 50}\n")
    r = run("check", "--expect", str(f))
    assert r.code == 1 and "expected amount $50, ruled $100" in r.out


# ---------------------------------------------------------------- freeze
def test_freeze_then_check(tmp_path, game):
    assert run("new", "--ruleset", "us-1950s", "Ana", "Ben", game=game).code == 0
    assert run("buy", "Ana", "Boardwalk", game=game).code == 0
    assert run("buy", "Ana", "Park Place", game=game).code == 0
    out = tmp_path / "frozen.yaml"
    r = run("freeze", str(out), game=game)
    assert r.code == 0, r.text
    text = out.read_text(encoding="utf-8")
    assert "ruleset: us-1950s" in text and "Boardwalk" in text and "cash: 750" in text
    # the disputants add their claim
    text = text.replace("claims: []", "claims:\n  - says: Ben owes Ana $100\n    rent: {payer: Ben, deed: Boardwalk}\n    amount: 100")
    out.write_text(text, encoding="utf-8")
    r = run("check", str(out))
    assert r.code == 0, r.text
    assert run("freeze", str(out), game=game).code == 2  # refuses to overwrite


def test_frozen_file_without_claim_is_invalid(tmp_path, game):
    run("new", "--ruleset", "us-classic", "Ana", "Ben", game=game)
    out = tmp_path / "f.yaml"
    run("freeze", str(out), game=game)
    r = run("check", str(out))
    assert r.code == 2 and "'claims' is empty" in r.text


# ---------------------------------------------------------------- coverage (written last)
def test_every_clause_of_every_shipped_ruleset_is_exercised():
    results = [sc.check_file(p, _rel(p)) for p in SCENARIOS]
    defs = sc.coverage(results)
    missing = sorted(f"{d.clause} ({d.where})" for d in defs.values() if not d.scenarios)
    assert not missing, f"{len(missing)} clause definition(s) no scenario exercises:\n" + "\n".join(missing)


def test_rules_coverage_command():
    r = run("rules", "coverage", "us-1950s", "--scenarios", str(LIBRARY), "--json")
    rows = json.loads(r.out)
    byid = {x["clause"]: x for x in rows}
    assert any("rent-boardwalk-full-group.yaml" in s for s in byid["rent.full_group"]["scenarios"])
    assert all(x["defined"].startswith("rulesets/us-1950s.yaml") for x in rows)


# ---------------------------------------------------------------- the package
def test_check_is_a_package_of_small_modules_without_import_cycles():
    import subprocess
    import sys

    pkg = ROOT / "referee" / "check"
    mods = sorted(p.stem for p in pkg.glob("*.py") if p.stem != "__init__")
    assert {"scenario", "kinds", "ruling", "coverage"} <= set(mods)
    for p in pkg.glob("*.py"):
        assert len(p.read_text(encoding="utf-8").splitlines()) < 600, p
    # each module imports first, alone, in a fresh interpreter: a cycle fails whichever side comes first
    code = "import importlib, sys\n" + "".join(
        f"[sys.modules.pop(m) for m in list(sys.modules) if m.startswith('referee')]\nimportlib.import_module('{m}')\n"
        for m in [f"referee.check.{m}" for m in mods] + ["referee.check", "referee.moves.tablefile", "referee.ruleset.names", "referee.ruleset.yamlfile"])
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr


def test_installed_rules_coverage_uses_the_packaged_scenarios(tmp_path):
    """Build the package as an install would copy it and run `rules coverage` from a folder with no scenarios/."""
    import os
    import subprocess
    import sys

    site = tmp_path / "site"
    p = subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "build_py", "-d", str(site)],
                       cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    packaged = site / "referee" / "_data" / "scenarios"
    assert sorted(x.relative_to(packaged) for x in packaged.rglob("*.yaml")) == \
        sorted(x.relative_to(LIBRARY) for x in LIBRARY.rglob("*.yaml"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, PYTHONPATH=str(site))
    p = subprocess.run([sys.executable, "-m", "referee", "rules", "coverage", "--json"], cwd=elsewhere, env=env,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    rows = json.loads(p.stdout)
    used = {s for r in rows for s in r["scenarios"]}
    assert rows and all(r["scenarios"] for r in rows)
    assert used and all("_data/scenarios/" in s.replace(os.sep, "/") for s in used)


def test_a_die_outside_one_to_six_is_refused_wherever_dice_are_given(tmp_path):
    f = tmp_path / "dice.yaml"
    f.write_text("ruleset: us-classic\nplayers:\n  Ana: {cash: 900, deeds: [Water Works]}\n  Ben: {cash: 900}\nclaims:\n"
                 "  - rent: {payer: Ben, deed: Water Works, dice: [7, 1]}\n    amount: 32\n", encoding="utf-8")
    r = run("check", str(f))
    assert r.code == 2 and "dice.yaml:6: a die shows 1 to 6, not 7" in r.out
    f.write_text(f.read_text(encoding="utf-8").replace("dice: [7, 1]", "dice: 13"), encoding="utf-8")
    r = run("check", str(f))
    assert r.code == 2 and "two dice total 2 to 12, not 13" in r.out
