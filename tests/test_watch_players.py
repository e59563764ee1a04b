"""Issue 18, case 6: `watch` for the players, drawn from the shared view model (referee.store.view).
Only current facts, no command syntax, the game's own score, the final ranking, throws with the
square reached, 45 to 200 columns (a tmux capture at 45), groups in their board colours."""

from __future__ import annotations

import io
import os
import re
import subprocess

import pytest
from conftest import referee_exe, run
from rich.console import Console
from tmuxdriver import tmux_screen

from referee.cli import watch
from referee.core import scoring, valuation
from referee.store import view
from referee.store.ledger import Game


@pytest.fixture(autouse=True)
def _quiet(monkeypatch):
    monkeypatch.delenv("REFEREE_VERBOSE", raising=False)


def frame(game, width: int = 110, color: bool = False) -> str:
    src = watch.Source(game)
    src.key()
    con = Console(file=io.StringIO(), width=width, color_system="truecolor" if color else None, highlight=False,
                  force_terminal=color)
    con.print(src.frame(width))
    src.close()
    return con.file.getvalue()


def ok(game, *args):
    r = run(*args, game=game)
    assert r.code == 0, (args, r.text)
    return r


def test_a_paid_rent_disappears_and_throws_name_the_square(game):
    ok(game, "new", "Ana", "Ben", "Cy", "--turns")
    ok(game, "roll", "2", "3")  # Ana on Reading Railroad
    f = frame(game)
    assert "Ana may buy Reading Railroad for $200" in f
    ok(game, "buy", "Ana", "reading")
    f = frame(game)
    assert "may buy" not in f, "bought: no longer pending"
    ok(game, "roll", "2", "3")  # Ben on Reading Railroad
    f = frame(game)
    assert "Ben owes Ana $25 rent on Reading Railroad" in f
    assert "#4    Ben throws 2+3 = 5 → Reading Railroad" in f
    ok(game, "rent", "Ben", "reading")
    f = frame(game)
    assert "owes" not in f, "a paid rent is not a current fact"
    assert "Ben threw 2+3 = 5 → Reading Railroad" in f


def test_no_command_syntax_reaches_the_players(game):
    ok(game, "new", "Ana", "Ben", "--turns")
    ok(game, "roll", "3", "4")  # Ana on Chance
    f = frame(game)
    assert "Ana draws a Chance card" in f
    for banker_words in ("`", "draw Ana", "CARD", "--", "(rent ", "(buy ", "auction WINNER"):
        assert banker_words not in f, banker_words
    ok(game, "roll", "1", "3")  # Ben on Income Tax: a choice to declare
    f = frame(game)
    assert "Ben owes the income tax, declaring percent or flat" in f and "--choice" not in f


def test_a_bankrupt_player_is_out_and_the_debts_vanish_and_the_final_ranking_shows(game):
    ok(game, "new", "Ana", "Ben", "--turns")
    ok(game, "roll", "1", "2")
    ok(game, "buy", "Ana", "baltic")
    ok(game, "pay", "Ben", "bank", "1498")
    ok(game, "roll", "1", "2")
    ok(game, "rent", "Ben", "baltic")  # $4 owed, $2 held: a debt
    f = frame(game)
    assert "owes: Ana $4" in f
    ok(game, "bankrupt", "Ben")
    for width in (45, 120):
        f = frame(game, width)
        assert "owes" not in f, "a bankrupt player's debts are gone"
        assert re.search(r"Ben\s+out", f) and "$0" not in f
        assert "game over: Ana wins" in f and "final count" in f and re.search(r"1\s+Ana\s+\$1,502", f)


def test_worth_is_the_games_own_score_not_the_income_tax_count(game):
    ok(game, "new", "Ana", "Ben", "--variant", "short-game")
    ok(game, "deal", "Ana", "park place", "boardwalk")
    ok(game, "deal", "Ben", "baltic", "mediterranean")
    ok(game, "mortgage", "Ana", "boardwalk")
    g = Game(game)
    rs, t = g.ruleset(), g.state()
    g.close()
    method = scoring.resolve_method(rs, None)
    game_score = valuation.value(rs, t, "Ana", method).total
    tax_count = valuation.value(rs, t, "Ana", rs.p.taxes.income.net_worth).total
    assert method == "short-game" and game_score != tax_count, "the two methods differ here (mortgaged at half)"
    v = watch.Source(game)
    v.key()
    model = v.view()
    v.close()
    ana = next(p for p in model["players"] if p["name"] == "Ana")
    assert ana["worth"] == game_score
    assert re.search(rf"Ana\s+\$\S+\s+{re.escape(rs.fmt(game_score))}", frame(game))


def test_groups_are_drawn_in_their_board_colours(game):
    ok(game, "new", "Ana", "Ben")
    ok(game, "buy", "Ana", "boardwalk")
    ok(game, "buy", "Ana", "st charles place")
    g = Game(game)
    rs = g.ruleset()
    g.close()
    f = frame(game, color=True)
    for idx in (39, 11):
        hexcol = view.group_colour(rs, rs.squares[idx].group).lstrip("#")
        r, gg, b = (int(hexcol[i:i + 2], 16) for i in (0, 2, 4))
        assert f"38;2;{r};{gg};{b}m" in f, rs.squares[idx].name


def test_every_width_from_45_to_200_keeps_names_whole(game):
    ok(game, "new", "Ana", "Bernadette", "Cy", "--turns")
    ok(game, "roll", "5", "6")  # Ana on St. Charles Place
    ok(game, "buy", "Ana", "st charles place")
    ok(game, "collect", "Ana", "2000")
    for width in (45, 60, 80, 100, 140, 200):
        f = frame(game, width)
        lines = f.splitlines()
        assert all(len(ln) <= width for ln in lines), width
        assert "■ St. Charles Place" in f, f"a deed name broken at {width} columns"
        assert "Bernadette" in f and "$3,360" in f


def test_watch_at_45_columns_in_tmux(game):
    env = dict(os.environ, REFEREE_GAME=str(game), TERM="xterm")
    subprocess.run([referee_exe(), "new", "Ana", "Ben", "Cy", "--turns"], env=env, check=True, capture_output=True)
    cmd = f"env REFEREE_CACHE={env['REFEREE_CACHE']} REFEREE_GAME={game} {referee_exe()} watch"
    with tmux_screen(cmd, 45, 40, env) as term:
        term.until("new game")
        for args in (["roll", "5", "6"], ["buy", "Ana", "st", "charles", "place"], ["roll", "5", "6"]):
            subprocess.run([referee_exe(), *args], env=env, check=True, capture_output=True)
        screen = term.until("Ben owes Ana")
        assert "Ben owes Ana $10 rent on St. Charles" in screen.replace("\n", " ").replace("  ", " ")
        lines = screen.splitlines()
        assert all(len(ln) <= 45 for ln in lines)
        assert any("■ St. Charles Place" in ln for ln in lines), screen
        assert "Ben threw 5+6 = 11 → St. Charles Place" in screen.replace("\n   ", " ")
