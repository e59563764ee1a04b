"""The one parser for "a table as it stands" in a file: who holds what cash,
which deeds, with how many houses, hotels, mortgages, and what the bank holds.

Scenarios (`referee check`), holdings files (`referee score --holdings`) and
what `referee freeze` writes all describe a table the same way, so they are
read here, with the same messages for the same mistakes. Every problem is
collected (`yamlfile.Errors`), each at its file:line, and reported at once.

Two spellings are read: players as a mapping (`Ana: {cash: 1500, deeds: …}`,
what scenarios and freeze write) or as a list (`- name: Ana`, what
docs/scoring.md shows); deeds as a list of names, `Deed: state` pairs or
`{name: DEED, houses: N, hotel: true, mortgaged: true}`.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

from referee.core.state import Table, new_table
from referee.errors import InputError, RefereeError
from referee.ruleset.model import Ruleset
from referee.ruleset.names import Names, match, norm, player_name
from referee.ruleset.yamlfile import Errors
from referee.words.i18n import N_, _

PLAYER_KEYS = ("name", "cash", "deeds", "bankrupt")
# what a player's entry may say about the game around the table (scenarios read these; a holdings file skips them)
GAME_KEYS = ("position", "in_jail", "jail_turns", "jail_cards", "skip_turns", "declared")  # declared: the income-tax choice
DEED_KEYS = ("name", "houses", "hotel", "mortgaged")
DEED_IGNORED = ("note",)
DEED_FORMS = N_("a deed name, `Deed: state` (3, '3 houses', hotel, mortgaged) or {name: DEED, houses: N, hotel: true, mortgaged: true}")


@dataclass
class PlayerEntry:
    """One player as the file gives it: the checked name, where it is, and its whole mapping."""

    name: str
    path: tuple[Any, ...]
    body: dict[Any, Any]



def _slips() -> dict[str, str]:
    """A player's keys that people write and the file spells otherwise: where those things go."""
    built = _("houses and hotels go with the deed: deeds: {Mayfair: hotel, Park Lane: 4}")
    owned = _("a player's properties are their deeds: deeds: [Boardwalk, Reading Railroad]")
    money = _("a player's money is cash: cash: 1500")
    return {"buildings": built, "houses": built, "hotels": built, "properties": owned, "streets": owned,
            "money": money, "balance": money}

def show(v: Any) -> str:
    """A value as a message quotes it."""
    if v is None:
        return _("nothing")
    if isinstance(v, dict):
        return _("a mapping")
    if isinstance(v, list):
        return _("a list")
    return repr(v)


def money(errs: Errors, v: Any, path: tuple[Any, ...], what: str, minimum: int = 0) -> int | None:
    """A whole number of the currency, at least `minimum`; None (and an error) otherwise."""
    if isinstance(v, bool) or not isinstance(v, int):
        why = _("money is whole numbers") if isinstance(v, float) else _("no symbol or separators")
        errs.add(path, _("{what} must be a whole number, not {value} ({why})").format(what=what, value=show(v), why=why))
        return None
    if v < minimum:
        errs.add(path, _("{what} must be at least {minimum}, not {value}").format(what=what, minimum=minimum, value=v))
        return None
    from referee.moves.amounts import too_large

    if too_large(v):
        errs.add(path, _("{what} {value} is more than all the money in the game: a typing slip?").format(what=what, value=v))
        return None
    return v


def players_node(data: dict[Any, Any]) -> tuple[Any, tuple[Any, ...]]:
    if "players" in data:
        return data["players"], ("players",)
    table = data.get("table")
    if isinstance(table, dict) and "players" in table:
        return table["players"], ("table", "players")
    return None, ("players",)


