"""A game file watched from another process: `referee watch` and `referee serve` share it.

One SQLite connection opened with `mode=ro` (and `query_only`): a watcher never
writes the game. `key()` is cheap: `PRAGMA data_version` is answered from the
WAL index in shared memory, no disk read, and changes only when another process
commits. A file that disappears or is replaced (`referee new --force`, a new
inode) is reported and reopened, never a crash. `look()` reads everything a
frame needs in one transaction, so the table, the ruleset (with the board values
read at the table) and the last moves always agree; `view()` turns it into the
players' view model (referee.store.view), in the game's language.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

RECENT_ROWS = 60  # enough to find the last throw and skip undone moves


@dataclass
class Look:
    """One consistent read of the game file (the raw rows; `GameWatch.view_of` makes sense of them)."""

    meta: dict
    seq: int  # the last event's
    state: dict | None  # the snapshot, when it is that of the last event
    recent: list  # (seq, data) of the last RECENT_ROWS events, newest first
    every: list  # (seq, data) of every event, oldest first: only when the snapshot lags
    board: list  # the board values read at the table (`deed` events still live)
    board_mark: tuple  # changes whenever those values may have
    auction: dict | None = None  # an auction the console's desk is running: its deed and bids (the `live` table)


class GameWatch:
    """The game file at `path`, watched read-only. Subclasses draw it (watch.Source, web.source.GameSource)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.con: sqlite3.Connection | None = None
        self.ino: int | None = None
        self.spec: dict = {}  # the spec recorded at `new`, read when the file is opened
        self._rs: Any = None
        self._rs_key: tuple | None = None
        self._sources: dict | None = None

    # ------------------------------------------------------------ connection
    def _open(self) -> str | None:
        """Open the file; None, or what is wrong: "missing" or why it is not a game file (`problem_text` words it)."""
        self.close()
        try:
            st = os.stat(self.path)
        except OSError:
            return "missing"
        uri = "file:" + quote(str(self.path.resolve())) + "?mode=ro"
        try:
            con = sqlite3.connect(uri, uri=True, timeout=2, isolation_level=None, check_same_thread=False)
            con.execute("PRAGMA query_only=1")
            meta = dict(con.execute("SELECT key, value FROM meta WHERE key IN ('schema_version', 'spec')").fetchall())
        except sqlite3.Error as e:
            return str(e) or "not SQLite"
        try:
            spec = json.loads(meta.get("spec") or "{}")
        except ValueError:
            spec = {}
        self.con, self.ino, self.spec = con, st.st_ino, spec if isinstance(spec, dict) else {}
        return None

    def close(self) -> None:
        if self.con is not None:
            try:
                self.con.close()
            except sqlite3.Error:
                pass
        self.con, self.ino, self.spec = None, None, {}

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
    def look(self) -> Look:
        """Everything a frame needs, read in one transaction (a move committed meanwhile waits for the next look)."""
        from referee.store.ledger import CANCELLERS, live_overrides

        con = self.con
        assert con is not None
        con.execute("BEGIN")
        try:
            meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
            last = con.execute("SELECT MAX(seq) FROM events").fetchone()[0] or 0
            row = con.execute("SELECT seq, state FROM snapshot WHERE id=1").fetchone()
            state = json.loads(row[1]) if row and row[0] == last else None
            recent = con.execute("SELECT seq, data FROM events ORDER BY seq DESC LIMIT ?", (RECENT_ROWS,)).fetchall()
            every = con.execute("SELECT seq, data FROM events ORDER BY seq").fetchall() if state is None else []
            kinds = ("deed", *CANCELLERS)
            mark = con.execute(f"SELECT COUNT(*), MAX(seq) FROM events WHERE type IN ({','.join('?' * len(kinds))})", kinds).fetchone()
            key = (self.ino, meta.get("created"), tuple(mark))
            board = [] if key == self._rs_key else live_overrides(con)
            try:
                row = con.execute("SELECT value FROM live WHERE key='auction'").fetchone()
                auction = json.loads(row[0]) if row else None
            except (sqlite3.OperationalError, ValueError):  # no auction was ever run on this file
                auction = None
        finally:
            con.execute("COMMIT")
        return Look(meta, last, state, recent, every, board, key, auction)

    def ruleset(self, look: Look):
        """The game's ruleset with the board values read at the table laid over it (as the ledger builds it), kept while they stand."""
        from referee.core import board_values
        from referee.ruleset.model import Ruleset

        if self._rs is None or self._rs_key != look.board_mark:
            self._rs = Ruleset(board_values.apply(json.loads(look.meta["ruleset"]), look.board))
            self._rs_key = look.board_mark
        return self._rs

    def view(self, now: float | None = None) -> dict:
        """The players' view model of the game as it stands."""
        return self.view_of(self.look(), now)

    def view_of(self, look: Look, now: float | None = None) -> dict:
        from referee.core.state import Table
        from referee.store import view
        from referee.words import i18n

        rs = self.ruleset(look)
        t = Table.from_dict(look.state) if look.state is not None else replay(look.meta, look.every)
        spec = json.loads(look.meta.get("spec") or "{}")
        if not i18n.explicit():  # the game's language (recorded at `new`, else its edition's) unless --lang said
            i18n.offer_game(spec.get("language") or rs.language)
        i18n.use_words(rs.words)
        v = view.table_view(rs, t, events(look.recent, rs.fmt), spec=spec, now=now, seq=look.seq, sources=self.source_titles())
        v["auction"] = view.live_auction(rs, look.auction)
        return v

    def source_titles(self) -> dict:
        if self._sources is None:
            try:
                from referee.ruleset.loader import known_sources

                self._sources = known_sources()
            except Exception:  # titles are a nicety; the file name still cites
                self._sources = {}
        return self._sources


def problem_text(path: Path, problem: str) -> str:
    """What `_open` found wrong with the file, in words for the players (the one wording of `watch` and the page)."""
    from referee.words.i18n import _

    if problem == "missing":
        return _("no game file at {path} (waiting for `referee new`)").format(path=path)
    del problem  # SQLite's own words (English, technical) stay off the players' screens
    return _("{name}: not a game file").format(name=Path(path).name)


def replay(meta: dict, rows: list) -> Any:
    """The table from the events (a file whose snapshot lags, e.g. written by an older referee): the ledger's replay."""
    from referee.core.state import Table
    from referee.store import replay as fold

    return fold.fold(Table.from_dict(json.loads(meta["initial"])), [(s, json.loads(d)) for s, d in rows])


def events(rows: list, fmt=None) -> list[dict]:
    """The recent events (rows newest first) as the view model takes them, oldest first; `undone` by the ledger's
    rule, so a redone move is live again and a correction's target is struck. Each says its move in the language
    of this screen, whatever the language it was recorded in."""
    from referee.store.replay import cancellations
    from referee.words.messages import event_text

    evs = [(seq, json.loads(data)) for seq, data in reversed(rows)]
    undone = cancellations(evs)
    by_seq = dict(evs)
    out = []
    for seq, e in evs:
        if e.get("type") == "new":
            e = dict(e, clauses=[])
        out.append({"seq": seq, "type": e.get("type"), "text": event_text(e, fmt, by_seq), "clauses": e.get("clauses") or [],
                    "args": e.get("args") or {}, "square": e.get("square"), "undone": seq in undone})
    return out
