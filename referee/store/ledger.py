"""The game file: an append-only event log in SQLite, one file per game.

State is derived from the events; a snapshot of the latest derived state is
kept so a command costs the same on event 5,000 as on event 5. Every command
runs in one IMMEDIATE transaction (read state, check, append, snapshot), so
two terminals writing at once are serialised and a killed process leaves
either the whole event or none of it. Undo appends an event; nothing is
deleted.

Stored format (schema 2): each event is JSON whose ops are tagged objects
(``{"op": "cash", "src": …, "dst": …, "amount": …}``, see core/ops.py) and whose
notes are messages (``{"id": …, "params": …}``). Schema-1 files, whose ops are
positional lists and notes sentences, are read as they are (the op codec takes
both); the first event written to one marks the file schema 2, so an older
referee refuses it cleanly instead of misreading the new events.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from referee.core.state import Table
from referee.errors import InputError, RefereeError
from referee.ruleset.model import Ruleset
from referee.store import gamefile, interrupts, replay
from referee.store.replay import CANCELLERS, CONTROL, cancellations
from referee.words import i18n
from referee.words.commands import line

if TYPE_CHECKING:  # a command that only reads the table (status, log) need not load the engine's ops and messages
    from referee.core.events import Event
    from referee.core.ops import Op

SCHEMA_VERSION = 2
# The id a client gave this command's move (`--id`; the phones' ids): a retry with the same id is a no-op.
# Kept in the table move_ids, made when first needed (a game file without it reads as before).
MOVE_ID: list[str | None] = [None]
MAX_AMOUNT = 10**9  # no amount of any edition comes near it (the ruleset schema's bound, referee/ruleset/schema.py)
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
CREATE INDEX IF NOT EXISTS events_type ON events(type);
"""
# Every command looks up the few `deed`, undo and correction events by type (board values read at the
# table, what is undone): the index keeps that as fast on move 5,000 as on move 5. A file made before it
# gets it at its next write.
def event_text(e: dict, fmt=None) -> str:
    """An event's sentence, made when shown (the templates load only when a command shows one)."""
    from referee.words.messages import event_text as said

    return said(e, fmt)


UNDO_LIMIT = 500  # moves one undo may take back: more is a typing slip, not a correction (above CHECKPOINT_EVERY)
CHECKPOINT_EVERY = 250  # a derived state kept every N events, so undo replays at most N events


def default_path(explicit: str | None = None) -> Path:
    if explicit:
        return Path(explicit)
    env = os.environ.get("REFEREE_GAME")
    if env:
        return Path(env)
    return Path.cwd() / DEFAULT_NAME


# Events that cancel earlier ones by naming them in args["undoes"]. An event cancelled by a
# live event is skipped, and what it cancelled comes back (an undo after a void undoes the void).


def live_overrides(con: sqlite3.Connection) -> list[dict]:
    """The board values read at the table (`deed` events not undone), oldest first: one cheap query over the
    deed events and the events that may cancel them, ruled by the ledger's one cancellation rule."""
    from referee.core.board_values import live_changes

    kinds = ("deed", *CANCELLERS)
    rows = con.execute(f"SELECT seq, data FROM events WHERE type IN ({','.join('?' * len(kinds))}) ORDER BY seq", kinds).fetchall()
    evs = [(seq, json.loads(data)) for seq, data in rows]
    return live_changes(evs, cancellations(evs))


