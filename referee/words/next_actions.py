"""Suggested next actions (`Next`) as the command lines a banker types.

The core suggests what to do as data; this is the one place that spells it in
the CLI's grammar (a web page would render `Next` its own way).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.msg import Next
from referee.words.i18n import _, pgettext

Params = Mapping[str, Any]


def name_arg(name: str) -> str:
    """A square or player name as typed in a command line (quoted when it has spaces)."""
    return f'"{name}"' if any(ch.isspace() for ch in name) else name


# ---------------------------------------------------------------- next actions as commands
# what the banker fills in, in capitals, in the table's language (the command words stay as typed)
_PLACEHOLDERS = {"WINNER": lambda: pgettext("placeholder", "WINNER"), "PRICE": lambda: pgettext("placeholder", "PRICE"),
                 "CARD": lambda: pgettext("placeholder", "CARD")}


def _opt(args: Params, key: str, placeholder: str) -> str:
    v = args.get(key)
    if v is None:
        word = _PLACEHOLDERS.get(placeholder)
        return word() if word else placeholder
    return name_arg(str(v))


def render_next(nxt: Next | Mapping[str, Any]) -> str:
    """The command line that carries out a suggested action (placeholders in capitals)."""
    action, args = (nxt.action, nxt.args) if isinstance(nxt, Next) else (nxt["action"], nxt.get("args") or {})
    if action == "buy":
        return f"buy {name_arg(args['player'])} {name_arg(args['deed'])}"
    if action == "auction":
        return f"auction {_opt(args, 'winner', 'WINNER')} {name_arg(args['deed'])} {_opt(args, 'price', 'PRICE')}"
    if action == "rent":
        cmd = f"rent {name_arg(args['player'])} {name_arg(args['deed'])}"
        if args.get("card"):
            cmd += f" --card {args['card']}"
        if "dice" in args:
            cmd += f" --dice {_opt(args, 'dice', 'N')}"
        return cmd
    if action == "tax":
        cmd = f"tax {args['tax']} {name_arg(args['player'])}"
        if args.get("choice"):
            choice = args["choice"]
            cmd += " --choice " + ("|".join(choice) if isinstance(choice, list) else str(choice))
        return cmd
    if action == "draw":
        return f"draw {name_arg(args['player'])} {_opt(args, 'card', 'CARD')}"
    if action == "deed":  # values read from a deed at the table
        cmd = f'deed "{args["deed"]}"'
        if "houses" in args:
            cmd += f" --houses {args['houses']} --value {_opt(args, 'value', 'N')}"
        if "hotel" in args:
            cmd += f" --hotel {_opt(args, 'hotel', 'N')}"
        for key in ("price", "mortgage", "house_cost", "hotel_cost"):
            if key in args:
                cmd += f" --{key.replace('_', '-')} {_opt(args, key, 'N')}"
        for key in ("rent", "multipliers"):
            if key in args:
                cmd += f" --{key} " + ",".join("ABCD"[: args[key]])
        if "or_multipliers" in args:
            cmd += " " + _("(or --multipliers {letters} if it multiplies the dice)").format(letters=",".join("ABCD"[: args["or_multipliers"]]))
        return cmd
    if action == "parking":
        return f"parking {name_arg(args['player'])}"
    words = [action] + [name_arg(str(v)) for v in args.values() if v is not None]
    return " ".join(words)
