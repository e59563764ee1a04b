"""Named valuation methods (net worth, short game, liquidation…) applied to a player.

The method is data in the ruleset (`valuations:`); this module only knows the
handful of ways a deed or a building can be counted:

- deeds and mortgaged deeds: ``price`` (printed price), ``half_price``,
  ``mortgage_value``, ``price_less_mortgage`` (a running count: mortgaging changes nothing) or ``none``;
- houses: ``cost`` (what the bank sells them for), ``half_cost`` (the bank's
  buy-back share, rules.building.sell_percent) or ``none``;
- hotels: ``cost`` (the hotel price alone), ``cost_with_houses`` (the hotel
  price plus the rules.building.hotel_houses houses turned in for it: four in
  the normal game, three in the short game), ``half_cost_with_houses`` or
  ``none``.

Every amount is an int in the edition's currency units.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.core.state import Table
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.ruleset.model import Square


COMPONENTS = ("cash", "deeds", "mortgaged_deeds", "houses", "hotels")


def percent(amount: int, pct: int, rounding: str = "down") -> int:
    """pct % of amount in whole currency units, rounded as the ruleset says."""
    num = amount * pct
    q, r = divmod(num, 100)
    if r == 0 or rounding == "down":
        return q
    if rounding == "up":
        return q + 1
    return q + (1 if r * 2 >= 100 else 0)  # half_up


@dataclass(frozen=True)
class Item:
    """One counted thing: which component it adds to, what it is, how it was valued."""

    component: str  # one of COMPONENTS
    label: str  # the deed's name ("cash" for cash)
    how: str  # "" for a plain amount, "2 × $200" for houses, "$200 + 4 × $200" for a hotel
    amount: int


@dataclass
class Valuation:
    player: str
    method: str
    cash: int = 0
    deeds: int = 0
    mortgaged_deeds: int = 0
    houses: int = 0
    hotels: int = 0
    items: list[Item] = field(default_factory=list)
    bases: dict[str, str] = field(default_factory=dict)  # component -> "at printed price"…
    fmt: Callable[[int], str] | None = None  # the ruleset's money formatter, for `lines`

    @property
    def total(self) -> int:
        return self.cash + self.deeds + self.mortgaged_deeds + self.houses + self.hotels

    def components(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in COMPONENTS}

    def items_of(self, component: str) -> list[Item]:
        return [i for i in self.items if i.component == component]

    def breakdown(self) -> list[dict[Any, Any]]:
        """The breakdown as plain rows, one per counted component (the renderer words them):
        {"component", "total", "basis", "items": [[label, how, amount], …]}."""
        return [{"component": comp, "total": getattr(self, comp), "basis": self.bases.get(comp, ""),
                 "items": [[i.label, i.how, i.amount] for i in self.items_of(comp)]}
                for comp in COMPONENTS if self.items_of(comp)]

    def as_dict(self) -> dict[Any, Any]:
        return {
            "name": self.player,
            "total": self.total,
            "components": self.components(),
            "items": [{"component": i.component, "label": i.label, "how": i.how, "amount": i.amount} for i in self.items],
        }


_DEED_BASIS = {
    "price": "at printed price",
    "half_price": "at half the printed price",
    "mortgage_value": "at mortgage value",
    "price_less_mortgage": "at printed price less what the mortgage raised",
}


def _deed_value(rs: Ruleset, sq: Square, how: str) -> int:
    if how == "price":
        return rs.price(sq)
    if how == "half_price":
        return rs.price(sq) // 2
    if how == "mortgage_value":
        return rs.mortgage_value(sq)
    if how == "price_less_mortgage":  # the mortgage's cash is counted as cash: mortgaging leaves the total as it was
        return rs.price(sq) - rs.mortgage_value(sq)
    return 0


def bases(rs: Ruleset, method: str) -> dict[str, str]:
    """How each component is counted by a method, in words (for headers and breakdowns)."""
    m = rs.valuation(method)
    sell_pct = rs.p.building.sell_percent
    hotel_houses = rs.p.building.hotel_houses
    out: dict[str, str] = {}
    if m.get("cash", True):
        out["cash"] = ""
    if m["deed"] in _DEED_BASIS:
        out["deeds"] = _DEED_BASIS[m["deed"]]
    if m["mortgaged_deed"] in _DEED_BASIS:
        out["mortgaged_deeds"] = _DEED_BASIS[m["mortgaged_deed"]]
    if m["house"] == "cost":
        out["houses"] = "at cost"
    elif m["house"] == "half_cost":
        out["houses"] = f"at {sell_pct} % of cost"
    if m["hotel"] == "cost":
        out["hotels"] = "at the hotel price"
    elif m["hotel"] == "cost_with_houses":
        out["hotels"] = f"at cost with the {hotel_houses} houses turned in"
    elif m["hotel"] == "half_cost_with_houses":
        out["hotels"] = f"at {sell_pct} % of cost with the {hotel_houses} houses turned in"
    return out


def value(rs: Ruleset, t: Table, player: str, method: str) -> Valuation:
    """Value one player's holdings by the named method of the ruleset."""
    m = rs.valuation(method)
    p = t.player(player)
    fmt = rs.fmt
    v = Valuation(player, method, bases=bases(rs, method), fmt=fmt)
    if m.get("cash", True):
        v.cash = p.cash
        v.items.append(Item("cash", "cash", "", p.cash))
    sell_pct = rs.p.building.sell_percent
    hotel_houses = rs.p.building.hotel_houses
    for idx in t.owned_by(player):
        sq = rs.squares[idx]
        d = t.deeds[idx]
        comp, how = ("mortgaged_deeds", m["mortgaged_deed"]) if d.mortgaged else ("deeds", m["deed"])
        if how != "none":
            x = _deed_value(rs, sq, how)
            setattr(v, comp, getattr(v, comp) + x)
            v.items.append(Item(comp, sq.name, "", x))
        if d.houses and m["house"] != "none":
            each = rs.house_cost(sq)
            if m["house"] == "half_cost":
                each = percent(each, sell_pct)
            x = d.houses * each
            v.houses += x
            v.items.append(Item("houses", sq.name, f"{d.houses} × {fmt(each)}", x))
        if d.hotel and m["hotel"] != "none":
            hotel = rs.hotel_cost(sq)
            how_ = fmt(hotel)
            cost = hotel
            if m["hotel"] in ("cost_with_houses", "half_cost_with_houses"):
                cost += hotel_houses * rs.house_cost(sq)
                how_ = f"{fmt(hotel)} + {hotel_houses} × {fmt(rs.house_cost(sq))}"
            if m["hotel"].startswith("half"):
                cost = percent(cost, sell_pct)
                how_ = f"{sell_pct} % of ({how_})"
            v.hotels += cost
            v.items.append(Item("hotels", sq.name, how_, cost))
    return v


def liquidation(rs: Ruleset, t: Table, player: str) -> tuple[int, list[str]]:
    """What a player could raise beyond cash: buildings sold at the bank's price, unmortgaged deeds mortgaged."""
    sell_pct = rs.p.building.sell_percent
    hotel_houses = rs.p.building.hotel_houses
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
