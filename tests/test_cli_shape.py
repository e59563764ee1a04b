"""The shape of the program: no import circles, one command table, a current
command reference, one version, completion, and a board that fits 80 columns."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, referee_exe, run
from importgraph import cycles

PKG = ROOT / "referee"


# ---------------------------------------------------------------- imports
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def import_graph() -> dict[str, set[str]]:
    """Module → the referee modules it imports, anywhere in the file (a function-level import
    closes a circle too, only later); `if TYPE_CHECKING:` blocks are left out."""
    files = {_module_name(p): p for p in PKG.rglob("*.py")}

    def known(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for mod, path in files.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        found: set[str] = set()
        todo: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
        while todo:
            node = todo.pop()
            if _is_type_checking(node):
                continue
            if isinstance(node, ast.Import):
                found.update(filter(None, (known(a.name) for a in node.names)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    target = sub if sub in files else known(base)
                    if target:
                        found.add(target)
            todo.extend(ast.iter_child_nodes(node))
        found.discard(mod)
        graph[mod] = found
    return graph


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles_in_referee():
    graph = import_graph()
    assert "referee.cli.context" in graph and "referee.core.state" in graph  # the graph is the real one
    assert cycles(graph) == []


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(graph.get(m, ()))
    return seen


def test_context_and_table_import_no_command_module():
    graph = import_graph()
    for start in ("referee.cli.context", "referee.cli.registry", "referee.cli.app"):
        reached = _reachable(graph, start)
        commands = sorted(m for m in reached if m.startswith("referee.cli.commands.") or m.endswith("_cmd"))
        assert commands == [], f"{start} imports {commands}"


def _modules_loaded(*args: str, cwd: Path) -> set[str]:
    code = (
        "import sys\n"
        f"sys.argv = ['referee', *{list(args)!r}]\n"
        "from referee.cli import app\n"
        "try:\n    app.main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(m for m in sys.modules if m.startswith('referee.')), file=sys.stderr)\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, timeout=60)
    return set(p.stderr.strip().splitlines()[-1].split())


def test_only_the_command_being_run_is_imported(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", game=g).code == 0
    loaded = _modules_loaded("--game", str(g), "status", cwd=tmp_path)
    assert "referee.cli.commands.status" in loaded
    others = {m for m in loaded if m.startswith("referee.cli.commands.") or m.endswith("_cmd")} - {"referee.cli.commands.status"}
    assert others == set()
    listing = _modules_loaded("--help", cwd=tmp_path)  # the root help lists the table without importing commands
    assert not {m for m in listing if m.startswith("referee.cli.commands.") or m.endswith("_cmd")}


# ---------------------------------------------------------------- the command table
def _entries():
    from referee.cli.registry import COMMANDS, Group

    for e in COMMANDS:
        yield (e.name,), e
        if isinstance(e, Group):
            for s in e.commands:
                yield (e.name, s.name), s


def test_every_table_entry_builds_and_its_help_is_the_table_s():
    import typer.main

    from referee.cli.context import app
    from referee.cli.registry import Group

    root = typer.main.get_command(app)
    names = [e.name for e in root.entries]
    assert len(names) == len(set(names)), "a command name twice in the table"
    for path, entry in _entries():
        cmd = root
        for word in path:
            cmd = cmd.get_command(None, word)
            assert cmd is not None, path
        if isinstance(entry, Group):
            continue
        assert (cmd.help or "").startswith(entry.help), f"{' '.join(path)}: the docstring's first line and the table's help differ"


def test_unknown_command_suggests_from_the_whole_table():
    r = run("stauts")
    assert r.code == 2
    assert "Did you mean 'status'?" in r.err


# ---------------------------------------------------------------- the reference
def test_cli_reference_is_current_and_documents_every_command():
    from referee.cli import docgen

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert text == docgen.render(), "docs/cli.md is out of date: run python -m referee.cli.docgen"
    for path, entry in _entries():
        if entry.hidden:
            continue
        heading = ("### " if len(path) > 1 else "## ") + f"`referee {' '.join(path)}`"
        assert heading in text.splitlines(), f"{heading} missing from docs/cli.md"


# ---------------------------------------------------------------- version, completion
def test_version_has_one_source():
    from importlib.metadata import version

    import referee

    r = run("--version")
    assert r.code == 0
    assert r.out.strip() == f"referee {referee.__version__}"
    assert version("referee") == referee.__version__


def test_shell_completion_is_available():
    exe = referee_exe()
    # the shell is named, not detected from the parent process (a CI runner, an IDE, pytest-xdist's worker): Typer's
    # switch makes --show-completion take its value, so the test does not depend on how it was started
    named = dict(os.environ, _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    shown = subprocess.run([exe, "--show-completion", "bash"], capture_output=True, text=True, timeout=60, env=named)
    assert shown.returncode == 0 and "_REFEREE_COMPLETE" in shown.stdout
    env = dict(os.environ, _REFEREE_COMPLETE="complete_bash", COMP_WORDS="referee rules sh", COMP_CWORD="2")
    done = subprocess.run([exe], capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.split() == ["show"]


# ---------------------------------------------------------------- 80 columns
def _filled_board(tmp_path: Path) -> str:
    """latam-ciudades' board template with every unknown amount filled in (large ones, for the width)."""
    data = yaml.safe_load((ROOT / "rulesets" / "boards" / "template.yaml").read_text(encoding="utf-8"))
    b = data["board"]
    for sq in b["squares"]:
        for k in ("price", "mortgage"):
            if sq.get(k) == "unknown":
                sq[k] = 350_000
        if sq.get("rent"):
            sq["rent"] = [35_000, 175_000, 500_000, 1_100_000, 1_300_000, 1_500_000]
    for grp in (b.get("groups") or {}).values():
        for k in ("house_cost", "hotel_cost"):
            if grp.get(k) == "unknown":
                grp[k] = 200_000
    if b.get("railroad_rent"):
        b["railroad_rent"] = [25_000 * 2**i for i in range(len(b["railroad_rent"]))]
    if b.get("utility_multipliers"):
        b["utility_multipliers"] = [4 * (i + 1) for i in range(len(b["utility_multipliers"]))]
    b["status"] = "known"
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return str(path)


