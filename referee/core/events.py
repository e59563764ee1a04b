"""The event a transaction returns: its ops, its amounts and the reasoning behind them.

Each transaction works on a scratch copy of the table (`Event.t`), so
multi-step transactions (a bankruptcy, "pay each player") see their own
earlier steps, and a refusal half-way leaves the real state untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.msg import Msg, Next
from referee.core.ops import Cash, Op, Over, encode_op
from referee.core.state import Table


@dataclass
class Event:
    type: str
    args: dict[str, Any]
    t: Table
    ops: list[Op] = field(default_factory=list)
    msg: Msg | None = None  # what happened, in one message
    steps: list[str | Msg] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)
    notes: list[Msg] = field(default_factory=list)
    amount: int | None = None
    square: dict[str, Any] | None = None  # what the square reached means (turn events), see squares.square_meaning
    value: Any = None  # a parameter's value, for a ruling on a clause
    seq: int | None = None  # its number in the game file, once recorded
    text: str = ""  # the sentence the game file keeps for it, once recorded (the core itself writes none)

    def op(self, op: Op) -> None:
        op.apply(self.t)
        self.ops.append(op)

    def say(self, id_: str, **params: Any) -> None:
        self.msg = Msg(id_, params)

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


def new_event(t: Table, typ: str, **args: Any) -> Event:
    return Event(typ, args, t.copy())
