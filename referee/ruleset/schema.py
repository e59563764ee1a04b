"""The closed list of keys a ruleset file may hold, with their types.

Every mechanism the engine implements declares its parameters here; a ruleset
chooses among them. An unknown key is an error with a did-you-mean, never a
silent no-op. The spec is plain data so the docs and the validator share it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.words.i18n import LANGUAGES, N_, _, ngettext

UNKNOWN = "unknown"  # a value the rulebooks and sources do not establish


class _Required:
    """The default of a parameter every edition must set itself (an amount in its currency)."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


# ---------------------------------------------------------------- type specs
class Spec:
    doc = ""
    default: Any = REQUIRED  # a rule parameter's value when no layer sets it (rules.* only)

    def check(self, value: Any, path: tuple[Any, ...], report: Callable[[tuple[Any, ...], str], None]) -> None:
        raise NotImplementedError


# what a text in a ruleset may not hold (line breaks and tabs may): DEL and C1 controls, bidi overrides and isolates
_UNPRINTABLE = frozenset(chr(c) for c in [0x7F, *range(0x80, 0xA0), 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])


@dataclass
class Str(Spec):
    choices: tuple[str, ...] | None = None
    doc: str = ""
    default: Any = REQUIRED

    def check(self, value: Any, path: tuple[Any, ...], report: Callable[..., None]) -> Any:
        if not isinstance(value, str):
            report(path, _("{name} must be text, not {value}").format(name=_name(path), value=_show(value)))
        elif any(ch in _UNPRINTABLE or (ch < " " and ch not in "\n\t") for ch in value):
            report(path, _("{name} holds control characters or escape codes, which a screen would obey: {value}").format(
                name=_name(path), value=ascii(value)[:60]))
        elif self.choices and value not in self.choices:
            hint = _did_you_mean(value, self.choices)
            report(path, _("{name} is '{value}', must be one of: {choices}{hint}").format(
                name=_name(path), value=value, choices=", ".join(self.choices), hint=hint))


MAX_NUMBER = 10**9  # no amount, count or multiplier of any edition comes near it (lire deeds: tens of thousands)


@dataclass
class Int(Spec):
    min: int | None = 0
    unknown_ok: bool = False
    doc: str = ""
    default: Any = REQUIRED
    max: int | None = MAX_NUMBER  # a bound on every number: a typing slip (10^20) is an error, not a game

    def check(self, value: Any, path: tuple[Any, ...], report: Callable[..., None]) -> Any:
        if self.unknown_ok and value == UNKNOWN:
            return
        if isinstance(value, bool) or not isinstance(value, int):
            extra = _(" (money is whole numbers)") if isinstance(value, float) else ""
            report(path, _("{name} must be a whole number, not {value}{extra}").format(name=_name(path), value=_show(value), extra=extra))
        elif self.min is not None and value < self.min:
            report(path, _("{name} must be at least {min}, not {value}").format(name=_name(path), min=self.min, value=value))
        elif self.max is not None and value > self.max:
            report(path, _("{name} must be at most {max}, not {value}").format(name=_name(path), max=f"{self.max:,}", value=f"{value:,}"))


@dataclass
class Bool(Spec):
    doc: str = ""
    default: Any = REQUIRED

    def check(self, value: Any, path: tuple[Any, ...], report: Callable[..., None]) -> Any:
        if not isinstance(value, bool):
            report(path, _("{name} must be true or false, not {value}").format(name=_name(path), value=_show(value)))


@dataclass
class Any_(Spec):
    doc: str = ""

    def check(self, value: Any, path: tuple[Any, ...], report: Callable[..., None]) -> Any:
        return


@dataclass
class List(Spec):
    item: Spec
    length: int | None = None
    min_length: int = 0
    doc: str = ""
    default: Any = REQUIRED

    def check(self, value: Any, path: tuple[Any, ...], report: Callable[..., None]) -> Any:
        if not isinstance(value, list):
            report(path, _("{name} must be a list, not {value}").format(name=_name(path), value=_show(value)))
            return
        if self.length is not None and len(value) != self.length:
            report(path, ngettext("{name} has {n} entry, needs {needs}", "{name} has {n} entries, needs {needs}", len(value)).format(
                name=_name(path), n=len(value), needs=self.length))
        elif len(value) < self.min_length:
            report(path, ngettext("{name} has {n} entry, needs at least {needs}", "{name} has {n} entries, needs at least {needs}", len(value)).format(
                name=_name(path), n=len(value), needs=self.min_length))
        for i, v in enumerate(value):
            self.item.check(v, path + (i,), report)


