"""Board values read from the deeds at the table, and how well each value is established.

A `deed` event in the game log records values the players read from the
contract in front of them (`referee deed NAME --rent ...`). They are laid over
the edition's board whenever the game's ruleset is built, so they apply from
that event on, survive the undo of any later event and every replay, and go
away only when the `deed` event itself is undone. `board_file` turns the
corrected board into a board file for the next game.

Grades (`confidence:` in a ruleset): known (two sources), single (one source:
a ruling that uses it says so), table (read at the table). No grade = known.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.core.state import Table
from referee.msg import Msg
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:  # every command lays the overrides over its ruleset; only `deed` records one
    from referee.core.events import Event

# field -> (where it lives, how many values it takes)
SQUARE_FIELDS = ("name", "price", "mortgage", "rent")
GROUP_FIELDS = ("house_cost", "hotel_cost")
BOARD_LISTS = ("railroad_rent", "utility_multipliers", "utility_rent")


# ---------------------------------------------------------------- reading the log
def live_changes(evs: list[tuple[int, dict[Any, Any]]], undone: dict[int, int]) -> list[dict[Any, Any]]:
    """The value changes of every `deed` event not undone, oldest first. The game file reads the events
    (store/ledger.live_overrides: the deed events and their cancellers only) and says which are undone."""
    out: list[dict[Any, Any]] = []
    for seq, ev in evs:
        if seq in undone:
            continue
        # a correction (void, amend) carries the moves it re-ran, a `deed` among them
        for m in [ev] if ev["type"] == "deed" else ev["args"].get("moves") or []:
            if m["type"] == "deed":
                out.extend(m["args"].get("set") or [])
    return out


def apply(data: dict[Any, Any], changes: list[dict[Any, Any]]) -> dict[Any, Any]:
    """A copy of the merged ruleset dict with the table's values laid over its board."""
    if not changes:
        return data
    data = copy.deepcopy(data)
    board = data.setdefault("board", {})
    squares = board.get("squares") or []
    for ch in changes:
        set_value(board, squares, ch)
    if board.get("status") == "unknown" and squares:
        board["status"] = "partial"
    return data


def set_value(board: dict[Any, Any], squares: list[Any], ch: dict[Any, Any]) -> None:
    field, value, i = ch["field"], ch["value"], ch.get("index")
    if field in SQUARE_FIELDS:
        sq = squares[ch["square"]]
        if field == "rent" and i is not None:
            rent = list(sq.get("rent") or ["unknown"] * 6)
            rent[i] = value
            sq["rent"] = rent
        else:
            sq[field] = value
        if field != "name":
            _grade(sq, field, i, len(value) if isinstance(value, list) else 6)
    elif field in GROUP_FIELDS:
        g = board.setdefault("groups", {}).setdefault(ch["group"], {})
        g[field] = value
        _grade(g, field, None, 0)
    elif field in BOARD_LISTS:
        cur = list(board.get(field) or [])
        if i is None:
            cur = list(value)
        else:
            cur += ["unknown"] * (i + 1 - len(cur))
            cur[i] = value
        board[field] = cur
        _grade(board, field, i, len(cur))
        if field == "utility_multipliers":  # the contract multiplies the dice: no fixed company rent
            board.pop("utility_rent", None)
            (board.get("confidence") or {}).pop("utility_rent", None)
    else:
        raise ValueError(f"unknown board field {field!r}")


def _grade(node: dict[Any, Any], field: str, i: int | None, n: int) -> None:
    conf = node.setdefault("confidence", {})
    if i is None:
        conf[field] = ["table"] * n if isinstance(node.get(field), list) else "table"
        return
    grades = conf.get(field)
    if not isinstance(grades, list):
        grades = [grades or "known"] * max(n, i + 1)
    grades += ["known"] * (i + 1 - len(grades))
    grades[i] = "table"
    conf[field] = grades


# ---------------------------------------------------------------- grades
def grade(node: dict[Any, Any] | None, field: str, i: int | None = None) -> str:
    g = ((node or {}).get("confidence") or {}).get(field)
    if isinstance(g, list):
        return g[i] if i is not None and i < len(g) else "known"
    return g or "known"


