"""The words of a building shortage (core/shortage.py): who wants what of the bank's short stock, and why
there is an auction or none. Merged into referee.words.templates.TEMPLATES; kept apart so each module stays short."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.words.i18n import _, npgettext, pgettext


def _held(p: Mapping[str, Any]) -> str:
    """The bank's stock in a shortage: '1 hotel', '2 houses' (`what` arrives in the table's words)."""
    n = p["stock"]
    if p["what"] == _("hotels"):
        return npgettext("shortage.stock", "{n} hotel", "{n} hotels", n).format(n=n)
    return npgettext("shortage.stock", "{n} house", "{n} houses", n).format(n=n)


def shortage_templates() -> dict[str, Any]:
    return {
        "invalid.shortage_owner": "{owner} owns {deed} but is not among the players who want buildings",
        "refused.shortage_none": "the bank has no {what} left: nobody builds until some are sold back",
        "refused.shortage_auction": ("{players} players want {wanted} {what} and the bank holds {stock}: they are auctioned "
                                     "to the highest bidder (give the winning bid)"),
        "refused.shortage_no_auction": "no auction: the bank's {stock} {what} cover what is wanted ({wanted}); they are bought at the price on the deed",
        "refused.shortage_one_buyer": lambda p, f: (pgettext("refused.shortage_one_buyer", "no auction: only {player} wants them and may build; they are bought at the price on the deed")
                                                    if not p.get("idle") else
                                                    pgettext("refused.shortage_one_buyer", "no auction: only {player} wants them and may build ({idle}: no whole colour group to build on); they are bought at the price on the deed")).format(
            player=p["player"], idle=", ".join(p.get("idle") or [])),
        "shortage.cannot_build": lambda p, f: pgettext("shortage.cannot_build", "{players}: no whole colour group to build on, so no demand").format(players=", ".join(p["players"])),
        "shortage.demand": lambda p, f: npgettext("shortage.demand", "the bank holds {held}; {players} wants {wanted}", "the bank holds {held}; {players} want {wanted}",
                                                  max(1, len(p["players"]))).format(held=_held(p), players=", ".join(p["players"]) or _("nobody"), wanted=p["wanted"]),
        "shortage.houses_first": "tournament order: house buyers are served before a player breaking hotels into houses",
    }
