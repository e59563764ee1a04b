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

from dataclasses import dataclass

from referee.core.state import Table
from referee.errors import Refusal
from referee.ruleset.model import Ruleset


@dataclass(frozen=True)
class Mismatch:
    clause: str  # the rule the move contradicts
    message: str
    forceable: bool  # a late move the banker may record anyway, with a reason


def tracking(t: Table) -> bool:
    return bool(t.extra.get("tracking"))


def _first(rs: Ruleset, *cids: str) -> str:
    return next((c for c in cids if rs.has_clause(c)), cids[-1])


def _where(rs: Ruleset, t: Table, player: str) -> str:
    p = t.player(player)
    return "in jail" if p.in_jail else f"on {rs.squares[p.position].name}"


def _landing_on(t: Table, player: str, squares: set[int]) -> dict | None:
    """The player's most recent recorded landing on one of `squares` (the ledger keeps the last twelve)."""
    for land in reversed(t.landings):
        if land["player"] == player and land["square"] in squares:
            return land
    return None


def _timing(rs: Ruleset, t: Table, player: str, land: dict, what: str) -> str | None:
    """None when the landing is the table's latest and the token is still there; else why it is late."""
    p = t.player(player)
    if p.position != land["square"] or p.in_jail:
        return f"{player} has moved on since landing on {rs.squares[land['square']].name} ({_where(rs, t, player)})"
    if t.landings and t.landings[-1] != land:
        other = t.landings[-1]["player"]
        return f"{other} has thrown since {player} landed on {rs.squares[land['square']].name}"
    return None


def _elsewhere(rs, t, player: str, there: str) -> str:
    return (f"{player} is {_where(rs, t, player)}; if {player}'s token really stands {there}, "
            f"a throw was entered wrong: correct that throw")


def _grounded(rs, t, player, squares: set[int], clause: str, nowhere: str, late_what: str, there: str) -> Mismatch | None:
    land = _landing_on(t, player, squares)
    if land is None:
        return Mismatch(clause, f"{nowhere} ({_elsewhere(rs, t, player, there)})", False)
    late = _timing(rs, t, player, land, late_what)
    if late:
        return Mismatch(clause, f"{late_what} comes with the landing, and {late}", True)
    return None


# ---------------------------------------------------------------- one check per kind of move
def buy(rs: Ruleset, t: Table, player: str, idx: int) -> Mismatch | None:
    name = rs.squares[idx].name
    return _grounded(rs, t, player, {idx}, _first(rs, "buy.only_on_landing", "buy.printed_price"),
                     f"{player} has not landed on {name}: the bank sells a deed only to the player who lands on it "
                     f"(otherwise at auction or by a trade)", f"buying {name}", f"on {name}")


def rent(rs: Ruleset, t: Table, player: str, idx: int) -> Mismatch | None:
    """Rent needs a recorded landing of the payer on the deed; how late it may be is the claim window's business."""
    if any(land["player"] == player and land["square"] == idx for land in t.landings):
        return None
    return Mismatch(_first(rs, "rent.lot"),
                    f"{player} has not landed on {rs.squares[idx].name}: rent is owed by the player who lands there "
                    f"({_elsewhere(rs, t, player, 'on ' + rs.squares[idx].name)})", False)


def tax(rs: Ruleset, t: Table, player: str, which: str) -> Mismatch | None:
    squares = {sq.index for sq in rs.squares if sq.kind == "tax" and sq.tax == which}
    if not squares:
        return None  # the tax square check of the transaction speaks for itself
    name = rs.squares[min(squares)].name
    return _grounded(rs, t, player, squares, _first(rs, f"tax.{which}", "tax.income"),
                     f"{player} has not landed on {name}", f"the {which} tax", f"on {name}")


def card(rs: Ruleset, t: Table, player: str, card_: dict) -> Mismatch | None:
    deck = card_.get("deck")
    squares = {sq.index for sq in rs.squares if sq.kind == "card" and (deck is None or sq.deck == deck)}
    if not squares:
        return None
    dname = (rs.decks().get(deck or "") or {}).get("name", deck or "card")
    return _grounded(rs, t, player, squares, _first(rs, "cards.draw", "jail.card"),
                     f"{player} has not landed on a {dname} square: a card is drawn by the player who lands there",
                     f"drawing a {dname} card", f"on a {dname} square")


def jail(rs: Ruleset, t: Table, player: str, action: str) -> Mismatch | None:
    """send: with turns tracked jail comes from a throw or a card; pay/card: before the jailed player's own throw; roll: their turn."""
    from referee.core import turns

    now = turns.current(t)
    if action == "send":
        return Mismatch(_first(rs, "jail.send"),
                        f"with turns tracked a player goes to jail by a throw (Go to Jail, the last doubles) or a card; "
                        f"{player} is {_where(rs, t, player)}", True)
    if not t.player(player).in_jail:
        return None  # the transaction refuses with its own clause
    if action == "roll":
        if now != player:
            return Mismatch(_first(rs, "setup.order", "jail.fine"),
                            f"it is {now}'s turn to throw, not {player}'s (a throw is entered with roll D1 D2)", False)
        return None
    if now != player or t.extra.get("thrown") == player:
        when = f"it is {now}'s turn" if now != player else f"{player} has already thrown this turn"
        clause = _first(rs, "jail.card", "jail.fine") if action == "card" else _first(rs, "jail.fine")
        return Mismatch(clause, f"a jailed player leaves before throwing on their own turn, and {when}", True)
    return None


# ---------------------------------------------------------------- the hook the commands call
def require(rs: Ruleset, t: Table, found: Mismatch | None, force: str | None) -> dict | None:
    """Refuse a mismatched move, unless it is late and the banker forces it with a reason.

    Returns what to record on the event when forced ({reason, clause, why}), else None.
    """
    if not tracking(t) or found is None:
        return None
    if not found.forceable:
        raise Refusal(found.message, rs.cite(found.clause))
    if force is None or not str(force).strip():
        raise Refusal(f"{found.message}: the banker may still record it with --force \"REASON\"", rs.cite(found.clause))
    return {"reason": str(force).strip(), "clause": found.clause, "why": found.message}


def mark(ev, forced: dict | None):
    """Keep a forced move's reason on its event (args, text and notes), so the log shows it."""
    if not forced:
        return ev
    ev.args["forced"] = forced
    ev.cite(forced["clause"])
    if isinstance(getattr(ev, "text", None), str):
        ev.text += f" [forced: {forced['reason']}]"
    note = f"recorded by the banker's --force ({forced['reason']}): {forced['why']}"
    try:
        from referee.core.msg import Msg  # the structured-message engine, where present

        ev.notes.append(Msg("text", {"text": note}))
    except ImportError:
        ev.notes.append(note)
    return ev


def check(rs: Ruleset, t: Table, action: str, player: str, *, deed: int | None = None, tax_kind: str | None = None,
          card_: dict | None = None, force: str | None = None) -> dict | None:
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
