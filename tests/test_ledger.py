"""Reliability of the ledger: invariants under random play, crashes, concurrent writers."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import bankruptcy, buildings, buying, jail, money, mortgages, taxes, trades
from referee.core import cards as cards_rules
from referee.core import rent as rent_rules
from referee.core.ops import apply_ops, decode_op
from referee.core.setup import new_game
from referee.core.state import Table
from referee.errors import RefereeError
from referee.ruleset import loader
from referee.store.ledger import Game
from referee.words.messages import TEMPLATES

NAMES = ["Ana", "Ben", "Carla"]


def _rs(name="us-1950s", **kw):
    return loader.load(name, **kw)


def _fresh(rs):
    t, ops, _ = new_game(rs, NAMES)
    apply_ops(t, ops)
    return t


ACTIONS = ["buy", "auction", "rent", "build", "sell", "mortgage", "unmortgage", "pay", "tax", "trade",
           "jail", "jailpay", "card", "salary", "bankrupt", "settle"]


def _step(rs, t: Table, act: str, a: int, b: int, d: int, n: int):
    deeds = [s.index for s in rs.deeds]
    idx = deeds[d % len(deeds)]
    p = NAMES[a % 3]
    q = NAMES[b % 3]
    if act == "buy":
        return buying.buy(rs, t, p, idx)
    if act == "auction":
        return buying.auction(rs, t, p, idx, 1 + n * 7)
    if act == "rent":
        return rent_rules.rent(rs, t, p, idx, dice=2 + n % 11)
    if act == "build":
        return buildings.build(rs, t, idx, 1 + n % 2)
    if act == "sell":
        return buildings.sell_buildings(rs, t, idx, 1)
    if act == "mortgage":
        return mortgages.mortgage(rs, t, idx)
    if act == "unmortgage":
        return mortgages.unmortgage(rs, t, idx)
    if act == "pay":
        return money.pay(rs, t, p, q, 1 + n * 37)
    if act == "tax":
        return taxes.income_tax(rs, t, p, "percent" if n % 2 else "flat")
    if act == "trade":
        return trades.trade(rs, t, p, q, trades.Side(deeds=[idx]), trades.Side(cash=1 + n))
    if act == "jail":
        return jail.send_to_jail(rs, t, p)
    if act == "jailpay":
        return jail.jail_pay(rs, t, p)
    if act == "card":
        cards = rs.cards()
        c = cards[n % len(cards)]
        return cards_rules.draw_card(rs, t, p, dict(c.data, deck=c.deck))
    if act == "salary":
        return money.salary(rs, t, p)
    if act == "bankrupt":
        return bankruptcy.bankrupt(rs, t, p)
    if act == "settle":
        return money.settle(rs, t, p)
    raise AssertionError(act)


def _check_invariants(rs, t: Table, start_total: int):
    # money: every transfer is between parties; the bank's net position balances the players and the pot
    assert sum(p.cash for p in t.players) + t.pot + t.bank_net == 0
    assert all(p.cash >= 0 for p in t.players), "cash never goes negative: shortfalls become debts"
    names = {p.name for p in t.players}
    for idx, d in t.deeds.items():
        assert d.owner is None or d.owner in names  # held by exactly one party: a player or the bank
        if d.owner:
            assert not t.player(d.owner).bankrupt
        assert not (d.hotel and d.houses)
        assert 0 <= d.houses <= rs.p.building.max_houses
        if d.built:
            members = rs.group_members(rs.squares[idx].group)
            assert all(t.deeds[i].owner == d.owner for i in members)
            assert not d.mortgaged
    on_board_houses = sum(d.houses for d in t.deeds.values())
    on_board_hotels = sum(1 for d in t.deeds.values() if d.hotel)
    assert on_board_houses + t.bank_houses == rs.bank("houses")
    assert on_board_hotels + t.bank_hotels == rs.bank("hotels")
    assert t.bank_houses >= 0 and t.bank_hotels >= 0


step_st = st.tuples(st.sampled_from(ACTIONS), st.integers(0, 2), st.integers(0, 2), st.integers(0, 27), st.integers(0, 40))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# it-lire is left out on purpose: its house rents are unknown, so most of its random games stop at the first rent
@given(st.lists(step_st, min_size=1, max_size=80), st.sampled_from(["us-1950s", "us-classic", "us-2008", "mx-hasbro"]))
def test_random_play_keeps_invariants(steps, edition):
    rs = _rs(edition)
    t = _fresh(rs)
    start = sum(p.cash for p in t.players)
    initial = t.copy()
    log = []
    for act, a, b, d, n in steps:
        try:
            ev = _step(rs, t, act, a, b, d, n)
        except RefereeError:
            continue
        t = ev.t
        stored = json.loads(json.dumps(ev.to_dict()))  # every event is plain JSON: ops, messages, next actions
        assert [decode_op(op) for op in stored["ops"]] == ev.ops
        assert all(m in TEMPLATES for m in [stored["msg"]["id"], *(n["id"] for n in stored["notes"])])
        log.append(stored["ops"])
        _check_invariants(rs, t, start)
    # the state is derived: replaying the ops from the start gives the same table
    replay = initial.copy()
    for ops in log:
        apply_ops(replay, ops)
    assert replay.to_dict() == t.to_dict()


def test_short_game_hotel_after_three_houses_keeps_stock():
    rs = _rs("us-classic", variants=["short-game"])
    t = _fresh(rs)
    for name in ("Oriental", "Vermont", "Connecticut"):
        idx = next(s.index for s in rs.deeds if s.name.startswith(name))
        t = buying.buy(rs, t, "Ana", idx).t
    lots = [s.index for s in rs.deeds if s.group == rs.squares[6].group]
    for _ in range(3):
        for i in lots:
            t = buildings.build(rs, t, i).t
    t = buildings.build(rs, t, lots[0], hotel=True).t
    assert t.deeds[lots[0]].hotel and t.bank_houses == rs.bank("houses") - 6
    _check_invariants(rs, t, 0)


# ------------------------------------------------------------------ the game file
def _new_game_file(path: Path, names=NAMES) -> Game:
    rs = _rs()
    t, ops, _ = new_game(rs, names)
    return Game.create(path, rs.data, {"ruleset": rs.id}, t, ops)


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from referee.core import bankruptcy, buildings, buying, cards as cards_rules, jail, money, mortgages, rent as rent_rules, taxes, trades
    from referee.store.ledger import Game
    g = Game(Path(sys.argv[1]))
    payer, payee, n = sys.argv[2], sys.argv[3], int(sys.argv[4])
    for i in range(n):
        ev = g.record(lambda rs, t: money.salary(rs, t, payer) if i % 2 else money.pay(rs, t, payer, payee, 1))
        print(ev.seq, flush=True)
    """
)


