"""`referee verify`: is this game file what the rules would have written?

From the cheapest check to the dearest, stopping at the first event that is wrong (its number and what):
SQLite's own integrity check; the schema version; the meta entries; every event readable; every amount a
whole number within the game's bounds and every name a player of the game; every live move re-run through
the engine on the table before it (`moves/apply.rerun`, as `void` and `amend` re-run moves) giving the
amounts the file holds, or refused (a move recorded with `--force` is marked forced, not wrong); the replay
equal to the stored snapshot; the money conserved (every cash move takes from one party what it gives another).

Opening a game already checks the cheap parts (`gamefile`, `Game._events`); `undo` and `void` re-run moves
through the same engine, so a tampered amount stops them with its number (`corrections._stale`).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from referee.errors import RefereeError
from referee.ruleset.schema import MAX_NUMBER
from referee.store import gamefile, replay
from referee.words.i18n import _
from referee.words.messages import event_text


@dataclass
class Report:
    events: int = 0
    rechecked: int = 0
    forced: list[int] = field(default_factory=list)
    not_rechecked: list[int] = field(default_factory=list)
    problem: str | None = None  # the first thing wrong, with its event number where it has one

    @property
    def ok(self) -> bool:
        return self.problem is None


def _bad_amounts(ops: list, names: set[str]) -> str | None:
    """An op whose numbers are not whole, or out of bounds, or that names nobody in the game."""
    from referee.core.ops import decode_op

    for raw in ops:
        try:
            op = decode_op(raw)
        except (TypeError, ValueError):
            return _("an operation that is not one: {op}").format(op=str(raw)[:80])
        for f in op._fields:
            v = getattr(op, f)
            if isinstance(v, bool) or v is None:
                continue
            if isinstance(v, float) or (isinstance(v, int) and abs(v) > MAX_NUMBER):
                return _("{field} = {value} is not an amount of this game").format(field=f, value=v)
            if f in ("src", "dst", "player", "owner", "debtor", "creditor") and isinstance(v, str) and v not in names:
                return _("{field} names '{value}', who is not in the game").format(field=f, value=v)
    return None


def verify(g) -> Report:
    """Check the game `g` (an open `ledger.Game`) from its first event; the report names the first problem."""
    from referee.core import closed
    from referee.errors import InputError, Refusal
    from referee.moves import apply as dispatch
    from referee.store.ledger import SCHEMA_VERSION
    from referee.store.replay import CONTROL, cancellations

    rep = Report()
    try:
        rows = [r[0] for r in g.con.execute("PRAGMA integrity_check").fetchall()]
    except sqlite3.Error as e:
        rep.problem = _("SQLite cannot check the file: {error}").format(error=e)
        return rep
    if rows != ["ok"]:
        rep.problem = _("SQLite's integrity check fails: {what}").format(what="; ".join(rows[:3]))
        return rep
    try:
        version = int(g._meta.get("schema_version", 0))
    except (TypeError, ValueError):
        version = -1
    if not 1 <= version <= SCHEMA_VERSION:
        rep.problem = _("schema version {v} is not one this referee reads (1 to {n})").format(v=g._meta.get("schema_version"), n=SCHEMA_VERSION)
        return rep
    try:
        rs = g.ruleset()
        t = g.initial()
        g.spec  # noqa: B018  (read: a damaged spec is named here)
        evs = g._events()
    except RefereeError as e:
        rep.problem = str(e)
        return rep
    rep.events = len(evs)
    names = {p.name for p in t.players} | {"bank", "pot"}
    for seq, ev in evs:
        bad = _bad_amounts(ev.get("ops") or [], names)
        if bad:
            rep.problem = _("event #{seq} ({type}): {what}").format(seq=seq, type=ev["type"], what=bad)
            return rep
    undone = cancellations(evs)
    money0 = sum(p.cash for p in t.players) + t.pot + t.bank_net
    for seq, ev in evs:
        if seq in undone:
            continue
        if ev["type"] in CONTROL or ev["type"] in ("new", "deed") or seq == evs[0][0]:
            g._apply(t, seq, ev)
            continue
        moves = replay.moves_of(seq, ev)
        for m in moves:
            forced = bool((m.get("args") or {}).get("force"))
            try:
                fresh = dispatch.rerun(rs, t.copy(), m["type"], m.get("args") or {})
                closed.check(rs, t, fresh.t)
            except Refusal as r:
                if forced:
                    rep.forced.append(m["entry"])
                else:
                    rep.problem = _("event #{seq} ({type}) is not a legal move on the table before it: {why}").format(
                        seq=m["entry"], type=m["type"], why=r.message)
                    return rep
            except InputError as r:
                if "cannot be replayed" in str(r):
                    rep.not_rechecked.append(m["entry"])
                else:
                    rep.problem = _("event #{seq} ({type}) cannot be re-run: {why}").format(seq=m["entry"], type=m["type"], why=r)
                    return rep
            else:
                rep.rechecked += 1
                if fresh.to_dict()["ops"] != (m.get("ops") or []):
                    rep.problem = _("event #{seq} ({type}) moves other amounts than the rules give: the file says '{text}'").format(
                        seq=m["entry"], type=m["type"], text=event_text(m, rs.fmt))
                    return rep
            from referee.core.ops import apply_ops

            apply_ops(t, m.get("ops") or [])
        if ev["type"] not in replay.CORRECTIONS:
            continue
    try:
        stored = g.state()
    except RefereeError as e:
        rep.problem = str(e)
        return rep
    if stored.to_dict() != t.to_dict():
        rep.problem = _("the stored table (snapshot) differs from the replay of the events")
        return rep
    if sum(p.cash for p in t.players) + t.pot + t.bank_net != money0:
        rep.problem = _("money is not conserved: the players, the pot and the bank hold a different total than at the start")
    return rep


def check_file(path) -> Report:
    """`verify` on a file by path: opened as every command opens a game (its cheap checks first)."""
    from referee.store.ledger import Game

    gamefile.check_openable(path)
    return verify(Game(path))
