"""Does a move match where the tokens are? (games that track turns)

With turns tracked the ledger knows each token's square and every recent
landing, so a buy, rent, tax, card or jail move can be checked against them.
Two kinds of mismatch, treated differently:

- **elsewhere**: the player has no recent landing that grounds the move (Ben
  buys Boardwalk while his token is on GO). The record of the tokens would be
  wrong if it went through, and every later throw counts from it, so it is
  refused with the clause; if the token really stands there, the throw was
  entered wrong and that is what to correct (undo, void).
- **late**: the landing is on record but play has moved on (Ana's turn ended
  before her purchase or her tax was entered). The positions are right, only
  the timing is off: the banker may record it anyway with `force` (a reason),
  which the event keeps. A rent's lateness is the edition's own claim window
  (`rent.unclaimed`), decided by the rent itself, not here.

Without turn tracking nothing is checked. Pure: no printing, no files.
"""

from __future__ import annotations

from typing import Any

from referee.core.checks import cite_first
from referee.core.forcing import Mismatch as Mismatch  # re-exported: turn_checks.mark, .forced, as the commands call them
from referee.core.forcing import forced as forced
from referee.core.forcing import mark as mark
from referee.core.landings import card_squares, landing_on, tax_squares, tracking
from referee.core.state import Landing, Table
from referee.msg import Msg
from referee.ruleset.model import Ruleset


def _where(rs: Ruleset, t: Table, player: str) -> dict[Any, Any]:
    p = t.player(player)
    return {"in_jail": p.in_jail, "square": rs.squares[p.position].name}


def _timing(rs: Ruleset, t: Table, player: str, land: Landing) -> Msg | None:
    """None when the landing is the table's latest and the token is still there; else why it is late."""
    p = t.player(player)
    square = rs.squares[land["square"]].name
    if p.position != land["square"] or p.in_jail:
        return Msg("check.moved_on", {"player": player, "square": square, "where": _where(rs, t, player)})
    if t.landings and t.landings[-1] != land:
        return Msg("check.thrown_since", {"other": t.landings[-1]["player"], "player": player, "square": square})
    return None


def _grounded(rs: Ruleset, t: Table, player: str, squares: set[int], clause: str, nowhere: Msg, doing: Msg, there: str) -> Mismatch | None:
    land = landing_on(t, player, squares)
    if land is None:
        return Mismatch(clause, Msg("check.elsewhere", {"what": nowhere.to_dict(), "player": player,
                                                        "where": _where(rs, t, player), "there": there}), False)
    late = _timing(rs, t, player, land)
    if late:
        return Mismatch(clause, Msg("check.late", {"doing": doing.to_dict(), "late": late.to_dict()}), True)
    return None


# ---------------------------------------------------------------- one check per kind of move
def buy(rs: Ruleset, t: Table, player: str, idx: int) -> Mismatch | None:
    name = rs.squares[idx].name
    return _grounded(rs, t, player, {idx}, cite_first(rs, "buy.only_on_landing", "buy.printed_price"),
                     Msg("check.buy.not_landed", {"player": player, "deed": name}),
                     Msg("check.doing.buy", {"deed": name}), name)


def rent(rs: Ruleset, t: Table, player: str, idx: int) -> Mismatch | None:
    """Rent needs a recorded landing of the payer on the deed; how late it may be is the claim window's business."""
    if any(land["player"] == player and land["square"] == idx for land in t.landings):
        return None
    name = rs.squares[idx].name
    what = Msg("check.rent.not_landed", {"player": player, "deed": name})
    return Mismatch(cite_first(rs, "rent.lot"), Msg("check.elsewhere", {"what": what.to_dict(), "player": player,
                                                                        "where": _where(rs, t, player), "there": name}), False)


def tax(rs: Ruleset, t: Table, player: str, which: str) -> Mismatch | None:
    squares = tax_squares(rs, which)
    if not squares:
        return None  # the tax square check of the transaction speaks for itself
    name = rs.squares[min(squares)].name
    return _grounded(rs, t, player, squares, cite_first(rs, f"tax.{which}", "tax.income"),
                     Msg("check.tax.not_landed", {"player": player, "square": name}),
                     Msg("check.doing.tax", {"tax": which, "square": name}), name)


