"""The next legal building step on a lot, said after each `build` (issue 18: a 4-house lot says a hotel is next).

The same rules as `buildings.build`, read forwards: the group's evenness, the
houses a hotel needs (on that lot or on every lot), the bank's stock, and a
hotel as the last step. Returns a message (worded in referee/words/messages.py), or
None for a lot nothing can be built on. Pure: no printing, no files.
"""

from __future__ import annotations

from referee.core.state import Table
from referee.msg import Msg
from referee.ruleset.model import Ruleset


def _level(rs: Ruleset, d) -> int:
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
        return Msg("next_build.hotel" if d.houses >= max_h or by_itself else "next_build.house_or_hotel", hotel)
    if rs.p.building.even_build and others:
        levels = [_level(rs, t.deeds[i]) for i in others]
        if d.houses + 1 - min(levels) > rs.p.building.max_difference:
            lows = [rs.squares[i].name for i in others if _level(rs, t.deeds[i]) == min(levels)]
            return Msg("next_build.evenly", {"house": rs.house_cost(sq), "lows": lows})
    if t.bank_houses < 1:
        return Msg("next_build.house_none_left", {"deed": name, "house": rs.house_cost(sq)})
    return Msg("next_build.house", {"deed": name, "house": rs.house_cost(sq)})