@dataclass
class Map(Spec):
    """Open keys (names chosen by the ruleset), every value of one type."""

    value: Spec
    key: Spec | None = None
    doc: str = ""

    def check(self, value: Any, path: tuple[Any, ...], report: Callable[..., None]) -> Any:
        if not isinstance(value, dict):
            report(path, _("{name} must be a mapping, not {value}").format(name=_name(path), value=_show(value)))
            return
        for k, v in value.items():
            if self.key is not None:
                self.key.check(k, path + (k,), report)
            if v is None:
                continue  # null removes an inherited entry (a deck, a group…)
            self.value.check(v, path + (k,), report)


@dataclass
class Struct(Spec):
    """Closed keys: anything not declared is an error."""

    fields: dict[str, Spec]
    required: tuple[str, ...] = ()
    doc: str = ""

    def check(self, value: Any, path: tuple[Any, ...], report: Callable[..., None]) -> Any:
        if not isinstance(value, dict):
            report(path, _("{name} must be a mapping, not {value}").format(name=_name(path), value=_show(value)))
            return
        for k, v in value.items():
            if k not in self.fields:
                report(path + (k,), _("unknown key '{key}' in {name}{hint}").format(key=k, name=_name(path), hint=_did_you_mean(str(k), self.fields)))
                continue
            if v is None:
                continue  # null = "not set here" (an overlay may clear an inherited value)
            self.fields[k].check(v, path + (k,), report)


@dataclass
class OneOf(Spec):
    options: tuple[Spec, ...]
    what: str = ""
    doc: str = ""

    def check(self, value: Any, path: tuple[Any, ...], report: Callable[..., None]) -> Any:
        for opt in self.options:
            errs: list[tuple[Any, ...]] = []

            def collect(p: tuple[Any, ...], m: str, errs: list[tuple[Any, ...]] = errs) -> None:
                errs.append((p, m))

            opt.check(value, path, collect)
            if not errs:
                return
        report(path, _("{name} must be {what}, not {value}").format(name=_name(path), what=_(self.what), value=_show(value)))


def _name(path: tuple[Any, ...]) -> str:
    if not path:
        return _("the file")
    parts: list[str] = []
    for p in path:
        parts.append(f"[{p}]" if isinstance(p, int) else (("." if parts else "") + str(p)))
    return "'" + "".join(parts) + "'"


def _show(value: Any) -> str:
    if value is None:
        return _("nothing")
    if isinstance(value, (dict, list)):
        return _("a mapping") if isinstance(value, dict) else _("a list")
    return repr(value)


def _did_you_mean(word: str, choices: Any) -> str:
    from referee.ruleset.names import key_hint

    return key_hint(word, [str(c) for c in choices])


# ---------------------------------------------------------------- the ruleset
MAX_PLAYERS = 20  # the boxes say 2–8 (10 in a few); a larger number is a slip
MAX_STOCK = 1000  # the bank's houses or hotels (32 and 12 in every box)
SEPARATORS = (",", ".", " ", "\u00a0", "\u202f", "'", "")  # thousands separators a currency may print (never a digit)
MONEY = Int(0, unknown_ok=True)
COUNT = Int(0)
BY_PLAYERS = Map(Int(0), key=Int(1))
MONEY_OR_BY_PLAYERS = OneOf((Int(0), BY_PLAYERS), what=N_("an amount or a mapping {players: amount}"))

SQUARE_KINDS = ("go", "lot", "railroad", "utility", "tax", "card", "jail", "go_to_jail", "free_parking")
CARD_EFFECTS = (
    "move_to", "move_to_nearest", "move_relative", "collect", "pay", "collect_from_each",
    "pay_each", "repairs", "go_to_jail", "get_out_of_jail",
)

CITE = Struct({"file": Str(), "section": Str()}, required=("file", "section"))

CLAUSE = Struct(
    {
        "id": Str(),
        "topic": Str(),
        "title": Str(),
        "text": Str(),
        "cite": CITE,
        "keywords": List(OneOf((Str(), Int(None)), what=N_("a word or number"))),
        "note": Str(),
    },
    required=("id", "topic", "text", "cite"),
)