def square_grade(rs: Ruleset, idx: int, field: str, i: int | None = None) -> str:
    squares = (rs.data.get("board") or {}).get("squares") or []
    return grade(squares[idx] if idx < len(squares) else None, field, i)


def board_grade(rs: Ruleset, field: str, i: int | None = None) -> str:
    return grade(rs.data.get("board"), field, i)


def group_grade(rs: Ruleset, group: str, field: str) -> str:
    return grade(((rs.data.get("board") or {}).get("groups") or {}).get(group), field)


# ---------------------------------------------------------------- export
def board_file(rs: Ruleset, game_id: str = "table-board") -> dict[Any, Any]:
    """The game's board (the edition's values with the table's corrections) as a board file."""
    board = copy.deepcopy(rs.data.get("board") or {})
    for key in ("template",):
        board.pop(key, None)
    unknown = _has_unknown({k: v for k, v in board.items()
                            if not (k == "utility_multipliers" and board.get("utility_rent"))})
    board["status"] = "partial" if unknown else "known"
    board["note"] = (f"Exported from a {rs.edition} game: the edition's board with the values read from the "
                     f"deeds at the table (confidence: table).")
    out = {
        "kind": "board",
        "id": game_id,
        "title": f"Board of a {rs.edition} game, with the values read at the table",
        "applies_to": [rs.edition],
        "board": board,
    }
    if board.get("utility_rent") is None:  # null clears a fixed company rent the edition may give
        board["utility_rent"] = None
    return out


def _has_unknown(node: Any) -> bool:
    if isinstance(node, dict):
        return any(_has_unknown(v) for k, v in node.items() if k not in ("note", "confidence"))
    if isinstance(node, list):
        return any(_has_unknown(v) for v in node)
    return bool(node == "unknown")


# ---------------------------------------------------------------- the `deed` event
def read_values(rs: Ruleset, idx: int, values: dict[str, Any]) -> list[dict[str, Any]]:
    """The values read from one deed, checked, as the changes a `deed` move lays over the board.

    `values` may hold name, price, mortgage, rent (a list: 6 for a lot, by number
    owned for a railroad or company), houses + value (one rent: 0-4 houses),
    hotel, house_cost, hotel_cost, multipliers (company: times the dice).
    """
    from referee.core.checks import invalid
    from referee.errors import InputError

    sq = rs.squares[idx]
    changes: list[dict[str, Any]] = []
    if values.get("name"):
        new = values["name"].strip()
        if any(s.name.casefold() == new.casefold() and s.index != idx for s in rs.squares):
            raise invalid("deed.name_taken", name=new)
        changes.append({"field": "name", "value": new, "square": idx})
    for field in ("price", "mortgage"):
        if values.get(field) is not None:
            changes.append({"field": field, "value": values[field], "square": idx})
    rent = values.get("rent")
    if rent is not None:
        if sq.kind == "lot":
            if len(rent) != 6:
                raise InputError(Msg("deed.six_rents", {"rent": list(rent)}), needs="rent")
            changes.append({"field": "rent", "value": list(rent), "square": idx})
        else:
            field = "railroad_rent" if sq.kind == "railroad" else "utility_rent"
            board = rs.data.get("board") or {}
            if sq.kind == "utility" and not board.get("utility_rent") and rs.utility_multipliers:
                raise InputError(Msg("deed.company_by_dice", {"deed": sq.name}), needs="multipliers")  # not a fixed rent
            n = len(rs.squares_of_kind(sq.kind))
            if len(rent) > n:
                raise invalid("deed.too_many_rents", count=n, deed=sq.name)
            changes.append({"field": field, "value": _fill(rent, board.get(field) or [], n)})
    if values.get("houses") is not None:
        h = values["houses"]
        if sq.kind != "lot" or not 0 <= h <= 4:
            raise InputError(Msg("deed.houses_range") if sq.kind == "lot" else Msg("deed.no_houses", {"deed": sq.name}),
                             needs="houses")
        if values.get("value") is None:
            raise InputError(Msg("deed.houses_need_value"), needs="value")
        changes.append({"field": "rent", "value": values["value"], "square": idx, "index": h})
    elif values.get("value") is not None:
        raise InputError(Msg("deed.value_needs_houses"), needs="houses")
    if values.get("hotel") is not None:
        if sq.kind != "lot":
            raise invalid("deed.no_hotel", deed=sq.name)
        changes.append({"field": "rent", "value": values["hotel"], "square": idx, "index": 5})
    for field in ("house_cost", "hotel_cost"):
        if values.get(field) is not None:
            if sq.kind != "lot" or not sq.group:
                raise invalid("deed.not_a_group_lot", deed=sq.name, field=field)
            changes.append({"field": field, "value": values[field], "group": sq.group})
    if values.get("multipliers") is not None:
        if sq.kind != "utility":
            raise InputError(Msg("deed.not_a_company", {"deed": sq.name}), needs="multipliers")
        n = len(rs.squares_of_kind("utility"))
        if len(values["multipliers"]) > n:
            raise invalid("deed.too_many_multipliers", count=n)
        changes.append({"field": "utility_multipliers", "value": _fill(values["multipliers"], rs.utility_multipliers, n)})
    if not changes:
        raise InputError(Msg("deed.nothing"), needs="value")
    return changes


