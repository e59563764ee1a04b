"""A building shortage with competing demand (000 § LA ESCASEZ DE EDIFICIOS, 001
§ Escasez de construcciones, 003, 004 "¿Hay escasez de construcciones?").

When two or more players want more houses (or hotels) than the bank holds,
the bank auctions them (opening at `building.shortage_opening` where an
edition sets one); a single buyer, or demand the stock covers, buys at the
deed price; when the bank has none, nobody builds. Where the ruleset orders
the demand (`building.shortage_order`: the 1983 tournament option serves house
buyers before a player breaking hotels into houses only to drain the bank),
a hotel breaker's wish does not count against the buyers'.

The buildings are then built by `actions.build` — the same call `referee
build` makes — at the deed price or at the winning bid. Nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core import actions
from referee.core.state import Table
from referee.errors import InputError, Refusal
from referee.ruleset.model import Ruleset


@dataclass
class Want:
    player: str
    houses: int = 0  # houses wanted from the bank
    hotels: int = 0  # hotels wanted from the bank
    breaks: int = 0  # hotels the player wants to break into houses (needs houses from the bank)


def demand(rs: Ruleset, wants: list[Want]) -> tuple[int, int, int]:
    """Houses wanted by buyers, houses wanted by hotel breakers, hotels wanted."""
    hh = rs.param("building.hotel_houses")
    return sum(w.houses for w in wants), sum(w.breaks * hh for w in wants), sum(w.hotels for w in wants)


def shortage(rs: Ruleset, t: Table, wants: list[Want], idx: int, count: int = 1, hotel: bool = False,
             price: int | None = None) -> actions.Event:
    """The player owning lot `idx` gets `count` buildings from the bank's short stock: at the deed price or the bid."""
    sq = rs.squares[idx]
    owner = actions._owner(rs, t, idx)
    if owner not in [w.player for w in wants]:
        raise InputError(f"{owner} owns {sq.name} but is not among the players who want buildings")
    houses, breaking, hotels = demand(rs, wants)
    order = rs.param("building.shortage_order")
    what = "hotels" if hotel else "houses"
    stock = t.bank_hotels if hotel else t.bank_houses
    if stock < 1:
        raise Refusal(f"the bank has no {what} left: nobody builds until some are sold back", rs.cite("building.shortage"))
    if hotel:
        wanted, rivals = hotels, [w.player for w in wants if w.hotels]
    else:
        wanted, rivals = houses + breaking, [w.player for w in wants if w.houses or w.breaks]
        mine = next(w for w in wants if w.player == owner)
        if order == "houses_first" and breaking and not mine.breaks and houses <= stock:
            wanted, rivals = houses, [w.player for w in wants if w.houses]
    steps = [f"the bank holds {stock} {what}; {', '.join(rivals) or 'nobody'} want(s) {wanted}"]
    if order == "houses_first" and breaking and not hotel:
        steps.append("tournament order: house buyers are served before a player breaking hotels into houses")
    contested = len(set(rivals)) >= 2 and wanted > stock
    if contested and price is None:
        raise Refusal(
            f"{len(set(rivals))} players want {wanted} {what} and the bank holds {stock}: they are auctioned to the "
            "highest bidder (give the winning bid)", rs.cite("building.shortage"))
    if not contested and price is not None:
        raise Refusal(
            f"no auction: the bank's {stock} {what} cover what is wanted ({wanted}), or only one player wants them; "
            "they are bought at the price on the deed", rs.cite("building.shortage"))
    ev = actions.build(rs, t, idx, count, hotel, price)
    ev.steps[:0] = steps
    ev.cite("building.shortage")
    ev.args["wants"] = [w.__dict__ for w in wants]
    if contested:
        ev.text += " (won at the shortage auction)"
    return ev