# How well a board value is established (rulesets/boards/sources-*.md): known = two
# independent sources, single = one (rulings that use it say so), table = read
# from the deed at the table (`referee deed`). A value with no `confidence` is known.
GRADE = Str(("known", "single", "table"))
SQUARE_CONFIDENCE = Struct({"price": GRADE, "mortgage": GRADE, "rent": List(GRADE, length=6)})

SQUARE = Struct(
    {
        "name": Str(),
        "kind": Str(SQUARE_KINDS),
        "aliases": List(Str()),
        "group": Str(),
        "price": MONEY,
        "mortgage": MONEY,
        "rent": List(MONEY, length=6, doc="site, 1-4 houses, hotel"),
        "tax": Str(("income", "luxury")),
        "deck": Str(),
        "note": Str(),
        "confidence": SQUARE_CONFIDENCE,
    },
    required=("name", "kind"),
)

GROUP = Struct(
    {"name": Str(), "aliases": List(Str()), "house_cost": MONEY, "hotel_cost": MONEY, "note": Str(),
     "confidence": Struct({"house_cost": GRADE, "hotel_cost": GRADE})},
    required=("house_cost",),
)

CARD = Struct(
    {
        "id": Str(),
        "text": Str(),
        "effect": Str(CARD_EFFECTS),
        "to": Int(0, max=39),
        "target": Str(("railroad", "utility")),
        "spaces": Int(None),
        "amount": MONEY,
        "per_house": MONEY,
        "per_hotel": MONEY,
        "rent_multiplier": Int(1, max=100),
        "dice_multiplier": Int(1, max=100),
        "salary": Bool(doc="pays salary if GO is passed (default true for forward moves)"),
        "copies": Int(1, max=20),
        "note": Str(),
    },
    required=("id", "effect"),
)

DECK = Struct({"name": Str(), "aliases": List(Str()), "cards": List(CARD), "note": Str()}, required=("cards",))

BOARD = Struct(
    {
        "status": Str(("known", "unknown", "partial")),
        "note": Str(),
        "template": Str(),
        "groups": Map(GROUP),
        # the edition's own word for the railroads or utilities as a set ("Stations" on the London board)
        "kinds": Struct({"railroad": Str(), "utility": Str()}),
        "railroad_rent": List(MONEY, min_length=1),
        "utility_multipliers": List(MONEY, min_length=1),
        # a fixed company rent by number owned, for boards whose contracts print amounts, not dice multiples
        "utility_rent": List(MONEY, min_length=1),
        "confidence": Struct({"railroad_rent": List(GRADE), "utility_multipliers": List(GRADE),
                              "utility_rent": List(GRADE)}),
        "squares": List(SQUARE),
        "patch": Map(Struct({k: v for k, v in SQUARE.fields.items()})),
    }
)

VALUATION = Struct(
    {
        "title": Str(),
        "cash": Bool(),
        "deed": Str(("price", "half_price", "mortgage_value", "none")),
        "mortgaged_deed": Str(("price", "half_price", "mortgage_value", "price_less_mortgage", "none")),
        "house": Str(("cost", "half_cost", "none")),
        "hotel": Str(("cost", "cost_with_houses", "half_cost_with_houses", "none")),
        "clause": Str(),
    },
    required=("deed", "mortgaged_deed", "house", "hotel"),
)

def _money(default: Any = REQUIRED, doc: str = "") -> Int:
    return Int(0, unknown_ok=True, default=default, doc=doc)


