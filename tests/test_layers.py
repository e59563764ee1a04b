"""The import graph: no circle between modules, and no import from a lower layer to a higher one.

Every import counts: at the top of a module, inside a function (a lazy import is still a dependency) and under
`TYPE_CHECKING`. The layers are those of docs/architecture.md, lowest first.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from importgraph import cycles

ROOT = Path(__file__).resolve().parent.parent / "referee"

# lowest first; a module may import its own layer and the layers below it
LAYERS: list[tuple[str, ...]] = [
    ("referee.msg", "referee.cachedir"),  # leaves: a structured message, where caches live
    ("referee.words",),  # every sentence: catalogs, templates, phrases, the books' titles
    ("referee.errors",),  # the error family and the citation
    ("referee.ruleset",),  # editions as data: schema, loader, model, YAML, the name matcher
    ("referee.core",),  # the rulebook's chapters, pure
    ("referee.moves",),  # the table's vocabulary: typed moves, the one apply, the printer, amounts, a table as written
    ("referee.store",),  # the game file: ledger, replay, corrections, what the screens read
    ("referee.check", "referee.search", "referee.web"),  # readers of the engine
    ("referee.cli",),  # the banker's commands, which start the readers
    ("referee.entry", "referee.__main__"),
]


def _modules() -> dict[str, Path]:
    mods = {}
    for p in ROOT.rglob("*.py"):
        parts = p.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = p
    return mods


def _graph() -> dict[str, set[str]]:
    mods = _modules()

    def known(name: str) -> str:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name

    edges: dict[str, set[str]] = defaultdict(set)
    for name, p in mods.items():
        package = name if p.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([base] if base else []))
                targets = [f"{base}.{a.name}" if known(f"{base}.{a.name}") == f"{base}.{a.name}" else base for a in node.names]
            for t in targets:
                if t == "referee" or t.startswith("referee."):
                    target = known(t)
                    if target and target != name:
                        edges[name].add(target)
    return edges


def _layer(module: str) -> int | None:
    for i, prefixes in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return i
    return None


def test_every_module_has_a_layer():
    assert [m for m in _modules() if m != "referee" and _layer(m) is None] == []


def test_no_import_runs_up_a_layer():
    upward = sorted(f"{a} -> {b}" for a, bs in _graph().items() for b in bs
                    if b != "referee" and _layer(a) is not None and _layer(b) is not None and _layer(b) > _layer(a))  # type: ignore[operator]
    assert upward == []


def test_no_import_circle():
    assert cycles(_graph()) == []


def test_the_top_of_the_package_is_a_handful():
    top = sorted(p.name for p in ROOT.glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "cachedir.py", "entry.py", "errors.py", "msg.py"]


def test_the_core_is_pure():
    """core/ computes: no SQL, no files, no printing, no terminal, no clock (the store and the screens do those)."""
    banned_modules = {"sqlite3", "rich", "typer", "click", "os", "pathlib", "subprocess", "socket", "time"}
    banned_calls = {"print", "open", "input"}
    found = []
    for p in sorted((ROOT / "core").rglob("*.py")):
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            names = [a.name for a in n.names] if isinstance(n, ast.Import) else [n.module or ""] if isinstance(n, ast.ImportFrom) else []
            found += [f"{p.name}:{n.lineno} imports {m}" for m in names if m.split(".")[0] in banned_modules]
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in banned_calls:
                found.append(f"{p.name}:{n.lineno} calls {n.func.id}()")
            if isinstance(n, ast.Attribute) and n.attr == "execute":
                found.append(f"{p.name}:{n.lineno} runs SQL")
    assert found == []


def test_only_the_store_opens_a_game_file():
    """SQL on a game file lives in store/ (search/ keeps its own index files); every other layer asks the store."""
    found = []
    for p in sorted(ROOT.rglob("*.py")):
        rel = p.relative_to(ROOT).parts
        if rel[0] in ("store", "search"):
            continue
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if (isinstance(n, ast.Attribute) and n.attr in ("execute", "executemany")
                    or isinstance(n, ast.Attribute) and n.attr == "connect" and isinstance(n.value, ast.Name) and n.value.id == "sqlite3"):
                found.append(f"{'/'.join(rel)}:{n.lineno} .{n.attr}")
    assert found == []