def _editions() -> list[str]:
    from referee.ruleset import loader

    return loader.catalog().ids("edition")


@pytest.mark.parametrize(("edition", "filled"), [(e, False) for e in _editions()] + [("latam-ciudades", True)])
def test_board_fits_80_columns_with_every_amount_whole(edition, filled, tmp_path):
    from referee.ruleset import loader

    board = _filled_board(tmp_path) if filled else None
    args = ["board", edition] + (["--board", board] if board else [])
    env = dict(os.environ, COLUMNS="80")
    p = subprocess.run([referee_exe(), *args], capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "…" not in p.stdout
    rs = loader.load(edition, board=board)
    symbol = str((rs.data.get("currency") or {}).get("symbol") or "")
    for sq in rs.deeds:  # every price whole, digits and separators as the edition prints them
        price = rs.fmt(sq.price)
        shown = "?" if price == "unknown" else price.replace(symbol, "").strip()
        assert re.search(rf"(^|\s){re.escape(shown)}(\s|$)", p.stdout, re.M), f"{sq.name}: {price} not shown whole"


def test_no_module_in_referee_is_over_600_lines():
    """Each module stays small enough to read at once (issue 16); split by what it holds when one grows."""
    root = Path(__file__).resolve().parent.parent / "referee"
    sizes = {str(p.relative_to(root)): len(p.read_text(encoding="utf-8").splitlines()) for p in root.rglob("*.py")}
    assert sizes and max(sizes.values()) > 100  # the walk found the package
    assert {p: n for p, n in sizes.items() if n > 600} == {}
