"""Houses and hotels: building on a whole colour group, evenly, from the bank's stock; selling back."""

from __future__ import annotations

from referee.core.checks import (
    afford,
    cite_first,
    doing,
    invalid,
    no_debts,
    not_over,
    owner_of,
    refuse,
)
from referee.core.events import Event, new_event
from referee.core.ops import Buildings, Cash
from referee.core.state import BANK, Deed, Table
from referee.core.valuation import percent
from referee.errors import Refusal
from referee.ruleset.model import Ruleset, Square


def _level(rs: Ruleset, d: Deed) -> int:
    return rs.p.building.max_houses + 1 if d.hotel else d.houses


def above(rs: Ruleset, t: Table, idx: int, level: int) -> list[int]:
    """The group's other lots that would stand more than `building.max_difference` above lot `idx` at `level`
    (selling evenly: 001 § Vender propiedades, a hotel counting as five houses)."""
    sq = rs.squares[idx]
    diff = rs.p.building.max_difference
    return [i for i in rs.group_members(sq.group or "") if i != idx and _level(rs, t.deeds[i]) - level > diff]


# ---------------------------------------------------------------- building
def _may_build_on(rs: Ruleset, t: Table, idx: int, by: str | None = None) -> tuple[str, list[int]]:
    """Who builds on lot `idx` and its group's lots; refuses a non-lot, a split group, a mortgaged lot, a debtor."""
    sq = rs.squares[idx]
    if sq.kind != "lot":
        why = "building.lots_only" if rs.has_clause("building.lots_only") else "building.full_group"
        raise refuse(rs, why, "refused.not_a_lot", deed=sq.name)
    owner = owner_of(rs, t, idx, "building.full_group", by)
    members = rs.group_members(sq.group or "")
    if not all(t.deeds[i].owner == owner for i in members):
        others = [[rs.squares[i].name, t.deeds[i].owner] for i in members if t.deeds[i].owner != owner]
        raise refuse(rs, "building.full_group", "refused.split_group", player=owner, group=rs.group_name(sq.group or ""),
                     others=others)
    scope = rs.p.building.requires_unmortgaged
    blocked = [i for i in (members if scope == "group" else [idx]) if t.deeds[i].mortgaged]
    if blocked:
        raise refuse(rs, "building.mortgaged", "refused.build_mortgaged", deeds=[rs.squares[i].name for i in blocked],
                     group=scope == "group")
    no_debts(rs, t, owner, doing("building"))
    return owner, members


def _add_hotel(rs: Ruleset, ev: Event, idx: int, members: list[int]) -> int:
    """Put a hotel on the lot (its houses go back to the bank); returns its price."""
    sq = rs.squares[idx]
    hotel_h = rs.p.building.hotel_houses
    if ev.t.deeds[idx].houses < hotel_h:
        raise refuse(rs, "building.hotel", "refused.hotel_needs_houses", deed=sq.name, houses=hotel_h)
    if rs.p.building.hotel_requires == "every_lot":
        short = [rs.squares[i].name for i in members if not ev.t.deeds[i].hotel and ev.t.deeds[i].houses < hotel_h]
        if short:
            raise refuse(rs, "building.hotel", "refused.hotel_every_lot", houses=hotel_h, short=short)
    if ev.t.bank_hotels < 1:
        raise refuse(rs, "building.shortage", "refused.no_hotels")
    cost = rs.hotel_cost(sq)
    back = ev.t.deeds[idx].houses  # all of them go back, which may be more than the hotel needs (the short game's 3)
    ev.op(Buildings(idx, 0, True))
    ev.step("build.hotel", deed=sq.name, cost=cost, houses=back)
    return cost


def _add_house(rs: Ruleset, ev: Event, idx: int, members: list[int]) -> int:
    """Put one more house on the lot, keeping the group even; returns its price."""
    sq = rs.squares[idx]
    d = ev.t.deeds[idx]
    if ev.t.bank_houses < 1:
        raise refuse(rs, "building.shortage", "refused.no_houses")
    new_level = d.houses + 1
    if rs.p.building.even_build:
        others = [_level(rs, ev.t.deeds[i]) for i in members if i != idx]
        diff = rs.p.building.max_difference
        if others and new_level - min(others) > diff:
            lows = [rs.squares[i].name for i in members if i != idx and _level(rs, ev.t.deeds[i]) == min(others)]
            raise refuse(rs, "building.even", "refused.build_unevenly", deed=sq.name, level=new_level, lows=lows,
                         low=min(others))
    ev.op(Buildings(idx, new_level, False))
    return rs.house_cost(sq)


def _shortage_price(rs: Ruleset, ev: Event, price: int, cost: int) -> int:
    """Buildings bought at a shortage auction cost the winning bid, not the printed cost; the bidding opens at a
    fixed amount or, where `building.shortage_opening_at` is `deed`, at the printed cost of what is bought."""
    if rs.p.building.shortage_opening_at == "deed":
        minimum = cost
    else:
        minimum = rs.known(rs.p.building.shortage_opening, "the opening bid of a building shortage auction")
    if price < max(minimum, 1):
        raise refuse(rs, "building.shortage", "refused.shortage_opening", minimum=max(minimum, 1))
    ev.step("build.shortage_price", price=price, cost=cost)
    ev.cite("building.shortage")
    return price


def _hotel_by_itself(rs: Ruleset, t: Table, idx: int, count: int, hotel: bool, members: list[int]) -> bool:
    """Where the edition says so (the short game), one building on a lot that holds the hotel's houses is the hotel,
    if the hotel may stand there now (every lot ready, one in the bank); otherwise it stays a house."""
    if hotel or count != 1 or not rs.p.building.hotel_by_itself:
        return False
    d = t.deeds[idx]
    if d.hotel or d.houses < rs.p.building.hotel_houses or d.houses >= rs.p.building.max_houses:
        return False
    try:
        _add_hotel(rs, new_event(t, "build", deed=idx), idx, members)
    except Refusal:
        return False
    return True


