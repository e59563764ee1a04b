"""Shared test helpers: run the CLI in-process (fast) or as a subprocess (real)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Rich's consoles (referee/cli/common.py) read COLUMNS once, when made: set it before any test module imports them
# (under pytest-xdist a worker imports the test modules before the session fixture below runs)
os.environ["COLUMNS"] = "160"


@pytest.fixture(autouse=True, scope="session")
def _env(tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")
    os.environ["REFEREE_CACHE"] = str(cache)
    os.environ["COLUMNS"] = "160"
    os.environ.pop("REFEREE_GAME", None)
    os.environ.pop("REFEREE_RULESETS", None)
    os.environ["REFEREE_LANG"] = "en"  # the suite asserts English words, whatever the edition or locale (test_i18n.py unsets it)
    os.environ.pop("LANGUAGE", None)
    os.environ["LC_ALL"] = "C.UTF-8"
    import signal

    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:  # a suite started in the background (`cmd &`) inherits Ctrl-C
        signal.signal(signal.SIGINT, signal.default_int_handler)  # ignored; the Ctrl-C tests and the programs they start need it
    yield


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


def run(*args: str, game: Path | None = None) -> Result:
    """Run `referee ARGS` in this process, the way main() runs it (exit codes included)."""
    from referee.cli import app as appmod

    argv = ["referee"] + (["--game", str(game)] if game else []) + [str(a) for a in args]
    o, e = io.StringIO(), io.StringIO()
    old = sys.argv
    sys.argv = argv
    code = 0
    try:
        with redirect_stdout(o), redirect_stderr(e):
            appmod.main()
    except SystemExit as x:
        code = x.code if isinstance(x.code, int) else (0 if x.code is None else 1)
    finally:
        sys.argv = old
        from referee.words import i18n

        i18n.reset()  # the next test's language is the suite's, not this run's --lang or game's
    return Result(code, o.getvalue(), e.getvalue())


def referee_exe() -> str:
    exe = Path(sys.executable).parent / "referee"
    return str(exe) if exe.exists() else (shutil.which("referee") or "referee")


def run_proc(*args: str, game: Path | None = None, **kw) -> subprocess.CompletedProcess:
    argv = [referee_exe()] + (["--game", str(game)] if game else []) + [str(a) for a in args]
    return subprocess.run(argv, capture_output=True, text=True, **kw)


@pytest.fixture
def game(tmp_path):
    return tmp_path / "game.sqlite"


@pytest.fixture
def table_language(monkeypatch):
    """The language as a table's own settings choose it (no REFEREE_LANG), reset after the test: for the tests
    that read the words of a screen (`pytestmark = pytest.mark.usefixtures("table_language")`)."""
    from referee.words import i18n

    monkeypatch.delenv("REFEREE_LANG", raising=False)
    yield
    i18n.reset()



def wrong_forms(lang: str) -> list[str]:
    """The forms a native reader of `lang` found wrong (tests/corpus/wrong/LANG.txt: one literal per line, `#` comments),
    which no screen of that language's scanned games may show."""
    path = ROOT / "tests" / "corpus" / "wrong" / f"{lang}.txt"
    if not path.exists():
        return []
    lines = (ln.split("#", 1)[0].rstrip() for ln in path.read_text(encoding="utf-8").splitlines())
    return [ln for ln in lines if ln.strip()]


def watch_text(game: Path, width: int, height: int | None = None) -> str:
    """What `referee watch` shows on a `width` × `height` terminal (the full frame when no height is given),
    in the language in use, as plain text."""
    from rich.console import Console

    from referee.cli import watch

    src = watch.Source(game)
    try:
        src.key()
        con = Console(file=io.StringIO(), width=width, height=height or 200, color_system=None, highlight=False)
        con.print(watch.frame_for(con, src, width, height))
        return con.file.getvalue()
    finally:
        src.close()
