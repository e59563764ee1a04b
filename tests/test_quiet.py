"""Issue 18, case 4: one line per move at the table; the reasoning on demand (--why, why, --verbose);
citations on refusals and rulings. And the scripted 150-move game through `play`."""

from __future__ import annotations

import os
import random
import re
import subprocess

from conftest import referee_exe, run

from referee.cli.console import TableConsole
from referee.store.ledger import Game


def quiet_env(monkeypatch):
    monkeypatch.delenv("REFEREE_VERBOSE", raising=False)


def test_a_throw_is_one_line_with_the_square_reached_and_its_meaning(game, monkeypatch):
    quiet_env(monkeypatch)
    run("new", "Ana", "Ben", "Cy", "--turns", game=game)
    r = run("roll", "1", "2", game=game)
    assert r.out.splitlines() == ["Ana throws 1+2 = 3 → Baltic Avenue, for sale at $60 · Ben to throw"]
    assert run("buy", "Ana", "baltic", game=game).out.splitlines() == ["Ana buys Baltic Avenue for $60"]
    r = run("roll", "1", "2", game=game)
    assert r.out.splitlines() == ["Ben throws 1+2 = 3 → Baltic Avenue: owes Ana $4 rent · Cy to throw"]
    assert "001_" not in r.out and "—" not in r.out, "no citation on a routine move"
    r = run("roll", "6", "6", game=game)  # Cy passes nothing, throws again
    assert r.out.strip().endswith("Cy throws again")


def test_the_reasoning_on_demand(game, monkeypatch):
    quiet_env(monkeypatch)
    run("new", "Ana", "Ben", "Cy", "--turns", game=game)
    run("roll", "1", "3", game=game)  # Ana on Income Tax
    r = run("tax", "income", "Ana", "--choice", "percent", "--why", game=game)
    assert "Ana pays $150 income tax (percent)" in r.out
    assert "net worth $1,500 × 10 % = $150" in r.out and "us-classic tax.income" in r.out
    r = run("why", game=game)
    assert r.out.startswith("#3 Ana pays $150 income tax (percent)")
    assert "us-classic tax.income" in r.out and "× 10 %" in r.out
    r = run("--verbose", "roll", "2", "3", game=game)
    assert len(r.out.splitlines()) > 2 and "us-classic dice.move" in r.out
    assert run("why", "2", game=game).out.startswith("#2 Ana throws 1+3 = 4")


def test_refusals_and_rulings_keep_their_citation(game, monkeypatch):
    quiet_env(monkeypatch)
    run("new", "Ana", "Ben", game=game)
    assert run("buy", "Ana", "boardwalk", game=game).code == 0
    r = run("buy", "Ben", "boardwalk", game=game)
    assert r.code == 1 and "us-classic buy.printed_price" in r.err
    assert run("pay", "Ben", "bank", "1480", game=game).code == 0
    r = run("rent", "Ben", "boardwalk", game=game)  # $50 owed, $20 held
    assert "cannot pay" in r.out and "us-classic debt.raise" in r.out, "a debt is a ruling: notes and clauses shown"


def test_why_and_score_in_the_console(tmp_path, monkeypatch, capsys):
    quiet_env(monkeypatch)
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    con = TableConsole(tmp_path / "g.sqlite")
    con.run_line("new Ana Ben --turns")
    con.run_line("1 2")
    capsys.readouterr()
    assert con.run_line("buy") == 0
    assert capsys.readouterr().out.splitlines() == ["Ana buys Baltic Avenue for $60"], "no → expansion line when quiet"
    assert con.run_line("why") == 0
    out = capsys.readouterr().out
    assert "printed price of Baltic Avenue: $60" in out and "buy.printed_price" in out
    assert con.run_line("score") == 0 and "Ana" in capsys.readouterr().out


# ---------------------------------------------------------------- 150 moves through `play`
RULING_OPS = ("debt", "bankrupt", "over", "jail")


