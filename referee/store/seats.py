"""Seats: who may act from a phone, and the links that carry the right.

Each player has a seat, and so have the banker and the spectators. A seat's
link carries a token of 128 random bits. The game file keeps only each token's
SHA-256 (`seats` table), so a copied game file hands over no seat; the links
themselves, which `referee seats` prints again, are kept in a file of their
own, mode 600, in the cache folder or beside the game (as the page's token
always was). The spectators' token is the page's `--lan` token of before, so
an old link still opens the table, read-only.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
from pathlib import Path
from typing import Any

from referee.cachedir import cache_dir

BANKER, SPECTATOR, PLAYER = "banker", "spectator", "player"
SPECTATORS = "*spectators"  # the spectators' seat (no player can have this name: names are checked at `new`)
BANKER_SEAT = "*banker"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_places(game: Path, kind: str = "serve-token") -> list[Path]:
    """Where this game's links are kept: the cache (out of the players' folder), else beside the game file.
    `serve-token`: the spectators' token alone (the page's link since before seats); `seats`: the others, as JSON."""
    beside = game.with_name(f".{game.name}.{kind}")
    root = cache_dir()
    if root is None:
        return [beside]
    return [root / "serve" / (hashlib.sha256(str(game.resolve()).encode()).hexdigest()[:24] + "." + kind.replace("serve-", "")), beside]


def _read(places: list[Path]) -> str | None:
    for f in places:
        try:
            return f.read_text().strip()
        except OSError:
            continue
    return None


def _write(places: list[Path], text: str) -> None:
    for f in places:
        try:
            f.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(f, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as fh:
                fh.write(text)
            return
        except OSError:
            continue


def _read_links(game: Path) -> dict[str, str]:
    """{seat: token}: the spectators' from its own file, the others' from the seats file."""
    out: dict[str, str] = {}
    text = _read(token_places(game, "seats"))
    if text:
        try:
            kept = json.loads(text)
            if isinstance(kept, dict):
                out = {str(k): str(v) for k, v in kept.items() if isinstance(v, str) and len(v) >= 16}
        except ValueError:
            pass
    spect = _read(token_places(game))
    if spect and len(spect) >= 16:
        out[SPECTATORS] = spect
    return out


def _write_links(game: Path, links: dict[str, str]) -> None:
    if SPECTATORS in links:
        _write(token_places(game), links[SPECTATORS])
    _write(token_places(game, "seats"), json.dumps({k: v for k, v in links.items() if k != SPECTATORS}))


def _table(con: sqlite3.Connection) -> None:
    con.execute("CREATE TABLE IF NOT EXISTS seats (name TEXT PRIMARY KEY, role TEXT NOT NULL, hash TEXT NOT NULL UNIQUE)")


def role_of(name: str) -> str:
    return BANKER if name == BANKER_SEAT else SPECTATOR if name == SPECTATORS else PLAYER


def links(game: Path, con: sqlite3.Connection, players: list[str], reset: str | None = None) -> dict[str, str]:
    """Every seat's token, {seat: token}: the players', the banker's and the spectators'; a missing one is made
    (and `reset`'s replaced: a lost phone). `con` is the game's writable connection: the hashes go in there."""
    have = _read_links(game)
    wanted = [*players, BANKER_SEAT, SPECTATORS]
    for name in wanted:
        if name not in have or name == reset:
            have[name] = secrets.token_urlsafe(16)  # 128 bits
    have = {k: v for k, v in have.items() if k in wanted}
    con.execute("BEGIN IMMEDIATE")
    try:
        _table(con)
        con.execute("DELETE FROM seats")
        con.executemany("INSERT INTO seats VALUES (?, ?, ?)", [(k, role_of(k), digest(v)) for k, v in have.items()])
        con.execute("COMMIT")
    except BaseException:
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise
    _write_links(game, have)
    return have


def ensure(g: Any, reset: str | None = None) -> dict[str, str]:
    """Every seat of game `g` (a store.ledger.Game), made where missing; `reset` replaced."""
    from referee.errors import InputError
    from referee.words.i18n import _

    players = [p.name for p in g.state().players]
    names = {**{p: p for p in players}, "banker": BANKER_SEAT, "spectators": SPECTATORS}
    if reset is not None and reset not in names and reset not in names.values():
        raise InputError(_("no seat is called '{name}': the players, banker or spectators").format(name=reset))
    return links(g.path, g.con, players, names.get(reset or "", reset))


def spectators_token(game: Path) -> str:
    """The spectators' token, made if none was kept (the page's `--lan` link, read-only)."""
    have = _read_links(game)
    if SPECTATORS not in have:
        have[SPECTATORS] = secrets.token_urlsafe(16)
        _write_links(game, have)
    return have[SPECTATORS]


def read_hashes(game: Path) -> dict[str, tuple[str, str]]:
    """The seats' hashes, read from the game file without the ledger (the page's server, read-only)."""
    from urllib.parse import quote

    try:
        con = sqlite3.connect(f"file:{quote(str(game))}?mode=ro", uri=True)
    except sqlite3.Error:
        return {}
    try:
        return hashes(con)
    except sqlite3.Error:
        return {}
    finally:
        con.close()


def hashes(con: sqlite3.Connection) -> dict[str, tuple[str, str]]:
    """{sha256 of a token: (seat, role)} as the game file holds them (empty before `referee seats`)."""
    try:
        return {h: (n, r) for n, r, h in con.execute("SELECT name, role, hash FROM seats")}
    except sqlite3.OperationalError:  # no seats yet
        return {}
