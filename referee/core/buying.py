"""Buying from the bank at the printed price, and the auction of a deed nobody buys."""

from __future__ import annotations

from typing import Final

from referee.core.checks import (
    active,
    afford,
    cite_first,
    doing,
    invalid,
    no_debts,
    not_over,
    refuse,
)
from referee.core.events import Event, new_event
from referee.core.ops import Cash, Extra, Owner
from referee.core.state import BANK, Table
from referee.ruleset.model import Ruleset

AUCTIONS: Final = "bank_auctions"  # t.extra: the deeds a bankruptcy to the bank handed over, to be auctioned


def to_auction(ev: Event, deeds: list[int]) -> None:
    """The bank auctions these deeds (a bankruptcy to it): none is sold at its printed price meanwhile."""
    ev.op(Extra(AUCTIONS, sorted(set(ev.t.extra.get(AUCTIONS) or []) | set(deeds))))


def auctioned(ev: Event, idx: int) -> None:
    """Deed `idx` has had its auction: off the bank's list."""
    left = [i for i in ev.t.extra.get(AUCTIONS) or [] if i != idx]
    if len(left) != len(ev.t.extra.get(AUCTIONS) or []):
        ev.op(Extra(AUCTIONS, left or None))


def buy(rs: Ruleset, t: Table, player: str, idx: int) -> Event:
    not_over(rs, t)
    active(rs, t, player)
    sq = rs.squares[idx]
    if not sq.is_deed:
        raise invalid("invalid.not_buyable", deed=sq.name)
    owner = t.deeds[idx].owner
    if owner is not None:
        raise refuse(rs, "buy.printed_price", "refused.owned", deed=sq.name, owner=owner)
    if idx in (t.extra.get(AUCTIONS) or []):
        raise refuse(rs, cite_first(rs, "bankruptcy.to_bank", "auction.declined"), "refused.bank_auctions", deed=sq.name)
    no_debts(rs, t, player, doing("buying"))
    price = rs.price(sq)
    afford(rs, t, player, price, doing("deed", deed=sq.name))
    ev = new_event(t, "buy", player=player, deed=idx)
    ev.op(Cash(player, BANK, price))
    ev.op(Owner(idx, player))
    ev.amount = price
    ev.say("buy", player=player, deed=sq.name, price=price)
    ev.step("buy.printed_price", deed=sq.name, price=price)
    ev.cite("buy.printed_price")
    return ev


def auction_minimum(rs: Ruleset, idx: int) -> tuple[int, str]:
    """The lowest winning bid and the ruleset's opening rule it comes from (printed_price, fixed or any)."""
    opening = rs.p.auction.opening
    if opening == "printed_price":
        return rs.price(rs.squares[idx]), "printed_price"
    if opening == "fixed":
        return rs.known(rs.p.auction.opening_amount, "the auction's fixed opening bid"), "fixed"
    return 1, "any"


def auctionable(rs: Ruleset, t: Table, idx: int) -> None:
    """A deed the bank may auction now: a property, auctions played, still the bank's (else a cited refusal)."""
    not_over(rs, t)
    sq = rs.squares[idx]
    if not sq.is_deed:
        raise invalid("invalid.not_a_property", deed=sq.name)
    if not rs.p.auction.enabled:
        raise refuse(rs, "auction.declined", "refused.no_auctions")
    if t.deeds[idx].owner is not None:
        raise refuse(rs, "auction.declined", "refused.auction_owned", deed=sq.name, owner=t.deeds[idx].owner)


def auction(rs: Ruleset, t: Table, winner: str, idx: int, price: int) -> Event:
    auctionable(rs, t, idx)
    active(rs, t, winner)
    sq = rs.squares[idx]
    if price <= 0:
        raise invalid("invalid.bid", price=price)
    minimum, why = auction_minimum(rs, idx)
    if price < minimum:
        raise refuse(rs, "auction.declined", "refused.bid_too_low", opening=why, minimum=minimum, price=price)
    no_debts(rs, t, winner, doing("bidding"))
    afford(rs, t, winner, price, doing("winning_bid", deed=sq.name))
    ev = new_event(t, "auction", player=winner, deed=idx, price=price)
    ev.op(Cash(winner, BANK, price))
    ev.op(Owner(idx, winner))
    auctioned(ev, idx)
    ev.amount = price
    ev.say("auction", player=winner, deed=sq.name, price=price)
    ev.step("auction.opening", opening=why, minimum=minimum)
    ev.cite("auction.declined", *(["auction.opening"] if rs.has_clause("auction.opening") else []))
    return ev