def _script(tmp_path, monkeypatch, moves: int = 150, seed: int = 18) -> tuple[list[str], set[int]]:
    """A plausible table: throws, then what each square asks (buy when affordable, rent, tax, a card).

    Returns the lines and the numbers of those whose move is a ruling (jail, a debt…)."""
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    con = TableConsole(tmp_path / "script.sqlite")
    assert con.run_line("new Ana Ben Cy --turns") == 0
    rng = random.Random(seed)
    lines: list[str] = []
    rulings: set[int] = set()

    def ran(line: str) -> int:
        g = Game(con.path)
        before = g.last_seq()
        g.close()
        code = con.run_line(line)
        g = Game(con.path)
        try:
            new = [e for e in g.events() if e["seq"] > before]
        finally:
            g.close()
        if any((op.get("op") if isinstance(op, dict) else op[0]) in RULING_OPS for e in new for op in e["ops"]):
            rulings.add(len(lines) + 1)
        lines.append(line)
        return code

    while len(lines) < moves:
        line = f"{rng.randint(1, 6)} {rng.randint(1, 6)}"
        t0 = con.snapshot()[1]
        before = t0.landings[-1] if t0.landings else None
        assert ran(line) == 0, line
        rs, t = con.snapshot()
        land = t.landings[-1]
        if land == before:
            continue  # a throw in jail that failed: nobody moved
        who, sq = land["player"], rs.squares[land["square"]]
        follow = None
        if t.player(who).position == land["square"] and not t.player(who).in_jail and not land.get("claimed"):
            if sq.is_deed and t.deeds[sq.index].owner is None:
                follow = "buy" if t.player(who).cash > rs.price(sq) + 300 else f"auction {rs.squares[sq.index].name}"
            elif sq.is_deed and t.deeds[sq.index].owner not in (None, who):
                follow = "rent"
            elif sq.kind == "tax":
                follow = "tax flat" if sq.tax == "income" else "tax"
            elif sq.kind == "card":
                deck = rs.decks()[sq.deck]["cards"]
                plain = [c["id"] for c in deck if c["effect"] in ("collect", "pay")]
                follow = f"draw {who} {rng.choice(plain)}"
        if follow and len(lines) < moves:
            assert ran(follow) == 0, follow
            if follow.startswith("auction"):
                assert ran("sold") == 0  # nobody bids: it stays with the bank
    if lines[moves - 1].startswith("auction"):
        lines[moves - 1] = "status"
    return lines[:moves], rulings


def test_a_scripted_150_move_game_prints_one_line_per_routine_move(tmp_path, monkeypatch):
    quiet_env(monkeypatch)
    lines, rulings = _script(tmp_path, monkeypatch)
    assert len(lines) == 150
    game = tmp_path / "replay.sqlite"
    env = dict(os.environ, REFEREE_CACHE=str(tmp_path / "cache"), REFEREE_GAME=str(game), COLUMNS="200")
    env.pop("REFEREE_VERBOSE", None)
    subprocess.run([referee_exe(), "new", "Ana", "Ben", "Cy", "--turns"], env=env, check=True, capture_output=True)
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = subprocess.run([referee_exe(), "play", str(moves)], env=env, capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    out = r.stdout.splitlines()
    # each move's output starts with its line number; a line without one continues the move above
    per_move: dict[int, int] = {}
    current = 0
    for ln in out:
        m = re.match(r"^(\d+)› ", ln)
        if m:
            current = int(m.group(1))
        per_move[current] = per_move.get(current, 0) + 1
    routine = [n for n in range(1, 151) if n not in rulings]
    assert all(per_move.get(n, 0) <= 1 for n in routine), {n: per_move[n] for n in routine if per_move.get(n, 0) > 1}
    assert len(out) <= 150 + 3 * len(rulings)
    print(f"150 moves, {len(out)} lines of output, {len(rulings)} rulings")