def build(rs: Ruleset, t: Table, idx: int, count: int = 1, hotel: bool = False, price: int | None = None,
          by: str | None = None) -> Event:
    not_over(rs, t)
    if count < 1:
        raise invalid("invalid.build_count", count=count)
    sq = rs.squares[idx]
    owner, members = _may_build_on(rs, t, idx, by)
    if _hotel_by_itself(rs, t, idx, count, hotel, members):
        hotel = True
    ev = new_event(t, "build", deed=idx, count=count, hotel=hotel, player=owner, price=price)
    max_h = rs.p.building.max_houses
    hotel_h = rs.p.building.hotel_houses
    cost, houses, hotels = 0, 0, 0
    for _ in range(count):
        d = ev.t.deeds[idx]
        if d.hotel:
            raise refuse(rs, "building.hotel", "refused.has_hotel", deed=sq.name)
        if d.houses >= max_h or (hotel and d.houses >= hotel_h):
            if count > 1 and not hotel:  # "2 houses" onto 3 would be a fifth house, not a hotel asked for
                raise refuse(rs, cite_first(rs, "building.max", "building.hotel"), "refused.past_max_houses", deed=sq.name,
                             has=t.deeds[idx].houses, count=count, max=max_h)
            cost += _add_hotel(rs, ev, idx, members)
            hotels += 1
        else:
            cost += _add_house(rs, ev, idx, members)
            houses += 1
    if hotel and not hotels:  # asked for a hotel, got only houses: refuse rather than build something else
        raise refuse(rs, "building.hotel", "refused.hotel_needs_houses_has", deed=sq.name, houses=hotel_h,
                     has=t.deeds[idx].houses)
    if price is not None:
        cost = _shortage_price(rs, ev, price, cost)
    afford(rs, ev.t, owner, cost, doing("buildings"))
    ev.op(Cash(owner, BANK, cost))
    ev.amount = cost
    now = ev.t.deeds[idx]
    ev.say("build", player=owner, deed=sq.name, houses=houses, hotels=hotels, cost=cost,
           now_houses=now.houses, now_hotel=now.hotel)
    ev.cite("building.full_group", "building.even")
    if hotels:
        ev.cite("building.hotel")
    return ev


# ---------------------------------------------------------------- selling back
def _sell_hotel(rs: Ruleset, ev: Event, owner: str, idx: int, sq: Square, pct: int) -> int:
    """Break a hotel back into the houses the bank still has; returns what the bank pays."""
    hotel_h = rs.p.building.hotel_houses
    if rs.p.building.no_hotel_breaking_to_starve and not ev.t.debts_of(owner):
        raise refuse(rs, "building.shortage", "refused.hotel_breaking")
    give = min(hotel_h, ev.t.bank_houses)
    if give < hotel_h and rs.p.building.even_sell:  # a short bank breaks it lower: evenly, or not at all
        highs = above(rs, ev.t, idx, give)
        if highs:
            raise refuse(rs, cite_first(rs, "building.sell_hotel", "building.even"), "refused.hotel_break_uneven", deed=sq.name,
                         houses=give, highs=[rs.squares[i].name for i in highs])
    value_ = rs.hotel_cost(sq) + (hotel_h - give) * rs.house_cost(sq)
    got = percent(value_, pct)
    ev.op(Buildings(idx, give, False))
    ev.step("sell.hotel", deed=sq.name, percent=pct, value=value_, got=got, houses=give)
    return got


def _sell_house(rs: Ruleset, ev: Event, idx: int, sq: Square, members: list[int], pct: int) -> int:
    """Sell one house back, keeping the group even; returns what the bank pays."""
    d = ev.t.deeds[idx]
    if rs.p.building.even_sell:
        others = [_level(rs, ev.t.deeds[i]) for i in members if i != idx]
        diff = rs.p.building.max_difference
        if others and max(others) - (d.houses - 1) > diff:
            highs = [rs.squares[i].name for i in members if i != idx and _level(rs, ev.t.deeds[i]) == max(others)]
            raise refuse(rs, "building.even", "refused.sell_unevenly", deed=sq.name, highs=highs, high=max(others),
                         houses=d.houses)
    got = percent(rs.house_cost(sq), pct)
    ev.op(Buildings(idx, d.houses - 1, False))
    ev.step("sell.house", deed=sq.name, percent=pct, value=rs.house_cost(sq), got=got)
    return got


def sell_buildings(rs: Ruleset, t: Table, idx: int, count: int = 1, by: str | None = None) -> Event:
    not_over(rs, t)
    if count < 1:
        raise invalid("invalid.sell_count", count=count)
    sq = rs.squares[idx]
    owner = owner_of(rs, t, idx, "building.sell", by)
    members = rs.group_members(sq.group or "")
    ev = new_event(t, "sell", deed=idx, count=count, player=owner)
    pct = rs.p.building.sell_percent
    payout = 0
    for _ in range(count):
        d = ev.t.deeds[idx]
        if not d.built:
            raise refuse(rs, "building.sell", "refused.nothing_to_sell", deed=sq.name)
        payout += _sell_hotel(rs, ev, owner, idx, sq, pct) if d.hotel else _sell_house(rs, ev, idx, sq, members, pct)
    ev.op(Cash(BANK, owner, payout))
    ev.amount = payout
    now = ev.t.deeds[idx]
    ev.say("sell", player=owner, deed=sq.name, count=count, payout=payout, now_houses=now.houses, now_hotel=now.hotel)
    ev.cite("building.sell")
    return ev
