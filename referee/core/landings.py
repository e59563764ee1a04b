"""One tax or one card a landing, as one rent a landing (games that track turns).

A landing on a tax square asks for that tax once, and a landing on a Chance or
Community Chest square for one card: the move that answers it marks the landing
(as a rent does), and a second one for the same landing is refused with the
clause. A card that moves the token makes a landing of its own, which asks
again. Pure: no printing, no files.
"""

from __future__ import annotations

from referee.core.checks import refuse
from referee.core.ops import Claim
from referee.core.order import tracking
from referee.core.state import Table
from referee.ruleset.model import Ruleset

__all__ = ["card_squares", "landing_on", "owed_once", "tax_squares", "tracking"]


def landing_on(t: Table, player: str, squares: set[int]) -> dict | None:
    """The player's most recent recorded landing on one of `squares` (the ledger keeps the last twelve)."""
    for land in reversed(t.landings):
        if land["player"] == player and land["square"] in squares:
            return land
    return None


def tax_squares(rs: Ruleset, which: str) -> set[int]:
    return {sq.index for sq in rs.squares if sq.kind == "tax" and sq.tax == which}


def card_squares(rs: Ruleset, deck: str | None) -> set[int]:
    return {sq.index for sq in rs.squares if sq.kind == "card" and (deck is None or sq.deck == deck)}


def owed_once(rs: Ruleset, t: Table, ev, player: str, squares: set[int], clause: str, refusal: str, **params) -> None:
    """Mark on `ev` the landing a tax or a card answers (the player's latest on one of `squares`); refuse a second
    one for that landing with `clause`. Without turn tracking, or with no landing to ground it, nothing here."""
    if not tracking(t) or not squares:
        return
    land = landing_on(t, player, squares)
    if land is None:
        return  # no landing grounds it: the turn check speaks for that
    if land.get("claimed"):
        raise refuse(rs, clause, refusal, player=player, square=rs.squares[land["square"]].name, **params)
    ev.op(Claim(player, land["square"], land["roll"]))
