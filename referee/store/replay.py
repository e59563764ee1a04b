"""Replaying a game: which events and moves are in force, and the table after them. One copy, shared.

The ledger (its state and checkpoints), the watch's source (a file whose
snapshot lags), `summary`, `score --history`, `check --from-game` and
`corrections` all read a game through these few functions, so a move
cancelled for one of them is cancelled for every one (the rule is
`cancellations`: the newest live canceller wins, a cancelled canceller
counts for nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from referee.core.state import Table

Events = list[tuple[int, dict[str, Any]]]
CANCELLERS = ("undo", "redo", "void", "amend")
CONTROL = ("new", "undo", "redo")  # not moves: never the target of an undo
CORRECTIONS = ("void", "amend")


def cancellations(events: Events) -> dict[int, int]:
    """seq -> the live event that cancels it; newest first, so a cancelled canceller counts for nothing."""
    cancelled: dict[int, int] = {}
    for seq, ev in reversed(events):
        if seq in cancelled or ev["type"] not in CANCELLERS:
            continue
        undoes = ev["args"].get("undoes", ())
        for u in undoes if isinstance(undoes, list) else ():  # a damaged event names nothing
            cancelled.setdefault(u, seq)
    return cancelled


def _ops(t: Table, seq: int, ev: dict[str, Any]) -> None:
    from referee.core.ops import apply_ops  # imported when a replay happens: most commands read the snapshot

    apply_ops(t, ev.get("ops") or [])


def fold(t: Table, events: Events, before: int | None = None, after: int = 0,
         each: Callable[[Table, int, dict[str, Any]], None] = _ops) -> Table:
    """`t` with the ops of every event in force applied, in order: those after seq `after` (a checkpoint's) and
    before seq `before`, if given. `each` applies one event (the ledger's names a damaged one)."""
    undone = cancellations(events)
    for seq, ev in events:
        if before is not None and seq >= before:
            break
        if seq > after and seq not in undone:
            each(t, seq, ev)
    return t


def moves_of(seq: int, ev: dict[str, Any]) -> list[dict[str, Any]]:
    """The moves an event stands for: a correction's re-run moves, or the event itself."""
    if ev["type"] in CORRECTIONS:
        moves: list[dict[str, Any]] = ev["args"]["moves"]
        return moves
    m = {"entry": seq, "type": ev["type"], "args": ev["args"], "msg": ev.get("msg"),
         "amount": ev.get("amount"), "ops": ev.get("ops", []), "clauses": ev.get("clauses", [])}
    if ev.get("text"):  # a game file from before message ids: its sentence is all there is
        m["text"] = ev["text"]
    return [m]


def live(events: Events) -> Events:
    """The events that count now, moves only (no setup, undo or redo)."""
    undone = cancellations(events)
    return [(s, e) for s, e in events if s not in undone and e["type"] not in CONTROL]


def live_moves(events: Events, ts: dict[int, float] | None = None) -> list[dict[str, Any]]:
    """Every move that counts, in the order it takes effect, each with its entry number (and time)."""
    out = []
    for seq, ev in live(events):
        for m in moves_of(seq, ev):
            m = dict(m)
            if ts is not None:
                m.setdefault("ts", ts.get(m["entry"]))
            out.append(m)
    return out


def in_force(events: Events, ts: dict[int, float] | None = None) -> list[dict[str, Any]]:
    """The game's opening (`new`: the deal, the starting cash) as a first move, then every move that counts."""
    opening = [m for seq, ev in events[:1] if ev["type"] == "new" for m in moves_of(seq, ev)]
    return opening + live_moves(events, ts)


def after_each(start: Table, moves: Iterable[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], Table]]:
    """Each move with the table just after it, folding from `start` (a copy is taken; the table yielded is the
    one being folded: copy it to keep it)."""
    from referee.core.ops import apply_ops

    t = start.copy()
    for m in moves:
        apply_ops(t, m.get("ops") or [])
        yield m, t


def start(initial: Table, events: Events) -> Table:
    """The table once the game is set up: `initial` with the opening `new` event's ops."""
    return fold(initial.copy(), events[:1]) if events and events[0][1]["type"] == "new" else initial.copy()
