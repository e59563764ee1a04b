"""Suggested next actions (`Next`) as the command lines a banker types, in the table's command words.

A hint is a move with blanks: the core suggests it as data (`Next(action, args)`,
also stored in a game file's messages), and this module reads it as the move it
suggests, its unknown fields as `notation.Blank`, and spells it with the one
layout per kind of move the move printer uses (`words/notation.py`), in the
table's command words (`commands.line`). A web page may render `Next` its own way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.msg import Next
from referee.words import notation
from referee.words.commands import line, option_word
from referee.words.commands import name_arg as name_arg  # re-exported for the templates
from referee.words.i18n import _
from referee.words.notation import Blank

Params = Mapping[str, Any]


def _given(args: Params, key: str, placeholder: str = "N") -> Any:
    """The value, a blank when the hint names the field without knowing it (None), or None when it leaves it out."""
    if key not in args:
        return None
    return Blank(placeholder) if args[key] is None else args[key]


def _deed_options(args: Params) -> list[tuple[str, ...]]:
    """The values a deed lacks, as the options of `deed` that read them from the card."""
    out: list[tuple[str, ...]] = []
    if "houses" in args:
        out.append(("--houses", str(args["houses"]), "--value", str(_given(args, "value"))))
    if "hotel" in args:
        out.append(("--hotel", str(_given(args, "hotel"))))
    for key in ("price", "mortgage", "house_cost", "hotel_cost"):
        if key in args:
            out.append(("--" + key.replace("_", "-"), str(_given(args, key))))
    for key in ("rent", "multipliers"):
        if key in args:
            out.append(("--" + key, ",".join("ABCD"[: args[key]])))
    return out


def suggested(action: str, args: Params) -> tuple[str, dict[str, Any]]:
    """The kind of move a hint suggests and its fields, blanks included (hints stored by older files included)."""
    if action == "auction":
        return "auction", {"player": _given(args, "winner", "WINNER") or Blank("WINNER"), "deed": args["deed"],
                           "price": _given(args, "price", "PRICE") or Blank("PRICE")}
    if action == "rent":
        return "rent", {"payer": args["player"], "deed": args["deed"], "card": args.get("card") or None, "dice": _given(args, "dice")}
    if action == "tax":
        return f"tax.{args['tax']}", {"player": args["player"], "choice": args.get("choice")}
    if action == "draw":  # the card drawn on the square landed on: which one, the banker says
        return "card", {"player": args["player"], "card": _given(args, "card", "CARD"), "draw": True}
    if action == "parking":
        return "free_parking", {"player": args["player"]}
    if action == "deed":
        return "deed", {"deed": args["deed"], "options": _deed_options(args)}
    return action, dict(args)


def render_next(nxt: Next | Mapping[str, Any]) -> str:
    """The command line that carries out a suggested action: the move it suggests, said by the move printer's
    layout (`notation.words`) in the table's command words, its blanks in capitals."""
    action, args = (nxt.action, nxt.args) if isinstance(nxt, Next) else (nxt["action"], nxt.get("args") or {})
    kind, fields = suggested(action, args)
    said = notation.words(kind, fields)
    if kind == "deed":  # the deed's name always quoted: it is copied from a card that may print it otherwise
        tail = " " + _("(or {option} {letters} if it multiplies the dice)").format(option=option_word("--multipliers"),
            letters=",".join("ABCD"[: args["or_multipliers"]])) if "or_multipliers" in args else ""
        return " ".join([line("deed"), f'"{said[1]}"', *(option_word(w) if w.startswith("--") else w for w in said[2:])]) + tail
    return line(*said)
