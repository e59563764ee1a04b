"""Scores: every player valued by a named method, ranked with ties; net worth
over a game's history; a table built from a holdings file.

Pure: no printing, no files. The CLI (`referee score`) reads the game or the
YAML and renders what these functions return.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.core.ops import apply_ops
from referee.core.state import Table, new_table
from referee.core.valuation import COMPONENTS, Valuation, bases, value
from referee.errors import InputError, RefereeError, ValidationErrors
from referee.ruleset.model import Ruleset

Where = Callable[[tuple], tuple]  # path in the file -> (file, line)


def _nowhere(path: tuple) -> tuple:
    return (None, None)


# ---------------------------------------------------------------- methods
def resolve_method(rs: Ruleset, name: str | None) -> str:
    """The valuation method to use: the name given (forgiving spelling) or the game's own."""
    from referee.names import match_one

    known = rs.valuation_names()
    if name is None:
        own = rs.param("end.valuation", None)
        return own if own in known else ("net-worth" if "net-worth" in known else known[0])
    if name in known:
        return name
    return match_one(name, {k: [k] for k in known}, "valuation method", hint=f"{rs.id} has: {', '.join(known)}")


# ---------------------------------------------------------------- ranking
@dataclass
class Standing:
    valuation: Valuation
    rank: int | None  # None: out of the game (bankrupt)
    tied: bool = False
    bankrupt: bool = False

    @property
    def player(self) -> str:
        return self.valuation.player

    @property
    def total(self) -> int:
        return self.valuation.total


def rank(vals: list[Valuation]) -> list[Standing]:
    """Highest total first; equal totals share a rank (1, 1, 3), keeping table order among them."""
    order = sorted(range(len(vals)), key=lambda i: (-vals[i].total, i))
    out: list[Standing] = []
    counts: dict[int, int] = {}
    for v in vals:
        counts[v.total] = counts.get(v.total, 0) + 1
    prev_total, prev_rank = None, 0
    for pos, i in enumerate(order, start=1):
        v = vals[i]
        r = prev_rank if v.total == prev_total else pos
        out.append(Standing(v, r, tied=counts[v.total] > 1))
        prev_total, prev_rank = v.total, r
    return out


@dataclass
class Score:
    ruleset: str
    method: str
    title: str
    clause: str | None
    bases: dict[str, str]
    standings: list[Standing] = field(default_factory=list)

    @property
    def ranked(self) -> list[Standing]:
        return [s for s in self.standings if s.rank is not None]

    @property
    def ranking(self) -> list[str]:
        return [s.player for s in self.ranked]

    @property
    def leaders(self) -> list[str]:
        """Everyone sharing first place (one name when there is a single winner)."""
        return [s.player for s in self.ranked if s.rank == 1]

    @property
    def winner(self) -> str | None:
        lead = self.leaders
        return lead[0] if len(lead) == 1 else None

    def to_dict(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "method": self.method,
            "title": self.title,
            "counts": self.bases,
            "players": [
                dict(s.valuation.as_dict(), rank=s.rank, tied=s.tied, bankrupt=s.bankrupt) for s in self.standings
            ],
            "ranking": self.ranking,
            "winner": self.winner,
            "tie": len(self.leaders) > 1,
        }


def score(rs: Ruleset, t: Table, method: str) -> Score:
    """Value every player; players still in the game are ranked, bankrupt ones listed after them."""
    m = rs.valuation(method)
    sc = Score(rs.id, method, m.get("title", method), m.get("clause"), bases(rs, method))
    active = [value(rs, t, p.name, method) for p in t.players if not p.bankrupt]
    sc.standings = rank(active)
    for p in t.players:
        if p.bankrupt:
            sc.standings.append(Standing(value(rs, t, p.name, method), None, bankrupt=True))
    return sc


# ---------------------------------------------------------------- history
@dataclass
class Point:
    seq: int
    type: str
    text: str
    totals: dict[str, int]
    player: str | None = None  # whom the event is about, when it says


