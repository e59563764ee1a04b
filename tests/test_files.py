"""The one YAML reader (bounded, located) and the one table-file parser shared
by scenarios, holdings files and `referee freeze`."""

from __future__ import annotations

import json
import os
import resource
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, referee_exe, run

from referee.errors import InputError, ValidationErrors
from referee.moves import tablefile
from referee.ruleset import yamlfile


def _billion_laughs() -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i in range(8):
        prev, name = chr(97 + i), chr(98 + i)
        text += f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]\n"
    return text  # 9**9 strings once expanded


HOSTILE = {
    "deep-flow.yaml": ("ruleset: " + "[" * 20_000 + "]" * 20_000 + "\n", "1: nested too deeply"),
    "deep-map.yaml": ("ruleset: us-classic\nplayers: " + "{a: " * 20_000 + "1" + "}" * 20_000 + "\n", "2: nested too deeply"),
    "deep-seq.yaml": ("ruleset: us-classic\nclaims:\n" + "- " * 20_000 + "x\n", "3: nested too deeply"),
    "laughs.yaml": (_billion_laughs(), "once its aliases (*name) are expanded"),
    "self.yaml": ("a: &a [*a]\n", "1: nested too deeply"),
}


# ---------------------------------------------------------------- the reader
def test_reader_locates_every_value(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("a: 1\nb:\n  - x\n  - {c: 2}\n", encoding="utf-8")
    doc = yamlfile.load(f, "x.yaml")
    assert doc.data == {"a": 1, "b": ["x", {"c": 2}]}
    assert (doc.line(("a",)), doc.line(("b", 0)), doc.line(("b", 1, "c")), doc.line(("b", 1, "nope"))) == (1, 3, 4, 4)
    assert str(doc.error(("b", 1), "bad")) == "x.yaml:4: bad"


@pytest.mark.parametrize("text, msg", [
    ("a: 1\na: 2\n", "2: key 'a' appears twice"),
    ("a: [1, 2\n", "not valid YAML"),
    ("a: !!python/object:os.system x\n", "not valid YAML"),  # safe semantics only
    ("base: &b {x: 1}\nc:\n  <<: *b\n", "3: merge keys (<<) and complex keys are not supported"),
])
def test_reader_refuses_with_a_located_line(tmp_path, text, msg):
    f = tmp_path / "x.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        yamlfile.read(f, "x.yaml")
    assert msg in str(e.value) and str(e.value).startswith("x.yaml")


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_reader_is_bounded(tmp_path, name):
    text, msg = HOSTILE[name]
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        yamlfile.read(f, name)
    assert str(e.value).startswith(f"{name}:") and msg in str(e.value)


def test_reader_refuses_an_oversized_file_before_reading_it(tmp_path):
    f = tmp_path / "big.yaml"
    with f.open("w") as fh:
        fh.truncate(yamlfile.MAX_BYTES + 1)
    with pytest.raises(InputError, match="a referee file is at most"):
        yamlfile.read(f, "big.yaml")


def test_nesting_within_the_limit_reads(tmp_path):
    f = tmp_path / "ok.yaml"
    f.write_text("a: " + "[" * (yamlfile.MAX_DEPTH - 1) + "]" * (yamlfile.MAX_DEPTH - 1) + "\n", encoding="utf-8")
    data, _ = yamlfile.read(f, "ok.yaml")
    assert isinstance(data["a"], list)


def test_every_shipped_file_reads_within_the_limits():
    files = [p for d in ("rulesets", "scenarios", "examples") for p in (ROOT / d).rglob("*.yaml")]
    assert len(files) > 100
    for p in files:
        yamlfile.read(p, str(p))


def _limited(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The installed command with its address space capped at 1 GiB: a blow-up would fail, not swap."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run([referee_exe(), *args], capture_output=True, text=True, cwd=cwd, preexec_fn=cap, timeout=120)


@pytest.mark.parametrize("name", ["deep-flow.yaml", "deep-map.yaml", "laughs.yaml"])
def test_hostile_files_give_one_located_line_and_exit_2(tmp_path, name):
    text, msg = HOSTILE[name]
    (tmp_path / name).write_text(text, encoding="utf-8")
    for args in (["check", name], ["score", "--holdings", name], ["rules", "validate", name],
                 ["--game", "g.sqlite", "new", "--ruleset", name, "Ana", "Ben"]):
        p = _limited(*args, cwd=tmp_path)
        assert p.returncode == 2, (args, p.stderr[-500:])
        assert "Traceback" not in p.stderr + p.stdout and "RecursionError" not in p.stderr + p.stdout
        assert f"{name}:" in p.stdout + p.stderr and msg.split(": ", 1)[-1] in p.stdout + p.stderr
    assert not (tmp_path / "g.sqlite").exists()


def test_a_hostile_file_among_the_rulesets_does_not_stop_the_others(tmp_path):
    extra = tmp_path / "rs"
    extra.mkdir()
    (extra / "laughs.yaml").write_text("id: laughs\n" + _billion_laughs(), encoding="utf-8")
    (extra / "deep.yaml").write_text("id: deep\nrules: " + "{a: " * 20_000 + "1" + "}" * 20_000 + "\n", encoding="utf-8")
    env = {"REFEREE_RULESETS": str(extra)}

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    for args in (["rules", "list"], ["--game", "g.sqlite", "new", "Ana", "Ben"]):
        p = subprocess.run([referee_exe(), *args], capture_output=True, text=True, cwd=tmp_path, preexec_fn=cap,
                           env=dict(os.environ, **env), timeout=120)
        assert p.returncode == 0, (args, p.stderr[-500:])
        assert "Traceback" not in p.stderr


# ---------------------------------------------------------------- the error collector
def test_errors_are_collected_and_raised_in_the_files_order():
    doc = yamlfile.Doc({}, {("b",): 7, ("a",): 2}, "f.yaml")
    errs = yamlfile.Errors(doc.where)
    errs.add(("b",), "second")
    errs.keys({"nmae": 1, "note": 2}, ("a",), ("name",), ("note",), "a player")
    with pytest.raises(ValidationErrors) as e:
        errs.raise_any()
    assert [str(x) for x in e.value.errors] == [
        "f.yaml:2: unknown key 'nmae' in a player (did you mean 'name'?); known: name", "f.yaml:7: second"]


# ---------------------------------------------------------------- one table parser: same input, same messages
TABLE = (
    "ruleset: us-classic\n"                                       # 1
    "players:\n"                                                  # 2
    "  Ana:\n"                                                    # 3
    "    cash: 1500.5\n"                                          # 4
    "    deeds: {Bordwalk: 1, Park Place: 5, Reading Railroad: hotel}\n"  # 5
    "  Banco: {cash: 10}\n"                                       # 6
    "  Ben:\n"                                                    # 7
    "    cash: '1,200'\n"                                         # 8
    "    deeds: [Park Place, {Baltic Avenue: {houses: 2, mortgaged: true}}]\n"  # 9
    "  ben: {cash: 5}\n"                                          # 10
)
TABLE_ERRORS = [
    "4: Ana's cash must be a whole number, not 1500.5 (money is whole numbers)",
    "5: unknown deed 'Bordwalk' (did you mean Boardwalk?)",
    "5: houses on Park Place must be a whole number from 0 to 4, not 5",
    "5: Reading Railroad is a railroad: nothing can be built on it",
    "6: 'Banco' is reserved for the bank; give the player another name",
    "8: Ben's cash must be a whole number, not '1,200' (no symbol or separators)",
    "9: Park Place is already held by Ana",
    "9: Baltic Avenue cannot be mortgaged with buildings on it",
    "10: player 'ben' appears twice (as 'Ben')",
]


def _located(text: str, f: Path) -> list[str]:
    """The 'LINE: message' part of each error about file f, however its path is displayed."""
    mark = f"{f.name}:"
    return [line.split(mark, 1)[1].strip() for line in text.splitlines() if mark in line]


def test_scenario_and_holdings_give_the_same_messages_for_the_same_table(tmp_path):
    holdings = tmp_path / "holdings.yaml"
    holdings.write_text(TABLE, encoding="utf-8")
    scenario = tmp_path / "scenario.yaml"
    scenario.write_text(TABLE + "claims:\n  - salary: {player: Ana}\n", encoding="utf-8")
    r = run("score", "--holdings", str(holdings))
    assert r.code == 2 and _located(r.err, holdings) == TABLE_ERRORS, r.err
    r = run("check", str(scenario))
    assert r.code == 2 and _located(r.out, scenario) == TABLE_ERRORS, r.out


def test_a_scenario_reports_the_tables_problems_and_each_claims_at_once(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text(
        "ruleset: us-classic\n"
        "players:\n"
        "  Ana: {cash: 100, deeds: [Bordwalk]}\n"
        "  Ben: {cash: 100}\n"
        "claims:\n"
        "  - rent: {payer: Benn, deed: Boardwalk}\n"
        "  - salary: {player: Ana}\n"
        "  - buy: {player: Ana, deed: Parc Place}\n", encoding="utf-8")
    r = run("check", str(f))
    assert r.code == 2
    assert _located(r.out, f) == [
        "3: unknown deed 'Bordwalk' (did you mean Boardwalk?)",
        "6: unknown player 'Benn' (did you mean Ben?); players: Ana, Ben",
        "8: unknown deed 'Parc Place' (did you mean Park Place?)",
    ], r.out


def test_the_parser_reads_both_spellings_alike():
    from referee.ruleset import loader

    rs = loader.load("us-classic")
    as_list = {"players": [{"name": "Ana", "cash": 5, "deeds": [{"name": "Boardwalk", "houses": 2}, "Park Place"]}]}
    as_map = {"players": {"Ana": {"cash": 5, "deeds": {"Boardwalk": "2 houses", "Park Place": None}}}}
    tables = [tablefile.read_table(rs, d, yamlfile.Errors())[0] for d in (as_list, as_map)]
    assert tables[0].to_dict() == tables[1].to_dict()
    assert tables[0].deeds[39].houses == 2 and tables[0].deeds[37].owner == "Ana"


def test_freeze_output_reads_back_through_the_same_parser(tmp_path, game):
    assert run("new", "--ruleset", "us-classic", "Ana", "Ben", game=game).code == 0
    for cmd in (["buy", "Ana", "Boardwalk"], ["buy", "Ana", "Park Place"], ["build", "Boardwalk", "1"],
                ["buy", "Ben", "Baltic"], ["mortgage", "Baltic"]):
        assert run(*cmd, game=game).code == 0, cmd
    frozen = tmp_path / "frozen.yaml"
    assert run("freeze", str(frozen), game=game).code == 0
    by_game = json.loads(run("score", "--json", "--method", "net-worth", game=game).out)
    by_file = json.loads(run("score", "--holdings", str(frozen), "--method", "net-worth", "--json").out)
    assert by_file["players"] == by_game["players"]


def test_a_tab_in_a_yaml_file_is_named_as_a_tab_at_its_line(tmp_path):
    f = tmp_path / "t.yaml"
    f.write_text("ruleset: us-classic\nplayers:\n  Ana: {cash: 1500}\n\tBen: {cash: 1500}\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        yamlfile.read(f, "t.yaml")
    assert str(e.value).startswith("t.yaml:4:") and "a tab" in str(e.value)