def player_entries(errs: Errors, data: dict[Any, Any], game_keys: bool) -> tuple[list[PlayerEntry], tuple[Any, ...]]:
    """Each player's checked name and mapping, in the file's order (names unique after folding, none the bank's)."""
    node, base = players_node(data)
    raw: list[tuple[tuple[Any, ...], Any, Any]] = []
    if isinstance(node, list):
        for i, p in enumerate(node):
            if not isinstance(p, dict):
                errs.add(base + (i,), _("each player is a mapping: {name: Ana, cash: 1500, deeds: [...]}"))
                continue
            raw.append((base + (i,), p.get("name"), p))
    elif isinstance(node, dict):
        for name, body in node.items():
            body = {} if body is None else body
            if not isinstance(body, dict):
                errs.add(base + (name,), _("player '{name}' is a mapping: {{cash: 1500, deeds: [...]}}").format(name=name))
                continue
            raw.append((base + (name,), name, body if "name" in body else dict(body, name=name)))
    else:
        errs.add(base, _("players: is missing or not a list of players (name, cash, deeds)"))
        return [], base
    if not raw and not errs:
        errs.add(base, _("no players at the table"))
    out: list[PlayerEntry] = []
    seen: dict[str, str] = {}
    known = PLAYER_KEYS + GAME_KEYS if game_keys else PLAYER_KEYS
    for path, name, body in raw:
        errs.keys(body, path, known, ("note",) + (() if game_keys else GAME_KEYS), _("a player"), _slips())
        if not isinstance(name, (str, int)) or isinstance(name, bool) or not str(name).strip():
            errs.add(path, _("each player needs a name"))
            continue
        try:
            name = player_name(str(name))
        except InputError as e:
            errs.add(path, e.message)
            continue
        if norm(name) in seen:
            errs.add(path, (_("player '{name}' appears twice") if seen[norm(name)] == name else
                            _("player '{name}' appears twice (as '{first}')")).format(name=name, first=seen[norm(name)]))
            continue
        seen[norm(name)] = name
        out.append(PlayerEntry(name, path, body))
    return out, base


def deed_entries(errs: Errors, raw: Any, path: tuple[Any, ...]) -> list[tuple[Any, Any, tuple[Any, ...]]]:
    """(deed name, state, path) for each deed, whichever spelling the file uses."""
    if raw is None:
        return []
    if isinstance(raw, dict):
        return [(k, v, path + (k,)) for k, v in raw.items()]
    if not isinstance(raw, list):
        errs.add(path, _("deeds is a list (or a mapping Deed: state) of {forms}").format(forms=_(DEED_FORMS)))
        return []
    out: list[tuple[Any, dict[Any, Any] | None, tuple[Any, ...]]] = []
    for i, x in enumerate(raw):
        p = path + (i,)
        if isinstance(x, (str, int)) and not isinstance(x, bool):
            out.append((x, None, p))
        elif isinstance(x, dict) and "name" in x:
            errs.keys(x, p, DEED_KEYS, DEED_IGNORED, _("a deed"))
            out.append((x["name"], {k: v for k, v in x.items() if k in DEED_KEYS and k != "name"}, p))
        elif isinstance(x, dict) and len(x) == 1:
            (k, v), = x.items()
            out.append((k, v, p + (k,)))
        else:
            errs.add(p, _("a deed is {forms}").format(forms=_(DEED_FORMS)))
    return out


def board_missing(rs: Ruleset) -> str:
    tmpl = rs.board_template or "rulesets/boards/template.yaml"
    return _("{ruleset}: the board (names, prices, rents) is unknown — the rulebook does not print it; "
             "copy {template}, fill it in from your deeds and name it with board: FILE in this file").format(ruleset=rs.id, template=tmpl)


def square(rs: Ruleset, v: Any, what: str = "deed", deeds_only: bool = True) -> int:
    """A square by its number, name, alias or the unique start of one (files: no guessing beyond that)."""
    if not rs.squares:
        raise InputError(board_missing(rs))
    if isinstance(v, int) and not isinstance(v, bool):
        if 0 <= v < len(rs.squares) and (rs.squares[v].is_deed or not deeds_only):
            return v
        text = _("square {n} is not a deed of {ruleset}") if what == "deed" else _("square {n} is not a square of {ruleset}")
        raise InputError(text.format(n=v, ruleset=rs.id))
    if not isinstance(v, str):
        text = _("a deed is named by text, not {value}") if what == "deed" else _("a square is named by text, not {value}")
        raise InputError(text.format(value=show(v)))
    idx: int = match(v, _square_choices(rs, deeds_only), what, mode="prefix")
    return idx


_CHOICES: weakref.WeakKeyDictionary[Ruleset, dict[Any, Any]] = weakref.WeakKeyDictionary()


def _square_choices(rs: Ruleset, deeds_only: bool) -> Names:
    """Each square's names; a name several squares share (Chance, Community Chest) means the first of them."""
    per = _CHOICES.setdefault(rs, {})
    if deeds_only not in per:
        taken: set[str] = set()
        out = Names()
        for sq in rs.deeds if deeds_only else rs.squares:
            names = [n for n in (sq.name, *sq.aliases) if norm(n) not in taken]
            taken.update(norm(n) for n in names)
            if names:
                out[sq.index] = names
        per[deeds_only] = out
    chosen: Names = per[deeds_only]
    return chosen


