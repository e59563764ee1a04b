"""Fixing one past entry: void it, or amend it, and re-run every later move.

A correction is an event like any other (nothing is deleted). It cancels the
event holding entry N and every live event after it, and carries the moves
re-run through the engine (`moves.apply`) on the corrected history: its ops
are theirs, in order. A move that no longer holds stops the correction with
that move's entry number and the engine's own refusal, and nothing is written.

Entry numbers stay those of the log: a move re-run inside a correction keeps
its number, so `void 12` after `void 5` still means the twelfth entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core import closed
from referee.errors import InputError, Refusal
from referee.moves import apply as dispatch
from referee.msg import Msg
from referee.store.ledger import Game
from referee.store.replay import CANCELLERS, CORRECTIONS, cancellations, live, moves_of
from referee.words.i18n import _
from referee.words.messages import event_text

Events = list[tuple[int, dict]]


def said(m: dict) -> dict:
    """A move's message as stored (its id and parameters); a move from a file older than message ids says its sentence."""
    return m["msg"] if m.get("msg") else Msg("text", {"text": m.get("text") or m["type"]}).to_dict()


def _not_live(evs: Events, entry: int) -> str:
    by_seq = dict(evs)
    if entry not in by_seq:
        return _("there is no entry #{entry} (the log runs to #{last})").format(entry=entry, last=max(by_seq))
    ev = by_seq[entry]
    if ev["type"] == "new":
        return _("entry #{entry} is the start of the game; start a new game instead").format(entry=entry)
    if ev["type"] in CANCELLERS:
        return _("entry #{entry} is itself a correction ({kind}); `undo` takes back the latest one").format(entry=entry, kind=ev["type"])
    undone = cancellations(evs)
    by = undone.get(entry)
    while by is not None and entry not in [m["entry"] for m in moves_of(by, by_seq[by])]:
        nxt = undone.get(by)
        if nxt is None:
            break
        by = nxt
    how = by_seq[by]["type"] if by else _("undone")  # a correction's own name (a command word) or "undone"
    return _("entry #{entry} no longer counts ({how} by #{by})").format(entry=entry, how=how, by=by)


def correct(
    g: Game, entry: int, build: Callable[[Any, Any], Any] | None = None,
) -> tuple[int, dict]:
    """Void entry `entry` (build None) or replace it with `build(ruleset, table)`; re-run the moves after it."""
    verb = _("voided") if build is None else _("amended")

    def make(rs, evs: Events) -> dict:
        ts = dict(g.con.execute("SELECT seq, ts FROM events").fetchall())
        moves_now = live(evs)
        host = next((s for s, e in moves_now if any(m["entry"] == entry for m in moves_of(s, e))), None)
        if host is None:
            raise InputError(_not_live(evs, entry))
        later = [(s, e) for s, e in moves_now if s >= host]
        t = g._replay(evs, before=host)
        moves: list[dict] = []
        ops: list = []
        steps: list[dict] = []  # each a message: the file keeps ids and parameters, the words are made when shown
        old = new = None
        for s, e in later:
            for m in moves_of(s, e):
                if m["entry"] == entry:
                    old = m
                    if m["type"] == "deed":  # the board's values hold for the whole game, not from one move on
                        raise InputError(_("entry #{entry} records board values read at the table: record the right ones with `deed`, or undo").format(entry=entry))
                    if build is None:
                        continue
                    try:
                        ev = build(rs, t)
                        if ev is not None:
                            closed.check(rs, t, ev.t)  # as Game.record checks every move
                    except Refusal as r:
                        raise Refusal(_("the correction for #{entry} does not hold: {why}").format(entry=entry, why=r.message), r.citation) from None
                    if ev is None:
                        raise InputError(_("amend takes a move (buy, rent, pay, …), not a command that records nothing"))
                    new = ev
                else:
                    try:
                        ev = dispatch.rerun(rs, t, m["type"], m["args"])
                        closed.check(rs, t, ev.t)
                    except Refusal as r:
                        raise Refusal(_stale(m, entry, verb, r.message, rs.fmt), r.citation) from None
                    except InputError as r:
                        raise InputError(_stale(m, entry, verb, r.message, rs.fmt)) from None
                d = ev.to_dict()
                now = said(d) if d.get("msg") else said(m)  # a re-run with no sentence of its own keeps the log's
                if m["entry"] != entry:
                    if event_text({"msg": now}, rs.fmt) != event_text(m, rs.fmt) or ev.amount != m.get("amount"):
                        steps.append(Msg("correction.now", {"entry": m["entry"], "move": now, "was": said(m)}).to_dict())
                    elif d["ops"] != m.get("ops"):
                        steps.append(Msg("correction.same", {"entry": m["entry"], "move": now}).to_dict())
                moves.append({"entry": m["entry"], "ts": m.get("ts") or ts.get(m["entry"]), "type": d["type"],
                              "args": d["args"], "amount": d["amount"], "ops": d["ops"], "clauses": d["clauses"],
                              "msg": now})
                ops += d["ops"]
                t = ev.t
        assert old is not None
        undoes = [s for s, _ in later]
        by_seq = dict(evs)
        for s in list(undoes):  # a correction replaced by this one takes what it replaced along
            stack = [s]
            while stack:
                e = by_seq[stack.pop()]
                if e["type"] in CORRECTIONS:
                    stack += e["args"]["undoes"]
                    undoes += e["args"]["undoes"]
        entries = [m["entry"] for m in moves]
        rerun = len(moves) - (entries.index(entry) + 1 if build is not None else sum(1 for x in entries if x < entry))
        params = {"entry": entry, "was": said(old), "rerun": rerun, "changed": len(steps)}
        if new is not None:
            params["move"] = said(new.to_dict())
        return {
            "type": "void" if build is None else "amend",
            "args": {"entry": entry, "undoes": sorted(set(undoes)), "was": old, "moves": moves},
            "ops": ops, "msg": Msg("correction.void" if build is None else "correction.amend", params).to_dict(),
            "steps": steps, "clauses": [], "notes": [], "amount": None,
        }

    return g.correct(make)


def _stale(m: dict, entry: int, verb: str, why: str, fmt=None) -> str:
    """A later move the correction would break, and the way through: void it first, then correct, then record it again."""
    return (_("#{entry} ({text}) no longer holds once #{changed} is {verb}: {why}; nothing changed").format(
        entry=m["entry"], text=event_text(m, fmt), changed=entry, verb=verb, why=why)
        + " " + _("(if #{entry} goes too: `void {entry}` first, then correct #{changed})").format(entry=m["entry"], changed=entry))


def marks(evs: Events) -> dict[int, str]:
    """For the log: why each entry no longer counts (undone, voided, amended, re-run in a correction)."""
    by_seq = dict(evs)
    out = {}
    for seq, by in cancellations(evs).items():
        c = by_seq[by]
        if c["type"] in CORRECTIONS:
            if c["args"]["entry"] == seq:
                out[seq] = (_("voided by #{by}") if c["type"] == "void" else _("amended by #{by}")).format(by=by)
            elif by_seq[seq]["type"] in CORRECTIONS:
                out[seq] = _("folded into #{by}").format(by=by)
            else:
                out[seq] = _("re-run in #{by}").format(by=by)
        elif c["type"] in ("undo", "redo"):
            out[seq] = (_("undone by #{by}") if c["type"] == "undo" else _("taken back by the redo #{by}")).format(by=by)
        else:
            out[seq] = _("cancelled by {kind} #{by}").format(kind=c["type"], by=by)
    return out
