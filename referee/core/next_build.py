"""The next legal building step on a lot, said after each `build` (issue 18: a 4-house lot says a hotel is next).

What it says is worked out forwards (the group's evenness, the houses a hotel
needs, on that lot or on every lot, the bank's stock, a hotel as the last step),
and what it offers is then tried as the move itself (`buildings.build` on a
scratch copy), so a hint never offers a build the rules refuse: a mortgaged
lot, a debt, cash short of the price say so with their clause. Returns a message
(worded in referee/words/), or None for a lot nothing can be built on. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.state import Table
from referee.errors import Refusal
from referee.msg import Msg
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.core.state import Deed



def _offered(rs: Ruleset, t: Table, idx: int, said: Msg, hotel: bool = False) -> Msg:
    """`said`, if the move it offers is legal now; else why not, as the move itself would be refused."""
    from referee.core import buildings

    try:
        buildings.build(rs, t, idx, 1, hotel)
    except Refusal as r:
        return Msg("next_build.not_now", {"deed": rs.squares[idx].name, "why": r.msg.to_dict() if r.msg else r.message})
    return said


def _level(rs: Ruleset, d: Deed) -> int:
    return rs.p.building.max_houses + 1 if d.hotel else d.houses


def next_step(rs: Ruleset, t: Table, idx: int) -> Msg | None:
    sq = rs.squares[idx]
    d = t.deeds.get(idx)
    if sq.kind != "lot" or d is None or d.owner is None:
        return None
    name = sq.name
    if d.hotel:
        return Msg("next_build.full", {"deed": name})
    members = rs.group_members(sq.group or "")
    max_h, hotel_h = rs.p.building.max_houses, rs.p.building.hotel_houses
    others = [i for i in members if i != idx]
    hotel = {"deed": name, "hotel": rs.hotel_cost(sq), "houses": hotel_h, "house": rs.house_cost(sq), "back": d.houses}
    if d.houses >= max_h or d.houses >= hotel_h:
        short: list[str] = []
        if rs.p.building.hotel_requires == "every_lot":
            short = [rs.squares[i].name for i in others if not t.deeds[i].hotel and t.deeds[i].houses < hotel_h]
        if short:
            return Msg("next_build.hotel_once", dict(hotel, short=short))
        if t.bank_hotels < 1:
            return Msg("next_build.hotel_none_left", hotel)
        by_itself = rs.p.building.hotel_by_itself  # the short game: a plain build is the hotel
        only_hotel = d.houses >= max_h or by_itself
        return _offered(rs, t, idx, Msg("next_build.hotel" if only_hotel else "next_build.house_or_hotel", hotel), hotel=only_hotel)
    if rs.p.building.even_build and others:
        levels = [_level(rs, t.deeds[i]) for i in others]
        if d.houses + 1 - min(levels) > rs.p.building.max_difference:
            low = [i for i in others if _level(rs, t.deeds[i]) == min(levels)]
            return _offered(rs, t, low[0], Msg("next_build.evenly", {"house": rs.house_cost(sq), "lows": [rs.squares[i].name for i in low]}))
    if t.bank_houses < 1:
        return Msg("next_build.house_none_left", {"deed": name, "house": rs.house_cost(sq)})
    return _offered(rs, t, idx, Msg("next_build.house", {"deed": name, "house": rs.house_cost(sq)}))
