"""A move in one line, for the table (the default); the reasoning on demand.

`one_line` says what happened and the amount: a throw with the square reached
and what it means there ("→ Reading Railroad: owes Ana $25"), the salary, and
who throws next. A *ruling* (a debt the cash did not cover, jail, a
bankruptcy, the end of the game, a move the banker forced) also shows its
notes and the clauses it rests on. The arithmetic steps and every citation
are shown with `--why` (on the command), `why` (the last move) or `--verbose`.
"""

from __future__ import annotations

from typing import Any

RULING_OPS = {"debt", "bankrupt", "over"}
RULING_CLAUSES = {"jail.third_turn", "rent.unclaimed", "end.game"}


def headline(rs, ev) -> str:
    """The event's sentence (a plain `text`, or a structured message rendered)."""
    text = getattr(ev, "text", None)
    if isinstance(text, str) and text:
        return text
    msg = getattr(ev, "msg", None)
    if msg is not None:
        from referee.messages import render  # the structured-message engine, where present

        return render(msg, rs.fmt)
    return getattr(ev, "type", "")


def op_kind(op: Any) -> str:
    return op[0] if isinstance(op, (list, tuple)) else type(op).__name__.lower()


def _cash(op: Any) -> tuple[str, str, int] | None:
    if isinstance(op, (list, tuple)):
        return (op[1], op[2], op[3]) if op[0] == "cash" else None
    if type(op).__name__ == "Cash":
        return op.src, op.dst, op.amount
    return None


def brief_square(rs, m: dict) -> str:
    """What a square means, in a few words and without command syntax."""
    fmt, name, a = rs.fmt, m.get("name", ""), m.get("action")
    amount, owner = m.get("amount"), m.get("owner")
    if a == "buy_or_auction":
        return f"{name}, for sale at {fmt(amount)}"
    if a == "rent":
        return f"{name}: owes {owner} " + (f"{fmt(amount)} rent" if amount is not None else "rent by the dice")
    if a == "rent_expired":
        return f"{name}: {owner}'s, the rent was not asked for in time"
    if a == "no_rent":
        return f"{name}: {owner}'s, no rent"
    if a == "own":
        return f"{name}, own deed"
    if a == "tax":
        if amount is not None:
            return f"{name}: {fmt(amount)}"
        return f"{name}: declare " + " or ".join(m["choices"]) if m.get("choices") else name
    if a == "card":
        deck = (rs.decks().get(m.get("deck") or "") or {}).get("name", "a")
        return f"{name}: draw a {deck} card" if deck != "a" else f"{name}: draw a card"
    if a == "jail":
        return f"{name}: to jail"
    if a == "in_jail":
        return "in jail"
    if a == "visiting":
        return name
    if a == "collect_pot":
        return f"{name}: the pot, {fmt(amount)}"
    return name


def _after_throw(ev, who: str | None) -> str:
    """Who throws next, from the table after the move."""
    t = ev.t
    if not t.extra.get("tracking") or t.over:
        return ""
    from referee.core import turns

    nxt = turns.current(t)
    if nxt is None:
        return ""
    if nxt == who and t.extra.get("thrown") == who and t.doubles_run:
        return f"{who} throws again"
    return f"{nxt} to throw"


def one_line(rs, ev) -> str:
    text = headline(rs, ev)
    sq = getattr(ev, "square", None)
    who = (ev.args or {}).get("player") if isinstance(getattr(ev, "args", None), dict) else None
    parts = [text]
    if isinstance(sq, dict) and sq.get("name") is not None:
        parts = [f"{text} → {brief_square(rs, sq)}"]
    if ev.type == "roll":
        salary = sum(c[2] for c in map(_cash, ev.ops) if c and c[0] == "bank" and c[1] == who)
        if salary:
            parts.append(f"+{rs.fmt(salary)} at GO")
    if ev.type == "build":
        from referee.core.next_build import next_step

        idx = (ev.args or {}).get("deed")
        step = next_step(rs, ev.t, idx) if isinstance(idx, int) else None
        if step:
            parts.append(step)
    if ev.type in ("roll", "turn") or isinstance(sq, dict):
        nxt = _after_throw(ev, who)
        if nxt and ev.type != "turn":
            parts.append(nxt)
    return " · ".join(parts)


def is_ruling(ev) -> bool:
    """A move whose outcome a rule decided beyond its amount: worth its notes and citations at the table."""
    kinds = {op_kind(op) for op in getattr(ev, "ops", [])}
    if kinds & RULING_OPS or "forced" in (ev.args or {}):
        return True
    if ev.type in ("bankrupt", "partial_payment") or RULING_CLAUSES & set(getattr(ev, "clauses", []) or []):
        return True
    return any(_sent_to_jail(op) for op in getattr(ev, "ops", []))


def _sent_to_jail(op: Any) -> bool:
    """A jail op that puts a player in jail (a failed throw that keeps them there counts its tries instead)."""
    if isinstance(op, (list, tuple)):
        return op[0] == "jail" and bool(op[2]) and op[3] == 0
    return type(op).__name__ == "Jail" and bool(getattr(op, "in_jail", False)) and not getattr(op, "turns", 0)


def routine_note(rs, ev, note: str) -> bool:
    """Notes a one-line move already says (the square's meaning, who throws next, the command for a rent)."""
    sq = getattr(ev, "square", None)
    if isinstance(sq, dict) and note == sq.get("text"):
        return True
    if note.startswith("if ") and "record the rent with" in note:
        return True
    return note.endswith(" to throw") or note.endswith(" throws again")
