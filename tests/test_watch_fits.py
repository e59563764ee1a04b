"""The watch at a family table (issue 30): on an 80×24 window every player is on screen at every move of a
300-move game with turns tracked — the full frame while it fits, then one line per player (name, cash, worth,
"on" the square, jail, the cards named), the turn and the pending claim on top, recent moves as room allows.

Every frame is rendered in-process at 80×24 after each move (300 renders, a few seconds); the real `referee
watch` in tmux at 80×24 is captured at the end, as the players see it."""

from __future__ import annotations

import io
import random

from conftest import referee_exe, run
from rich.console import Console
from tmuxdriver import tmux_screen

NAMES = ["Ana", "Ben", "Carla", "Dan"]


def _play(g, moves: int = 300):
    """A seeded game: throws, buys where the square is for sale, a rent where one is owed, a payment now and then."""
    rng = random.Random(30)
    assert run("new", *NAMES, "--turns", game=g).code == 0
    done = 0
    while done < moves:
        r = run("roll", str(rng.randint(1, 6)), str(rng.randint(1, 6)), game=g)
        assert r.code == 0, r.text
        done += 1
        yield done
        who = r.out.split(" throws")[0].strip()
        if "for sale" in r.out and rng.random() < 0.8:
            if run("buy", who, game=g).code == 0:
                done += 1
                yield done
        elif rng.random() < 0.15:
            a, b = rng.sample(NAMES, 2)
            if run("pay", a, b, str(rng.randint(1, 60)), game=g).code == 0:
                done += 1
                yield done


def test_every_player_is_on_an_80x24_watch_at_every_move(tmp_path):
    from referee.cli import watch

    g = tmp_path / "g.sqlite"
    src = None
    compact = 0
    try:
        for n in _play(g):
            if src is None:
                src = watch.Source(g)
            src.key()
            buf = io.StringIO()
            con = Console(file=buf, width=80, height=24, color_system=None, highlight=False)
            con.print(watch.frame_for(con, src, 80, 24))
            lines = buf.getvalue().splitlines()
            assert len(lines) <= 24, (n, len(lines))
            shown = "\n".join(lines)
            for name in NAMES:
                assert any(ln.lstrip("▶ ").startswith(name) for ln in lines), (n, name, shown)
            assert "more below" not in shown, (n, shown)
            compact += "worth" in lines[2] or "worth" in lines[3] or "worth" in lines[4]
        assert n >= 300 and compact > 0, "the compact frame was used once the full one no longer fit"
        assert "on " in shown and "$" in shown
    finally:
        if src is not None:
            src.close()
    # as the players see it: the real watch in tmux, 80×24
    with tmux_screen(f"{referee_exe()} --game {g} watch", 80, 24) as term:
        screen = term.until(lambda s: all(name in s for name in NAMES) and "last moves" in s)
        assert all(name in screen for name in NAMES), screen
        assert "more below" not in screen and "last moves" in screen, screen
