"""A move said back as the command line the table types, in the table's command words.

The inverse of the parsers: `command_line(rs, move)` gives a line the console
(and the one-shot CLI) reads back into the same move, with the deeds' and
groups' printed names and the command word of the language shown
(`compra Ana "Vicolo Corto"` at an Italian table). `referee log --moves`
prints a game as such a script, so a recorded game replays through the
console (`referee play < moves.txt`) move for move.
"""

from __future__ import annotations

from typing import Any

from referee.moves import model as m
from referee.ruleset.model import Ruleset
from referee.words import notation
from referee.words.commands import line


def _deed(rs: Ruleset, idx: int | None) -> str:
    return rs.squares[idx].name if idx is not None else ""


def _card_id(ref: str | None) -> str:
    return (ref or "").rpartition(":")[2]


def _side(rs: Ruleset, side: dict[str, Any]) -> list[str]:
    items = [str(int(side["cash"]))] if side["cash"] else []  # a trade's side as stored: cash, deeds, jail_cards
    items += [_deed(rs, d) for d in side["deeds"]]
    items += ["jail-card" for _ in side["jail_cards"]]
    return items


def _deed_options(rs: Ruleset, mv: m.DeedValues) -> dict[str, Any]:
    """Values read from one deed (`referee deed`): each change back as the option that set it."""
    def deed_of(ch: dict[str, Any]) -> int:
        if ch.get("square") is not None:
            return int(ch["square"])
        if ch.get("group"):
            return rs.group_members(ch["group"])[0]
        kind = "railroad" if ch["field"] == "railroad_rent" else "utility"
        return rs.squares_of_kind(kind)[0].index

    def said(values: list[Any]) -> str:  # what the table read; the values it did not read were left unknown
        while values and values[-1] == "unknown":
            values = values[:-1]
        return ",".join(str(v) for v in values)

    options: list[tuple[str, ...]] = []
    for ch in mv.set:
        field, value = ch["field"], ch["value"]
        if field == "rent" and ch.get("index") is not None:
            options.append(("--hotel", str(value)) if ch["index"] == 5 else ("--houses", str(ch["index"]), "--value", str(value)))
        elif field in ("rent", "railroad_rent", "utility_rent"):
            options.append(("--rent", said(value)))
        elif field == "utility_multipliers":
            options.append(("--multipliers", said(value)))
        else:
            options.append(("--" + field.replace("_", "-"), str(value)))
    return {"deed": _deed(rs, deed_of(mv.set[0])), "options": options}


def fields(rs: Ruleset, mv: m.Move) -> dict[str, Any]:
    """The move's fields as the notation reads them: deeds and groups by their printed names, cards by id."""
    if isinstance(mv, m.DeedValues):
        return _deed_options(rs, mv)
    out: dict[str, Any] = {name: getattr(mv, name) for name, _ in mv.FIELDS}
    if isinstance(mv, m.Trade):
        return {"a": mv.a, "b": mv.b, "give": _side(rs, mv.a_gives), "take": _side(rs, mv.b_gives),
                "lift": [_deed(rs, d) for d in mv.lift]}
    for name in ("deed",):
        if isinstance(out.get(name), int):
            out[name] = _deed(rs, out[name])
    for name in ("deeds", "lift"):
        if name in out:
            out[name] = [_deed(rs, d) for d in out[name]]
    if out.get("group"):
        out["group"] = rs.group_name(out["group"])
    if isinstance(mv, m.Rent | m.Card) and out.get("card"):
        out["card"] = _card_id(out["card"])
    return out


def words(rs: Ruleset, mv: m.Move) -> list[str] | None:
    """The move as command words (English command names), or None for a move no command line says."""
    reason = str(mv.forced["reason"]) if mv.forced and mv.forced.get("reason") else None
    return notation.words(mv.kind, fields(rs, mv), reason)


def command_line(rs: Ruleset, mv: m.Move, lang: str | None = None) -> str | None:
    """The line the table types for the move, with its command word in `lang` (default: the language shown)."""
    said = words(rs, mv)
    if said is None:
        return None
    command, *rest = said
    return line(command, *rest, lang=lang)
