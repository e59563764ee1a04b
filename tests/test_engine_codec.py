"""Ops and events as stored: the JSON codec, and game files written in the old positional-list format."""

from __future__ import annotations

import json
import sqlite3
import time

from enginekit import deed, ruleset, table

from referee.core import buying, money
from referee.core.ops import (
    OP_TYPES,
    Bankrupt,
    Buildings,
    Cash,
    Claim,
    DebtPaid,
    Extra,
    Jail,
    JailCard,
    Land,
    Mortgaged,
    NewDebt,
    Over,
    Owner,
    Position,
    SetTurn,
    Skip,
    apply_ops,
    decode_op,
    encode_op,
)
from referee.core.setup import new_game
from referee.core.state import BANK
from referee.store.ledger import SCHEMA, Game

ONE_OF_EACH = [
    Cash("Ana", BANK, 60), Owner(3, "Ana"), Owner(3, None), Buildings(3, 2, False), Mortgaged(3, True),
    Jail("Ana", True, 0, 10), Jail("Ana", False, 0), JailCard(None, "Ana", "chance"), NewDebt("Ana", "Ben", 5, "rent"),
    DebtPaid(1), Bankrupt("Ana"), Position("Ana", 7), Skip("Ana", 1), Over(None), SetTurn("rolls", 3),
    Land({"player": "Ana", "square": 7, "roll": 3, "dice": 7}), Claim("Ana", 7, 3), Extra("tracking", True),
]


def test_every_op_kind_round_trips_through_json():
    assert {op.tag for op in ONE_OF_EACH} == set(OP_TYPES)
    for op in ONE_OF_EACH:
        stored = json.loads(json.dumps(encode_op(op)))
        assert stored["op"] == op.tag
        assert decode_op(stored) == op


def test_the_old_positional_lists_decode_to_the_same_ops():
    old = [["cash", "Ana", "bank", 60], ["owner", 3, None], ["buildings", 3, 2, False], ["mortgaged", 3, True],
           ["jail", "Ana", True, 0, 10], ["jail", "Ana", False, 0], ["jail_card", None, "Ana", "chance"],
           ["debt", "Ana", "Ben", 5, "rent"], ["debt_paid", 1], ["bankrupt", "Ana"], ["position", "Ana", 7],
           ["skip", "Ana", 1], ["over", None], ["set", "rolls", 3], ["land", {"player": "Ana", "square": 7, "roll": 3}],
           ["claim", "Ana", 7, 3], ["extra", "tracking", True]]
    new = [Cash("Ana", BANK, 60), Owner(3, None), Buildings(3, 2, False), Mortgaged(3, True), Jail("Ana", True, 0, 10),
           Jail("Ana", False, 0), JailCard(None, "Ana", "chance"), NewDebt("Ana", "Ben", 5, "rent"), DebtPaid(1),
           Bankrupt("Ana"), Position("Ana", 7), Skip("Ana", 1), Over(None), SetTurn("rolls", 3),
           Land({"player": "Ana", "square": 7, "roll": 3}), Claim("Ana", 7, 3), Extra("tracking", True)]
    assert [decode_op(o) for o in old] == new


def test_an_event_stores_tagged_ops_and_message_notes():
    rs = ruleset()
    ev = money.pay(rs, table(rs), "Ben", "Ana", 1600)
    d = json.loads(json.dumps(ev.to_dict()))
    assert d["ops"] == [{"op": "debt", "debtor": "Ben", "creditor": "Ana", "amount": 1600, "reason": "payment"}]
    assert d["notes"][0]["id"] == "debt.shortfall.bankrupt" and d["notes"][0]["params"]["short"] == 100


def _old_game_file(path, rs):
    """A schema-1 game file as an older referee wrote it: positional ops, notes as sentences."""
    t, _ops, _ = new_game(rs, ["Ana", "Ben"])
    bw = deed(rs, "Boardwalk")
    con = sqlite3.connect(str(path), isolation_level=None)
    con.executescript(SCHEMA)
    meta = {"schema_version": "1", "ruleset": json.dumps(rs.data), "spec": json.dumps({"ruleset": rs.id}),
            "initial": json.dumps(t.to_dict()), "created": str(time.time())}
    con.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
    events = [
        {"type": "new", "args": {}, "ops": [["cash", "bank", "Ana", 1500], ["cash", "bank", "Ben", 1500]], "text": "new game: Ana, Ben"},
        {"type": "buy", "args": {"player": "Ana", "deed": bw}, "ops": [["cash", "Ana", "bank", 400], ["owner", bw, "Ana"]],
         "text": "Ana buys Boardwalk for $400", "steps": [], "clauses": ["buy.printed_price"], "notes": [], "amount": 400},
        {"type": "pay", "args": {}, "ops": [["debt", "Ben", "Ana", 2000, "payment"]], "text": "Ben pays Ana $2,000",
         "steps": [], "clauses": [], "notes": ["Ben cannot pay $2,000 in cash"], "amount": 2000},
    ]
    for ev in events:
        con.execute("INSERT INTO events (ts, type, data) VALUES (?, ?, ?)", (time.time(), ev["type"], json.dumps(ev)))
    con.close()  # no snapshot: the state must come from replaying the old ops


def test_a_game_file_in_the_old_format_replays_and_takes_new_events(tmp_path):
    rs = ruleset()
    path = tmp_path / "old.sqlite"
    _old_game_file(path, rs)
    g = Game(path)
    try:
        t = g.state()
        bw = deed(rs, "Boardwalk")
        assert t.player("Ana").cash == 1100 and t.deeds[bw].owner == "Ana"
        assert [(d.debtor, d.creditor, d.amount) for d in t.debts] == [("Ben", "Ana", 2000)]
        assert g.events()[2]["notes"] == ["Ben cannot pay $2,000 in cash"]  # old sentences read as they are
        ev = g.record(lambda rs_, t_: buying.buy(rs_, t_, "Ana", deed(rs_, "Park Place")))
        assert ev.seq == 4
        meta = dict(g.con.execute("SELECT key, value FROM meta").fetchall())
        assert meta["schema_version"] == "2"  # an older referee now refuses the file instead of misreading it
        stored = json.loads(g.con.execute("SELECT data FROM events WHERE seq=4").fetchone()[0])
        assert stored["ops"][0] == {"op": "cash", "src": "Ana", "dst": "bank", "amount": 350}
        # the mixed log replays to the recorded state
        replay = g.initial()
        for e in g.events():
            apply_ops(replay, e["ops"])
        assert replay.to_dict() == g.state().to_dict()
    finally:
        g.close()
