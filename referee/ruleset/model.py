"""The composed ruleset as the engine sees it: typed accessors over merged data.

Built from the merged dict (not from YAML), so a game file can store the dict
as JSON and rebuild the ruleset in well under a millisecond.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Required, TypedDict

from referee.errors import Citation, MissingData
from referee.msg import Msg, Next  # a leaf of plain data: what a missing value's error says, not its words
from referee.ruleset.params import Node, Rules, UnknownParameter

UNKNOWN = "unknown"  # same marker as schema.UNKNOWN (not imported: schema is costly to load)

DEED_KINDS = ("lot", "railroad", "utility")


_MONEY = re.compile(r"\{money:([a-z_.]+)(?:\*(\d+))?\}")  # an amount in a clause, filled from a parameter


@dataclass(frozen=True)
class Square:
    index: int
    name: str
    kind: str
    group: str | None = None
    price: Any = None
    mortgage: Any = None
    rent: tuple[Any, ...] | None = None
    tax: str | None = None
    deck: str | None = None
    aliases: tuple[str, ...] = ()

    @property
    def is_deed(self) -> bool:
        return self.kind in DEED_KINDS


@dataclass(frozen=True)
class Clause:
    id: str
    topic: str
    text: str
    file: str
    section: str
    origin: str
    title: str = ""
    keywords: tuple[str, ...] = ()


class CardData(TypedDict, total=False):
    """A card as the engine plays it: its deck's entry (schema-checked when the ruleset loads) and its deck's id.
    The effect says which of the other fields count (core/cards.py: one handler per effect)."""

    id: Required[str]
    deck: str
    effect: str
    text: str
    title: str
    amount: int
    salary: bool  # a move that passes GO pays it
    to: int | str  # the square a move goes to
    spaces: int  # how far a move goes back or on
    target: str  # the kind of square a "nearest" card sends to
    rent_multiplier: int
    dice_multiplier: int
    per_house: int
    per_hotel: int
    custom: bool  # a card the table made up (`referee card … --effect`)


@dataclass(frozen=True)
class Card:
    deck: str
    id: str
    text: str
    effect: str
    data: dict[Any, Any]


class Ruleset:
    def __init__(self, merged: dict[Any, Any]):
        self.data = merged
        self.id: str = merged["id"]
        self.edition: str = merged.get("_edition", self.id)
        self.title: str = merged.get("title", self.id)
        self.language: str = merged.get("language") or "en"  # spoken at this edition's tables: the interface's default
        self.words: dict[str, dict[str, str]] = merged.get("words") or {}  # its book's words (i18n.use_words)
        self.layers: list[str] = merged.get("_layers", [self.id])
        self.origins: dict[str, str] = merged.get("_origins", {})
        cur = merged.get("currency") or {}
        self._symbol = cur.get("symbol", "$")
        self._before = cur.get("position", "before") == "before"
        self._space = cur.get("space", False)
        self._thousands = cur.get("thousands", ",")
        board = merged.get("board") or {}
        self.board_status = board.get("status", "known")
        self.board_note = board.get("note", "")
        self.board_template = board.get("template", "")
        self.squares: list[Square] = [
            Square(
                index=i,
                name=s["name"],
                kind=s["kind"],
                group=s.get("group"),
                price=s.get("price"),
                mortgage=s.get("mortgage"),
                rent=tuple(s["rent"]) if s.get("rent") else None,
                tax=s.get("tax"),
                deck=s.get("deck"),
                aliases=tuple(s.get("aliases") or ()),
            )
            for i, s in enumerate(board.get("squares") or [])
        ]
        self.groups: dict[str, dict[Any, Any]] = board.get("groups") or {}
        self.kind_names: dict[str, str] = board.get("kinds") or {}  # "railroad": "Stations" where the edition says so
        self._members: dict[str, list[int]] = {}
        for sq in self.squares:
            if sq.group:
                self._members.setdefault(sq.group, []).append(sq.index)
        self.railroad_rent: list[Any] = board.get("railroad_rent") or []
        self.utility_multipliers: list[Any] = board.get("utility_multipliers") or []
        self._clauses = {c["id"]: c for c in merged.get("clauses") or []}
        # the rule parameters, typed: rs.p.taxes.income.percent
        self.p: Rules = Rules.build(merged.get("rules") or {}, _SchemaDefaults(), self.id)

    # ------------------------------------------------------------ money
    def fmt(self, amount: int | str | None) -> str:
        if isinstance(amount, str) or amount is None:  # 'unknown': no source gives the value
            return "unknown"
        neg = amount < 0
        digits = f"{abs(amount):,}".replace(",", self._thousands)
        sp = " " if self._space else ""
        s = f"{self._symbol}{sp}{digits}" if self._before else f"{digits}{sp}{self._symbol}"
        return f"-{s}" if neg else s

    def fill(self, text: str) -> str:
        """A clause's words with its amounts in this edition's money: `{money:salary.amount}` (or `…*2`) is the
        parameter formatted as `fmt` does, so a clause a lire or pound edition inherits from a dollar book says
        L. 20.000 or £200, not $200. A parameter that is no single amount is left as written (a test forbids it)."""
        if "{money:" not in text:
            return text

        def one(m: re.Match[str]) -> str:
            try:
                v = self.param(m.group(1))
            except UnknownParameter:  # not a rule parameter: the edition's own data (setup.starting_cash)
                v = self.data
                for key in m.group(1).split("."):
                    v = v.get(key) if isinstance(v, dict) else None
            return self.fmt(v * int(m.group(2) or 1)) if isinstance(v, int) and not isinstance(v, bool) else m.group(0)

        return _MONEY.sub(one, text)

    # ------------------------------------------------------------ parameters
    def param(self, dotted: str, _ignored_default: Any = None) -> Any:
        """One rule parameter by path ('taxes.income.percent'); prefer ``rs.p.taxes.income.percent``.

        The schema holds every default; write none here. A path the schema
        does not declare raises ``UnknownParameter`` (a bug, not a user error).
        Plain data as in the YAML: a group ('taxes.income') is a dict, a list a list.
        ``_ignored_default`` only keeps referee/core/ running until its calls
        are converted; then it goes (tests/test_rulesets.py forbids it elsewhere).
        """
        v = self.p.get_path(dotted)
        return v.as_dict() if isinstance(v, Node) else list(v) if isinstance(v, tuple) else v

    def setup(self, key: str, default: Any = None) -> Any:
        return (self.data.get("setup") or {}).get(key, default)

    def bank(self, key: str, default: Any = None) -> Any:
        return (self.data.get("bank") or {}).get(key, default)

    def players(self, key: str, default: Any = None) -> Any:
        return (self.data.get("players") or {}).get(key, default)

    def for_players(self, key: str, n: int) -> Any:
        """A setup value that may depend on the number of players."""
        v = self.setup(key)
        if isinstance(v, dict):
            if n not in v and str(n) in v:  # a ruleset read back from a game file (JSON keys are strings)
                return v[str(n)]
            if n not in v:
                raise MissingData(
                    f"{self.id}: setup.{key} is given for {', '.join(map(str, sorted(v)))} players, not for {n}"
                )
            return v[n]
        return v

    # ------------------------------------------------------------ board
    def require_board(self) -> None:
        if self.board_status == "unknown" or not self.squares:
            self.known(None, "the board (names, prices, rents)")

    def known(self, value: Any, what: str, fix: Next | None = None) -> Any:
        """The value, or MissingData saying how to supply it: `fix` is the action that records it at the
        table during a game; without one, a board file for `new`. The words are the renderer's."""
        if value is None or value == UNKNOWN:
            if fix is not None:
                raise MissingData(Msg("board.unknown_at_table", {"ruleset": self.id, "what": what, "next": fix.to_dict()}),
                                  needs="board_value")
            raise MissingData(Msg("board.unknown_no_game", {"ruleset": self.id, "what": what, "edition": self.edition,
                                                            "template": self.board_template or "rulesets/boards/template.yaml"}))
        return value

    @property
    def deeds(self) -> list[Square]:
        return [s for s in self.squares if s.is_deed]

    def group_members(self, group: str) -> list[int]:
        return self._members.get(group, [])

    def group_name(self, group: str) -> str:
        return str((self.groups.get(group) or {}).get("name", group))

    def house_cost(self, sq: Square) -> int:
        g = self.groups.get(sq.group or "") or {}
        return int(self.known(g.get("house_cost"), f"the house cost of the {self.group_name(sq.group or '')} group",
                          Next("deed", {"deed": sq.name, "house_cost": None})))

    def hotel_cost(self, sq: Square) -> int:
        g = self.groups.get(sq.group or "") or {}
        v = g.get("hotel_cost")
        if v is None:
            return self.house_cost(sq)
        return int(self.known(v, f"the hotel cost of the {self.group_name(sq.group or '')} group",
                          Next("deed", {"deed": sq.name, "hotel_cost": None})))

    def price(self, sq: Square) -> int:
        return int(self.known(sq.price, f"the printed price of '{sq.name}'", Next("deed", {"deed": sq.name, "price": None})))

    def mortgage_value(self, sq: Square) -> int:
        return int(self.known(sq.mortgage, f"the mortgage value of '{sq.name}'", Next("deed", {"deed": sq.name, "mortgage": None})))

    def squares_of_kind(self, kind: str) -> list[Square]:
        return [s for s in self.squares if s.kind == kind]

    # ------------------------------------------------------------ decks
    def decks(self) -> dict[str, dict[Any, Any]]:
        return self.data.get("decks") or {}

    def cards(self) -> list[Card]:
        out = []
        for deck_id, deck in self.decks().items():
            for c in deck.get("cards") or []:
                out.append(Card(deck_id, c["id"], c.get("text", c["id"]), c["effect"], c))
        return out

    # ------------------------------------------------------------ valuations
    def valuation(self, name: str) -> dict[Any, Any]:
        vals = self.data.get("valuations") or {}
        if name not in vals:
            raise MissingData(
                f"{self.id}: no valuation method '{name}' (known: {', '.join(sorted(vals)) or 'none'})"
            )
        method: dict[Any, Any] = vals[name]
        return method

    def valuation_names(self) -> list[str]:
        return sorted(self.data.get("valuations") or {})

    # ------------------------------------------------------------ clauses
    @property
    def clauses(self) -> list[Clause]:
        return [self.clause(cid) for cid in self._clauses]

    def has_clause(self, cid: str) -> bool:
        return cid in self._clauses

    def clause(self, cid: str) -> Clause:
        c = self._clauses.get(cid)
        if c is None:
            raise MissingData(f"{self.id}: no clause '{cid}'")
        return Clause(
            id=cid,
            topic=c.get("topic", ""),
            text=self.fill(c.get("text", "")),
            file=c["cite"]["file"],
            section=c["cite"]["section"],
            origin=c.get("_origin", self.id),
            title=c.get("title", ""),
            keywords=tuple(c.get("keywords") or ()),
        )

    def cite(self, cid: str) -> Citation:
        c = self.clause(cid)
        inherited = c.origin if c.origin not in (self.id, self.edition) else None
        return Citation(self.id, cid, c.file, c.section, inherited)

    def origin_of(self, dotted: str) -> str:
        parts = dotted.split(".")
        while parts:
            key = ".".join(parts)
            if key in self.origins:
                return self.origins[key]
            parts.pop()
        return "?"


class _SchemaDefaults:
    """The schema's defaults, imported only when a stored ruleset lacks a value.

    A composed ruleset carries every default already; a game file written
    before a parameter existed does not, and gets today's default.
    """

    _d: dict[Any, Any] | None = None

    def _load(self) -> dict[Any, Any]:
        if _SchemaDefaults._d is None:
            from referee.ruleset.schema import rule_defaults

            _SchemaDefaults._d = rule_defaults()
        return _SchemaDefaults._d

    def __contains__(self, dotted: object) -> bool:
        return dotted in self._load()

    def __getitem__(self, dotted: str) -> Any:
        return self._load()[dotted]