# Every rule parameter with its default: the one place a default is written.
# REQUIRED: no default, every edition sets it (amounts in its own currency).
# None: optional, "not set" is a meaning of its own (the doc says which).
# The defaults are the original rules (us-1950s), which sets every one itself.
# referee/ruleset/params.py declares the same tree as typed classes.
RULES = Struct(
    {
        "salary": Struct(
            {
                "amount": _money(),
                "landing_bonus": _money(0, doc="extra paid for landing on GO itself"),
                "clause": Str(default=None, doc="the clause cited for the salary (None: go.salary)"),
            }
        ),
        "dice": Struct({"doubles_roll_again": Bool(default=True), "doubles_to_jail": Int(0, default=3, max=10)}),
        "jail": Struct(
            {
                "fine": _money(),
                "max_turns": Int(1, default=3, max=10),
                "lose_next_turn": Bool(default=False),
                "forced_exit": Str(("pay_and_move", "free_on_doubles"), default="pay_and_move"),
                "doubles_extra_roll": Bool(default=False),
                "collect_rent": Bool(default=True),
                "cards_sellable": Bool(default=True),
                "pay_after_failed_throw": Bool(default=False, doc="the fine may still be paid (or the card used) after a failed throw in the same turn"),
                "fine_turns": Int(1, default=None, doc="the fine is paid before throwing only on this many first turns in jail; later, throw first (None: on any turn)"),
            }
        ),
        "purchase": Struct({"dealt_deeds_paid": Bool(default=True)}),
        "auction": Struct(
            {
                "enabled": Bool(default=True),
                "opening": Str(("any", "printed_price", "fixed"), default="any"),
                "opening_amount": _money(None, doc="the opening bid when opening is 'fixed'"),
                "decliner_may_bid": Bool(default=True),
            }
        ),
        "rent": Struct(
            {
                "full_group_multiplier": Int(1, default=2, max=100),
                "full_group_with_mortgaged_lot": Bool(default=True),
                "claim_window": Int(1, default=2, max=10, doc="rent must be asked before this many following players have rolled"),
                "count_mortgaged_in_sets": Bool(default=True),
            }
        ),
        "building": Struct(
            {
                "max_houses": Int(1, default=4, max=10),
                "hotel_houses": Int(1, default=4, max=10),
                "hotel_requires": Str(("every_lot", "that_lot"), default="every_lot"),
                "hotel_by_itself": Bool(default=False, doc="a plain build on a lot holding hotel_houses houses (fewer "
                                        "than max_houses) builds the hotel when the rules allow it there, not one more house"),
                "even_build": Bool(default=True),
                "even_sell": Bool(default=True),
                "max_difference": Int(0, default=1, max=10),
                "requires_unmortgaged": Str(("group", "lot"), default="lot"),
                "sell_percent": Int(0, default=50, max=100),
                "shortage": Str(("auction", "first_come"), default="auction"),
                "shortage_opening": _money(0),
                "shortage_opening_at": Str(("amount", "deed"), default="amount",
                                           doc="a shortage auction opens at shortage_opening (amount) or at the "
                                           "building's price printed on the deed (deed: the UK 2000 sheet)"),
                "no_hotel_breaking_to_starve": Bool(default=False),
                "hotel_sale": List(Str(("break", "group", "bare")), min_length=1, default=["break", "group"],
                                   doc="how a hotel goes back to the bank: broken into houses, all of a group at once, one to bare land"),
                "shortage_order": Str(("none", "houses_first"), default="none",
                                      doc="at a shortage, house buyers served before a player breaking hotels into houses (houses_first)"),
            }
        ),
        "mortgage": Struct(
            {
                "interest_percent": Int(0, default=10, max=100),
                "rounding": Str(("up", "down", "half_up"), default="up"),
                "transfer_interest": Bool(default=True),
                "transfer_lift_same_turn": Bool(default=False, doc="the 10 % paid when a mortgaged deed changed hands "
                                                "counts for a lift right after the deal (before any other "
                                                "move): only the value is paid then"),
            }
        ),
        "taxes": Struct(
            {
                "income": Struct(
                    {
                        "choices": List(Str(("percent", "flat")), min_length=1, default=("percent", "flat")),
                        "flat": _money(),
                        "percent": Int(0, default=10, max=100),
                        "net_worth": Str(default="net-worth", doc="the valuation the percentage is taken of"),
                        "choose_before_counting": Bool(default=True),
                        "rounding": Str(
                            ("up", "down", "half_up"), default=None,
                            doc="how the percentage of an odd net worth is rounded (None: as mortgage.rounding)",
                        ),
                    }
                ),
                "luxury": Struct({"amount": _money()}),
            }
        ),
        "free_parking": Struct({"jackpot": Bool(default=False), "seed": _money(0)}),
        "trade": Struct(
            {"jail_cards": Bool(default=True), "with_buildings_on_group": Bool(default=False), "loans": Bool(default=False)}
        ),
        "bankruptcy": Struct(
            {
                "procedure": Str(("classic", "bank_pays_creditors", "hasbro"), default="classic"),
                "test": Str(("can_raise", "liquidation_value"), default="can_raise"),
                "test_valuation": Str(default=None, doc="the valuation the liquidation test uses"),
                "partial_payment_in_property": Bool(default=False),
                "buildings_to_bank": Bool(default=True),
            }
        ),
        "end": Struct(
            {
                "condition": Str(("last_player", "bankruptcies", "time_limit"), default="last_player"),
                "bankruptcies": Int(1, default=1, max=20),
                "valuation": Str(default="net-worth"),
                "running_valuation": Str(default=None, doc="the count the watch and the page rank players by during the game "
                                          "(None: the end's own valuation); never one that mortgaging raises"),
                "final_bankrupt_keeps_buildings": Bool(
                    default=False, doc="the bankruptcy that ends the game hands buildings over whole"
                ),
            }
        ),
    }
)


