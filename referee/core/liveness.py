"""Which events of a game still count: one rule for undo, redo and corrections.

An event that cancels others names them in `args["undoes"]` (undo, redo, void,
amend). Read newest first, an event cancelled by a live event is skipped, and
so is what it cancelled: an undo after a void undoes the void, a redo undoes
the undo. Pure, on the ledger's (seq, event dict) pairs.
"""

from __future__ import annotations

# Events that cancel earlier ones by naming them in args["undoes"]. An event cancelled by a
# live event is skipped, and what it cancelled comes back (an undo after a void undoes the void).
CANCELLERS = ("undo", "redo", "void", "amend")
CONTROL = ("new", "undo", "redo")  # not moves: never the target of an undo


def cancellations(events: list[tuple[int, dict]]) -> dict[int, int]:
    """seq -> the live event that cancels it; newest first, so a cancelled canceller counts for nothing."""
    cancelled: dict[int, int] = {}
    for seq, ev in reversed(events):
        if seq in cancelled or ev["type"] not in CANCELLERS:
            continue
        for u in ev["args"].get("undoes", ()):
            cancelled.setdefault(u, seq)
    return cancelled
