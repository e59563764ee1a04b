"""Named valuation methods (net worth, short game, liquidation…) applied to a player.

The method is data in the ruleset (`valuations:`); this module only knows the
handful of ways a deed or a building can be counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.state import Table
from referee.ruleset.model import Ruleset


def percent(amount: int, pct: int, rounding: str = "down") -> int:
    """pct % of amount in whole currency units, rounded as the ruleset says."""
    num = amount * pct
    q, r = divmod(num, 100)
    if r == 0 or rounding == "down":
        return q
    if rounding == "up":
        return q + 1
    return q + (1 if r * 2 >= 100 else 0)  # half_up


@dataclass
class Valuation:
    player: str
    method: str
    cash: int = 0
    deeds: int = 0
    mortgaged_deeds: int = 0
    houses: int = 0
    hotels: int = 0
    lines: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.cash + self.deeds + self.mortgaged_deeds + self.houses + self.hotels

    def components(self) -> dict[str, int]:
        return {
            "cash": self.cash,
            "deeds": self.deeds,
            "mortgaged_deeds": self.mortgaged_deeds,
            "houses": self.houses,
            "hotels": self.hotels,
        }


def _deed_value(rs: Ruleset, sq, how: str) -> int:
    if how == "price":
        return rs.price(sq)
    if how == "half_price":
        return rs.price(sq) // 2
    if how == "mortgage_value":
        return rs.mortgage_value(sq)
    return 0


def value(rs: Ruleset, t: Table, player: str, method: str) -> Valuation:
    m = rs.valuation(method)
    p = t.player(player)
    v = Valuation(player, method)
    fmt = rs.fmt
    if m.get("cash", True):
        v.cash = p.cash
        v.lines.append(f"cash {fmt(p.cash)}")
    sell_pct = rs.param("building.sell_percent", 50)
    hotel_houses = rs.param("building.hotel_houses", 4)
    for idx in t.owned_by(player):
        sq = rs.squares[idx]
        d = t.deeds[idx]
        if d.mortgaged:
            x = _deed_value(rs, sq, m["mortgaged_deed"])
            v.mortgaged_deeds += x
            v.lines.append(f"{sq.name} (mortgaged) {fmt(x)}")
        else:
            x = _deed_value(rs, sq, m["deed"])
            v.deeds += x
            v.lines.append(f"{sq.name} {fmt(x)}")
        if d.houses and m["house"] != "none":
            each = rs.house_cost(sq)
            if m["house"] == "half_cost":
                each = percent(each, sell_pct)
            v.houses += d.houses * each
            v.lines.append(f"{d.houses} house(s) on {sq.name} at {fmt(each)} = {fmt(d.houses * each)}")
        if d.hotel and m["hotel"] != "none":
            cost = rs.hotel_cost(sq)
            if m["hotel"] in ("cost_with_houses", "half_cost_with_houses"):
                cost += hotel_houses * rs.house_cost(sq)
            if m["hotel"].startswith("half"):
                cost = percent(cost, sell_pct)
            v.hotels += cost
            detail = f" (with the {hotel_houses} houses turned in)" if "with_houses" in m["hotel"] else ""
            v.lines.append(f"hotel on {sq.name}{detail} {fmt(cost)}")
    return v


def liquidation(rs: Ruleset, t: Table, player: str) -> tuple[int, list[str]]:
    """What a player could raise beyond cash: buildings sold at the bank's price, unmortgaged deeds mortgaged."""
    sell_pct = rs.param("building.sell_percent", 50)
    hotel_houses = rs.param("building.hotel_houses", 4)
    total, lines = 0, []
    for idx in t.owned_by(player):
        sq = rs.squares[idx]
        d = t.deeds[idx]
        if d.houses:
            x = d.houses * percent(rs.house_cost(sq), sell_pct)
            total += x
            lines.append(f"sell {d.houses} house(s) on {sq.name}: {rs.fmt(x)}")
        if d.hotel:
            x = percent(rs.hotel_cost(sq) + hotel_houses * rs.house_cost(sq), sell_pct)
            total += x
            lines.append(f"sell the hotel on {sq.name}: {rs.fmt(x)}")
        if not d.mortgaged:
            x = rs.mortgage_value(sq)
            total += x
            lines.append(f"mortgage {sq.name}: {rs.fmt(x)}")
    return total, lines
