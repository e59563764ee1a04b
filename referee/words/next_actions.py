"""Suggested next actions (`Next`) as the command lines a banker types, in the table's command words.

The core suggests what to do as data; this is the one place that spells it in
the CLI's grammar (a web page would render `Next` its own way).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.msg import Next
from referee.words.commands import line
from referee.words.commands import name_arg as name_arg  # re-exported for the templates
from referee.words.i18n import _, pgettext

Params = Mapping[str, Any]




# ---------------------------------------------------------------- next actions as commands
# what the banker fills in, in capitals, in the table's language (the command words stay as typed)
_PLACEHOLDERS = {"WINNER": lambda: pgettext("placeholder", "WINNER"), "PRICE": lambda: pgettext("placeholder", "PRICE"),
                 "CARD": lambda: pgettext("placeholder", "CARD")}


def _opt(args: Params, key: str, placeholder: str) -> str:
    """The value, or the blank the banker fills in, in capitals, in the table's language."""
    v = args.get(key)
    if v is None:
        shown = _PLACEHOLDERS.get(placeholder)
        return shown() if shown else placeholder
    return str(v)


def render_next(nxt: Next | Mapping[str, Any]) -> str:
    """The command line that carries out a suggested action: a move with blanks, said by the same printer as a
    move (`words.commands.line`: the table's command words, names quoted, placeholders in capitals)."""
    action, args = (nxt.action, nxt.args) if isinstance(nxt, Next) else (nxt["action"], nxt.get("args") or {})
    said, tail = _words(action, args)
    if action == "deed":  # the deed's name always quoted: it is copied from a card that may print it otherwise
        return " ".join([line("deed"), f'"{said[1]}"', *said[2:]]) + tail
    return line(*said) + tail


def _words(action: str, args: Params) -> tuple[list[str], str]:
    """The command and its arguments (options as `--name`), and any words said after the line."""
    if action == "buy":
        return ["buy", args["player"], args["deed"]], ""
    if action == "auction":
        return ["auction", _opt(args, "winner", "WINNER"), args["deed"], _opt(args, "price", "PRICE")], ""
    if action == "rent":
        out = ["rent", args["player"], args["deed"]]
        if args.get("card"):
            out += ["--card", args["card"]]
        if "dice" in args:
            out += ["--dice", _opt(args, "dice", "N")]
        return out, ""
    if action == "tax":
        out = ["tax", args["tax"], args["player"]]
        if args.get("choice"):
            choice = args["choice"]
            out += ["--choice", "|".join(choice) if isinstance(choice, list) else str(choice)]
        return out, ""
    if action == "draw":
        return ["draw", args["player"], _opt(args, "card", "CARD")], ""
    if action == "deed":  # values read from a deed at the table
        out = ["deed", args["deed"]]
        if "houses" in args:
            out += ["--houses", str(args["houses"]), "--value", _opt(args, "value", "N")]
        if "hotel" in args:
            out += ["--hotel", _opt(args, "hotel", "N")]
        for key in ("price", "mortgage", "house_cost", "hotel_cost"):
            if key in args:
                out += ["--" + key.replace("_", "-"), _opt(args, key, "N")]
        for key in ("rent", "multipliers"):
            if key in args:
                out += ["--" + key, ",".join("ABCD"[: args[key]])]
        tail = ""
        if "or_multipliers" in args:
            tail = " " + _("(or --multipliers {letters} if it multiplies the dice)").format(letters=",".join("ABCD"[: args["or_multipliers"]]))
        return out, tail
    if action == "parking":
        return ["parking", args["player"]], ""
    return [action, *(str(v) for v in args.values() if v is not None)], ""
