"""The README as a new user runs it: the quick start leaves a working `referee`,
and every line of "Banking a game" runs as written, in order, on a fresh game."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from conftest import ROOT, run

README = (ROOT / "README.md").read_text(encoding="utf-8")


def block_after(heading: str) -> list[str]:
    """The lines of the first ```sh block under a `## heading`."""
    section = README.split(f"## {heading}\n", 1)[1]
    m = re.search(r"```sh\n(.*?)```", section, re.S)
    assert m, f"no sh block under '{heading}'"
    return [ln for ln in m.group(1).splitlines() if ln.strip()]


def commands(line: str) -> list[list[str]]:
    """A shell line as the commands it runs (`;` separates them, `#` starts a comment)."""
    lex = shlex.shlex(line, posix=True, punctuation_chars=";")
    lex.whitespace_split = True
    lex.commenters = "#"
    out: list[list[str]] = [[]]
    for tok in lex:
        if tok == ";":
            out.append([])
        else:
            out[-1].append(tok)
    return [c for c in out if c]


def quick_start() -> list[str]:
    """The quick start's one line, as the commands it chains with `&&`."""
    lines = block_after("Quick start")
    assert len(lines) == 1, lines  # one command installs and runs the main job
    return [c.strip() for c in lines[0].split("&&")]


def test_the_quick_start_says_how_to_reach_referee():
    cmds = quick_start()
    assert cmds[0].startswith("python3 -m venv .venv")
    assert all(c.startswith(".venv/bin/") for c in cmds[1:]), cmds  # no bare `referee` before activation
    assert ". .venv/bin/activate" in README and "tmux" in README.split("## Banking a game")[0]


def test_a_table_installs_what_it_needs_and_the_tests_add_their_tools():
    install = quick_start()[1]
    assert install == ".venv/bin/pip install .", install  # not Playwright, mypy or ruff for a game at the table
    tests = [ln for ln in README.split("## Quick start", 1)[1].split("## Banking a game")[0].split("```sh\n")[2].splitlines() if ln.strip()]
    assert tests and tests[0].startswith(".venv/bin/pip install '.[test]' && ") and tests[0].endswith("-m pytest"), tests


def test_every_line_of_banking_a_game_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("REFEREE_GAME", raising=False)
    ran = 0
    for line in block_after("Banking a game"):
        for cmd in commands(line):
            assert cmd[0] == "referee", line
            r = run(*cmd[1:])
            assert r.code == 0, f"{line}\n→ {' '.join(cmd)}: exit {r.code}\n{r.text}"
            assert "refused" not in r.text and "Traceback" not in r.text, r.text
            ran += 1
    assert ran >= 25
    v = run("verify")  # the evening's file, every move re-run by the engine
    assert v.code == 0 and "ok" in v.out, v.text
    assert (tmp_path / "referee-game.sqlite").exists() and (tmp_path / "game.yaml").exists() and (tmp_path / "short.sqlite").exists()


def test_the_quick_start_runs_with_the_installed_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for line in [c for c in quick_start() if c.startswith(".venv/bin/referee")]:
        cmd = shlex.split(line)
        assert Path(cmd[0]).name == "referee"
        r = run(*cmd[1:])
        assert r.code == 0, r.text
