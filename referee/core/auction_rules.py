"""The ends of an auction the plain `buying.auction` does not cover.

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

from referee.core.auction_pending import KEY, pending
from referee.core.buying import auction, auction_minimum, auctionable, auctioned
from referee.core.events import Event, new_event
from referee.core.money import shortfall
from referee.core.ops import Extra, NewDebt
from referee.core.state import BANK, Table
from referee.ruleset.model import Ruleset


def no_bids(rs: Ruleset, t: Table, idx: int) -> Event:
    """The auction of a bank deed ends with no bid: the deed stays with the bank."""
    auctionable(rs, t, idx)
    sq = rs.squares[idx]
    ev = new_event(t, "auction", deed=idx, winner=None)
    auctioned(ev, idx)  # held, nobody bid: an ordinary bank deed again
    ev.amount = 0
    ev.say("auction.no_bids", deed=sq.name)
    minimum, why = auction_minimum(rs, idx)
    ev.step("auction.opening", opening=why, minimum=minimum)
    ev.cite("auction.declined", *[c for c in ("auction.no_bidder", "auction.opening") if rs.has_clause(c)])
    return ev


def bid_won(rs: Ruleset, t: Table, winner: str, idx: int, price: int) -> Event:
    """The auction as `buying.auction` rules it; a winner short of cash owes the bank the bid instead."""
    if t.player(winner).cash >= price or t.debts_of(winner):
        return auction(rs, t, winner, idx, price)
    rich = t.copy()  # every other check of the auction, as if the winner could pay
    rich.player(winner).cash = price
    auction(rs, rich, winner, idx, price)
    sq = rs.squares[idx]
    ev = new_event(t, "auction", player=winner, deed=idx, price=price)
    debt_id = ev.t.next_debt_id
    ev.op(NewDebt(winner, BANK, price, f"winning bid on {sq.name}"))
    ev.op(Extra(KEY, {**pending(ev.t), str(debt_id): [idx, winner]}))
    ev.amount = price
    ev.say("auction.owed", player=winner, deed=sq.name, price=price, cash=t.player(winner).cash)
    ev.step("auction.bid_binds")
    ev.notes.append(shortfall(rs, ev.t, winner, price))
    ev.cite("auction.declined", "debt.raise", "bankruptcy.test")
    return ev
