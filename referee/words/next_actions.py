"""Suggested next actions (`Next`) as the command lines a banker types, in the table's command words.

The core suggests what to do as data; this is the one place that spells it in
the CLI's grammar (a web page would render `Next` its own way).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.msg import Next
from referee.words.commands import name_arg as name_arg  # re-exported for the templates
from referee.words.commands import sub_word, word
from referee.words.i18n import _, pgettext

Params = Mapping[str, Any]




# ---------------------------------------------------------------- next actions as commands
# what the banker fills in, in capitals, in the table's language (the command words stay as typed)
_PLACEHOLDERS = {"WINNER": lambda: pgettext("placeholder", "WINNER"), "PRICE": lambda: pgettext("placeholder", "PRICE"),
                 "CARD": lambda: pgettext("placeholder", "CARD")}


def _opt(args: Params, key: str, placeholder: str) -> str:
    v = args.get(key)
    if v is None:
        shown = _PLACEHOLDERS.get(placeholder)
        return shown() if shown else placeholder
    return name_arg(str(v))


def render_next(nxt: Next | Mapping[str, Any]) -> str:
    """The command line that carries out a suggested action (placeholders in capitals)."""
    action, args = (nxt.action, nxt.args) if isinstance(nxt, Next) else (nxt["action"], nxt.get("args") or {})
    if action == "buy":
        return f"{word('buy')} {name_arg(args['player'])} {name_arg(args['deed'])}"
    if action == "auction":
        return f"{word('auction')} {_opt(args, 'winner', 'WINNER')} {name_arg(args['deed'])} {_opt(args, 'price', 'PRICE')}"
    if action == "rent":
        cmd = f"{word('rent')} {name_arg(args['player'])} {name_arg(args['deed'])}"
        if args.get("card"):
            cmd += f" --card {args['card']}"
        if "dice" in args:
            cmd += f" --dice {_opt(args, 'dice', 'N')}"
        return cmd
    if action == "tax":
        cmd = f"{word('tax')} {sub_word('tax', args['tax'])} {name_arg(args['player'])}"
        if args.get("choice"):
            choice = args["choice"]
            cmd += " --choice " + ("|".join(choice) if isinstance(choice, list) else str(choice))
        return cmd
    if action == "draw":
        return f"{word('draw')} {name_arg(args['player'])} {_opt(args, 'card', 'CARD')}"
    if action == "deed":  # values read from a deed at the table
        cmd = f'{word("deed")} "{args["deed"]}"'
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
        return f"{word('parking')} {name_arg(args['player'])}"
    words = [word(action)] + [name_arg(str(v)) for v in args.values() if v is not None]
    return " ".join(words)