def history(rs: Ruleset, initial: Table, events: list[dict], method: str) -> list[Point]:
    """Each player's value after every event still in force (undo events and undone events skipped).

    `events` are the ledger's dicts in order, each with `seq`, `type`, `ops`
    and, when taken back, `undone_by`.
    """
    t = initial.copy()
    names = [p.name for p in t.players]
    points: list[Point] = []
    for ev in events:
        if ev.get("type") == "undo" or "undone_by" in ev:
            continue
        apply_ops(t, ev.get("ops") or [])
        totals = {n: value(rs, t, n, method).total for n in names}
        args = ev.get("args") or {}
        who = args.get("player") if isinstance(args, dict) else None
        points.append(Point(int(ev.get("seq", len(points) + 1)), ev.get("type", ""), ev.get("text", ""), totals, who))
    return points


# ---------------------------------------------------------------- holdings files
# A holdings file is "the table as it stands" and nothing else. Two spellings
# are read: the one docs/scoring.md shows (players as a list, deeds as
# {name, houses, hotel, mortgaged}) and the scenario files' (players as a
# mapping, deeds as `Deed: state`), so any scenario can be scored as it
# stands, its claims left aside.
TOP_KEYS = ("ruleset", "variants", "house_rules", "board", "method", "players", "table")
TOP_IGNORED = ("id", "title", "description", "note", "notes", "source", "tags", "claims", "exercises", "history",
               "bank", "pot", "turn", "bankruptcies", "debts")
PLAYER_KEYS = ("name", "cash", "deeds", "bankrupt")
PLAYER_IGNORED = ("position", "in_jail", "jail_turns", "jail_cards", "skip_turns", "note")
DEED_KEYS = ("name", "houses", "hotel", "mortgaged")
DEED_IGNORED = ("note",)
DEED_FORMS = "a deed name, `Deed: state` (3, '3 houses', hotel, mortgaged) or {name: DEED, houses: N, hotel: true, mortgaged: true}"


@dataclass
class HoldingsSpec:
    ruleset: str | None
    variants: list[str]
    house_rules: list[str]
    board: str | None
    method: str | None
    problems: list[InputError] = field(default_factory=list)  # reported with the players' problems


class _Errors:
    def __init__(self, where: Where):
        self.where = where
        self.items: list[InputError] = []

    def add(self, path: tuple, message: str) -> None:
        f, line = self.where(path)
        self.items.append(InputError(message, f, line))

    def keys(self, node: dict, path: tuple, known: tuple, ignored: tuple, what: str) -> None:
        for k in node:
            if k in known or k in ignored:
                continue
            close = difflib.get_close_matches(str(k), list(known), n=1, cutoff=0.6)
            dym = f" (did you mean '{close[0]}'?)" if close else ""
            self.add(path + (k,), f"unknown key '{k}' in {what}{dym}; known: {', '.join(known)}")

    def raise_any(self) -> None:
        self.items.sort(key=lambda e: e.line or 0)  # in the file's order (stable within a line)
        if len(self.items) == 1:
            raise self.items[0]
        if self.items:
            raise ValidationErrors(self.items)


def _str_list(errs: _Errors, data: dict, key: str) -> list[str]:
    v = data.get(key)
    if v is None:
        return []
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    errs.add((key,), f"{key} is a name or a list of names")
    return []


def holdings_spec(data: Any, where: Where = _nowhere) -> HoldingsSpec:
    """Read the ruleset part of a holdings file (before the ruleset is loaded)."""
    errs = _Errors(where)
    if not isinstance(data, dict):
        errs.add((), "a holdings file is a mapping: ruleset:, players: (see docs/scoring.md)")
        errs.raise_any()
    spec = HoldingsSpec(None, [], [], None, None)
    for key in ("ruleset", "board", "method"):
        v = data.get(key)
        if v is not None and not isinstance(v, str):
            errs.add((key,), f"{key} is a name, not {type(v).__name__}")
        elif v is not None:
            setattr(spec, key, v)
    spec.variants = _str_list(errs, data, "variants")
    spec.house_rules = _str_list(errs, data, "house_rules")
    errs.raise_any()  # the ruleset cannot be loaded from a bad spec
    errs.keys(data, (), TOP_KEYS, TOP_IGNORED, "the holdings file")
    spec.problems = errs.items
    return spec


def _players_node(data: dict) -> tuple[Any, tuple]:
    if "players" in data:
        return data["players"], ("players",)
    table = data.get("table")
    if isinstance(table, dict) and "players" in table:
        return table["players"], ("table", "players")
    return None, ("players",)


