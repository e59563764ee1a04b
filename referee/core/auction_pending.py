"""Bids won at auction and not yet paid: the deed passes to the winner on payment
(auction_rules says why); a deed waiting for its bid cannot be mortgaged."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from referee.core.checks import refuse
from referee.core.ops import Extra, Owner
from referee.core.state import Table
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.core.events import Event


KEY: Final = "bids"


def pending(t: Table) -> dict[Any, Any]:
    return dict(t.extra.get(KEY) or {})


def pending_deed(t: Table, idx: int) -> tuple[int, str] | None:
    """(debt id, winner) of an unpaid bid on deed idx."""
    for did, (deed, winner) in pending(t).items():
        if deed == idx:
            return int(did), winner
    return None


def not_before_paid(rs: Ruleset, t: Table, idx: int) -> None:
    """Refuse to mortgage a deed won at auction and not yet paid for."""
    p = pending_deed(t, idx)
    if p:
        raise refuse(rs, "auction.declined", "refused.bid_unpaid", deed=rs.squares[idx].name, winner=p[1])


def hand_over(ev: Event, paid_ids: list[int]) -> None:
    """After a settlement: each paid bid's deed passes to its winner."""
    bids = pending(ev.t)
    for did in paid_ids:
        entry = bids.pop(str(did), None)
        if entry:
            ev.op(Owner(entry[0], entry[1]))
    if len(bids) != len(pending(ev.t)):
        ev.op(Extra(KEY, bids or None))