def _writer(tmp_path: Path, *args: str) -> subprocess.Popen:
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    return subprocess.Popen([sys.executable, str(script), *args], stdout=subprocess.PIPE, text=True, env=dict(os.environ))


def test_killed_writer_leaves_a_consistent_game(tmp_path):
    path = tmp_path / "crash.sqlite"
    _new_game_file(path).close()
    proc = _writer(tmp_path, str(path), "Ana", "Ben", "100000")
    seen = []
    deadline = time.time() + 60
    while len(seen) < 40 and time.time() < deadline:
        line = proc.stdout.readline()
        if line:
            seen.append(int(line))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert len(seen) >= 40
    con = sqlite3.connect(str(path))
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    g = Game(path)
    last = g.last_seq()
    # every acknowledged event is there; at most the one being acknowledged when killed is extra
    assert seen[-1] <= last <= seen[-1] + 1
    assert [e["seq"] for e in g.events()] == list(range(1, last + 1))
    # the snapshot agrees with a full replay of exactly those events
    assert g.state().to_dict() == g._replay(g._events()).to_dict()
    # and the game goes on
    ev = g.record(lambda rs, t: money.salary(rs, t, "Carla"))
    assert ev.seq == last + 1


def test_two_writers_lose_no_event(tmp_path):
    path = tmp_path / "two.sqlite"
    _new_game_file(path).close()
    n = 60
    a = _writer(tmp_path, str(path), "Ana", "Ben", str(n))
    b = _writer(tmp_path, str(path), "Ben", "Carla", str(n))
    out_a, _ = a.communicate(timeout=120)
    out_b, _ = b.communicate(timeout=120)
    assert a.returncode == 0 and b.returncode == 0
    seqs = sorted(int(x) for x in (out_a + out_b).split())
    assert len(seqs) == 2 * n and len(set(seqs)) == 2 * n
    g = Game(path)
    assert g.last_seq() == 1 + 2 * n
    t = g.state()
    # each writer: n/2 payments of 1 and n/2 salaries of 200
    assert t.player("Ana").cash == 1500 - n // 2 + 200 * (n // 2)
    assert t.player("Ben").cash == 1500 + n // 2 - n // 2 + 200 * (n // 2)
    assert t.player("Carla").cash == 1500 + n // 2
    assert sum(p.cash for p in t.players) + t.bank_net == 0


