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
import json

SINGLE_NOTE = "from a single unverified source: check the deed"

# field -> (where it lives, how many values it takes)
SQUARE_FIELDS = ("name", "price", "mortgage", "rent")
GROUP_FIELDS = ("house_cost", "hotel_cost")
BOARD_LISTS = ("railroad_rent", "utility_multipliers", "utility_rent")


# ---------------------------------------------------------------- reading the log
def live_overrides(con) -> list[dict]:
    """The value changes of every `deed` event not undone, oldest first (one cheap query)."""
    rows = con.execute("SELECT seq, type, data FROM events WHERE type IN ('deed', 'undo') ORDER BY seq").fetchall()
    undone: set[int] = set()
    for _, typ, data in rows:
        if typ == "undo":
            undone.update(json.loads(data)["args"]["undoes"])
    out: list[dict] = []
    for seq, typ, data in rows:
        if typ == "deed" and seq not in undone:
            out.extend(json.loads(data)["args"].get("set") or [])
    return out


def apply(data: dict, changes: list[dict]) -> dict:
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


def set_value(board: dict, squares: list, ch: dict) -> None:
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


def _grade(node: dict, field: str, i: int | None, n: int) -> None:
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
def grade(node: dict | None, field: str, i: int | None = None) -> str:
    g = ((node or {}).get("confidence") or {}).get(field)
    if isinstance(g, list):
        return g[i] if i is not None and i < len(g) else "known"
    return g or "known"


def square_grade(rs, idx: int, field: str, i: int | None = None) -> str:
    squares = (rs.data.get("board") or {}).get("squares") or []
    return grade(squares[idx] if idx < len(squares) else None, field, i)


def board_grade(rs, field: str, i: int | None = None) -> str:
    return grade(rs.data.get("board"), field, i)


def group_grade(rs, group: str, field: str) -> str:
    return grade(((rs.data.get("board") or {}).get("groups") or {}).get(group), field)


def single_note(what: str, fix: str) -> str:
    """The one line a ruling adds when it used a single-source value."""
    return f"{what} {SINGLE_NOTE} (if it differs: {fix})"


# ---------------------------------------------------------------- export
def board_file(rs, game_id: str = "table-board") -> dict:
    """The game's board (the edition's values with the table's corrections) as a board file."""
    board = copy.deepcopy(rs.data.get("board") or {})
    for key in ("template",):
        board.pop(key, None)
    unknown = _has_unknown(board)
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


def _has_unknown(node) -> bool:
    if isinstance(node, dict):
        return any(_has_unknown(v) for k, v in node.items() if k not in ("note", "confidence"))
    if isinstance(node, list):
        return any(_has_unknown(v) for v in node)
    return node == "unknown"
