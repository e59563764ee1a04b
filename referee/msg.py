"""Structured outcomes: what the engine says, as an id and plain parameters, never a sentence.

A `Msg` names a message (``"card.nearest_rent"``) and carries its parameters as
plain data: ints for money, square and player names as strings. A `Next` is a
suggested next action (``Next("buy", {"player": "Ana", "deed": "Boardwalk"})``).
The words, the money format and the command syntax belong to the renderer
(referee/words/messages.py), so another language or another front end plugs in there.
"""

from __future__ import annotations

from typing import Any, NamedTuple

BANK = "bank"  # the bank where a player's name would stand (a creditor, a payer, an owner): in ops, debts and messages


class Msg(NamedTuple):
    """NamedTuples, not dataclasses: defining a dataclass costs every command ~0.5 ms at start-up.
    The parameters are never changed after the message is made (the empty default is shared)."""

    id: str
    params: dict[str, Any] = {}

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "params": self.params}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Msg:
        return cls(d["id"], dict(d.get("params") or {}))


class Next(NamedTuple):
    """A suggested next action: the command's name and its arguments (None: still to be given)."""

    action: str
    args: dict[str, Any] = {}

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "args": self.args}