def _connect(path: Path) -> sqlite3.Connection:
    if not os.access(path.parent, os.W_OK) or not os.access(path, os.W_OK):
        # a read-only file or folder: SQLite cannot make the journal files beside it, so read it as it stands
        # (nobody can write it either); a write then fails and says so with the path (gamefile.write_error)
        from urllib.parse import quote

        if not Path(str(path) + "-wal").exists():
            con = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro&immutable=1", uri=True, isolation_level=None)
            return con
    con = sqlite3.connect(str(path), timeout=30, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("PRAGMA busy_timeout=30000")
    return con


class Stale(RefereeError):
    """A move sent against a table that has changed since its sender looked (a phone): nothing done."""

    exit_code = 1

    def __init__(self, seq: int):
        super().__init__(i18n._("the table changed since you looked (now at entry #{seq}): look again").format(seq=seq))
        self.seq = seq


class AlreadyRecorded(RefereeError):
    """A retried move: its id was recorded before, as #seq. Not an error: the move stands (exit 0)."""

    exit_code = 0

    def __init__(self, seq: int, move_id: str):
        super().__init__(i18n._("already recorded as #{seq} (move id {id}): nothing done").format(seq=seq, id=move_id))
        self.seq = seq


class Game:
    cancellations = staticmethod(cancellations)  # for board_values, which may not import the ledger
    CANCELLERS = CANCELLERS

    def __init__(self, path: Path):
        self.path = path
        if not path.exists():
            raise InputError(
                i18n._("no game at {path}: start one with `referee new NAME NAME …` (or pick one with --game PATH / REFEREE_GAME)").format(path=path)
            )
        gamefile.check_openable(path)  # before SQLite: opening would turn an empty or foreign file into a database
        try:
            self.con = _connect(path)
            self.con.text_factory = self._text  # text that is not UTF-8 is damage, named as such
            row = self.con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            self._meta = dict(self.con.execute("SELECT key, value FROM meta").fetchall())
            tables = {r[0] for r in self.con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as e:
            raise gamefile.explain_open_error(path, e) from None
        except UnicodeDecodeError:  # SQLite's own message quoting the damaged bytes
            raise gamefile.damaged(path, "its SQLite structure is damaged") from None
        if row is None or not str(row[0]).isdigit():
            raise gamefile.damaged(path, "the meta table has no schema version")
        if int(row[0]) > SCHEMA_VERSION:
            raise InputError(i18n._("{path}: game file schema {version} is newer than this referee understands").format(path=path, version=row[0]))
        lost = [x for x in ("events", "snapshot") if x not in tables]
        if lost:
            raise gamefile.damaged(path, "the table " + " and ".join(lost) + " is missing")
        missing = [k for k in ("ruleset", "spec", "initial") if k not in self._meta]
        if missing:
            raise gamefile.damaged(path, "the meta table has no " + ", ".join(repr(k) for k in missing) + " entry")
        self._rs: Ruleset | None = None
        self._rs_seq: tuple | None = None

    def _text(self, raw: bytes) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise gamefile.damaged(self.path, "it holds text that is not UTF-8") from None

    # ------------------------------------------------------------ creation
    @staticmethod
    def _write_new(tmp: Path, ruleset_data: dict, spec: dict, table: Table, setup_ops: list[Op]) -> None:
        """The new game's file, written whole under a temporary name."""
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
            from referee.core.ops import apply_ops, encode_op

            apply_ops(t, setup_ops)
            data = {"type": "new", "args": spec, "ops": [encode_op(op) for op in setup_ops]}  # its words are made when shown
            con.execute("INSERT INTO events (ts, type, data) VALUES (?, ?, ?)", (time.time(), "new", json.dumps(data)))
            con.execute("INSERT INTO snapshot VALUES (1, 1, ?)", (json.dumps(t.to_dict()),))
            con.execute("COMMIT")
            con.execute("PRAGMA journal_mode=DELETE")
        finally:
            con.close()

    @classmethod
    @interrupts.atomic
    def create(cls, path: Path, ruleset_data: dict, spec: dict, table: Table, setup_ops: list[Op], force: bool = False) -> Game:
        if path.exists() and not force:
            raise InputError(i18n._("{path} already holds a game: use --game OTHER.sqlite, or --force to replace it").format(path=path))
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        for p in (tmp, Path(str(tmp) + "-wal"), Path(str(tmp) + "-shm")):
            if p.exists():
                p.unlink()
        try:
            cls._write_new(tmp, ruleset_data, spec, table, setup_ops)
        except BaseException as e:  # a full disk, a Ctrl-C: nothing left behind
            for p in (tmp, Path(str(tmp) + "-wal"), Path(str(tmp) + "-shm"), Path(str(tmp) + "-journal")):
                p.unlink(missing_ok=True)
            if isinstance(e, sqlite3.Error):
                named = gamefile.write_error(path, e)
                if named is not None:
                    raise named from None
            if isinstance(e, OSError) and e.filename is None:
                e.filename = str(path)
            raise
        if force:
            for suffix in ("-wal", "-shm"):
                p = Path(str(path) + suffix)
                if p.exists():
                    p.unlink()
            os.replace(tmp, path)
            return cls(path)
        try:  # a link is made only where no file is: two `new` at once leave one game and one refusal
            os.link(tmp, path)
        except FileExistsError:
            raise InputError(i18n._("{path} already holds a game (another `referee new` made it just now): use --game OTHER.sqlite, "
                                    "or --force to replace it").format(path=path)) from None
        except OSError:  # a file system without hard links: the exists check above, then the rename
            if path.exists():
                raise InputError(i18n._("{path} already holds a game: use --game OTHER.sqlite, or --force to replace it").format(path=path)) from None
            os.replace(tmp, path)
            return cls(path)
        finally:
            if tmp.exists():
                tmp.unlink()
        return cls(path)

    # ------------------------------------------------------------ reading
    @property
    def spec(self) -> dict:
        spec = gamefile.loads(self.path, self._meta["spec"], "the meta table's 'spec' entry")
        if not isinstance(spec, dict):
            raise gamefile.damaged(self.path, "the meta table's 'spec' entry is not a mapping")
        return spec

    def ruleset(self) -> Ruleset:
        """The game's ruleset, with the board values recorded at the table (`deed` events) laid over it."""
        last = self.con.execute("SELECT COUNT(*), MAX(seq) FROM events WHERE type IN ('deed', 'undo', 'redo', 'void', 'amend')").fetchone()
        if self._rs is None or self._rs_seq != last:
            from referee.core import board_values

            data = gamefile.loads(self.path, self._meta["ruleset"], "the meta table's 'ruleset' entry")
            try:
                self._rs = Ruleset(board_values.apply(data, live_overrides(self.con)))
            except RefereeError:
                raise
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                raise gamefile.damaged(self.path, "the meta table's 'ruleset' entry is not a ruleset") from None
            self._rs_seq = last
        return self._rs

    def initial(self) -> Table:
        """The table before the first event (players with no money, every deed with the bank)."""
        return self._table(self._meta["initial"], "the meta table's 'initial' entry")

    def _table(self, text: str, what: str) -> Table:
        d = gamefile.loads(self.path, text, what)
        try:
            return Table.from_dict(d)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise gamefile.damaged(self.path, f"{what} is not a table") from None

    def _events(self) -> list[tuple[int, dict]]:
        out = []
        for seq, data in self.con.execute("SELECT seq, data FROM events ORDER BY seq"):
            ev = gamefile.loads(self.path, data, f"event #{seq}")
            if not isinstance(ev, dict) or not isinstance(ev.get("type"), str) or not isinstance(ev.get("ops", []), list) \
                    or not isinstance(ev.get("args", {}), dict):
                raise gamefile.damaged(self.path, f"event #{seq} is not an event")
            out.append((seq, ev))
        return out

    def _replay(self, events: list[tuple[int, dict]], before: int | None = None) -> Table:
        """The table after the live events (before seq `before`, if given)."""
        return replay.fold(self.initial(), events, before, each=self._apply)

    def _apply(self, t: Table, seq: int, ev: dict) -> None:
        """Replay one stored event; a damaged one is named, never an internal error."""
        from referee.core.ops import apply_ops

        for op in ev["ops"]:  # the cheap part of `referee verify`: an amount no game holds stops the replay, named
            values = op.values() if isinstance(op, dict) else op if isinstance(op, list) else ()
            if any(isinstance(v, float) or (isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_AMOUNT) for v in values):
                raise gamefile.damaged(self.path, f"event #{seq} ({ev['type']}) holds an amount no game has (`referee verify` checks the file)")
        try:
            apply_ops(t, ev["ops"])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            raise gamefile.damaged(self.path, f"event #{seq} ({ev['type']}) cannot be replayed") from None

    def _state_in_txn(self) -> tuple[Table, int]:
        last = self.con.execute("SELECT MAX(seq) FROM events").fetchone()[0] or 0
        row = self.con.execute("SELECT seq, state FROM snapshot WHERE id=1").fetchone()
        if row and row[0] == last:
            return self._table(row[1], "the snapshot"), last
        return self._replay(self._events()), last

    def state(self) -> Table:
        self.con.execute("BEGIN")
        try:
            t, _ = self._state_in_txn()
        finally:
            self.con.execute("COMMIT")
        return t

    def events(self) -> list[dict]:
        """Every event in order, with its `seq`, `undone_by` where undone, and its notes as sentences."""
        from referee.words.messages import render_event

        evs = self._events()
        fmt = self.ruleset().fmt
        undone = cancellations(evs)
        out = []
        by_seq = dict(evs)
        for seq, ev in evs:
            ev = dict(ev, seq=seq)
            if seq in undone:
                ev["undone_by"] = undone[seq]
            out.append(render_event(ev, fmt, by_seq))
        return out

    def last_seq(self) -> int:
        return self.con.execute("SELECT MAX(seq) FROM events").fetchone()[0] or 0

    def said_at(self, seq: int) -> str:
        """The sentence recorded move #seq was said with when it was recorded (a retried move's first answer)."""
        from referee.msg import Msg
        from referee.words.messages import render

        row = self.con.execute("SELECT data FROM events WHERE seq=?", (seq,)).fetchone()
        ev = gamefile.loads(self.path, row[0], f"event #{seq}") if row else None
        if not isinstance(ev, dict):
            return ""
        fmt = self.ruleset().fmt
        return render(Msg.from_dict(ev["msg"]), fmt) if isinstance(ev.get("msg"), dict) else event_text(ev, fmt)

    def sent_since(self, seq: int) -> list[dict]:
        """The moves the phones sent after #seq, each with its `seq` and sentence (for the banker's console)."""
        out = []
        for s_, data in self.con.execute("SELECT seq, data FROM events WHERE seq > ? ORDER BY seq", (seq,)):
            ev = gamefile.loads(self.path, data, f"event #{s_}")
            src = ev.get("source") if isinstance(ev, dict) else None
            if isinstance(src, dict) and src.get("surface") == "phone":
                out.append(dict(ev, seq=s_, text=event_text(ev, self.ruleset().fmt)))
        return out

    # ------------------------------------------------------------ writing
    def set_live(self, key: str, value: dict | None) -> None:
        """What the table is doing between moves (an auction's bids), for `watch` and the page: kept beside the
        event log in its own table, never an event; None clears it."""
        self.update_live(key, lambda _old: value)

    def update_live(self, key: str, change: Callable[[dict | None], dict | None]) -> dict | None:
        """Change what the table is doing between moves inside the write lock: `change(old) -> new` (None clears;
        an exception leaves it as it was). The console's auction desk and the phones bid into one auction so."""
        self.con.execute("BEGIN IMMEDIATE")
        try:
            self.con.execute("CREATE TABLE IF NOT EXISTS live (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            row = self.con.execute("SELECT value FROM live WHERE key=?", (key,)).fetchone()
            value = change(json.loads(row[0]) if row else None)
            if value is None:
                self.con.execute("DELETE FROM live WHERE key=?", (key,))
            else:
                self.con.execute("INSERT OR REPLACE INTO live VALUES (?, ?)", (key, json.dumps(value)))
            self.con.execute("COMMIT")
        except BaseException:
            if self.con.in_transaction:
                self.con.execute("ROLLBACK")
            raise
        return value

    def _named_write_error(self, e: BaseException) -> None:
        """A full disk or a read-only file, said with this game's path instead of SQLite's bare words."""
        if isinstance(e, sqlite3.Error):
            named = gamefile.write_error(self.path, e)
            if named is not None:
                raise named from None

    def _seen_move_id(self, move_id: str | None = None) -> None:
        """Inside the write lock: a move id this game already recorded makes the command a no-op (a retry)."""
        move_id = move_id or MOVE_ID[0]
        if move_id is None:
            return
        self.con.execute("CREATE TABLE IF NOT EXISTS move_ids (id TEXT PRIMARY KEY, seq INTEGER NOT NULL)")
        row = self.con.execute("SELECT seq FROM move_ids WHERE id=?", (move_id,)).fetchone()
        if row:
            raise AlreadyRecorded(int(row[0]), move_id)

    def _note_move_id(self, seq: int, move_id: str | None = None) -> None:
        move_id = move_id or MOVE_ID[0]
        if move_id is not None:
            self.con.execute("INSERT INTO move_ids VALUES (?, ?)", (move_id, seq))

    @interrupts.atomic
    def record(self, build: Callable[[Ruleset, Table], Event], move_id: str | None = None,
               source: dict[str, str] | None = None, seen: int | None = None) -> Event:
        """Run `build(ruleset, state)` inside the write lock and append its event.

        `move_id`: a client's id for the move (a retry of a recorded id is AlreadyRecorded, never a second move);
        `source`: who sent it (a phone's seat), kept with the event; `seen`: the last entry the sender saw: a move
        made against an older table is refused as stale (`Stale`), whatever it would do now."""
        from referee.core import closed
        from referee.words.messages import render

        self.con.execute("BEGIN IMMEDIATE")
        try:
            self._seen_move_id(move_id)
            if seen is not None and self.last_seq() != seen:
                raise Stale(self.last_seq())
            rs = self.ruleset()  # inside the lock: a deed value recorded by another terminal counts
            t, _ = self._state_in_txn()
            ev = build(rs, t)
            closed.check(rs, t, ev.t)  # a bankrupt player's account never changes again
            data = ev.to_dict()
            if source:
                data["source"] = dict(source)
            cur = self.con.execute(
                "INSERT INTO events (ts, type, data) VALUES (?, ?, ?)", (time.time(), data["type"], json.dumps(data))
            )
            self._mark_current_schema()
            seq = int(cur.lastrowid or 0)
            self._note_move_id(seq, move_id)
            state = json.dumps(ev.t.to_dict())
            self.con.execute("INSERT OR REPLACE INTO snapshot VALUES (1, ?, ?)", (seq, state))
            if seq % CHECKPOINT_EVERY == 0:
                self._checkpoints()
                self.con.execute("INSERT OR REPLACE INTO checkpoints VALUES (?, ?)", (seq, state))
            self.con.execute("COMMIT")
        except BaseException as e:
            if self.con.in_transaction:  # a failed COMMIT may have ended it already
                self.con.execute("ROLLBACK")
            self._named_write_error(e)
            raise
        ev.seq, ev.text = seq, render(ev.msg, rs.fmt) if ev.msg else ""  # said now; the file keeps the message id
        return ev

    def _mark_current_schema(self) -> None:
        self.con.execute("CREATE INDEX IF NOT EXISTS events_type ON events(type)")
        if int(self._meta.get("schema_version", SCHEMA_VERSION)) < SCHEMA_VERSION:
            self.con.execute("UPDATE meta SET value=? WHERE key='schema_version'", (str(SCHEMA_VERSION),))
            self._meta["schema_version"] = str(SCHEMA_VERSION)

    def _checkpoints(self) -> None:
        self.con.execute("CREATE TABLE IF NOT EXISTS checkpoints (seq INTEGER PRIMARY KEY, state TEXT NOT NULL)")

    @interrupts.atomic
    def undo(self, n: int = 1) -> list[dict]:
        """Append an undo event for the last n live moves; rebuild from the nearest checkpoint before them.

        n is at most UNDO_LIMIT and at most the moves recorded since the start: taking back more is
        refused, never silently capped (the game's start itself is not a move).
        """
        if n < 1:
            raise InputError(i18n._("undo needs a positive count, not {n}").format(n=n))
        if n > UNDO_LIMIT:
            raise InputError(i18n._("undo takes back at most {limit} moves at a time, not {n} (`referee log` shows the moves)").format(limit=UNDO_LIMIT, n=n))
        self.con.execute("BEGIN IMMEDIATE")
        try:
            self._seen_move_id()
            self._checkpoints()
            evs = self._events()
            undone = cancellations(evs)
            targets = [(seq, ev) for seq, ev in reversed(evs) if ev["type"] not in CONTROL and seq not in undone][:n]
            if not targets:
                raise RefereeError(i18n._("nothing to undo: no move has been recorded since the game started"))
            if len(targets) < n:
                raise InputError(
                    i18n.ngettext("only {count} move since the game started: `{all}` takes it back, `{asked}` would go past the start",
                                  "only {count} moves since the game started: `{all}` takes them all back, `{asked}` would go past the start",
                                  len(targets)).format(count=len(targets), all=line("undo", str(len(targets))), asked=line("undo", str(n)))
                )
            seqs = sorted(s for s, _ in targets)
            data = {
                "type": "undo",
                "args": {"undoes": seqs},
                "ops": [],
            }
            self._append_cancelling(evs, data, seqs[0])
            self.con.execute("COMMIT")
        except BaseException as e:
            if self.con.in_transaction:  # a failed COMMIT may have ended it already
                self.con.execute("ROLLBACK")
            self._named_write_error(e)
            raise
        fmt = self.ruleset().fmt  # what was taken back, said now in the language shown
        return [dict(e, text=event_text(e, fmt)) for _, e in targets]

    @interrupts.atomic
    def redo(self) -> list[dict]:
        """Cancel the latest live undo, bringing back the moves it took back.

        Allowed only while no move has been recorded after that undo (the moves after it would have
        been played on a different table); a redo is itself an appended event, and `undo` after a
        redo takes the move back again.
        """
        self.con.execute("BEGIN IMMEDIATE")
        try:
            self._seen_move_id()
            self._checkpoints()
            evs = self._events()
            undone = cancellations(evs)
            live = [(seq, ev) for seq, ev in evs if seq not in undone]
            undos = [(seq, ev) for seq, ev in live if ev["type"] == "undo"]
            if not undos:
                raise RefereeError(i18n._("nothing to redo: redo brings back what the last undo took back"))
            useq, uev = undos[-1]
            later = [(seq, ev) for seq, ev in live if seq > useq and ev["type"] not in CONTROL]
            if later:
                seq, ev = later[0]
                raise RefereeError(i18n._("nothing to redo: a move was recorded after the last undo (#{seq} {move})").format(seq=seq, move=event_text(ev, self.ruleset().fmt)))
            back = [ev for seq, ev in evs if seq in set(uev["args"]["undoes"])]
            data = {
                "type": "redo",
                "args": {"undoes": [useq]},
                "ops": [],
            }
            self._append_cancelling(evs, data, min(uev["args"]["undoes"]))
            self.con.execute("COMMIT")
        except BaseException as e:
            if self.con.in_transaction:  # a failed COMMIT may have ended it already
                self.con.execute("ROLLBACK")
            self._named_write_error(e)
            raise
        fmt = self.ruleset().fmt
        return [dict(e, text=event_text(e, fmt)) for e in back]

    def _append_cancelling(self, evs: list[tuple[int, dict]], data: dict, first: int) -> int:
        """Append an event that cancels events from seq `first` on; rebuild from the nearest checkpoint before them."""
        cur = self.con.execute("INSERT INTO events (ts, type, data) VALUES (?, ?, ?)", (time.time(), data["type"], json.dumps(data)))
        seq = int(cur.lastrowid or 0)
        self._note_move_id(seq)
        evs = evs + [(seq, data)]
        self.con.execute("DELETE FROM checkpoints WHERE seq >= ?", (first,))
        row = self.con.execute("SELECT seq, state FROM checkpoints WHERE seq < ? ORDER BY seq DESC LIMIT 1", (first,)).fetchone()
        base, t = (row[0], Table.from_dict(json.loads(row[1]))) if row else (0, self.initial())
        replay.fold(t, evs, after=base, each=self._apply)
        self.con.execute("INSERT OR REPLACE INTO snapshot VALUES (1, ?, ?)", (seq, json.dumps(t.to_dict())))
        return seq

    @interrupts.atomic
    def correct(self, make: Callable[[Ruleset, list[tuple[int, dict]]], dict]) -> tuple[int, dict]:
        """Append a correction (void, amend, redo) inside the write lock.

        `make(ruleset, events)` returns the event's data: `args.undoes` names what it cancels,
        `ops` what it does instead. A refusal raised by `make` leaves the game untouched.
        """
        rs = self.ruleset()
        self.con.execute("BEGIN IMMEDIATE")
        try:
            self._seen_move_id()
            self._checkpoints()
            evs = self._events()
            data = make(rs, evs)
            seq = self._append_cancelling(evs, data, min(data["args"]["undoes"]))
            self.con.execute("COMMIT")
        except BaseException as e:
            if self.con.in_transaction:  # a failed COMMIT may have ended it already
                self.con.execute("ROLLBACK")
            self._named_write_error(e)
            raise
        return seq, data

    def close(self) -> None:
        self.con.close()
