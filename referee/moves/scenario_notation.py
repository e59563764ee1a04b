"""A move said in the scenario notation of `referee check` (docs/scenarios.md): the claim kind and its fields.

The other printer beside `printer.py` (as PGN is beside SAN): a recorded game
becomes a scenario whose `given:` steps are its moves, so `check` replays the
same game through its claim kinds and must reach the same table as the
console did (tests/test_corpus.py). A move no claim kind says (values read at
the table, a turn handed over by hand) is None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.moves import model as m
from referee.ruleset.model import Ruleset
from referee.words.notation import said


def _deed(rs: Ruleset, idx: int | None) -> str:
    return rs.squares[idx].name if idx is not None else ""


def _side(rs: Ruleset, side: dict[str, Any]) -> dict[str, Any]:
    return {"cash": side["cash"], "deeds": [_deed(rs, d) for d in side["deeds"]], "jail_cards": list(side["jail_cards"])}


def _build(rs: Ruleset, mv: m.Build) -> dict[str, Any] | None:
    if mv.group is not None:  # a whole group, evenly, named by its first lot
        return {"build": {"deed": _deed(rs, rs.group_members(mv.group)[0]), "to": mv.to}}
    out: dict[str, Any] = {"deed": _deed(rs, mv.deed), "count": mv.count, "hotel": mv.hotel}
    if mv.price is not None:
        out["price"] = mv.price
    if mv.wants is not None:  # from a short bank: the claim kind that weighs the demand
        out["wants"] = {w["player"]: {k: int(w[k]) for k in ("houses", "hotels", "breaks") if w.get(k)} for w in mv.wants}
        return {"shortage": out}
    return {"build": out}


def _sell(rs: Ruleset, mv: m.Sell) -> dict[str, Any] | None:
    if mv.group is not None:
        return {"sell": {"deed": _deed(rs, rs.group_members(mv.group)[0]), "to": mv.to}}
    out: dict[str, Any] = {"deed": _deed(rs, mv.deed), "count": mv.count}
    if mv.way:
        out = {"deed": _deed(rs, mv.deed), "whole": mv.way}
    return {"sell": out}


def _rent(rs: Ruleset, mv: m.Rent) -> dict[str, Any]:
    out: dict[str, Any] = {"payer": mv.payer, "deed": _deed(rs, mv.deed)}
    for key in ("dice", "card", "late"):
        if getattr(mv, key) is not None:
            out[key] = getattr(mv, key)
    return {"rent": out}


def _card(rs: Ruleset, mv: m.Card) -> dict[str, Any] | None:
    if mv.custom or not mv.card:
        return None
    return {"card": {"player": mv.player, "card": mv.card, "passed_go": mv.passed_go}}


CLAIMS: dict[type[m.Move], Callable[[Ruleset, Any], dict[str, Any] | None]] = {
    m.Deal: lambda rs, mv: {"deal": {"player": mv.player, "deeds": [_deed(rs, d) for d in mv.deeds]}},
    m.Salary: lambda rs, mv: {"salary": {"player": mv.player, "landed": mv.landed}},
    m.Pay: lambda rs, mv: {"pay": {"payer": mv.payer, "payee": mv.payee, "amount": mv.amount, "for": mv.reason}},
    m.Settle: lambda rs, mv: {"settle": {"player": mv.player}},
    m.Buy: lambda rs, mv: {"buy": {"player": mv.player, "deed": _deed(rs, mv.deed)}},
    m.Auction: lambda rs, mv: ({"auction": {"deed": _deed(rs, mv.deed), "no_bids": True}} if mv.player is None
                               else {"auction": {"player": mv.player, "deed": _deed(rs, mv.deed), "price": mv.price}}),
    m.Rent: _rent,
    m.Mortgage: lambda rs, mv: {"mortgage": {"deed": _deed(rs, mv.deed)}},
    m.Unmortgage: lambda rs, mv: {"unmortgage": {"deed": _deed(rs, mv.deed)}},
    m.Build: _build,
    m.Sell: _sell,
    m.Trade: lambda rs, mv: {"trade": {"a": mv.a, "b": mv.b, "give": _side(rs, mv.a_gives), "take": _side(rs, mv.b_gives),
                                       "lift": [_deed(rs, d) for d in mv.lift]}},
    m.IncomeTax: lambda rs, mv: {"income-tax": {"player": mv.player, **({"choice": mv.choice} if mv.choice else {})}},
    m.LuxuryTax: lambda rs, mv: {"luxury-tax": {"player": mv.player}},
    m.Declare: lambda rs, mv: {"declare-tax": {"player": mv.player, "choice": mv.choice}},
    m.FreeParking: lambda rs, mv: {"free-parking": {"player": mv.player}},
    m.Card: _card,
    m.JailSend: lambda rs, mv: {"jail": {"player": mv.player, "action": "send"}},
    m.JailPay: lambda rs, mv: {"jail": {"player": mv.player, "action": "pay"}},
    m.JailCard: lambda rs, mv: {"jail": {"player": mv.player, "action": "card"}},
    m.JailRoll: lambda rs, mv: {"jail": {"player": mv.player, "action": "roll", "dice": list(mv.dice)}},
    m.Roll: lambda rs, mv: {"roll": {"player": mv.player, "dice": list(mv.dice)}},
    m.Bankrupt: lambda rs, mv: {"bankrupt": {"player": mv.player, "lift": [_deed(rs, d) for d in mv.lift]}},
    m.PartialPayment: lambda rs, mv: {"pay-in-property": {"debtor": mv.debtor, "deeds": [_deed(rs, d) for d in mv.deeds], "value": mv.value}},
}


# the table's own readings and turn keeping: what a scenario states as its table, not as a claim
NO_CLAIM: frozenset[type[m.Move]] = frozenset({m.DeedValues, m.NextTurn, m.SetTurn})


def _derived(rs: Ruleset, mv: m.Move) -> dict[str, Any]:
    """A move with no claim kind of its own, said by its own name and fields (check/kinds.derived reads it)."""
    out: dict[str, Any] = {}
    for name, _ in mv.FIELDS:
        v = getattr(mv, name)
        if v is None:
            continue
        if name == "deed" and isinstance(v, int):
            v = _deed(rs, v)
        elif isinstance(v, tuple):
            v = [_deed(rs, d) for d in v] if name in ("deeds", "lift") else list(v)
        out[name] = v
    return {said(mv.kind): out}


def claim(rs: Ruleset, mv: m.Move) -> dict[str, Any] | None:
    """The move as a scenario step (`{kind: {fields}}`), or None for what a scenario states as its table."""
    if type(mv) in NO_CLAIM:
        return None
    say = CLAIMS.get(type(mv))
    return say(rs, mv) if say else _derived(rs, mv)
