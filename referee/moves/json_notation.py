"""A move as a phone sends it: `{"kind": "mortgage", "fields": {"deed": "Boardwalk"}}`.

The JSON notation beside the console's words and the scenario's claims: every
byte comes from the network, so each field is read by what it names
(`model.field_types`), checked against the table (a player who sits at it, a
deed of its board, an int within the money there is), and nothing else is
accepted; a move is then run like every other (`moves.apply`). Names are the
ones the page shows; a deed may also be given by its square number.
"""

from __future__ import annotations

from typing import Any

from referee.core.state import BANK, Table
from referee.errors import InputError
from referee.moves import model
from referee.ruleset.model import Ruleset

MAX_TEXT = 200  # a reason or a choice: a phone has no business sending more


def _bad(what: str) -> InputError:
    return InputError(f"the move's {what} is not one the table knows")


def _player(t: Table, v: Any, bank: bool = False) -> str:
    if isinstance(v, str):
        if bank and v == BANK:
            return BANK
        if any(p.name == v for p in t.players):
            return v
    raise _bad("player")


def _deed(rs: Ruleset, v: Any) -> int:
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(rs.squares):
        return v
    if isinstance(v, str):
        for sq in rs.squares:
            if sq.name == v:
                return sq.index
    raise _bad("deed")


def _int(v: Any, cap: int) -> int:
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= cap:
        return v
    raise _bad("amount")


def _side(rs: Ruleset, t: Table, v: Any, cap: int) -> dict[str, Any]:
    """What one player gives in a trade: {cash, deeds, jail_cards} (a jail card by its deck)."""
    if not isinstance(v, dict) or set(v) - {"cash", "deeds", "jail_cards"}:
        raise _bad("trade side")
    deeds = v["deeds"] if v.get("deeds") is not None else []
    cards = v["jail_cards"] if v.get("jail_cards") is not None else []
    if not isinstance(deeds, list) or not isinstance(cards, list) or len(deeds) > len(rs.squares) or len(cards) > 4:
        raise _bad("trade side")
    decks = set(rs.decks())
    if not all(isinstance(c, str) and c in decks for c in cards):
        raise _bad("jail card")
    cash = _int(v["cash"], cap) if v.get("cash") is not None else 0
    return {"cash": cash, "deeds": [_deed(rs, d) for d in deeds], "jail_cards": list(cards)}


def from_json(rs: Ruleset, t: Table, data: Any, allowed: frozenset[str] | None = None) -> model.Move:
    """The move `data` says, its fields checked against table `t`; InputError for anything else. `allowed`: the
    kinds this surface takes (None: every kind)."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise InputError("a move is {\"kind\": …, \"fields\": {…}}")
    cls = model.KINDS.get(data["kind"])
    if cls is None or (allowed is not None and cls.kind not in allowed):
        raise InputError(f"'{data['kind'][:40]}' is not a move this page takes")
    fields = data.get("fields") or {}
    if not isinstance(fields, dict):
        raise InputError("a move's fields are {name: value}")
    types = model.field_types(cls)
    unknown = [k for k in fields if k not in types]
    if unknown:
        raise InputError(f"'{str(unknown[0])[:40]}' is no field of a {cls.kind} move")
    cap = sum(p.cash for p in t.players) + 1_000_000  # no amount beyond all the money there could be
    given: dict[str, Any] = {}
    for name, typ in types.items():
        if name not in fields or fields[name] is None:
            continue
        v = fields[name]
        if typ in ("player", "party"):
            given[name] = _player(t, v, typ == "party")
        elif typ == "deed":
            given[name] = _deed(rs, v)
        elif typ == "deeds":
            if not isinstance(v, list) or len(v) > len(rs.squares):
                raise _bad("deeds")
            given[name] = tuple(_deed(rs, d) for d in v)
        elif typ == "int":
            given[name] = _int(v, cap)
        elif typ == "bool":
            if not isinstance(v, bool):
                raise _bad(name)
            given[name] = v
        elif typ == "side":
            given[name] = _side(rs, t, v, cap)
        elif typ == "dice":
            if not (isinstance(v, list) and len(v) == 2 and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in v)):
                raise _bad("dice")
            given[name] = (v[0], v[1])
        elif isinstance(v, str) and len(v) <= MAX_TEXT:
            given[name] = v
        else:
            raise _bad(name)
    try:
        return cls(**given)
    except TypeError:
        raise InputError(f"a {cls.kind} move needs {', '.join(n for n, d in cls.FIELDS if d is model.REQUIRED)}") from None