def _said(rs: Ruleset, ch: dict[str, Any]) -> tuple[str, Any, bool]:
    """A change's label, the value the board held before it, and whether it is money."""
    field = ch["field"]
    sq = rs.squares[ch["square"]] if ch.get("square") is not None else None
    board = rs.data.get("board") or {}
    if field == "name" and sq is not None:
        return "name", sq.name, False
    if field in ("price", "mortgage") and sq is not None:
        return field, getattr(sq, field), True
    if field == "rent" and sq is not None:
        h = ch.get("index")
        if h is None:
            return "rents (site, 1-4 houses, hotel)", list(sq.rent or []), True
        old = (sq.rent or ["unknown"] * 6)[h]
        return ("rent with a hotel" if h == 5 else f"rent with {h} house(s)" if h else "rent of the site"), old, True
    if field in ("railroad_rent", "utility_rent"):
        return "rent by number owned", board.get(field) or [], True
    if field in ("house_cost", "hotel_cost"):
        group = ch.get("group") or ""
        return f"{field.replace('_', ' ')} of the {rs.group_name(group)} group", (rs.groups.get(group) or {}).get(field), True
    return "times the dice, by number owned", list(rs.utility_multipliers), False


def record_values(rs: Ruleset, t: Table, changes: list[dict[str, Any]]) -> Event:
    """The `deed` event that lays the values read from a deed over the board, saying each against the value it
    replaces (or confirms). No ops: it moves no money and no token."""
    from referee.core.events import new_event

    steps: list[str] = []
    for ch in changes:
        label, old, money = _said(rs, ch)
        f = rs.fmt if money else str
        value = ch["value"]
        if old == value:  # the deed confirms the shipped value: it is graded `table` from now on
            steps.append(f"{label}: {_show(f, value)} (confirmed)")
        else:
            steps.append(f"{label}: {_show(f, old)} → {_show(f, value)}")
    first = next((ch for ch in changes if ch.get("square") is not None), None)
    where = rs.squares[first["square"]].name if first else _deed_of_change(rs, changes[0])
    ev = new_event(t, "deed", set=changes)
    ev.say("deed.recorded", square=where, changes=steps)
    ev.steps.append(Msg("deed.applies"))
    return ev


def _deed_of_change(rs: Ruleset, ch: dict[str, Any]) -> str:
    """The deed a change without a square was read from: the group's first lot, or the first railroad/company."""
    if ch.get("group"):
        return rs.squares[rs.group_members(ch["group"])[0]].name
    kind = "railroad" if ch["field"] == "railroad_rent" else "utility"
    return rs.squares_of_kind(kind)[0].name


def _fill(given: list[Any], old: list[Any], n: int) -> list[Any]:
    """A list by number owned: the values given first, then what was there (unknown if nothing)."""
    old = list(old) + ["unknown"] * (n - len(old))
    return list(given) + old[len(given):n]


def _show(fmt: Callable[[int], str], v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(_show(fmt, x) for x in v) + "]"
    if isinstance(v, int):
        return fmt(v)
    return str(v)


def table_values_line(changes: list[dict[Any, Any]]) -> Msg | None:
    """For `status`: how many deed values the table has recorded (None if none)."""
    if not changes:
        return None
    return Msg("board.table_values", {"count": len(changes)})