def deed_state(errs: Errors, state: Any, path: tuple[Any, ...], sq: Any, max_houses: int) -> tuple[int, bool, bool] | None:
    """(houses, hotel, mortgaged) from a state: none, N, 'N houses', 'hotel', 'mortgaged' or a mapping."""
    houses, hotel, mortgaged = 0, False, False
    if state is None or state == "" or state == "unimproved":
        pass
    elif isinstance(state, bool):
        errs.add(path, _("the state of {deed} is a house count, hotel or mortgaged, not {value}").format(deed=sq.name, value=state))
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
            errs.add(path, _("the state of {deed} is '{value}': write a house count (2 or '2 houses'), hotel or mortgaged").format(deed=sq.name, value=state))
            return None
    elif isinstance(state, dict):
        errs.keys(state, path, DEED_KEYS[1:], DEED_IGNORED, sq.name)
        houses = state.get("houses", 0)
        hotel, mortgaged = state.get("hotel", False), state.get("mortgaged", False)
        if isinstance(houses, bool) or not isinstance(houses, int):
            errs.add(path + ("houses",), _("houses on {deed} must be a whole number, not {value}").format(deed=sq.name, value=show(houses)))
            return None
        for key, flag in (("hotel", hotel), ("mortgaged", mortgaged)):
            if not isinstance(flag, bool):
                errs.add(path + (key,), _("{key} is true or false, not {value}").format(key=key, value=show(flag)))
                return None
    else:
        errs.add(path, _("the state of {deed} is a house count, hotel or mortgaged, not {value}").format(deed=sq.name, value=show(state)))
        return None
    if not 0 <= houses <= max_houses:
        errs.add(path, _("houses on {deed} must be a whole number from 0 to {most}, not {value}").format(deed=sq.name, most=max_houses, value=houses))
    elif (houses or hotel) and sq.kind != "lot":
        errs.add(path, _("{deed} is a {kind}: nothing can be built on it").format(deed=sq.name, kind=_(sq.kind)))
    elif houses and hotel:
        errs.add(path, _("{deed} has either houses or a hotel, not both (the houses are turned in for the hotel)").format(deed=sq.name))
    elif (houses or hotel) and mortgaged:
        errs.add(path, _("{deed} cannot be mortgaged with buildings on it").format(deed=sq.name))
    else:
        return houses, hotel, mortgaged
    return None


def read_table(rs: Ruleset, data: dict[Any, Any], errs: Errors, *, game_keys: bool = False,
               require_cash: bool = False) -> tuple[Table, list[PlayerEntry]]:
    """The table a file describes: players' cash, bankruptcy, deeds and buildings, the bank's stock.

    game_keys: the players' entries may also say position, jail and turns
    (scenarios); the caller reads those from each entry's body. Problems are
    added to `errs`; the caller raises them (with its own) when it is done.
    """
    entries, base = player_entries(errs, data, game_keys)
    max_houses = rs.p.building.max_houses
    owners: dict[int, str] = {}
    cash: dict[str, int] = {}
    bankrupt: dict[str, bool] = {}
    holdings: list[tuple[str, int, int, bool, bool]] = []
    for e in entries:
        body, path = e.body, e.path
        if require_cash and "cash" not in body:
            errs.add(path, _("player '{name}' has no cash: write cash: AMOUNT").format(name=e.name))
        cash[e.name] = money(errs, body.get("cash", 0), path + ("cash",), _("{player}'s cash").format(player=e.name)) or 0
        b = body.get("bankrupt", False)
        if not isinstance(b, bool):
            errs.add(path + ("bankrupt",), _("bankrupt is true or false, not {value}").format(value=show(b)))
        bankrupt[e.name] = b is True
        for dname, state, dp in deed_entries(errs, body.get("deeds"), path + ("deeds",)):
            try:
                idx = square(rs, dname)
            except RefereeError as x:
                errs.add(dp, x.message)
                if not rs.squares:
                    break
                continue
            sq = rs.squares[idx]
            if idx in owners:
                errs.add(dp, _("{deed} is already held by {player}").format(deed=sq.name, player=owners[idx]))
                continue
            owners[idx] = e.name
            st = deed_state(errs, state, dp, sq, max_houses)
            if st is not None:
                holdings.append((e.name, idx, *st))
    t = new_table([(e.name, 0) for e in entries], [sq.index for sq in rs.deeds], 0, 0)
    for p in t.players:
        p.cash, p.bankrupt = cash[p.name], bankrupt[p.name]
    t.bankruptcies = sum(1 for p in t.players if p.bankrupt)
    for name, idx, houses, hotel, mortgaged in holdings:
        deed = t.deeds[idx]
        deed.owner, deed.houses, deed.hotel, deed.mortgaged = name, houses, hotel, mortgaged
    _bank_stock(rs, t, data, errs, base)
    return t, entries


