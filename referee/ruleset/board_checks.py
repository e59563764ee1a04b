"""The board of a composed ruleset, checked as a whole: 40 squares and their kinds, groups and decks that
exist, deeds priced and mortgaged within reason, a deal the deck of deeds can give.

Each check reports through `err(dotted_key, message)`, which the loader turns into FILE:LINE (the layer
that set the key).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.words.i18n import N_, _

FIELD_WORDS = {"price": N_("price"), "mortgage": N_("mortgage"), "rent": N_("rent")}

def check_deal(m: dict[Any, Any], pl: dict[Any, Any], err: Callable[..., Any]) -> None:
    """Deeds dealt at the start cannot outnumber the deeds on the board, for any allowed number of players."""
    deal = (m.get("setup") or {}).get("deal_deeds")
    squares = (m.get("board") or {}).get("squares") or []
    deeds = sum(1 for s in squares if isinstance(s, dict) and s.get("kind") in ("lot", "railroad", "utility"))
    if not deal or not deeds:
        return
    lo, hi = pl.get("min", 2), pl.get("max", 8)
    for n in range(lo, hi + 1):
        each = deal.get(n, 0) if isinstance(deal, dict) else deal
        if isinstance(each, int) and each * n > deeds:
            err("setup.deal_deeds", _("setup.deal_deeds gives {each} deeds to each of {n} players: {total}, and the board has {deeds}").format(
                each=each, n=n, total=each * n, deeds=deeds))
            return


def check_board(m: dict[Any, Any], board: dict[Any, Any], err: Callable[..., Any]) -> None:
    squares = board.get("squares") or []
    if len(squares) != 40:
        err("board.squares", _("the board has {n} squares, needs 40").format(n=len(squares)))
        return
    groups = board.get("groups") or {}
    decks = m.get("decks") or {}
    kinds = [s["kind"] for s in squares]
    if kinds[0] != "go":
        err("board.squares", _("square 0 must be GO (kind: go)"))
    for k in ("jail", "go_to_jail"):
        if kinds.count(k) != 1:
            err("board.squares", _("the board needs exactly one square of kind '{kind}', has {n}").format(kind=k, n=kinds.count(k)))
    used_groups = set()
    for i, s in enumerate(squares):
        where = f"board.squares.{i}"
        label = _("square {n} '{name}'").format(n=i, name=s["name"])
        if s["kind"] == "lot":
            if not s.get("group"):
                err(where, _("{square} is a lot with no colour group").format(square=label))
            elif s["group"] not in groups:
                err(where, _("{square} names group '{group}', which is not in board.groups").format(square=label, group=s["group"]))
            used_groups.add(s.get("group"))
            for f in ("price", "mortgage", "rent"):
                if s.get(f) is None:
                    err(where, _("{square} has no {field} (write 'unknown' if the rulebook does not give it)").format(square=label, field=_(FIELD_WORDS[f])))
            check_deed_amounts(s, where, label, err)
        elif s["kind"] in ("railroad", "utility"):
            for f in ("price", "mortgage"):
                if s.get(f) is None:
                    err(where, _("{square} has no {field} (write 'unknown' if the rulebook does not give it)").format(square=label, field=_(FIELD_WORDS[f])))
            check_deed_amounts(s, where, label, err)
        elif s["kind"] == "tax" and not s.get("tax"):
            err(where, _("{square} is a tax square with no 'tax: income|luxury'").format(square=label))
        elif s["kind"] == "card":
            if not s.get("deck"):
                err(where, _("{square} is a card square with no 'deck'").format(square=label))
            elif s["deck"] not in decks:
                err(where, _("{square} names deck '{deck}', which is not in decks").format(square=label, deck=s["deck"]))
    for g in groups:
        if g not in used_groups:
            err(f"board.groups.{g}", _("group '{group}' has no squares").format(group=g))
    rr = kinds.count("railroad")
    if rr and len(board.get("railroad_rent") or []) < rr:
        err("board.railroad_rent", _("board.railroad_rent has {n} entries, needs {needs} (one per railroad owned)").format(
            n=len(board.get("railroad_rent") or []), needs=rr))
    ut = kinds.count("utility")
    if ut and len(board.get("utility_multipliers") or []) < ut:
        err("board.utility_multipliers", _("board.utility_multipliers has {n} entries, needs {needs}").format(
            n=len(board.get("utility_multipliers") or []), needs=ut))
    for did, deck in decks.items():
        for _j, c in enumerate(deck.get("cards") or []):
            if c.get("to") is not None and not 0 <= c["to"] < 40:
                err(f"decks.{did}", _("card '{card}' in deck '{deck}' moves to square {n}, not on the board").format(card=c["id"], deck=did, n=c["to"]))


def check_deed_amounts(s: dict[Any, Any], where: str, label: str, err: Callable[..., Any]) -> None:
    """A deed costs something, and its mortgage is never more than its price (the books: half of it)."""
    price, mortgage = s.get("price"), s.get("mortgage")
    if isinstance(price, int) and price < 1:
        err(where, _("{square} has price {price}: a deed costs at least 1").format(square=label, price=price))
    if isinstance(price, int) and isinstance(mortgage, int) and mortgage > price:
        err(where, _("{square}: mortgage {mortgage} is more than its price {price}").format(square=label, mortgage=mortgage, price=price))
