"""The table's notation: each kind of move as the words of the command line that makes it.

One layout per kind of move, read from plain fields (names, numbers, a card's
id), so that a recorded move said back (`moves/printer.py`, which resolves a
move's deed numbers to their printed names first) and a move the engine
suggests (`next_actions.render_next`, a hint) are spelt by the same code. A
hint is a move with blanks: a field it cannot know yet (the winner of an
auction, its price, the card to be drawn) is a `Blank`, printed as the capital
word the banker fills in, in the table's language. The command word itself is
the table's (`words.commands.line`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.words.commands import sub_word
from referee.words.i18n import pgettext

Fields = Mapping[str, Any]

# what the banker fills in, in capitals, in the table's language
_PLACEHOLDERS: dict[str, Callable[[], str]] = {
    "WINNER": lambda: pgettext("placeholder", "WINNER"), "PRICE": lambda: pgettext("placeholder", "PRICE"),
    "CARD": lambda: pgettext("placeholder", "CARD"),
}


class Blank(str):
    """A field of a suggested move still to be given: its placeholder, shown in the table's language."""

    __slots__ = ()

    def __new__(cls, placeholder: str) -> Blank:
        shown = _PLACEHOLDERS.get(placeholder)
        return super().__new__(cls, shown() if shown else placeholder)


def _n(v: Any) -> str:
    return v if isinstance(v, Blank) else str(int(v))


def _opt(name: str, v: Any) -> list[str]:
    """An option and its value, or nothing when the field is not given (None)."""
    return [] if v is None else [name, str(v)]


def _want(w: Mapping[str, Any]) -> str:
    """One player's demand on a short bank, as `--wants` takes it: NAME:HOUSES, NAME:hotel(s), NAME:break(s)."""
    if w.get("hotels"):
        return f"{w['player']}:hotel" + (str(w["hotels"]) if w["hotels"] != 1 else "")
    if w.get("breaks"):
        return f"{w['player']}:break" + (str(w["breaks"]) if w["breaks"] != 1 else "")
    return f"{w['player']}:{int(w.get('houses', 0))}"


def _build(f: Fields) -> list[str]:
    if f.get("wants") is not None:  # from a short bank (`referee shortage`)
        count = f.get("count", 1)
        out = ["shortage", f["deed"]] + ([_n(f["price"])] if f.get("price") is not None else [])
        out += (["--count", str(count)] if count != 1 else []) + (["--hotel"] if f.get("hotel") else [])
        return out + [w for want in f["wants"] for w in ("--wants", _want(want))]
    if f.get("group") is not None:
        return ["build", f["group"], "to", str(f["to"])]
    count = f.get("count", 1)
    out = ["build", f["deed"]] + ([str(count)] if count != 1 else [])
    return out + (["--hotel"] if f.get("hotel") else []) + (["--price", _n(f["price"])] if f.get("price") is not None else [])


def _sell(f: Fields) -> list[str]:
    if f.get("way"):  # hotels sold outright
        return ["sell-hotels", f["deed"]] + (["--bare"] if f["way"] == "bare" else [])
    if f.get("group") is not None:
        return ["sell", f["group"], "to", str(f["to"])]
    count = f.get("count", 1)
    return ["sell", f["deed"]] + ([str(count)] if count != 1 else [])


def _card(f: Fields) -> list[str]:
    command = "draw" if f.get("draw") else "card"  # drawn on the square landed on (turns tracked), or said outright
    custom = f.get("custom")
    if custom:  # {"effect": pay | pay_each | collect | collect_from_each, "amount": N}
        effect = str(custom["effect"])
        out = [command, f["player"], "custom", "--pay" if effect.startswith("pay") else "--collect", _n(custom["amount"])]
        out += ["--each"] if "each" in effect else []
    else:
        out = [command, f["player"], f["card"] if f.get("card") is not None else Blank("CARD")]
    return out + (["--passed-go"] if f.get("passed_go") else [])


