"""`referee watch`: the live display, checked on a terminal screen after a move made elsewhere."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from tmuxdriver import tmux_screen

from referee.cli import watch
from referee.core import money, mortgages
from referee.store.ledger import Game

REFEREE = str(Path(sys.executable).with_name("referee"))


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return str(tmp_path_factory.mktemp("cache"))


@pytest.fixture
def game(cache, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", cache)
    path = tmp_path / "game.sqlite"
    env = dict(os.environ, REFEREE_CACHE=cache, REFEREE_GAME=str(path), TERM="xterm", NO_COLOR="1")
    subprocess.run([REFEREE, "new", "Ana", "Ben", "Cy", "--turns"], env=env, check=True, capture_output=True)
    return path, env


def record(path: Path, build) -> None:
    """A move made by another connection, as another terminal would."""
    g = Game(path)
    try:
        g.record(build)
    finally:
        g.close()


def text_of(renderable, width=110) -> str:
    con = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    con.print(renderable)
    return con.file.getvalue()


def test_a_frame_shows_balances_deeds_turn_and_last_moves(game):
    path, env = game
    subprocess.run([REFEREE, "roll", "1", "2"], env=env, check=True, capture_output=True)
    subprocess.run([REFEREE, "buy", "Ana", "baltic"], env=env, check=True, capture_output=True)
    subprocess.run([REFEREE, "mortgage", "baltic"], env=env, check=True, capture_output=True)
    src = watch.Source(path)
    k1 = src.key()
    assert src.key() == k1, "no change, same key: nothing to redraw"
    frame = text_of(src.frame())
    assert "Ben to throw" in frame
    assert "$1,470" in frame  # 1500 - 60 + 30
    assert "Baltic Avenue (M)" in frame
    assert "Ana mortgages Baltic Avenue" in frame and "Ana buys Baltic Avenue for $60" in frame
    record(path, lambda rs, t: mortgages.unmortgage(rs, t, 3))
    assert src.key() != k1, "a commit from another connection changes the key"
    src.close()


def test_waiting_for_a_game_that_does_not_exist_yet(tmp_path):
    src = watch.Source(tmp_path / "none.sqlite")
    assert src.key() == ("missing",)
    assert "waiting for a game" in text_of(src.frame())


import pexpect  # noqa: E402  (a test dependency: pip install '.[test]')


def test_watch_redraws_after_a_move_from_another_process(game):
    path, env = game
    c = pexpect.spawn(REFEREE, ["watch"], env=env, encoding="utf-8", timeout=10, dimensions=(30, 110))
    try:
        c.expect("Ana")
        c.expect("new game: Ana, Ben, Cy")
        subprocess.run([REFEREE, "roll", "1", "2"], env=env, check=True, capture_output=True)
        subprocess.run([REFEREE, "buy", "Ana", "baltic"], env=env, check=True, capture_output=True)
        c.expect("Ana buys Baltic Avenue for \\$60")
        record(path, lambda rs, t: money.pay(rs, t, "Ana", "Ben", 25, "a deal"))
        c.expect("Ana pays Ben \\$25")
        c.sendcontrol("c")
        c.expect(pexpect.EOF)
    finally:
        c.close(force=True)


def test_watch_screen_in_tmux(game):
    path, env = game
    cmd = f"env REFEREE_CACHE={env['REFEREE_CACHE']} REFEREE_GAME={path} {REFEREE} watch"
    with tmux_screen(cmd, 110, 30, env) as term:
        first = term.until("new game")
        assert "▶  Ana" in first or "▶ Ana" in first
        subprocess.run([REFEREE, "roll", "2", "6"], env=env, check=True, capture_output=True)
        subprocess.run([REFEREE, "buy", "Ana", "vermont"], env=env, check=True, capture_output=True)
        screen = term.until("Ana buys Vermont Avenue")
        assert "Ana buys Vermont Avenue for $100" in screen
        row = next(ln for ln in screen.splitlines() if " Ana " in ln and "$" in ln)
        assert "$1,400" in row and "Vermont Avenue" in row
        assert "Ben to throw" in screen