def test_refused_move_writes_nothing(tmp_path):
    path = tmp_path / "r.sqlite"
    g = _new_game_file(path)
    before = g.last_seq()
    try:
        g.record(lambda rs, t: rent_rules.rent(rs, t, "Ben", 39))
    except RefereeError:
        pass
    assert g.last_seq() == before


def test_new_game_never_half_written(tmp_path):
    from conftest import run

    path = tmp_path / "x.sqlite"
    r = run("new", "--ruleset", "nope", "Ana", "Ben", game=path)
    assert r.code == 2 and not path.exists()
    r = run("new", "Ana", game=path)
    assert r.code == 1 and not path.exists()  # too few players
    assert run("new", "Ana", "Ben", game=path).code == 0
    r = run("new", "Ana", "Ben", game=path)
    assert r.code == 2 and "already holds a game" in r.err
    assert not list(tmp_path.glob(".*tmp"))


def test_cost_does_not_grow_with_events(tmp_path):
    """The snapshot means a command reads one row, not the whole log (checked structurally, not by time)."""
    path = tmp_path / "big.sqlite"
    g = _new_game_file(path)
    for _ in range(300):
        g.record(lambda rs, t: money.salary(rs, t, "Ana", force="a lap a move"))  # the same player again: forced (issue 30)
    row = g.con.execute("SELECT seq FROM snapshot").fetchone()
    assert row[0] == g.last_seq()
    calls = []
    g._replay = lambda evs: calls.append(1)  # a full replay must not be needed
    g.state()
    assert calls == []
    assert json.loads(g.con.execute("SELECT state FROM snapshot").fetchone()[0])["players"][0]["cash"] == 1500 + 300 * 200


def test_undo_from_checkpoints_matches_a_full_replay(tmp_path):
    from referee.store import ledger

    path = tmp_path / "u.sqlite"
    g = _new_game_file(path)
    for i in range(2 * ledger.CHECKPOINT_EVERY + 40):
        g.record(lambda rs, t, i=i: money.salary(rs, t, NAMES[i % 3]) if i % 4 else money.pay(rs, t, NAMES[i % 3], NAMES[(i + 1) % 3], 7))
    assert g.con.execute("SELECT COUNT(*) FROM checkpoints").fetchone()[0] == 2
    for n in (3, 1, 60, 250):  # within the last stretch, then reaching back past a checkpoint
        g.undo(n)
        assert g.state().to_dict() == g._replay(g._events()).to_dict()
    # later events build new checkpoints on the corrected history
    for _ in range(ledger.CHECKPOINT_EVERY):
        g.record(lambda rs, t: money.salary(rs, t, "Ana", force="a lap a move"))  # the same player again: forced (issue 30)
    g.undo(2)
    assert g.state().to_dict() == g._replay(g._events()).to_dict()


def test_reading_a_game_files_header_never_closes_a_descriptor_of_it(tmp_path):
    """Closing any descriptor of a file drops every POSIX lock this process holds on it, SQLite's included: the
    page's server, which reads the game with one connection and records the phones' moves with others, lost
    moves that way (another process checked the write-ahead log in and deleted it). The header is read once per
    process, through a descriptor kept open."""
    import os

    from conftest import run

    from referee.store import gamefile

    game = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", game=game).code == 0
    st = game.stat()
    gamefile._VERIFIED.discard((st.st_dev, st.st_ino))  # as in a fresh process

    def descriptors() -> int:
        return sum(1 for fd in os.listdir("/proc/self/fd") if os.path.realpath(f"/proc/self/fd/{fd}") == str(game.resolve()))

    before = descriptors()
    gamefile.check_openable(game)
    assert descriptors() == before + 1, "the descriptor that read the header stays open"
    gamefile.check_openable(game)
    assert descriptors() == before + 1, "read once per process"
