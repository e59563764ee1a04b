"""Selling hotels back outright, as the rulebooks allow besides breaking them into houses.

`rules.building.hotel_sale` lists the ways an edition lets a hotel go back to
the bank: `break` (a hotel becomes houses again, then houses come off evenly:
`buildings.sell_buildings`), `group` (every hotel of the colour group sold at
once, the group back to bare land) and `bare` (one hotel straight back to bare
land). An outright sale pays half the hotel's full cost: the hotel plus the
houses it stands for (`building.hotel_houses`), as 000 § VENTA DE PROPIEDADES
counts a hotel as five houses. Nothing here prints or writes.
"""

from __future__ import annotations

from referee.core.checks import not_over, owner_of, refuse
from referee.core.events import Event, new_event
from referee.core.ops import Buildings, Cash
from referee.core.state import BANK, Table
from referee.core.valuation import percent
from referee.ruleset.model import Ruleset, Square


def full_cost(rs: Ruleset, sq: Square) -> int:
    return rs.hotel_cost(sq) + rs.p.building.hotel_houses * rs.house_cost(sq)


def _bare_keeps_group_even(rs: Ruleset, t: Table, idx: int) -> None:
    """One hotel straight to bare land is uneven selling (001 § Vender propiedades: a house at a time, evenly, a
    hotel counting as five), whatever the bank holds: the group's other lots must be that low."""
    from referee.core.buildings import _level, above

    highs = above(rs, t, idx, 0)
    if highs:
        high = max(_level(rs, t.deeds[i]) for i in highs)
        names = [rs.squares[i].name for i in highs if _level(rs, t.deeds[i]) == high]
        raise refuse(rs, "building.even", "refused.sell_unevenly", deed=rs.squares[idx].name, highs=names, high=high, houses=0)


def sell_whole(rs: Ruleset, t: Table, idx: int, way: str, by: str | None = None) -> Event:
    """Sell outright: way 'group' (every hotel of the group) or 'bare' (this lot's hotel)."""
    not_over(rs, t)
    sq = rs.squares[idx]
    owner = owner_of(rs, t, idx, "building.sell", by)
    allowed = list(rs.p.building.hotel_sale)
    cite = "building.sell_hotel" if rs.has_clause("building.sell_hotel") else "building.sell"
    if way not in allowed:
        raise refuse(rs, cite, "refused.hotel_sale_way", ruleset=rs.id, way=way, ways=allowed)
    if not t.deeds[idx].hotel:
        raise refuse(rs, cite, "refused.no_hotel", deed=sq.name)
    lots = [idx]
    if way == "group":
        lots = [i for i in rs.group_members(sq.group or "") if t.deeds[i].built]
        houses_only = [rs.squares[i].name for i in lots if not t.deeds[i].hotel]
        if houses_only:
            raise refuse(rs, cite, "refused.group_not_all_hotels", lots=houses_only)
    if way == "bare" and rs.p.building.even_sell:
        _bare_keeps_group_even(rs, t, idx)
    ev = new_event(t, "sell", deed=idx, way=way, player=owner)
    pct = rs.p.building.sell_percent
    hotel_h = rs.p.building.hotel_houses
    payout = 0
    for i in lots:
        s = rs.squares[i]
        cost = full_cost(rs, s)
        got = percent(cost, pct)
        ev.op(Buildings(i, 0, False))
        ev.step("sell.hotel_whole", deed=s.name, percent=pct, value=cost, hotel=rs.hotel_cost(s), houses=hotel_h,
                house=rs.house_cost(s), got=got)
        payout += got
    ev.op(Cash(BANK, owner, payout))
    ev.amount = payout
    ev.say("sell.hotels_whole", player=owner, deeds=[rs.squares[i].name for i in lots], payout=payout)
    ev.cite("building.sell", cite)
    return ev
