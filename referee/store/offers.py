"""Trades offered from one phone to another, waiting for the other player's yes or no.

An offer is not a move: nothing changes hands until the other player accepts,
and then the trade is recorded as the `Trade` move it is (`moves.apply`, with
the accepting seat as its source). Offers are kept in the game file's
`offers` table (made when first needed), so the server can restart and both
phones still see them; an answered offer stays, marked, for the record.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

OPEN, ACCEPTED, REJECTED, WITHDRAWN = "open", "accepted", "rejected", "withdrawn"


def _table(con: sqlite3.Connection) -> None:
    con.execute("CREATE TABLE IF NOT EXISTS offers (id INTEGER PRIMARY KEY, ts REAL NOT NULL, a TEXT NOT NULL, b TEXT NOT NULL,"
                " move TEXT NOT NULL, status TEXT NOT NULL, seq INTEGER)")


def make(con: sqlite3.Connection, a: str, b: str, fields: dict[str, Any]) -> int:
    """A new open offer from a to b: the trade's fields as the move holds them. Its number."""
    con.execute("BEGIN IMMEDIATE")
    try:
        _table(con)
        cur = con.execute("INSERT INTO offers (ts, a, b, move, status) VALUES (?, ?, ?, ?, ?)", (time.time(), a, b, json.dumps(fields), OPEN))
        con.execute("COMMIT")
    except BaseException:
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise
    return int(cur.lastrowid or 0)


def get(con: sqlite3.Connection, n: int) -> dict[str, Any] | None:
    try:
        row = con.execute("SELECT id, a, b, move, status, seq FROM offers WHERE id = ?", (n,)).fetchone()
    except sqlite3.OperationalError:
        return None
    if row is None:
        return None
    return {"id": row[0], "a": row[1], "b": row[2], "fields": json.loads(row[3]), "status": row[4], "seq": row[5]}


def close(con: sqlite3.Connection, n: int, status: str, seq: int | None = None) -> bool:
    """Mark an open offer answered; False if it was no longer open (answered twice, or withdrawn)."""
    cur = con.execute("UPDATE offers SET status = ?, seq = ? WHERE id = ? AND status = ?", (status, seq, n, OPEN))
    return cur.rowcount == 1


def open_offers(game: Path) -> list[dict[str, Any]]:
    """The offers waiting for an answer, read without the ledger (the page's server, read-only)."""
    from urllib.parse import quote

    try:
        con = sqlite3.connect(f"file:{quote(str(game))}?mode=ro", uri=True)
    except sqlite3.Error:
        return []
    try:
        rows = con.execute("SELECT id, a, b, move FROM offers WHERE status = ? ORDER BY id", (OPEN,)).fetchall()
    except sqlite3.Error:
        return []
    finally:
        con.close()
    return [{"id": r[0], "a": r[1], "b": r[2], "fields": json.loads(r[3])} for r in rows]
