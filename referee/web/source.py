"""The game file as the page reads it: read-only, polled, never written.

One SQLite connection opened with `mode=ro`; `PRAGMA data_version` (answered
from the WAL index in shared memory, no disk read) tells whether another
process has committed since the last look. A file that disappears or is
replaced (`referee new --force`, a new inode) is reported and reopened, never
a crash.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

RECENT_ROWS = 60  # enough to find the last throw and skip undone moves


class Snapshot:
    """What one read of the file found: a view dict, or a problem to show."""

    def __init__(self, view: dict | None = None, problem: str | None = None):
        self.view = view
        self.problem = problem

    def to_dict(self) -> dict:
        return {"view": self.view, "problem": self.problem}


class GameSource:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.con: sqlite3.Connection | None = None
        self.ino: int | None = None
        self._rs: Any = None
        self._rs_key: tuple | None = None
        self._sources: dict | None = None
        self._all: list = []

    # ------------------------------------------------------------ connection
    def _open(self) -> str | None:
        self.close()
        try:
            st = os.stat(self.path)
        except OSError:
            return "missing"
        uri = "file:" + quote(str(self.path.resolve())) + "?mode=ro"
        try:
            con = sqlite3.connect(uri, uri=True, timeout=2, isolation_level=None, check_same_thread=False)
            con.execute("PRAGMA query_only=1")
            con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        except sqlite3.Error as e:
            return f"not a game file ({e})"
        self.con, self.ino = con, st.st_ino
        return None

    def close(self) -> None:
        if self.con is not None:
            try:
                self.con.close()
            except sqlite3.Error:
                pass
        self.con, self.ino = None, None

    def key(self) -> tuple:
        """Identifies the file's current content: a different key means read again."""
        try:
            st = os.stat(self.path)
        except OSError:
            self.close()
            return ("missing",)
        if self.con is None or st.st_ino != self.ino:
            problem = self._open()
            if problem:
                return ("problem", problem, st.st_mtime_ns)
        assert self.con is not None
        try:
            v = self.con.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            self.close()
            return ("reopen", time.monotonic())
        return (self.ino, v)

    # ------------------------------------------------------------ reading
    def read(self, now: float | None = None) -> Snapshot:
        if self.con is None:
            problem = self._open()
            if problem == "missing":
                return Snapshot(problem=f"no game file at {self.path} (waiting for `referee new`)")
            if problem:
                return Snapshot(problem=f"{self.path.name}: {problem}")
        try:
            meta, state, last, rows = self._read_txn()
        except (sqlite3.Error, KeyError, ValueError) as e:
            self.close()
            return Snapshot(problem=f"{self.path.name} cannot be read just now ({e}); retrying")
        from referee import view
        from referee.core.state import Table

        rs = self._ruleset(meta)
        if state is None:
            state = self._replay(meta)
        t = Table.from_dict(state)
        events = self._events(rows)
        spec = json.loads(meta.get("spec") or "{}")
        from referee import i18n

        if not i18n.explicit():  # the game's language (recorded at `new`, else its edition's) unless --lang said
            i18n.offer_game(spec.get("language") or rs.language)
        v = view.table_view(rs, t, events, spec=spec, now=now, seq=last, sources=self._source_titles())
        v["file"] = self.path.name
        v["game_id"] = game_id(meta)
        return Snapshot(view=v)

    def _read_txn(self):
        con = self.con
        assert con is not None
        con.execute("BEGIN")
        try:
            meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
            last = con.execute("SELECT MAX(seq) FROM events").fetchone()[0] or 0
            row = con.execute("SELECT seq, state FROM snapshot WHERE id=1").fetchone()
            state = json.loads(row[1]) if row and row[0] == last else None
            rows = con.execute("SELECT seq, data FROM events ORDER BY seq DESC LIMIT ?", (RECENT_ROWS,)).fetchall()
            if state is None:
                self._all = con.execute("SELECT seq, data FROM events ORDER BY seq").fetchall()
        finally:
            con.execute("COMMIT")
        return meta, state, last, rows

    def _replay(self, meta: dict) -> dict:
        """The state from the events (a file whose snapshot lags, e.g. written by an older referee)."""
        from referee.core.state import Table

        try:
            from referee.core.ops import apply_ops  # type: ignore[import-not-found,unused-ignore]
        except ImportError:  # the engine before ops had their own module
            from referee.core.state import apply_ops  # type: ignore[attr-defined,no-redef,unused-ignore]
        t = Table.from_dict(json.loads(meta["initial"]))
        evs = [(s, json.loads(d)) for s, d in self._all]
        undone = {u for _, e in evs if e.get("type") == "undo" for u in e["args"]["undoes"]}
        for s, e in evs:
            if s not in undone and e.get("type") != "undo":
                apply_ops(t, e.get("ops") or [])
        return t.to_dict()

    def _ruleset(self, meta: dict):
        from referee.ruleset.model import Ruleset

        key = (self.ino, meta.get("created"))
        if self._rs is None or self._rs_key != key:
            self._rs, self._rs_key = Ruleset(json.loads(meta["ruleset"])), key
        return self._rs

    def _source_titles(self) -> dict:
        if self._sources is None:
            try:
                from referee.ruleset.loader import known_sources

                self._sources = known_sources()
            except Exception:  # titles are a nicety; the file name still cites
                self._sources = {}
        return self._sources

    @staticmethod
    def _events(rows) -> list[dict]:
        evs = [(seq, json.loads(data)) for seq, data in reversed(rows)]
        undone = {u for _, e in evs if e.get("type") == "undo" for u in (e.get("args") or {}).get("undoes", [])}
        out = []
        for seq, e in evs:
            if e.get("type") == "new":
                e = dict(e, clauses=[])
            out.append({"seq": seq, "type": e.get("type"), "text": e.get("text"), "clauses": e.get("clauses") or [],
                        "args": e.get("args") or {}, "square": e.get("square"), "undone": seq in undone})
        return out


def game_id(meta: dict) -> str:
    """A stable id for one game (not the file): its creation time, as recorded."""
    return str(meta.get("created", "")).replace(".", "")[:16]
