"""Selling hotels back outright, as the rulebooks allow besides breaking them into houses.

`rules.building.hotel_sale` lists the ways an edition lets a hotel go back to
the bank: `break` (a hotel becomes houses again, then houses come off evenly:
`actions.sell_buildings`), `group` (every hotel of the colour group sold at
once, the group back to bare land) and `bare` (one hotel straight back to bare
land). An outright sale pays half the hotel's full cost: the hotel plus the
houses it stands for (`building.hotel_houses`), as 000 § VENTA DE PROPIEDADES
counts a hotel as five houses. Nothing here prints or writes.
"""

from __future__ import annotations

from referee.core import actions
from referee.core.state import BANK, Table
from referee.core.valuation import percent
from referee.errors import Refusal
from referee.ruleset.model import Ruleset

WAYS = {"group": "all the hotels of a colour group at once", "bare": "a hotel straight back to bare land"}


def full_cost(rs: Ruleset, sq) -> int:
    return rs.hotel_cost(sq) + rs.param("building.hotel_houses") * rs.house_cost(sq)


def sell_whole(rs: Ruleset, t: Table, idx: int, way: str) -> actions.Event:
    """Sell outright: way 'group' (every hotel of the group) or 'bare' (this lot's hotel)."""
    actions._not_over(rs, t)
    sq = rs.squares[idx]
    owner = actions._owner(rs, t, idx)
    allowed = rs.param("building.hotel_sale")
    cite = "building.sell_hotel" if rs.has_clause("building.sell_hotel") else "building.sell"
    if way not in allowed:
        how = " or ".join(WAYS.get(w, "a hotel broken into houses, one at a time") for w in allowed)
        raise Refusal(f"{rs.id} does not sell {WAYS[way]}: a hotel goes back as {how}", rs.cite(cite))
    if not t.deeds[idx].hotel:
        raise Refusal(f"{sq.name} has no hotel to sell", rs.cite(cite))
    lots = [idx]
    if way == "group":
        members = rs.group_members(sq.group or "")
        lots = [i for i in members if t.deeds[i].built]
        houses_only = [rs.squares[i].name for i in lots if not t.deeds[i].hotel]
        if houses_only:
            raise Refusal(f"the group is not all hotels ({', '.join(houses_only)} has houses): sell those first",
                          rs.cite(cite))
    ev = actions._event(t, "sell", deed=idx, way=way, player=owner)
    pct = rs.param("building.sell_percent")
    payout = 0
    for i in lots:
        s = rs.squares[i]
        cost = full_cost(rs, s)
        got = percent(cost, pct)
        ev.op("buildings", i, 0, False)
        ev.steps.append(
            f"hotel on {s.name}: {pct} % of {rs.fmt(cost)} (hotel {rs.fmt(rs.hotel_cost(s))} + "
            f"{rs.param('building.hotel_houses')} houses at {rs.fmt(rs.house_cost(s))}) = {rs.fmt(got)}"
        )
        payout += got
    ev.op("cash", BANK, owner, payout)
    ev.amount = payout
    names = ", ".join(rs.squares[i].name for i in lots)
    ev.text = f"{owner} sells the hotel(s) on {names} outright to the bank for {rs.fmt(payout)}; bare land again"
    ev.cite("building.sell", cite)
    return ev
