"""The ends of an auction the plain `actions.auction` does not cover.

- **No bid**: the deed stays with the bank (004 "¿No quieres comprarla?": if
  nobody wants it, nothing happens). Recorded as its own step so the table's
  log says the auction was held.
- **A winner who cannot pay**: the bid binds. The buyer pays the bank and
  *then* receives the deed (000 § LLEGADA A UNA PROPIEDAD SIN DUENO), so the
  won deed cannot be mortgaged to pay its own bid: the deed stays with the
  bank, the bid is recorded as a debt to the bank, and the deed passes to the
  winner when the debt is settled. Unpaid, the debt takes the edition's
  bankruptcy route to the bank (the deed is auctioned again with the rest).

`t.extra["bids"]` maps an unpaid bid's debt id to [deed, winner]. Nothing
here prints or writes.
"""

from __future__ import annotations

from referee.core import actions
from referee.core.auction_pending import KEY, pending
from referee.core.state import BANK, Table
from referee.errors import InputError, Refusal
from referee.ruleset.model import Ruleset


def no_bids(rs: Ruleset, t: Table, idx: int) -> actions.Event:
    """The auction of a bank deed ends with no bid: the deed stays with the bank."""
    actions._not_over(rs, t)
    sq = rs.squares[idx]
    if not sq.is_deed:
        raise InputError(f"{sq.name} is not a property")
    if not rs.param("auction.enabled"):
        raise Refusal("this ruleset holds no auctions: a declined property stays with the bank", rs.cite("auction.declined"))
    if t.deeds[idx].owner is not None:
        raise Refusal(f"{sq.name} belongs to {t.deeds[idx].owner}; only the bank's deeds are auctioned", rs.cite("auction.declined"))
    ev = actions._event(t, "auction", deed=idx, winner=None)
    ev.amount = 0
    ev.text = f"nobody bids for {sq.name}: it stays with the bank"
    minimum, why = actions.auction_minimum(rs, idx)
    ev.steps.append(f"opening rule: {why}" + (f" ({rs.fmt(minimum)})" if minimum > 1 else ""))
    ev.cite("auction.declined", *[c for c in ("auction.no_bidder", "auction.opening") if rs.has_clause(c)])
    return ev


def bid_won(rs: Ruleset, t: Table, winner: str, idx: int, price: int) -> actions.Event:
    """The auction as `actions.auction` rules it; a winner short of cash owes the bank the bid instead."""
    if t.player(winner).cash >= price or t.debts_of(winner):
        return actions.auction(rs, t, winner, idx, price)
    rich = t.copy()  # every other check of the auction, as if the winner could pay
    rich.player(winner).cash = price
    actions.auction(rs, rich, winner, idx, price)
    sq = rs.squares[idx]
    ev = actions._event(t, "auction", player=winner, deed=idx, price=price)
    debt_id = ev.t.next_debt_id
    ev.op("debt", winner, BANK, price, f"winning bid on {sq.name}")
    ev.op("extra", KEY, {**pending(ev.t), str(debt_id): [idx, winner]})
    ev.amount = price
    ev.text = (f"{winner} wins {sq.name} at auction for {rs.fmt(price)} but holds {rs.fmt(t.player(winner).cash)}: "
               f"{winner} owes the bank the bid; the deed passes on payment")
    ev.steps.append("the bid binds; the deed is handed over once the bid is paid, so it cannot be mortgaged to pay it")
    ev.notes.append(actions.shortfall_note(rs, ev.t, winner, price))
    ev.cite("auction.declined", "debt.raise", "bankruptcy.test")
    return ev