def card(rs: Ruleset, t: Table, player: str, card_: dict[Any, Any]) -> Mismatch | None:
    deck = card_.get("deck")
    squares = card_squares(rs, deck)
    if not squares:
        return None
    dname = (rs.decks().get(deck or "") or {}).get("name") or deck or "card"
    return _grounded(rs, t, player, squares, cite_first(rs, "cards.draw", "jail.card"),
                     Msg("check.card.not_landed", {"player": player, "deck": dname}),
                     Msg("check.doing.card", {"deck": dname}), f"a {dname} square")


def jail(rs: Ruleset, t: Table, player: str, action: str) -> Mismatch | None:
    """send: with turns tracked jail comes from a throw or a card; pay/card: before the jailed player's own throw; roll: their turn."""
    from referee.core import turns

    now = turns.current(t)
    if action == "send":
        return Mismatch(cite_first(rs, "jail.send"), Msg("check.jail.send", {"player": player, "where": _where(rs, t, player)}), True)
    if not t.player(player).in_jail:
        return None  # the transaction refuses with its own clause
    if action == "roll":
        if now != player:
            return Mismatch(cite_first(rs, "setup.order", "jail.fine"), Msg("check.jail.not_their_throw",
                                                                             {"player": player, "current": now}), False)
        return None
    if now != player or t.extra.get("thrown") == player:
        clause = cite_first(rs, "jail.card", "jail.fine") if action == "card" else cite_first(rs, "jail.fine")
        return Mismatch(clause, Msg("check.jail.before_throw", {"player": player, "current": now,
                                                                 "thrown": now == player}), True)
    return None


# ---------------------------------------------------------------- the hook the commands call
def require(rs: Ruleset, t: Table, found: Mismatch | None, force: str | None) -> dict[str, Any] | None:
    """Refuse a mismatched move, unless it is late and the banker forces it with a reason.

    Returns what to record on the event when forced ({reason, clause, why}), else None.
    """
    if not tracking(t) or found is None:
        return None
    return forced(rs, found, force)


def check(rs: Ruleset, t: Table, action: str, player: str, *, deed: int | None = None, tax_kind: str | None = None,
          card_: dict[Any, Any] | None = None, force: str | None = None) -> dict[Any, Any] | None:
    """The one call a command makes before its transaction (no-op without turn tracking or without a board)."""
    if not tracking(t) or not rs.squares:
        return require(rs, t, None, force)
    if action in ("buy", "rent"):
        if deed is None:
            raise ValueError(f"{action} needs the deed")
        found = buy(rs, t, player, deed) if action == "buy" else rent(rs, t, player, deed)
    elif action == "tax":
        found = tax(rs, t, player, tax_kind or "income")
    elif action == "card":
        found = card(rs, t, player, card_ or {})
    elif action.startswith("jail."):
        found = jail(rs, t, player, action.split(".", 1)[1])
    else:
        raise ValueError(action)
    return require(rs, t, found, force)


# ---------------------------------------------------------------- re-running a stored move (void, amend)
RECHECK = {"buy": "buy", "rent": "rent", "tax.income": "tax", "tax.luxury": "tax", "card": "card",
           "jail.send": "jail.send", "jail.pay": "jail.pay", "jail.card": "jail.card", "jail.roll": "jail.roll"}


def recheck(rs: Ruleset, t: Table, kind: str, args: dict[Any, Any]) -> dict[Any, Any] | None:
    """A stored move re-run after a correction (referee.moves.apply): checked against the landings as they
    now stand, with the reason the banker gave if it was forced. Returns the force to mark the event with."""
    action = RECHECK.get(kind)
    if action is None or (action == "rent" and args.get("late") is not None):
        return None  # a rent whose claim window was stated by hand (--late) is not checked against landings, as when typed
    force = (args.get("forced") or {}).get("reason")
    player = args.get("player") or args.get("payer")
    if player is None:
        return None
    ref = args.get("card") or ""
    return check(rs, t, action, player, deed=args.get("deed"), tax_kind=args.get("tax"),
                 card_={"deck": ref.rpartition(":")[0] or None} if action == "card" else None, force=force)

