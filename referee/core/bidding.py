"""An auction as the table runs it: bids called out one after another, then `sold`.

The console's auction helper keeps a `Bidding` while the players call their
bids; only the result is a move in the ledger: the winner's purchase
(`buying.auction`, which checks the edition's opening rule again) or, when
nobody bid, `auction_rules.no_bids` (the deed stays with the bank). The opening rule is the
edition's (`auction.opening`: any price, the printed price, a fixed amount).
Pure: no printing, no files; what it says is messages (referee/words/messages.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.buying import auction_minimum, auctionable
from referee.core.checks import active, cite_first, refuse
from referee.core.state import Table
from referee.msg import Msg
from referee.ruleset.model import Ruleset


@dataclass
class Bidding:
    deed: int
    minimum: int
    opening: str  # the edition's opening rule: "any", "printed_price", "fixed"
    bids: list[tuple[str, int]] = field(default_factory=list)

    @property
    def high(self) -> tuple[str, int] | None:
        return self.bids[-1] if self.bids else None

    def withdraw(self) -> tuple[str, int] | None:
        """Take back the last bid (a slip of the tongue, a misheard amount)."""
        return self.bids.pop() if self.bids else None


def open_bidding(rs: Ruleset, t: Table, idx: int) -> Bidding:
    """Open the bidding on a bank deed, with the edition's opening rule."""
    auctionable(rs, t, idx)
    minimum, opening = auction_minimum(rs, idx)
    return Bidding(idx, minimum, opening)


def bid(rs: Ruleset, t: Table, b: Bidding, player: str, amount: int) -> Msg | None:
    """Record a bid; refuses one below the opening or not above the high bid. Returns a warning, if any."""
    active(rs, t, player)
    if b.high and amount <= b.high[1]:  # once someone has bid, what a bid must beat is the high bid
        raise refuse(rs, "auction.declined", "refused.bid_not_higher", high_bidder=b.high[0], high=b.high[1])
    if amount < b.minimum:
        raise refuse(rs, cite_first(rs, "auction.opening", "auction.declined"), "refused.bid_too_low",
                     opening=b.opening, minimum=b.minimum, price=amount)
    b.bids.append((player, amount))
    cash = t.player(player).cash
    if amount > cash:
        return Msg("bid.more_than_cash", {"player": player, "cash": cash})
    return None
