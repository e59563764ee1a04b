"""A building shortage with competing demand (000 § LA ESCASEZ DE EDIFICIOS, 001
§ Escasez de construcciones, 003, 004 "¿Hay escasez de construcciones?").

When two or more players want more houses (or hotels) than the bank holds,
the bank auctions them (opening at `building.shortage_opening` where an
edition sets one); a single buyer, or demand the stock covers, buys at the
deed price; when the bank has none, nobody builds. Where the ruleset orders
the demand (`building.shortage_order`: the 1983 tournament option serves house
buyers before a player breaking hotels into houses only to drain the bank),
a hotel breaker's wish does not count against the buyers'.

The buildings are then built by `buildings.build` — the same call `referee
build` makes — at the deed price or at the winning bid. Nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.buildings import _may_build_on, build
from referee.core.checks import invalid, owner_of, refuse
from referee.core.events import Event
from referee.core.state import Table
from referee.errors import RefereeError
from referee.msg import Msg
from referee.ruleset.model import Ruleset


@dataclass
class Want:
    player: str
    houses: int = 0  # houses wanted from the bank
    hotels: int = 0  # hotels wanted from the bank
    breaks: int = 0  # hotels the player wants to break into houses (needs houses from the bank)


def demand(rs: Ruleset, wants: list[Want]) -> tuple[int, int, int]:
    """Houses wanted by buyers, houses wanted by hotel breakers, hotels wanted."""
    hh = rs.p.building.hotel_houses
    return sum(w.houses for w in wants), sum(w.breaks * hh for w in wants), sum(w.hotels for w in wants)


def may_build(rs: Ruleset, t: Table, player: str) -> bool:
    """Whether `player` may build anywhere (a whole colour group, unmortgaged as the edition asks): only such a
    player's demand counts in a shortage (001 § Escasez de construcciones: the players who wish to build)."""
    for i, d in t.deeds.items():
        if d.owner == player and rs.squares[i].kind == "lot":
            try:
                _may_build_on(rs, t, i)
            except RefereeError:
                continue
            return True
    return False


def shortage(rs: Ruleset, t: Table, wants: list[Want], idx: int, count: int = 1, hotel: bool = False,
             price: int | None = None, by: str | None = None) -> Event:
    """The player owning lot `idx` gets `count` buildings from the bank's short stock: at the deed price or the bid.
    `by`: who builds, when stated (only the owner may)."""
    sq = rs.squares[idx]
    owner = owner_of(rs, t, idx, "buy.printed_price", by, "building.full_group")
    if owner not in [w.player for w in wants]:
        raise invalid("invalid.shortage_owner", owner=owner, deed=sq.name)
    idle = sorted(w.player for w in wants if w.player != owner and not may_build(rs, t, w.player))
    wants = [w for w in wants if w.player not in idle]  # a wish to build where one may not is no demand
    houses, breaking, hotels = demand(rs, wants)
    order = rs.p.building.shortage_order
    what = "hotels" if hotel else "houses"
    stock = t.bank_hotels if hotel else t.bank_houses
    if stock < 1:
        raise refuse(rs, "building.shortage", "refused.shortage_none", what=what)
    if hotel:
        wanted, rivals = hotels, [w.player for w in wants if w.hotels]
    else:
        wanted, rivals = houses + breaking, [w.player for w in wants if w.houses or w.breaks]
        mine = next(w for w in wants if w.player == owner)
        if order == "houses_first" and breaking and not mine.breaks and houses <= stock:
            wanted, rivals = houses, [w.player for w in wants if w.houses]
    first = order == "houses_first" and breaking and not hotel
    contested = len(set(rivals)) >= 2 and wanted > stock
    if contested and price is None:
        raise refuse(rs, "building.shortage", "refused.shortage_auction", players=len(set(rivals)), wanted=wanted,
                     what=what, stock=stock)
    if not contested and price is not None:
        if len(set(rivals)) < 2:
            raise refuse(rs, "building.shortage", "refused.shortage_one_buyer", player=owner, idle=idle)
        raise refuse(rs, "building.shortage", "refused.shortage_no_auction", wanted=wanted, what=what, stock=stock)
    ev = build(rs, t, idx, count, hotel, price)

    head = [Msg("shortage.cannot_build", {"players": idle})] if idle else []
    head.append(Msg("shortage.demand", {"stock": stock, "what": what, "players": sorted(set(rivals)), "wanted": wanted}))
    if first:
        head.append(Msg("shortage.houses_first", {}))
    ev.steps[:0] = head
    ev.cite("building.shortage")
    ev.args["wants"] = [w.__dict__ for w in wants]
    return ev