def _rent(f: Fields) -> list[str]:
    return ["rent", f["payer"], f["deed"], *_opt("--card", f.get("card")), *_opt("--dice", f.get("dice")),
            *_opt("--late", f.get("late"))]


def _income_tax(f: Fields) -> list[str]:
    choice = f.get("choice")
    if isinstance(choice, (list, tuple)):  # a hint: the choices the edition allows
        choice = "|".join(sub_word("tax", c) for c in choice)
    elif isinstance(choice, str):
        choice = sub_word("tax", choice)  # the table's word for it (`--elige porcentaje`), which `tax` reads back
    return ["tax", "income", f["player"], *_opt("--choice", choice or None)]


def _trade(f: Fields) -> list[str]:
    out = ["trade", f["a"], f["b"]]
    for item in f.get("give") or ():
        out += ["--give", item]
    for item in f.get("take") or ():
        out += ["--take", item]
    for d in f.get("lift") or ():
        out += ["--lift", d]
    return out


def _auction(f: Fields) -> list[str]:
    if f.get("player") is None:  # no bid: the bank keeps the deed
        return ["no-bid", f["deed"]]
    return ["auction", f["player"], f["deed"], _n(f["price"])]


LAYOUTS: dict[str, Callable[[Fields], list[str]]] = {
    "deed": lambda f: ["deed", f["deed"], *(w for opt in f.get("options") or () for w in opt)],
    "deal": lambda f: ["deal", f["player"], *f["deeds"]],
    "salary": lambda f: ["go", f["player"]] + (["--landed"] if f.get("landed") else []),
    "pay": lambda f: ["pay", f["payer"], f["payee"], _n(f["amount"])] + (["--for", f["reason"]] if f.get("reason") else []),
    "settle": lambda f: ["settle", f["player"]],
    "buy": lambda f: ["buy", f["player"], f["deed"]],
    "auction": _auction,
    "rent": _rent,
    "tax.income": _income_tax,
    "tax.luxury": lambda f: ["tax", "luxury", f["player"]],
    "declare": lambda f: ["declare", f["player"], f["choice"]],
    "free_parking": lambda f: ["parking", f["player"]],
    "mortgage": lambda f: ["mortgage", f["deed"]],
    "unmortgage": lambda f: ["unmortgage", f["deed"]],
    "build": _build,
    "sell": _sell,
    "trade": _trade,
    "jail.send": lambda f: ["jail", "send", f["player"]],
    "jail.pay": lambda f: ["jail", "pay", f["player"]],
    "jail.card": lambda f: ["jail", "card", f["player"]],
    "jail.roll": lambda f: ["jail", "roll", f["player"], str(f["dice"][0]), str(f["dice"][1])],
    "card": _card,
    "bankrupt": lambda f: ["bankrupt", f["player"], *(w for d in f.get("lift") or () for w in ("--lift", d))],
    "partial_payment": lambda f: ["pay-in-property", f["debtor"], *f["deeds"], "--value", _n(f["value"])],
    "roll": lambda f: ["roll", f["player"], str(f["dice"][0]), str(f["dice"][1])],
    "turn.next": lambda f: ["next"],
    "turn.set": lambda f: ["turn", f["player"]],
}


def said(kind: str) -> str:
    """The name a kind of move with no layout (or claim kind) of its own is said by: bank_loan → bank-loan."""
    return kind.replace(".", "-").replace("_", "-")


def words(kind: str, fields: Fields, forced_reason: str | None = None) -> list[str]:
    """The move of kind `kind` as command words (English command names; `commands.line` says them in the table's
    language)."""
    layout = LAYOUTS.get(kind)
    if layout is None:  # a kind with no layout of its own: its command is its name, its fields in order
        out = [said(kind), *(str(v) for v in fields.values() if v is not None)]
    else:
        out = layout(fields)
    return out + ["--force", forced_reason] if forced_reason else out
