"""Structured outcomes: what the engine says, as an id and plain parameters, never a sentence.

A `Msg` names a message (``"card.nearest_rent"``) and carries its parameters as
plain data: ints for money, square and player names as strings. A `Next` is a
suggested next action (``Next("buy", {"player": "Ana", "deed": "Boardwalk"})``).
The words, the money format and the command syntax belong to the renderer
(referee/messages.py), so another language or another front end plugs in there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Msg:
    id: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "params": self.params}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Msg:
        return cls(d["id"], dict(d.get("params") or {}))


@dataclass(frozen=True)
class Next:
    """A suggested next action: the command's name and its arguments (None: still to be given)."""

    action: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "args": self.args}

