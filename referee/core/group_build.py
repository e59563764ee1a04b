"""Houses by the group: `build GROUP to N` / `sell GROUP to N` as one move.

A banker spreading houses over a colour group does by hand what the even-build
rule asks: one house at a time on the lowest lot (selling: from the highest).
This does the same walk with the very steps `buildings.build` and
`buildings.sell_buildings` take (`_add_house`, `_add_hotel`, `_sell_house`,
`_sell_hotel`), so every rule they check still holds, but the bank's stock is
checked first for the whole plan (a shortage refuses the move before any
house is placed) and the move is one event: one line, one undo. Pure.
"""

from __future__ import annotations

from typing import Any

from referee.core.buildings import _add_hotel, _add_house, _level, _may_build_on, _sell_hotel, _sell_house
from referee.core.checks import afford, doing, invalid, not_over, owner_of, refuse
from referee.core.events import Event, new_event
from referee.core.ops import Cash
from referee.core.state import BANK, Table
from referee.ruleset.model import Ruleset

HOTEL = "hotel"


def _lots(rs: Ruleset, before: Table, after: Table, members: list[int]) -> list[dict[Any, Any]]:
    """Each lot of the group: what it had, what it has now."""
    return [{"deed": rs.squares[i].name, "was": before.deeds[i].houses, "was_hotel": before.deeds[i].hotel,
             "houses": after.deeds[i].houses, "hotel": after.deeds[i].hotel} for i in members]


def build_group(rs: Ruleset, t: Table, idx: int, target: int | str) -> Event:
    """Bring every lot of `idx`'s group to `target` houses (or "hotel"), evenly, in one move."""
    not_over(rs, t)
    sq = rs.squares[idx]
    owner, members = _may_build_on(rs, t, idx)
    group = rs.group_name(sq.group or "")
    max_h, hotel_h = rs.p.building.max_houses, rs.p.building.hotel_houses
    hotel = target == HOTEL
    level = max_h + 1 if hotel else int(target)
    if not hotel and not 1 <= level <= max_h:
        raise invalid("invalid.group_target", target=target, max=max_h)
    above = [rs.squares[i].name for i in members if _level(rs, t.deeds[i]) > level]
    if above:
        raise invalid("invalid.group_above", group=group, deeds=above, target=target)
    houses_to = hotel_h if hotel else level
    need_houses = sum(max(0, houses_to - t.deeds[i].houses) for i in members if not t.deeds[i].hotel)
    need_hotels = sum(1 for i in members if not t.deeds[i].hotel) if hotel else 0
    if not need_houses and not need_hotels:
        raise invalid("invalid.group_there", group=group, target=target)
    for i in members:  # every lot that gets a building passes the checks a single build makes (a mortgaged lot…)
        if not t.deeds[i].hotel and (t.deeds[i].houses < houses_to or hotel):
            _may_build_on(rs, t, i)
    if need_houses > t.bank_houses or need_hotels > t.bank_hotels:
        raise refuse(rs, "building.shortage", "refused.group_stock", group=group, target=target, houses=need_houses,
                     hotels=need_hotels, bank_houses=t.bank_houses, bank_hotels=t.bank_hotels)
    ev = new_event(t, "build", group=sq.group, to=target, deed=None, player=owner)
    cost = 0
    while True:  # one house at a time on the lowest lot, as the even rule asks
        low = [i for i in members if not ev.t.deeds[i].hotel and ev.t.deeds[i].houses < houses_to]
        if not low:
            break
        i = min(low, key=lambda j: ev.t.deeds[j].houses)
        cost += _add_house(rs, ev, i, members)
    if hotel:
        for i in members:
            if not ev.t.deeds[i].hotel:
                cost += _add_hotel(rs, ev, i, members)
        ev.cite("building.hotel")
    afford(rs, ev.t, owner, cost, doing("buildings"))
    ev.op(Cash(owner, BANK, cost))
    ev.amount = cost
    lots = _lots(rs, t, ev.t, members)
    ev.say("build.group", player=owner, group=group, houses=need_houses, hotels=need_hotels, cost=cost, lots=lots)
    for lot in lots:
        ev.step("build.group.lot", deed=lot["deed"], was=lot["was"], was_hotel=lot["was_hotel"], houses=lot["houses"],
                hotel=lot["hotel"])
    ev.cite("building.full_group", "building.even")
    return ev


def sell_group(rs: Ruleset, t: Table, idx: int, target: int) -> Event:
    """Bring every lot of `idx`'s group down to `target` houses, evenly (from the highest lot), in one move."""
    not_over(rs, t)
    sq = rs.squares[idx]
    owner = owner_of(rs, t, idx, "building.sell")
    members = rs.group_members(sq.group or "")
    group = rs.group_name(sq.group or "")
    max_h = rs.p.building.max_houses
    if not 0 <= target <= max_h:
        raise invalid("invalid.group_target", target=target, max=max_h)
    if not any(_level(rs, t.deeds[i]) > target for i in members):
        raise invalid("invalid.group_there", group=group, target=target)
    ev = new_event(t, "sell", group=sq.group, to=target, deed=None, player=owner)
    pct = rs.p.building.sell_percent
    payout, houses, hotels = 0, 0, 0
    while True:  # from the highest lot down, as the even rule asks
        high = [i for i in members if _level(rs, ev.t.deeds[i]) > target]
        if not high:
            break
        i = max(high, key=lambda j: _level(rs, ev.t.deeds[j]))
        d = ev.t.deeds[i]
        if d.hotel:
            payout += _sell_hotel(rs, ev, owner, i, rs.squares[i], pct)
            hotels += 1
        else:
            payout += _sell_house(rs, ev, i, rs.squares[i], members, pct)
            houses += 1
    ev.op(Cash(BANK, owner, payout))
    ev.amount = payout
    ev.say("sell.group", player=owner, group=group, houses=houses, hotels=hotels, payout=payout, lots=_lots(rs, t, ev.t, members))
    ev.cite("building.sell")
    return ev
