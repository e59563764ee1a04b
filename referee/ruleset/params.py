"""The rule parameters as a typed, read-only tree: ``rs.p.taxes.income.percent``.

The classes mirror ``schema.RULES`` field for field (a test holds them
together); the schema is the one place a parameter's default and its allowed
values are written. These are plain classes, not dataclasses: every command
builds a ruleset, and declaring a few dozen dataclasses costs more than the
start-up budget allows. Instances are frozen, compare by value and print
like dataclasses.
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar, Literal, Protocol, Self

Money = int | Literal["unknown"]  # an amount, or 'unknown' when no source gives it
Rounding = Literal["up", "down", "half_up"]

# annotation text -> the types a value may have (checked when the tree is built)
_TYPES: dict[str, tuple[type, ...]] = {
    "int": (int,),
    "int | None": (int, type(None)),
    "bool": (bool,),
    "str": (str,),
    "Money": (int, str),
    "Money | None": (int, str, type(None)),
    "str | None": (str, type(None)),
    "Rounding": (str,),
    "Rounding | None": (str, type(None)),
    "tuple[str, ...]": (tuple,),
}
_NODES: dict[str, type[Node]] = {}


class Defaults(Protocol):
    """Dotted path (without 'rules.') -> default; only looked into for values a stored ruleset lacks."""

    def __contains__(self, dotted: object) -> bool: ...

    def __getitem__(self, dotted: str) -> Any: ...


class UnknownParameter(LookupError):
    """A parameter path the schema does not declare: a bug in the calling code."""


class Node:
    """One group of parameters; its fields are the class's annotations."""

    path: ClassVar[str] = "rules"
    _fields: ClassVar[tuple[str, ...]] = ()
    _kinds: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, path: str = "", **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.path = path
        cls._kinds = dict(inspect.get_annotations(cls))  # strings: `from __future__ import annotations`
        cls._fields = tuple(cls._kinds)
        for f, ann in cls._kinds.items():
            if ann not in _TYPES and ann not in _NODES:
                raise TypeError(f"{cls.__name__}.{f}: no type check for annotation '{ann}'")
        _NODES[cls.__name__] = cls

    def __init__(self, values: dict[str, Any]) -> None:
        for f in self._fields:
            object.__setattr__(self, f, values[f])

    @classmethod
    def build(cls, data: dict[Any, Any], defaults: Defaults, where: str) -> Self:
        """From a merged ``rules`` dict: children built, lists made tuples, types checked."""
        vals: dict[str, Any] = {}
        for f in cls._fields:
            dotted = f"{cls.path}.{f}".removeprefix("rules.")
            ann = cls._kinds[f]
            v = data.get(f) if isinstance(data, dict) else None
            if ann in _NODES:
                vals[f] = _NODES[ann].build(v or {}, defaults, where)
                continue
            if v is None and not (f in data and type(None) in _TYPES[ann]):  # composed data holds its Nones
                if dotted not in defaults:
                    from referee.errors import MissingData

                    raise MissingData(f"{where}: the rule parameter 'rules.{dotted}' is not set in this ruleset")
                v = defaults[dotted]
            if isinstance(v, list):
                v = tuple(v)
            ok = _TYPES[ann]
            if not isinstance(v, ok) or (isinstance(v, bool) and bool not in ok) or (
                isinstance(v, str) and ann.startswith("Money") and v != "unknown"
            ):
                from referee.errors import InputError

                raise InputError(f"{where}: rules.{dotted} is {v!r}, which is not a {ann}")
            vals[f] = v
        return cls(vals)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"rule parameters are read-only ({self.path}.{name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"rule parameters are read-only ({self.path}.{name})")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(getattr(self, f) == getattr(other, f) for f in self._fields)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, f) for f in self._fields))

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({inner})"

    def as_dict(self) -> dict[str, Any]:
        """Plain data (groups as dicts, tuples as lists), like the merged YAML."""
        out: dict[str, Any] = {}
        for f in self._fields:
            v = getattr(self, f)
            out[f] = v.as_dict() if isinstance(v, Node) else list(v) if isinstance(v, tuple) else v
        return out

    def get_path(self, dotted: str) -> Any:
        node: Any = self
        for part in dotted.split("."):
            if not isinstance(node, Node) or part not in node._fields:
                raise UnknownParameter(
                    f"no rule parameter 'rules.{dotted}' (declared in referee/ruleset/schema.py RULES)"
                )
            node = getattr(node, part)
        return node


# ---------------------------------------------------------------- the tree (as schema.RULES)
class Salary(Node, path="rules.salary"):
    amount: Money
    landing_bonus: Money
    clause: str | None


class Dice(Node, path="rules.dice"):
    doubles_roll_again: bool
    doubles_to_jail: int


class Jail(Node, path="rules.jail"):
    fine: Money
    max_turns: int
    lose_next_turn: bool
    forced_exit: str
    doubles_extra_roll: bool
    collect_rent: bool
    cards_sellable: bool
    pay_after_failed_throw: bool
    fine_turns: int | None


class Purchase(Node, path="rules.purchase"):
    dealt_deeds_paid: bool


class Auction(Node, path="rules.auction"):
    enabled: bool
    opening: str
    opening_amount: Money | None
    decliner_may_bid: bool


class Rent(Node, path="rules.rent"):
    full_group_multiplier: int
    full_group_with_mortgaged_lot: bool
    claim_window: int
    count_mortgaged_in_sets: bool


class Building(Node, path="rules.building"):
    max_houses: int
    hotel_houses: int
    hotel_requires: str
    hotel_by_itself: bool
    even_build: bool
    even_sell: bool
    max_difference: int
    requires_unmortgaged: str
    sell_percent: int
    shortage: str
    shortage_opening: Money
    shortage_opening_at: str
    no_hotel_breaking_to_starve: bool
    hotel_sale: tuple[str, ...]
    shortage_order: str


class Mortgage(Node, path="rules.mortgage"):
    interest_percent: int
    rounding: Rounding
    transfer_interest: bool
    transfer_lift_same_turn: bool


class IncomeTax(Node, path="rules.taxes.income"):
    choices: tuple[str, ...]
    flat: Money
    percent: int
    net_worth: str
    choose_before_counting: bool
    rounding: Rounding | None


class LuxuryTax(Node, path="rules.taxes.luxury"):
    amount: Money


class Taxes(Node, path="rules.taxes"):
    income: IncomeTax
    luxury: LuxuryTax


class FreeParking(Node, path="rules.free_parking"):
    jackpot: bool
    seed: Money


class Trade(Node, path="rules.trade"):
    jail_cards: bool
    with_buildings_on_group: bool
    loans: bool


class Bankruptcy(Node, path="rules.bankruptcy"):
    procedure: str
    test: str
    test_valuation: str | None
    partial_payment_in_property: bool
    buildings_to_bank: bool


class End(Node, path="rules.end"):
    condition: str
    bankruptcies: int
    valuation: str
    running_valuation: str | None
    final_bankrupt_keeps_buildings: bool


class Rules(Node, path="rules"):
    salary: Salary
    dice: Dice
    jail: Jail
    purchase: Purchase
    auction: Auction
    rent: Rent
    building: Building
    mortgage: Mortgage
    taxes: Taxes
    free_parking: FreeParking
    trade: Trade
    bankruptcy: Bankruptcy
    end: End
