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
RULING_CLAUSES = {"jail.third_turn", "end.game"}


def headline(rs, ev) -> str:
    """The event's sentence (a plain `text`, or a structured message rendered)."""
    text = getattr(ev, "text", None)
    if isinstance(text, str) and text:
        return text
    msg = getattr(ev, "msg", None)
    if msg is not None:
        from referee.words.messages import render  # the structured-message engine, where present

        return render(msg, rs.fmt)
    return getattr(ev, "type", "")


def op_kind(op: Any) -> str:
    """An op's kind: the tag of a typed op (referee.core.ops), or the first item of a stored one."""
    if isinstance(op, dict):
        return str(op.get("op"))
    tag = getattr(op, "tag", None)  # typed ops are NamedTuples: ask the tag before reading it as a list
    if isinstance(tag, str):
        return tag
    return op[0] if isinstance(op, (list, tuple)) else type(op).__name__.lower()


def _stored(op: Any) -> bool:
    """An op in the old stored form (a list whose first item is its kind), not a typed op."""
    return isinstance(op, list) or (isinstance(op, tuple) and not hasattr(op, "tag"))


def _cash(op: Any) -> tuple[str, str, int] | None:
    if op_kind(op) != "cash":
        return None
    if isinstance(op, dict):
        return op["src"], op["dst"], op["amount"]
    return (op[1], op[2], op[3]) if _stored(op) else (op.src, op.dst, op.amount)


def brief_square(rs, m: dict) -> str:
    """What a square means, in a few words and without command syntax."""
    from referee.words.i18n import _

    fmt, name, a = rs.fmt, m.get("name", ""), m.get("action")
    amount, owner = m.get("amount"), m.get("owner")
    if a == "buy_or_auction":
        return _("{square}, for sale at {price}").format(square=name, price=fmt(amount))
    if a == "rent":
        if amount is None:
            return _("{square}: owes {owner} rent by the dice").format(square=name, owner=owner)
        return _("{square}: owes {owner} {amount} rent").format(square=name, owner=owner, amount=fmt(amount))
    if a == "rent_expired":
        return _("{square}: {owner}'s, the rent was not asked for in time").format(square=name, owner=owner)
    if a == "no_rent":
        if "rent.mortgaged" in (m.get("clauses") or ()):  # why there is none, in the line itself
            return _("{square}: {owner}'s, mortgaged: no rent").format(square=name, owner=owner)
        return _("{square}: {owner}'s, no rent").format(square=name, owner=owner)
    if a == "own":
        return _("{square}, own deed").format(square=name)
    if a == "tax":
        if amount is not None:
            return _("{square}: {amount}").format(square=name, amount=fmt(amount))  # "Luxury Tax : $75" in French
        from referee.words.templates import choice_word

        return _("{square}: declare {choices}").format(square=name, choices=_(" or ").join(choice_word(c) for c in m["choices"])) if m.get("choices") else name
    if a == "card":
        from referee.words.i18n import data

        deck = (rs.decks().get(m.get("deck") or "") or {}).get("name")  # as every message names a deck: data, translated
        return _("{square}: draw a {deck} card").format(square=name, deck=data(deck)) if deck else name
    if a == "jail":
        return _("{square}: to jail").format(square=name)
    if a == "in_jail":
        return _("in jail")
    if a == "visiting":
        return name
    if a == "collect_pot":
        return _("{square}: the pot, {amount}").format(square=name, amount=fmt(amount))
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
    from referee.words.i18n import _

    if nxt == who and t.extra.get("thrown") == who and t.doubles_run:
        return _("{player} throws again").format(player=who)
    return _("{player} to throw").format(player=nxt)


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
            from referee.words.i18n import _

            parts.append(_("+{amount} at GO").format(amount=rs.fmt(salary)))
    if ev.type == "build":
        from referee.core.next_build import next_step

        idx = (ev.args or {}).get("deed")
        step = next_step(rs, ev.t, idx) if isinstance(idx, int) else None
        if step:
            from referee.words.messages import render

            parts.append(render(step, rs.fmt))
    if ev.type in ("trade", "bankrupt"):  # the bank's part the headline leaves out: interest, lifts, a creditor paid
        parts += _bank_flows(rs, ev)
    if ev.type in ("roll", "turn") or isinstance(sq, dict):
        nxt = _after_throw(ev, who)
        if nxt and ev.type != "turn":
            parts.append(nxt)
    return " · ".join(parts)


def _bank_flows(rs, ev) -> list[str]:
    """Money to or from the bank in a move, summed by direction: what the banker hands over or takes in."""
    from referee.core.state import BANK
    from referee.words.phrases import party

    flows: dict[tuple[str, str], int] = {}
    for c in map(_cash, getattr(ev, "ops", [])):
        if c and BANK in (c[0], c[1]) and c[2]:
            flows[(c[0], c[1])] = flows.get((c[0], c[1]), 0) + c[2]
    return [f"{party(a)} → {party(b)} {rs.fmt(n)}" for (a, b), n in flows.items()]


def is_ruling(ev) -> bool:
    """A move whose outcome a rule decided beyond its amount: worth its notes and citations at the table."""
    kinds = {op_kind(op) for op in getattr(ev, "ops", [])}
    if kinds & RULING_OPS or "forced" in (ev.args or {}):
        return True
    if ev.type in ("bankrupt", "partial_payment") or RULING_CLAUSES & set(getattr(ev, "clauses", []) or []):
        return True
    return any(_sent_to_jail(op) for op in getattr(ev, "ops", []))


ROUTINE_CLAUSES = {"dice.move", "dice.doubles"}


def ruling_clauses(ev) -> list[str]:
    """The clauses a ruling rests on: not the throw's own, nor what the square reached means (the line says it)."""
    sq = getattr(ev, "square", None)
    of_square = set(sq.get("clauses") or []) if isinstance(sq, dict) else set()
    return [c for c in getattr(ev, "clauses", []) or [] if c not in ROUTINE_CLAUSES and c not in of_square]


def _sent_to_jail(op: Any) -> bool:
    """A jail op that puts a player in jail (a failed throw that keeps them there counts its tries instead)."""
    if op_kind(op) != "jail":
        return False
    if isinstance(op, dict):
        return bool(op.get("in_jail")) and not op.get("turns")
    if _stored(op):
        return bool(op[2]) and op[3] == 0
    return bool(op.in_jail) and not op.turns


ROUTINE_NOTES = {"turn.to_throw", "turn.throws_again", "card.nearest_rent"}  # said by the line itself, or banker's syntax


def routine_notes(rs, ev) -> list[str]:
    """The notes a one-line move does not already say (warnings stay: a debt, a single-source value…)."""
    from referee.msg import Msg
    from referee.words.messages import render

    sq = getattr(ev, "square", None)
    said = render(sq["msg"], rs.fmt) if isinstance(sq, dict) and sq.get("msg") is not None else None
    out = []
    for n in getattr(ev, "notes", []) or []:
        n = Msg.from_dict(n) if isinstance(n, dict) else n
        if getattr(n, "id", None) in ROUTINE_NOTES:
            continue
        text = render(n, rs.fmt)
        if text == said or text.endswith(" to throw") or text.endswith(" throws again"):
            continue
        out.append(text)
    return out
