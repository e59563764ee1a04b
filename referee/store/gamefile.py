"""What can be wrong with a game file before and while it is read, in one line each.

A command that reads a game must not create or change a file it did not open for
writing: SQLite would happily turn an empty or foreign file into a database the
moment it is opened in WAL mode, so the header is checked first. A damaged file
(meta table, an event's JSON or ops) is named precisely instead of surfacing as
an internal error with raw JSON on screen.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from referee.errors import InputError
from referee.words import i18n

SQLITE_HEADER = b"SQLite format 3\x00"


_VERIFIED: set[tuple[int, int]] = set()  # (device, inode) of the files this process has found to be SQLite
_KEPT: list[int] = []  # the descriptors that read their headers, never closed (see check_openable)


def check_openable(path: Path) -> None:
    """Refuse, without touching it, a path that is not a readable SQLite file.

    Each file is read once per process, and the descriptor that read a game file's header is kept open, never
    closed: closing any descriptor of a file drops every POSIX lock this process holds on it, SQLite's own
    included, so a look while a game is open here (the console; the page's server, which reads the file with
    one connection and records the phones' moves with others) would let another process's SQLite check the
    write-ahead log in and delete it under the open game, losing the moves written to it since."""
    if path.is_dir():
        raise InputError(i18n._("{path} is a folder, not a game file (pick a file with --game PATH)").format(path=path))
    try:
        st = path.stat()
    except OSError:
        st = None
    if st is not None and (st.st_dev, st.st_ino) in _VERIFIED and st.st_size:
        return
    import stat

    if st is not None and not stat.S_ISREG(st.st_mode):  # a FIFO would block the open, a device never end
        raise InputError(i18n._("{path} is not a regular file (a device, a pipe or a socket): a game is a file").format(path=path))
    fd = -1
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        head = os.pread(fd, len(SQLITE_HEADER), 0)
    except PermissionError:
        raise InputError(i18n._("{path}: cannot read the game file (permission denied)").format(path=path)) from None
    except OSError as e:
        raise InputError(i18n._("{path}: cannot read the game file ({error})").format(path=path, error=e.strerror or e)) from None
    if head != SQLITE_HEADER:  # not a game: nothing of SQLite's holds a lock on it, the descriptor may go
        os.close(fd)
        if not head:
            raise InputError(i18n._("{path} is empty: not a referee game file (start one with `referee new … --game {path} --force`)").format(path=path))
        raise InputError(i18n._("{path} is not a referee game file (not an SQLite database)").format(path=path))
    _KEPT.append(fd)  # kept open for the life of the process: its close would drop SQLite's locks on the file
    if st is not None:
        _VERIFIED.add((st.st_dev, st.st_ino))


def explain_open_error(path: Path, e: sqlite3.Error) -> InputError:
    """The honest reason SQLite could not open a file whose header is fine."""
    folder = path.resolve().parent
    msg = str(e)
    if not os.access(folder, os.W_OK) or "readonly" in msg or "unable to open" in msg:
        if not os.access(folder, os.W_OK):
            return InputError(
                f"{path}: the folder {folder} is read-only, and a game file keeps its journal beside it; "
                f"copy the game to a folder you can write to"
            )
        if not os.access(path, os.W_OK):
            return InputError(i18n._("{path}: the game file is read-only; make it writable (chmod u+w) or copy it").format(path=path))
    if "no such table" in msg:
        return InputError(i18n._("{path}: damaged game file: {what} is missing").format(path=path, what=msg.replace("no such table: ", "the table ")))
    return InputError(i18n._("{path} is not a referee game file, or is damaged ({error})").format(path=path, error=msg))


def write_error(path: Path, e: sqlite3.Error) -> InputError | None:
    """A write the file system refused, named with the game's path (SQLite's own words name no file), or None."""
    msg = str(e).lower()
    if "disk is full" in msg or "disk i/o" in msg:
        return InputError(i18n._("{path}: the disk is full; nothing was recorded (free some space, then type the move again)").format(path=path))
    if "readonly" in msg or "read-only" in msg:
        return InputError(i18n._("{path}: the game file or its folder is read-only; nothing was recorded (reading commands still work)").format(path=path))
    return None


def loads(path: Path, text, what: str):
    """json.loads for a value stored in the game file, naming what is damaged."""
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        raise damaged(path, f"{what} is not valid JSON") from None


def damaged(path: Path, what: str) -> InputError:
    return InputError(i18n._("{path}: damaged game file: {what}").format(path=path, what=what))


def peek(path: Path, keys: tuple[str, ...]) -> tuple[dict[str, str], bool] | None:
    """A look at a game file without the ledger (which command speaks which language, which edition it plays):
    the `meta` entries named by `keys`, and whether its events and snapshot tables are there. Read-only; with no
    write-ahead log beside it (no game open anywhere) the file is read as immutable, so the look leaves nothing
    behind. None for a missing, unreadable, foreign or damaged file: the command then opens it as every command does."""
    from urllib.parse import quote

    try:
        if not path.is_file():
            return None
        mode = "mode=ro" if os.path.exists(f"{path}-wal") else "immutable=1"
        con = sqlite3.connect(f"file:{quote(str(path))}?{mode}", uri=True)
        try:
            meta = dict(con.execute(f"SELECT key, value FROM meta WHERE key IN ({','.join('?' * len(keys))})", keys).fetchall())
            tables = con.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('events', 'snapshot')").fetchone()[0]
        finally:
            con.close()
    except (OSError, sqlite3.Error):
        return None
    return meta, tables == 2