def _money(errs: _Errors, v: Any, path: tuple, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        errs.add(path, f"{what} must be a whole number (no symbol or separators), not {v!r}")
        return 0
    if v < 0:
        errs.add(path, f"{what} cannot be negative ({v})")
        return 0
    return v


def _deed_entries(errs: _Errors, raw: Any, path: tuple) -> list[tuple[Any, Any, tuple]]:
    """(deed name, state, path) for each deed, whichever spelling the file uses."""
    if raw is None:
        return []
    if isinstance(raw, dict):
        return [(k, v, path + (k,)) for k, v in raw.items()]
    if not isinstance(raw, list):
        errs.add(path, f"deeds is a list (or a mapping Deed: state) of {DEED_FORMS}")
        return []
    out = []
    for i, x in enumerate(raw):
        p = path + (i,)
        if isinstance(x, str):
            out.append((x, None, p))
        elif isinstance(x, dict) and "name" in x:
            errs.keys(x, p, DEED_KEYS, DEED_IGNORED, "a deed")
            out.append((x["name"], {k: v for k, v in x.items() if k in DEED_KEYS and k != "name"}, p))
        elif isinstance(x, dict) and len(x) == 1:
            (k, v), = x.items()
            out.append((k, v, p + (k,)))
        else:
            errs.add(p, f"a deed is {DEED_FORMS}")
    return out


def _deed_state(errs: _Errors, state: Any, path: tuple, sq, max_houses: int) -> tuple[int, bool, bool] | None:
    """(houses, hotel, mortgaged) from a state: none, N, 'N houses', 'hotel', 'mortgaged' or a mapping."""
    from referee.names import norm

    houses, hotel, mortgaged = 0, False, False
    if state is None or state == "" or state == "unimproved":
        pass
    elif isinstance(state, bool):
        errs.add(path, f"the state of {sq.name} is a house count, hotel or mortgaged, not {state}")
        return None
    elif isinstance(state, int):
        houses = state
    elif isinstance(state, str):
        words = norm(state).split()
        if words == ["hotel"]:
            hotel = True
        elif words == ["mortgaged"]:
            mortgaged = True
        elif len(words) == 2 and words[0].isdigit() and words[1] in ("house", "houses"):
            houses = int(words[0])
        else:
            errs.add(path, f"the state of {sq.name} is '{state}': write a house count (2 or '2 houses'), hotel or mortgaged")
            return None
    elif isinstance(state, dict):
        errs.keys(state, path, DEED_KEYS[1:], DEED_IGNORED, sq.name)
        houses = state.get("houses", 0)
        hotel, mortgaged = state.get("hotel", False), state.get("mortgaged", False)
        if isinstance(houses, bool) or not isinstance(houses, int):
            errs.add(path + ("houses",), f"houses on {sq.name} must be a whole number, not {houses!r}")
            return None
        for key, flag in (("hotel", hotel), ("mortgaged", mortgaged)):
            if not isinstance(flag, bool):
                errs.add(path + (key,), f"{key} is true or false, not {flag!r}")
                return None
    else:
        errs.add(path, f"the state of {sq.name} is a house count, hotel or mortgaged")
        return None
    if not 0 <= houses <= max_houses:
        errs.add(path, f"houses on {sq.name} must be a whole number from 0 to {max_houses}, not {houses}")
    elif (houses or hotel) and sq.kind != "lot":
        errs.add(path, f"{sq.name} is a {sq.kind}: nothing can be built on it")
    elif houses and hotel:
        errs.add(path, f"{sq.name} has either houses or a hotel, not both (the houses are turned in for the hotel)")
    elif (houses or hotel) and mortgaged:
        errs.add(path, f"{sq.name} cannot be mortgaged with buildings on it")
    else:
        return houses, hotel, mortgaged
    return None


def holdings_table(rs: Ruleset, data: dict, where: Where = _nowhere, problems: list[InputError] | None = None) -> Table:
    """Build a table from a holdings file's players: cash, deeds, houses, hotels, mortgages.

    Deed names must be exact (a name or alias of the ruleset's board, any case
    and accents); a near miss is pointed out, never guessed. Every problem
    found is reported at once, each at its file:line, after `problems` (the
    ones holdings_spec set aside).
    """
    from referee.names import match_one

    rs.require_board()
    errs = _Errors(where)
    errs.items = list(problems or [])
    node, base = _players_node(data)
    entries: list[tuple[tuple, Any, Any]] = []  # (path, name, body)
    if isinstance(node, list):
        for i, p in enumerate(node):
            if not isinstance(p, dict):
                errs.add(base + (i,), "each player is a mapping: {name: Ana, cash: 1500, deeds: [...]}")
                continue
            entries.append((base + (i,), p.get("name"), p))
    elif isinstance(node, dict):
        for name, body in node.items():
            body = {} if body is None else body
            if not isinstance(body, dict):
                errs.add(base + (name,), f"player '{name}' is a mapping: {{cash: 1500, deeds: [...]}}")
                continue
            entries.append((base + (name,), name, dict(body, name=name) if "name" not in body else body))
    else:
        errs.add(base, "players: is missing or not a list of players (name, cash, deeds)")
        errs.raise_any()
    if not entries:
        errs.add(base, "no players to count")
        errs.raise_any()

    max_houses = rs.param("building.max_houses", 4)
    deed_names = {sq.index: [sq.name, *sq.aliases] for sq in rs.deeds}
    owners: dict[int, str] = {}
    players: list[tuple[str, int, bool]] = []
    holdings: list[tuple[str, int, int, bool, bool]] = []
    seen: set[str] = set()
    for path, name, body in entries:
        errs.keys(body, path, PLAYER_KEYS, PLAYER_IGNORED, "a player")
        if not isinstance(name, str) or not name.strip():
            errs.add(path, "each player needs a name")
            continue
        name = name.strip()
        if name.casefold() in seen:
            errs.add(path, f"player '{name}' appears twice")
        if name.casefold() in ("bank", "pot"):
            errs.add(path, f"'{name}' is a reserved name")
        seen.add(name.casefold())
        cash = _money(errs, body.get("cash", 0), path + ("cash",), f"{name}'s cash")
        bankrupt = body.get("bankrupt", False)
        if not isinstance(bankrupt, bool):
            errs.add(path + ("bankrupt",), f"bankrupt is true or false, not {bankrupt!r}")
        players.append((name, cash, bankrupt is True))
        for dname, state, dp in _deed_entries(errs, body.get("deeds"), path + ("deeds",)):
            if not isinstance(dname, str):
                errs.add(dp, f"a deed is named by text, not {dname!r}")
                continue
            try:
                idx = match_one(dname, deed_names, "deed", strict=True)
            except RefereeError as e:
                errs.add(dp, e.message)
                continue
            sq = rs.squares[idx]
            if idx in owners:
                errs.add(dp, f"{sq.name} is already held by {owners[idx]}")
                continue
            owners[idx] = name
            st = _deed_state(errs, state, dp, sq, max_houses)
            if st is not None:
                holdings.append((name, idx, *st))
    errs.raise_any()

    t = new_table([(n, 0) for n, _, _ in players], [sq.index for sq in rs.deeds],
                  rs.bank("houses", 32) or 0, rs.bank("hotels", 12) or 0)
    for p, (_, cash, bankrupt) in zip(t.players, players):
        p.cash, p.bankrupt = cash, bankrupt
    t.bankruptcies = sum(1 for p in t.players if p.bankrupt)
    for name, idx, houses, hotel, mortgaged in holdings:
        deed = t.deeds[idx]
        deed.owner, deed.houses, deed.hotel, deed.mortgaged = name, houses, hotel, mortgaged
    if "bank" not in data:  # a scenario may say what the bank holds; then its stock is the bank's plus the board's
        for what, left, total in (("houses", t.bank_houses, t.houses_total), ("hotels", t.bank_hotels, t.hotels_total)):
            if left < 0:
                errs.add(base, f"the players hold {total - left} {what}, but {rs.id} has only {total}")
    else:
        t.houses_total = max(t.houses_total, t.houses_total - t.bank_houses)
        t.hotels_total = max(t.hotels_total, t.hotels_total - t.bank_hotels)
    errs.raise_any()
    return t


__all__ = [
    "COMPONENTS", "HoldingsSpec", "Point", "Score", "Standing",
    "history", "holdings_spec", "holdings_table", "rank", "resolve_method", "score",
]