def _bank_stock(rs: Ruleset, t: Table, data: dict[Any, Any], errs: Errors, base: tuple[Any, ...]) -> None:
    """What the bank holds: as the file states it (plus what stands on the board), else the edition's whole stock."""
    bank = data.get("bank")
    if bank is not None and not isinstance(bank, dict):
        errs.add(("bank",), _("'bank' must be a mapping of keys (houses:, hotels:), not {value}").format(value=show(bank)))
        bank = None
    bank = bank or {}
    errs.keys(bank, ("bank",), ("houses", "hotels"), (), "'bank'")
    on_board = {"houses": sum(d.houses for d in t.deeds.values()), "hotels": sum(1 for d in t.deeds.values() if d.hotel)}
    totals = {}
    for what, default in (("houses", 32), ("hotels", 12)):
        if what in bank:
            left = money(errs, bank[what], ("bank", what), _("the bank's houses") if what == "houses" else _("the bank's hotels"))
            totals[what] = (left or 0) + on_board[what]
        else:
            totals[what] = rs.bank(what, default) or 0
            if on_board[what] > totals[what]:
                errs.add(base, (_("the players hold {n} houses, but {ruleset} has only {total}") if what == "houses" else
                                 _("the players hold {n} hotels, but {ruleset} has only {total}")).format(n=on_board[what], ruleset=rs.id, total=totals[what]))
    t.houses_total, t.hotels_total = totals["houses"], totals["hotels"]


# ---------------------------------------------------------------- holdings files (`referee score --holdings`)
# A holdings file is the table as it stands and nothing else; a scenario's
# other keys (claims, history, …) are allowed and left aside, so any scenario
# can be scored as it stands.
HOLDINGS_KEYS = ("ruleset", "variants", "house_rules", "board", "method", "players", "table", "bank")
HOLDINGS_IGNORED = ("id", "title", "description", "note", "notes", "source", "tags", "claims", "exercises", "history",
                    "pot", "turn", "bankruptcies", "debts")


@dataclass
class HoldingsSpec:
    ruleset: str | None
    variants: list[str]
    house_rules: list[str]
    board: str | None
    method: str | None
    problems: list[InputError]  # reported with the players' problems


def _names(errs: Errors, data: dict[Any, Any], key: str) -> list[str]:
    v = data.get(key)
    if v is None:
        return []
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    errs.add((key,), _("{key} is a name or a list of names").format(key=key))
    return []


def holdings_spec(data: Any, where: Any = None) -> HoldingsSpec:
    """The ruleset part of a holdings file (read before the ruleset is loaded)."""
    errs = Errors(where) if where else Errors()
    if not isinstance(data, dict):
        errs.add((), _("a holdings file is a mapping: ruleset:, players: (see docs/scoring.md)"))
        errs.raise_any()
    spec = HoldingsSpec(None, [], [], None, None, [])
    for key in ("ruleset", "board", "method"):
        v = data.get(key)
        if v is not None and not isinstance(v, str):
            errs.add((key,), _("{key} is a name, not {value}").format(key=key, value=show(v)))
        elif v is not None:
            setattr(spec, key, v)
    spec.variants = _names(errs, data, "variants")
    spec.house_rules = _names(errs, data, "house_rules")
    errs.raise_any()  # the ruleset cannot be loaded from a bad spec
    errs.keys(data, (), HOLDINGS_KEYS, HOLDINGS_IGNORED, _("the holdings file"))
    spec.problems = errs.items
    return spec


def holdings_table(rs: Ruleset, data: dict[Any, Any], where: Any = None, problems: list[InputError] | None = None) -> Table:
    """The table of a holdings file; every problem at once, after `problems` (the ones holdings_spec set aside)."""
    errs = Errors(where) if where else Errors()
    errs.items = list(problems or [])
    if not rs.squares:
        errs.add(("ruleset",), board_missing(rs))
        errs.raise_any()
    t, _entries = read_table(rs, data, errs)
    errs.raise_any()
    return t
