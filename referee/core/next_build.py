"""The next legal building step on a lot, said after each `build` (issue 18: a 4-house lot says a hotel is next).

The same rules as `actions.build`, read forwards: the group's evenness, the
houses a hotel needs (on that lot or on every lot), the bank's stock, and a
hotel as the last step. Returns a sentence, or None for a lot nothing can be
built on. Pure: no printing, no files.
"""

from __future__ import annotations

from referee.core.state import Table
from referee.ruleset.model import Ruleset


def _level(rs: Ruleset, d) -> int:
    return rs.param("building.max_houses") + 1 if d.hotel else d.houses


def next_step(rs: Ruleset, t: Table, idx: int) -> str | None:
    sq = rs.squares[idx]
    d = t.deeds.get(idx)
    if sq.kind != "lot" or d is None or d.owner is None:
        return None
    name, fmt = sq.name, rs.fmt
    if d.hotel:
        return f"{name} has a hotel: nothing more can be built on it"
    members = rs.group_members(sq.group or "")
    max_h, hotel_h = rs.param("building.max_houses"), rs.param("building.hotel_houses")
    others = [i for i in members if i != idx]
    if d.houses >= max_h or d.houses >= hotel_h:
        short = []
        if rs.param("building.hotel_requires") == "every_lot":
            short = [rs.squares[i].name for i in others if not t.deeds[i].hotel and t.deeds[i].houses < hotel_h]
        hotel = f"a hotel for {fmt(rs.hotel_cost(sq))}, its {hotel_h} houses going back to the bank"
        if short:
            return f"next on {name}: {hotel}, once {', '.join(short)} also ha{'s' if len(short) == 1 else 've'} {hotel_h} houses"
        if t.bank_hotels < 1:
            return f"next on {name}: {hotel}, when the bank has one again (none left)"
        if d.houses >= max_h:
            return f"next on {name}: {hotel} (build {name})"
        house = f"a house for {fmt(rs.house_cost(sq))}"
        return f"next on {name}: {house} (build {name}), or {hotel} (build {name} --hotel)"
    house = f"a house for {fmt(rs.house_cost(sq))}"
    if rs.param("building.even_build") and others:
        levels = [_level(rs, t.deeds[i]) for i in others]
        if d.houses + 1 - min(levels) > rs.param("building.max_difference"):
            lows = [rs.squares[i].name for i in others if _level(rs, t.deeds[i]) == min(levels)]
            return f"next: {house} on {' or '.join(lows)} first (houses go up evenly across the group)"
    if t.bank_houses < 1:
        return f"next on {name}: {house}, when the bank has one again (none left)"
    return f"next on {name}: {house} (build {name})"
