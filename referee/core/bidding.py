"""An auction as the table runs it: bids called out one after another, then `sold`.

The console's auction helper keeps a `Bidding` while the players call their
bids; only the result is a move in the ledger: the winner's purchase
(`actions.auction`, which checks the edition's opening rule again) or, when
nobody bid, `no_bids` (the deed stays with the bank). The opening rule is the
edition's (`auction.opening`: any price, the printed price, a fixed amount).
Pure: no printing, no files.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core import actions
from referee.core.state import Table
from referee.errors import InputError, Refusal
from referee.ruleset.model import Ruleset


@dataclass
class Bidding:
    deed: int
    minimum: int
    why: str  # the opening rule in words: "any price", "the printed price"…
    bids: list[tuple[str, int]] = field(default_factory=list)

    @property
    def high(self) -> tuple[str, int] | None:
        return self.bids[-1] if self.bids else None

    def withdraw(self) -> tuple[str, int] | None:
        """Take back the last bid (a slip of the tongue, a misheard amount)."""
        return self.bids.pop() if self.bids else None


def _clause(rs: Ruleset, *cids: str) -> str:
    return next((c for c in cids if rs.has_clause(c)), cids[-1])


def _auctionable(rs: Ruleset, t: Table, idx: int) -> None:
    actions._not_over(rs, t)
    sq = rs.squares[idx]
    if not sq.is_deed:
        raise InputError(f"{sq.name} is not a property")
    if not rs.param("auction.enabled"):
        raise Refusal("this ruleset holds no auctions: a declined property stays with the bank", rs.cite("auction.declined"))
    owner = t.deeds[idx].owner
    if owner is not None:
        raise Refusal(f"{sq.name} belongs to {owner}; only the bank's deeds are auctioned", rs.cite("auction.declined"))


def open_bidding(rs: Ruleset, t: Table, idx: int) -> Bidding:
    """Open the bidding on a bank deed, with the edition's opening rule."""
    _auctionable(rs, t, idx)
    minimum, why = actions.auction_minimum(rs, idx)
    return Bidding(idx, minimum, why)


def bid(rs: Ruleset, t: Table, b: Bidding, player: str, amount: int) -> str | None:
    """Record a bid; refuses one below the opening or not above the high bid. Returns a warning, if any."""
    actions._active(rs, t, player)
    if amount < b.minimum:
        raise Refusal(f"the bidding opens at {b.why}, {rs.fmt(b.minimum)}; {rs.fmt(amount)} is below it",
                      rs.cite(_clause(rs, "auction.opening", "auction.declined")))
    if b.high and amount <= b.high[1]:
        raise Refusal(f"{b.high[0]} has bid {rs.fmt(b.high[1])}: a bid must be higher",
                      rs.cite(_clause(rs, "auction.declined")))
    b.bids.append((player, amount))
    cash = t.player(player).cash
    if amount > cash:
        return f"{player} holds {rs.fmt(cash)}: a winning bid must be paid to the bank"
    return None


def no_bids(rs: Ruleset, t: Table, idx: int) -> actions.Event:
    """The auction of a bank deed ends with no bid: the deed stays with the bank (an event, so the log shows it was held)."""
    _auctionable(rs, t, idx)
    sq = rs.squares[idx]
    ev = actions._event(t, "auction", deed=idx, winner=None)
    ev.amount = 0
    ev.text = f"nobody bids for {sq.name}: it stays with the bank"
    minimum, why = actions.auction_minimum(rs, idx)
    ev.steps.append(f"opening rule: {why}" + (f" ({rs.fmt(minimum)})" if minimum > 1 else ""))
    ev.cite("auction.declined", *[c for c in ("auction.no_bidder", "auction.opening") if rs.has_clause(c)])
    return ev