def rule_leaves(node: Struct = RULES, prefix: str = "") -> dict[str, Spec]:
    """Every rule parameter by dotted path (without 'rules.'), in declaration order."""
    out: dict[str, Spec] = {}
    for k, spec in node.fields.items():
        if isinstance(spec, Struct):
            out.update(rule_leaves(spec, f"{prefix}{k}."))
        else:
            out[prefix + k] = spec
    return out


def rule_defaults() -> dict[str, Any]:
    """Dotted path -> default, for the parameters that have one (None included)."""
    return {k: s.default for k, s in rule_leaves().items() if s.default is not REQUIRED}


TOP = Struct(
    {
        "id": Str(),
        "title": Str(),
        "kind": Str(("edition", "variant", "house-rule", "board")),
        "extends": Str(),
        "applies_to": List(Str()),
        "excludes": List(Str()),  # variants or house rules this one cannot be played with
        "aliases": List(Str()),
        "description": Str(),
        "language": Str(LANGUAGES),  # a language whose catalog ships
        # the edition's own words, by language: {catalog word or phrase: its book's} (words/i18n.use_words)
        "words": Map(Map(Str()), key=Str(LANGUAGES)),
        "sources": List(Str()),
        "currency": Struct(
            {
                "code": Str(),
                "symbol": Str(),
                "position": Str(("before", "after")),
                "space": Bool(),
                "thousands": Str(SEPARATORS),
            },
        ),
        "players": Struct({"min": Int(1, max=MAX_PLAYERS), "max": Int(1, max=MAX_PLAYERS), "max_if_banker_not_playing": Int(1, max=MAX_PLAYERS),
                            "separate_banker_above": Int(0, max=MAX_PLAYERS)}),
        "bank": Struct({"houses": Int(0, max=MAX_STOCK), "hotels": Int(0, max=MAX_STOCK), "never_broke": Bool(), "buys_back_buildings": Bool()}),
        "setup": Struct(
            {
                "starting_cash": MONEY_OR_BY_PLAYERS,
                "notes": OneOf((Map(Int(0), key=Int(1)), Map(Map(Int(0), key=Int(1)), key=Int(1))), what=N_("a mapping {note: count}")),
                "deal_deeds": MONEY_OR_BY_PLAYERS,
            }
        ),
        "board": BOARD,
        "decks": Map(DECK),
        "rules": RULES,
        "valuations": Map(VALUATION),
        "clauses": List(CLAUSE),
        "for": Map(Any_()),
    },
    required=("id",),
)

# Clause ids the engine cites. Every composed edition must define them (itself
# or by inheritance), so every refusal and ruling has a citation.
REQUIRED_CLAUSES = (
    "setup.cash", "go.salary", "dice.doubles", "buy.printed_price", "auction.declined",
    "rent.lot", "rent.full_group", "rent.mortgaged", "rent.houses", "rent.railroad", "rent.utility",
    "rent.unclaimed", "rent.card", "tax.income", "tax.luxury", "jail.send", "jail.fine", "jail.card",
    "jail.third_turn", "jail.rights", "building.full_group", "building.even", "building.hotel",
    "building.shortage", "building.sell", "building.mortgaged", "mortgage.value", "mortgage.buildings",
    "mortgage.lift", "mortgage.transfer", "trade.private", "trade.buildings", "loans.forbidden",
    "debt.raise", "bankruptcy.test", "bankruptcy.to_player", "bankruptcy.to_bank", "end.game",
    "free_parking", "bank.stock",
)


@dataclass
class Problem:
    path: tuple[Any, ...]
    message: str
    extra: dict[Any, Any] = field(default_factory=dict)


def check_file(data: Any) -> list[Problem]:
    problems: list[Problem] = []
    TOP.check(data, (), lambda p, m: problems.append(Problem(p, m)))
    return problems
