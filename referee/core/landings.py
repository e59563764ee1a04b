"""One tax or one card a landing, as one rent a landing (games that track turns).

A landing on a tax square asks for that tax once, and a landing on a Chance or
Community Chest square for one card: the move that answers it marks the landing
(as a rent does), and a second one for the same landing is refused with the
clause. A card that moves the token makes a landing of its own, which asks
again.

The salary is once per trip round the board too: with turns tracked, a throw
(or a card) that passed GO marks its landing, and a salary asked for by hand
in that turn is a repeat; with or without tracking, a salary asked for the
same player right after theirs, with no move in between (no move of another
kind recorded since), is a repeat. Both are refused unless the banker forces
them with a reason. Pure: no printing, no files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.checks import refuse
from referee.core.ops import Claim, Extra
from referee.core.order import tracking
from referee.core.state import Landing, Table
from referee.msg import Msg
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.core.events import Event


__all__ = ["card_squares", "landing_on", "mark_salary", "owed_once", "salary_repeat", "tax_squares", "tracking"]


def landing_on(t: Table, player: str, squares: set[int]) -> Landing | None:
    """The player's most recent recorded landing on one of `squares` (the ledger keeps the last twelve)."""
    for land in reversed(t.landings):
        if land["player"] == player and land["square"] in squares:
            return land
    return None


def tax_squares(rs: Ruleset, which: str) -> set[int]:
    return {sq.index for sq in rs.squares if sq.kind == "tax" and sq.tax == which}


def card_squares(rs: Ruleset, deck: str | None) -> set[int]:
    return {sq.index for sq in rs.squares if sq.kind == "card" and (deck is None or sq.deck == deck)}


def owed_once(rs: Ruleset, t: Table, ev: Event, player: str, squares: set[int], clause: str, refusal: str, **params: Any) -> None:
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


# ---------------------------------------------------------------- the salary, once per trip
def mark_salary(ev: Event, player: str) -> None:
    """Mark on `ev` that `player` has just collected the salary (the next move of another kind clears it:
    core/events.py)."""
    ev.op(Extra("go_paid", player))


def salary_repeat(rs: Ruleset, t: Table, player: str) -> Msg | None:
    """Why a salary for `player` now would be a second one for the same trip (None: it is not)."""
    if tracking(t):
        mine = [land for land in t.landings if land["player"] == player]
        if mine:
            turn = mine[-1].get("roll")
            paid = [land for land in mine if land.get("roll") == turn and land.get("go")]
            if paid:
                return Msg("go.repeat.turn", {"player": player, "square": rs.squares[paid[-1]["square"]].name
                                              if rs.squares else ""})
    if t.extra.get("go_paid") == player:
        return Msg("go.repeat.no_move", {"player": player})
    return None
