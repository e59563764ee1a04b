"""The event a transaction returns: its ops, its amounts and the reasoning behind them.

Each transaction works on a scratch copy of the table (`Event.t`), so
multi-step transactions (a bankruptcy, "pay each player") see their own
earlier steps, and a refusal half-way leaves the real state untouched.
"""

from __future__ import annotations

from typing import Any

from referee.core.ops import Cash, Extra, NewDebt, Op, Over, encode_op
from referee.core.state import Table
from referee.msg import Msg, Next

# the headlines that say money changed hands; when the move recorded a debt instead, the headline says so
_SAYS_PAID = frozenset({"rent", "tax.income", "tax.luxury", "card.pay_bank", "card.pay_pot", "card.pay_all", "card.repairs",
                        "jail.roll.last"})


class Event:
    """A plain class, not a dataclass: every command that records a move imports this module, and
    defining a dataclass costs start-up time (about 0.8 ms) for generated methods nothing here uses."""

    __slots__ = ("type", "args", "t", "ops", "msg", "steps", "clauses", "notes", "amount", "square", "value", "seq", "text")

    def __init__(self, type: str, args: dict[str, Any], t: Table, ops: list[Op] | None = None, msg: Msg | None = None,
                 steps: list[str | Msg] | None = None, clauses: list[str] | None = None, notes: list[Msg] | None = None,
                 amount: int | None = None, square: dict[str, Any] | None = None, value: Any = None,
                 seq: int | None = None, text: str = "") -> None:
        self.type = type
        self.args = args
        self.t = t
        self.ops: list[Op] = ops if ops is not None else []
        self.msg = msg  # what happened, in one message
        self.steps: list[str | Msg] = steps if steps is not None else []
        self.clauses: list[str] = clauses if clauses is not None else []
        self.notes: list[Msg] = notes if notes is not None else []
        self.amount = amount
        self.square = square  # what the square reached means (turn events), see squares.square_meaning
        self.value = value  # a parameter's value, for a ruling on a clause
        self.seq = seq  # its number in the game file, once recorded
        self.text = text  # the sentence the game file keeps for it, once recorded (the core itself writes none)

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.args!r}, ops={self.ops!r}, msg={self.msg!r})"

    def op(self, op: Op) -> None:
        op.apply(self.t)
        self.ops.append(op)

    def say(self, id_: str, **params: Any) -> None:
        self.msg = Msg(id_, params)
        if id_ in _SAYS_PAID and any(isinstance(op, NewDebt) for op in self.ops):  # the cash did not cover it
            self.msg = Msg("owed", {"what": self.msg.to_dict()})

    def step(self, id_: str, **params: Any) -> None:
        """One line of the reasoning (arithmetic, what moved), as a message."""
        self.steps.append(Msg(id_, params))

    def note(self, id_: str, **params: Any) -> None:
        self.notes.append(Msg(id_, params))

    def cite(self, *cids: str) -> None:
        for c in cids:
            if c not in self.clauses:
                self.clauses.append(c)

    def absorb(self, inner: Event) -> None:
        """Fold an inner transaction, computed on this event's table, into this one."""
        for op in inner.ops:
            self.op(op)
        self.steps += inner.steps
        self.notes += inner.notes
        self.cite(*inner.clauses)

    def paid_to(self, party: str) -> int:
        return sum(op.amount for op in self.ops if isinstance(op, Cash) and op.dst == party)

    @property
    def ends_game(self) -> bool:
        return any(isinstance(op, Over) for op in self.ops)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "type": self.type,
            "args": self.args,
            "ops": [encode_op(op) for op in self.ops],
            "msg": self.msg.to_dict() if self.msg else None,
            "steps": plain(self.steps),
            "clauses": self.clauses,
            "notes": [n.to_dict() for n in self.notes],
            "amount": self.amount,
        }
        if self.square is not None:
            d["square"] = plain(self.square)
        return d


def plain(value: Any) -> Any:
    """JSON-ready data: messages and next-actions as their dicts, inside lists and dicts too."""
    if isinstance(value, (Msg, Next)):
        return value.to_dict()
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


# Flags a move leaves on the table for the moves right after it, and the kinds of move that keep them: any other
# kind of move clears them. A salary asked again with no move between (core/landings.py); the interest paid on a
# mortgaged deed that changed hands, which covers a lift right after the deal (core/mortgages.py).
UNTIL_ANOTHER_MOVE = {"go_paid": frozenset({"salary"}), "interest_paid": frozenset({"trade", "mortgage", "unmortgage"})}


def new_event(t: Table, typ: str, **args: Any) -> Event:
    ev = Event(typ, args, t.copy())
    for key, keeps in UNTIL_ANOTHER_MOVE.items():
        if t.extra.get(key) and typ not in keeps:
            ev.op(Extra(key, None))
    return ev
