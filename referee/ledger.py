"""The game file: an append-only event log in SQLite, one file per game.

State is derived from the events; a snapshot of the latest derived state is
kept so a command costs the same on event 5,000 as on event 5. Every command
runs in one IMMEDIATE transaction (read state, check, append, snapshot), so
two terminals writing at once are serialised and a killed process leaves
either the whole event or none of it. Undo appends an event; nothing is
deleted.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Callable

from referee.core.liveness import CANCELLERS, CONTROL, cancellations
from referee.core.state import Table, apply_ops
from referee.errors import InputError, RefereeError
from referee.ruleset.model import Ruleset

SCHEMA_VERSION = 1
DEFAULT_NAME = "referee-game.sqlite"

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    ts REAL NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS checkpoints (seq INTEGER PRIMARY KEY, state TEXT NOT NULL);
"""
CHECKPOINT_EVERY = 250  # a derived state kept every N events, so undo replays at most N events


def default_path(explicit: str | None = None) -> Path:
    if explicit:
        return Path(explicit)
    env = os.environ.get("REFEREE_GAME")
    if env:
        return Path(env)
    return Path.cwd() / DEFAULT_NAME


def _connect(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(str(path), timeout=30, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("PRAGMA busy_timeout=30000")
    return con


class Game:
    def __init__(self, path: Path):
        self.path = path
        if not path.exists():
            raise InputError(
                f"no game at {path}: start one with `referee new NAME NAME …` (or pick one with --game PATH / REFEREE_GAME)"
            )
        try:
            self.con = _connect(path)
            row = self.con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        except sqlite3.DatabaseError as e:
            raise InputError(f"{path} is not a referee game file ({e})") from None
        if row is None or int(row[0]) > SCHEMA_VERSION:
            raise InputError(f"{path}: game file schema {row[0] if row else '?'} is newer than this referee understands")
        self._meta = dict(self.con.execute("SELECT key, value FROM meta").fetchall())
        self._rs: Ruleset | None = None
        self._rs_seq: tuple | None = None

    # ------------------------------------------------------------ creation
    @classmethod
    def create(cls, path: Path, ruleset_data: dict, spec: dict, table: Table, setup_ops: list, force: bool = False) -> "Game":
        if path.exists() and not force:
            raise InputError(f"{path} already holds a game: use --game OTHER.sqlite, or --force to replace it")
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        for p in (tmp, Path(str(tmp) + "-wal"), Path(str(tmp) + "-shm")):
            if p.exists():
                p.unlink()
        con = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            con.executescript(SCHEMA)
            con.execute("BEGIN")
            meta = {
                "schema_version": str(SCHEMA_VERSION),
                "ruleset": json.dumps(ruleset_data),
                "spec": json.dumps(spec),
                "initial": json.dumps(table.to_dict()),
                "created": str(time.time()),
            }
            con.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
            t = table.copy()
            apply_ops(t, setup_ops)
            data = {"type": "new", "args": spec, "ops": setup_ops, "text": "new game: " + ", ".join(p.name for p in table.players)}
            con.execute("INSERT INTO events (ts, type, data) VALUES (?, ?, ?)", (time.time(), "new", json.dumps(data)))
            con.execute("INSERT INTO snapshot VALUES (1, 1, ?)", (json.dumps(t.to_dict()),))
            con.execute("COMMIT")
            con.execute("PRAGMA journal_mode=DELETE")
        finally:
            con.close()
        for suffix in ("-wal", "-shm"):
            for base in (path,):
                p = Path(str(base) + suffix)
                if p.exists() and force:
                    p.unlink()
        os.replace(tmp, path)
        return cls(path)

    # ------------------------------------------------------------ reading
    @property
    def spec(self) -> dict:
        return json.loads(self._meta["spec"])

    def ruleset(self) -> Ruleset:
        """The game's ruleset, with the board values recorded at the table (`deed` events) laid over it."""
        kinds = ("deed", *CANCELLERS)
        last = self.con.execute(f"SELECT COUNT(*), MAX(seq) FROM events WHERE type IN ({','.join('?' * len(kinds))})", kinds).fetchone()
        if self._rs is None or self._rs_seq != last:
            from referee.core import board_values

            data = json.loads(self._meta["ruleset"])
            self._rs = Ruleset(board_values.apply(data, board_values.live_overrides(self.con)))
            self._rs_seq = last
        return self._rs

    def initial(self) -> Table:
        """The table before the first event (players with no money, every deed with the bank)."""
        return Table.from_dict(json.loads(self._meta["initial"]))

    def _events(self) -> list[tuple[int, dict]]:
        return [(seq, json.loads(data)) for seq, data in self.con.execute("SELECT seq, data FROM events ORDER BY seq")]

    def _replay(self, events: list[tuple[int, dict]], before: int | None = None) -> Table:
        """The table after the live events (before seq `before`, if given)."""
        t = self.initial()
        undone = cancellations(events)
        for seq, ev in events:
            if before is not None and seq >= before:
                break
            if seq not in undone:
                apply_ops(t, ev["ops"])
        return t

    def _state_in_txn(self) -> tuple[Table, int]:
        last = self.con.execute("SELECT MAX(seq) FROM events").fetchone()[0] or 0
        row = self.con.execute("SELECT seq, state FROM snapshot WHERE id=1").fetchone()
        if row and row[0] == last:
            return Table.from_dict(json.loads(row[1])), last
        return self._replay(self._events()), last

    def state(self) -> Table:
        self.con.execute("BEGIN")
        try:
            t, _ = self._state_in_txn()
        finally:
            self.con.execute("COMMIT")
        return t

    def events(self) -> list[dict]:
        evs = self._events()
        undone = cancellations(evs)
        out = []
        for seq, ev in evs:
            ev = dict(ev, seq=seq)
            if seq in undone:
                ev["undone_by"] = undone[seq]
            ev.pop("ops", None) if False else None
            out.append(ev)
        return out

    def last_seq(self) -> int:
        return self.con.execute("SELECT MAX(seq) FROM events").fetchone()[0] or 0

    # ------------------------------------------------------------ writing
    def record(self, build: Callable[[Ruleset, Table], object]):
        """Run `build(ruleset, state)` inside the write lock and append its event."""
        self.con.execute("BEGIN IMMEDIATE")
        try:
            rs = self.ruleset()  # inside the lock: a deed value recorded by another terminal counts
            t, _ = self._state_in_txn()
            ev = build(rs, t)
            data = ev.to_dict()
            cur = self.con.execute(
                "INSERT INTO events (ts, type, data) VALUES (?, ?, ?)", (time.time(), data["type"], json.dumps(data))
            )
            state = json.dumps(ev.t.to_dict())
            self.con.execute("INSERT OR REPLACE INTO snapshot VALUES (1, ?, ?)", (cur.lastrowid, state))
            if cur.lastrowid % CHECKPOINT_EVERY == 0:
                self._checkpoints()
                self.con.execute("INSERT OR REPLACE INTO checkpoints VALUES (?, ?)", (cur.lastrowid, state))
            self.con.execute("COMMIT")
        except BaseException:
            self.con.execute("ROLLBACK")
            raise
        ev.seq = cur.lastrowid
        return ev

    def _checkpoints(self) -> None:
        self.con.execute("CREATE TABLE IF NOT EXISTS checkpoints (seq INTEGER PRIMARY KEY, state TEXT NOT NULL)")

    def undo(self, n: int = 1) -> list[dict]:
        """Append an undo event for the last n live moves; rebuild from the nearest checkpoint before them."""
        if n < 1:
            raise InputError(f"undo needs a positive count, not {n}")
        self.con.execute("BEGIN IMMEDIATE")
        try:
            self._checkpoints()
            evs = self._events()
            undone = cancellations(evs)
            targets = [(seq, ev) for seq, ev in reversed(evs) if ev["type"] not in CONTROL and seq not in undone][:n]
            if not targets:
                raise RefereeError("nothing to undo")
            seqs = sorted(s for s, _ in targets)
            data = {
                "type": "undo",
                "args": {"undoes": seqs},
                "ops": [],
                "text": "undo: " + "; ".join(e.get("text", e["type"]) for _, e in targets),
            }
            self._append_cancelling(evs, data)
            self.con.execute("COMMIT")
        except BaseException:
            self.con.execute("ROLLBACK")
            raise
        return [e for _, e in targets]

    def _append_cancelling(self, evs: list[tuple[int, dict]], data: dict) -> int:
        """Append an event that cancels earlier ones; rebuild from the nearest checkpoint before any it touches."""
        by_seq = dict(evs)
        touched = list(data["args"]["undoes"])
        for u in data["args"]["undoes"]:  # cancelling a canceller brings back what it cancelled
            touched += by_seq.get(u, {}).get("args", {}).get("undoes", []) if by_seq.get(u, {}).get("type") in CANCELLERS else []
        first = min(touched)
        cur = self.con.execute("INSERT INTO events (ts, type, data) VALUES (?, ?, ?)", (time.time(), data["type"], json.dumps(data)))
        seq = int(cur.lastrowid or 0)
        evs = evs + [(seq, data)]
        self.con.execute("DELETE FROM checkpoints WHERE seq >= ?", (first,))
        row = self.con.execute("SELECT seq, state FROM checkpoints WHERE seq < ? ORDER BY seq DESC LIMIT 1", (first,)).fetchone()
        base, t = (row[0], Table.from_dict(json.loads(row[1]))) if row else (0, self.initial())
        undone = cancellations(evs)
        for s_, ev in evs:
            if s_ > base and s_ not in undone:
                apply_ops(t, ev["ops"])
        self.con.execute("INSERT OR REPLACE INTO snapshot VALUES (1, ?, ?)", (seq, json.dumps(t.to_dict())))
        return seq

    def correct(self, make: Callable[[Ruleset, list[tuple[int, dict]]], dict]) -> tuple[int, dict]:
        """Append a correction (void, amend, redo) inside the write lock.

        `make(ruleset, events)` returns the event's data: `args.undoes` names what it cancels,
        `ops` what it does instead. A refusal raised by `make` leaves the game untouched.
        """
        rs = self.ruleset()
        self.con.execute("BEGIN IMMEDIATE")
        try:
            self._checkpoints()
            evs = self._events()
            data = make(rs, evs)
            seq = self._append_cancelling(evs, data)
            self.con.execute("COMMIT")
        except BaseException:
            self.con.execute("ROLLBACK")
            raise
        return seq, data

    def close(self) -> None:
        self.con.close()
