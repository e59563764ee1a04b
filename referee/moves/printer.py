"""A move said back as the command line the table types, in the table's command words.

The inverse of the parsers: `command_line(rs, move)` gives a line the console
(and the one-shot CLI) reads back into the same move, with the deeds' and
groups' printed names and the command word of the language shown
(`compra Ana "Vicolo Corto"` at an Italian table). `referee log --moves`
prints a game as such a script, so a recorded game replays through the
console (`referee play < moves.txt`) move for move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.moves import model as m
from referee.ruleset.model import Ruleset
from referee.words.commands import line


def _deed(rs: Ruleset, idx: int | None) -> str:
    return rs.squares[idx].name if idx is not None else ""


def _amount(n: int) -> str:
    return str(int(n))


def _card_id(ref: str | None) -> str:
    return (ref or "").rpartition(":")[2]


def _side(rs: Ruleset, side: dict[str, Any]) -> list[str]:
    items = [_amount(side["cash"])] if side["cash"] else []  # a trade's side as stored: cash, deeds, jail_cards
    items += [_deed(rs, d) for d in side["deeds"]]
    items += ["jail-card" for _ in side["jail_cards"]]
    return items


def _group(rs: Ruleset, group: str | None) -> str:
    return rs.group_name(group) if group else ""


def _build(rs: Ruleset, mv: m.Build) -> list[str]:
    if mv.group is not None:
        return ["build", _group(rs, mv.group), "to", str(mv.to)]
    out = ["build", _deed(rs, mv.deed)] + ([str(mv.count)] if mv.count != 1 else [])
    return out + (["--hotel"] if mv.hotel else []) + (["--price", _amount(mv.price)] if mv.price is not None else [])


def _sell(rs: Ruleset, mv: m.Sell) -> list[str]:
    if mv.way:  # hotels sold outright
        return ["sell-hotels", _deed(rs, mv.deed)] + (["--bare"] if mv.way == "bare" else [])
    if mv.group is not None:
        return ["sell", _group(rs, mv.group), "to", str(mv.to)]
    return ["sell", _deed(rs, mv.deed)] + ([str(mv.count)] if mv.count != 1 else [])


def _card(rs: Ruleset, mv: m.Card) -> list[str]:
    if mv.custom:  # {"effect": pay | pay_each | collect | collect_from_each, "amount": N}
        effect = str(mv.custom["effect"])
        out = ["card", mv.player, "custom", "--pay" if effect.startswith("pay") else "--collect", _amount(mv.custom["amount"])]
        out += ["--each"] if "each" in effect else []
    else:
        out = ["card", mv.player, _card_id(mv.card)]
    return out + (["--passed-go"] if mv.passed_go else [])


def _rent(rs: Ruleset, mv: m.Rent) -> list[str]:
    out = ["rent", mv.payer, _deed(rs, mv.deed)]
    if mv.dice is not None:
        out += ["--dice", str(mv.dice)]
    if mv.card:
        out += ["--card", _card_id(mv.card)]
    if mv.late is not None:
        out += ["--late", str(mv.late)]
    return out


def _trade(rs: Ruleset, mv: m.Trade) -> list[str]:
    out = ["trade", mv.a, mv.b]
    for item in _side(rs, mv.a_gives):
        out += ["--give", item]
    for item in _side(rs, mv.b_gives):
        out += ["--take", item]
    for d in mv.lift:
        out += ["--lift", _deed(rs, d)]
    return out


def _deed_values(rs: Ruleset, mv: m.DeedValues) -> list[str]:
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

    idx = deed_of(mv.set[0])
    out = ["deed", _deed(rs, idx)]
    for ch in mv.set:
        field, value = ch["field"], ch["value"]
        if field == "rent" and ch.get("index") is not None:
            out += ["--hotel", str(value)] if ch["index"] == 5 else ["--houses", str(ch["index"]), "--value", str(value)]
        elif field in ("rent", "railroad_rent", "utility_rent"):
            out += ["--rent", said(value)]
        elif field == "utility_multipliers":
            out += ["--multipliers", said(value)]
        else:
            out += ["--" + field.replace("_", "-"), str(value)]
    return out


WORDS: dict[type[m.Move], Callable[[Ruleset, Any], list[str]]] = {
    m.DeedValues: _deed_values,
    m.Deal: lambda rs, mv: ["deal", mv.player, *(_deed(rs, d) for d in mv.deeds)],
    m.Salary: lambda rs, mv: ["go", mv.player] + (["--landed"] if mv.landed else []),
    m.Pay: lambda rs, mv: ["pay", mv.payer, mv.payee, _amount(mv.amount)] + (["--for", mv.reason] if mv.reason else []),
    m.Settle: lambda rs, mv: ["settle", mv.player],
    m.Buy: lambda rs, mv: ["buy", mv.player, _deed(rs, mv.deed)],
    m.Auction: lambda rs, mv: (["no-bid", _deed(rs, mv.deed)] if mv.player is None
                               else ["auction", mv.player, _deed(rs, mv.deed), _amount(mv.price or 0)]),
    m.Rent: _rent,
    m.IncomeTax: lambda rs, mv: ["tax", "income", mv.player] + (["--choice", mv.choice] if mv.choice else []),
    m.LuxuryTax: lambda rs, mv: ["tax", "luxury", mv.player],
    m.Declare: lambda rs, mv: ["declare", mv.player, mv.choice],
    m.FreeParking: lambda rs, mv: ["parking", mv.player],
    m.Mortgage: lambda rs, mv: ["mortgage", _deed(rs, mv.deed)],
    m.Unmortgage: lambda rs, mv: ["unmortgage", _deed(rs, mv.deed)],
    m.Build: _build,
    m.Sell: _sell,
    m.Trade: _trade,
    m.JailSend: lambda rs, mv: ["jail", "send", mv.player],
    m.JailPay: lambda rs, mv: ["jail", "pay", mv.player],
    m.JailCard: lambda rs, mv: ["jail", "card", mv.player],
    m.JailRoll: lambda rs, mv: ["jail", "roll", mv.player, str(mv.dice[0]), str(mv.dice[1])],
    m.Card: _card,
    m.Bankrupt: lambda rs, mv: ["bankrupt", mv.player, *(w for d in mv.lift for w in ("--lift", _deed(rs, d)))],
    m.PartialPayment: lambda rs, mv: ["pay-in-property", mv.debtor, *(_deed(rs, d) for d in mv.deeds), "--value", _amount(mv.value)],
    m.Roll: lambda rs, mv: ["roll", mv.player, str(mv.dice[0]), str(mv.dice[1])],
    m.NextTurn: lambda rs, mv: ["next"],
    m.SetTurn: lambda rs, mv: ["turn", mv.player],
}


def words(rs: Ruleset, mv: m.Move) -> list[str] | None:
    """The move as command words (English command names), or None for a move no command line says (deed values)."""
    say = WORDS.get(type(mv))
    if say is None:
        return None
    out = say(rs, mv)
    if mv.forced and mv.forced.get("reason"):
        out += ["--force", str(mv.forced["reason"])]
    return out


def command_line(rs: Ruleset, mv: m.Move, lang: str | None = None) -> str | None:
    """The line the table types for the move, with its command word in `lang` (default: the language shown)."""
    said = words(rs, mv)
    if said is None:
        return None
    command, *rest = said
    return line(command, *rest, lang=lang)
